import { describe, expect, it } from 'vitest';
import { ResponseCache } from '../../src/lib/response-cache';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('ResponseCache', () => {
  it('stores the serialised bytes and serves hits without building', async () => {
    const cache = new ResponseCache();
    let builds = 0;
    const build = async () => ({ n: ++builds });
    expect((await cache.get('k', build)).bytes.toString()).toBe('{"n":1}');
    expect((await cache.get('k', build)).bytes.toString()).toBe('{"n":1}');
    expect(builds).toBe(1);
  });

  it('shares one build between concurrent misses', async () => {
    const cache = new ResponseCache();
    const gate = deferred<void>();
    let builds = 0;
    const build = async () => {
      builds += 1;
      await gate.promise;
      return 'page';
    };
    const waiting = Promise.all([cache.get('k', build), cache.get('k', build), cache.get('k', build)]);
    gate.resolve();
    const results = await waiting;
    expect(builds).toBe(1);
    expect(new Set(results.map((entry) => entry.bytes.toString()))).toEqual(new Set(['"page"']));
  });

  it('does not store a build that an invalidation overtook', async () => {
    const cache = new ResponseCache();
    const gate = deferred<void>();
    const stale = cache.get('k', async () => {
      await gate.promise;
      return 'stale';
    });
    cache.invalidate('k');
    gate.resolve();
    expect((await stale).bytes.toString()).toBe('"stale"');
    expect(cache.peek('k')).toBeUndefined();
    expect((await cache.get('k', async () => 'fresh')).bytes.toString()).toBe('"fresh"');
  });

  it('does not cache a failed build', async () => {
    const cache = new ResponseCache();
    await expect(cache.get('k', async () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect((await cache.get('k', async () => 'ok')).bytes.toString()).toBe('"ok"');
  });
});
