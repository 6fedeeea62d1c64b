import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CACHE_LIFETIMES } from '../../src/lib/cache/lifetimes';
import { CacheStore } from '../../src/lib/cache/store';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

// node-cache and the store read Date.now(): only the date is faked, so promises and node-cache's sweep timer run as usual.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: 1_000_000 });
});
afterEach(() => {
  vi.useRealTimers();
});

const advance = (ms: number) => vi.setSystemTime(Date.now() + ms);

function storeAt() {
  return { cache: new CacheStore({ contentSeconds: 300, degradedSeconds: 5 }) };
}

const page = { tags: ['api::luxury.luxury-hero', 'media'], json: true };

describe('CacheStore', () => {
  it('keeps the value and its JSON bytes, and serves hits without building', async () => {
    const { cache } = storeAt();
    let builds = 0;
    const build = async () => ({ n: ++builds });
    expect((await cache.get('k', build, page)).bytes?.toString()).toBe('{"n":1}');
    expect((await cache.get('k', build, page)).value).toEqual({ n: 1 });
    expect(cache.peek('k')?.bytes?.toString()).toBe('{"n":1}');
    expect(builds).toBe(1);
  });

  it('shares one build between concurrent misses', async () => {
    const { cache } = storeAt();
    const gate = deferred<void>();
    let builds = 0;
    const build = async () => {
      builds += 1;
      await gate.promise;
      return 'page';
    };
    const waiting = Promise.all([cache.get('k', build, page), cache.get('k', build, page), cache.get('k', build, page)]);
    gate.resolve();
    const results = await waiting;
    expect(builds).toBe(1);
    expect(new Set(results.map((entry) => entry.bytes?.toString()))).toEqual(new Set(['"page"']));
  });

  it('drops every entry carrying an invalidated tag, and only those', async () => {
    const { cache } = storeAt();
    await cache.get('luxury', async () => 'l', { tags: ['api::luxury.luxury-hero', 'media'] });
    await cache.get('contact', async () => 'c', { tags: ['api::contact.contact-page', 'media'] });
    await cache.get('projects', async () => 'p', { tags: ['projects'], lifetime: Infinity });
    cache.invalidate(['api::luxury.luxury-hero']);
    expect([cache.peek('luxury'), cache.peek('contact')?.value, cache.peek('projects')?.value]).toEqual([undefined, 'c', 'p']);
    cache.invalidate(['media']);
    expect([cache.peek('contact'), cache.peek('projects')?.value]).toEqual([undefined, 'p']);
  });

  it('does not store a build that an invalidation of one of its tags overtook', async () => {
    const { cache } = storeAt();
    const gate = deferred<void>();
    const stale = cache.get('k', async () => {
      await gate.promise;
      return 'stale';
    }, page);
    cache.invalidate(['media']);
    gate.resolve();
    expect((await stale).value).toBe('stale');
    expect(cache.peek('k')).toBeUndefined();
    expect((await cache.get('k', async () => 'fresh', page)).value).toBe('fresh');
  });

  it('starts a new build after an invalidation instead of joining the overtaken one', async () => {
    const { cache } = storeAt();
    const gate = deferred<void>();
    const first = cache.get('k', async () => {
      await gate.promise;
      return 'old';
    }, page);
    cache.invalidate(['api::luxury.luxury-hero']);
    const second = cache.get('k', async () => 'new', page);
    gate.resolve();
    expect([(await first).value, (await second).value]).toEqual(['old', 'new']);
    expect(cache.peek('k')?.value).toBe('new');
  });

  it('does not let a running build overwrite a value set meanwhile, nor a deleted key come back', async () => {
    const { cache } = storeAt();
    const gate = deferred<void>();
    const running = cache.get('k', async () => {
      await gate.promise;
      return 'built';
    }, page);
    cache.set('k', 'set', page);
    gate.resolve();
    await running;
    expect(cache.peek('k')?.value).toBe('set');

    const again = deferred<void>();
    const rebuilding = cache.get('j', async () => {
      await again.promise;
      return 'built';
    }, page);
    cache.delete('j');
    again.resolve();
    await rebuilding;
    expect(cache.peek('j')).toBeUndefined();
  });

  it('does not store a failed build, nor one that resolved to undefined', async () => {
    const { cache } = storeAt();
    await expect(cache.get('k', async () => Promise.reject(new Error('db down')), page)).rejects.toThrow('db down');
    expect((await cache.get('k', async () => undefined, page)).value).toBeUndefined();
    expect(cache.peek('k')).toBeUndefined();
    expect((await cache.get('k', async () => 'ok', page)).value).toBe('ok');
  });

  it('expires content entries once the backstop is over, and the short lifetime while degraded', async () => {
    const { cache } = storeAt();
    await cache.get('k', async () => 'v', page);
    advance(300_000);
    expect(cache.peek('k')?.value).toBe('v');
    advance(1);
    expect(cache.peek('k')).toBeUndefined();

    await cache.get('k', async () => 'v', page);
    advance(6_000);
    cache.setDegraded(true);
    expect(cache.peek('k')).toBeUndefined();
    await cache.get('k', async () => 'v', page);
    advance(5_000);
    expect(cache.peek('k')?.value).toBe('v');
    advance(1);
    expect(cache.peek('k')).toBeUndefined();
  });

  it('gives provider entries their own lifetime, whatever the bus does', async () => {
    const { cache } = storeAt();
    await cache.get('detail', async () => 'd', { tags: ['projects'], lifetime: 3600 });
    await cache.get('collection', async () => 'c', { tags: ['projects'], lifetime: Infinity });
    cache.setDegraded(true);
    advance(3_600_000);
    expect(cache.peek('detail')?.value).toBe('d');
    advance(1);
    expect(cache.peek('detail')).toBeUndefined();
    advance(10 * 86_400_000);
    expect(cache.peek('collection')?.value).toBe('c');
  });

  it('clear() drops everything, and keeps builds that were running from being stored', async () => {
    const { cache } = storeAt();
    await cache.get('a', async () => 'a', page);
    const gate = deferred<void>();
    const running = cache.get('b', async () => {
      await gate.promise;
      return 'b';
    }, { tags: ['projects'], lifetime: Infinity });
    cache.clear();
    gate.resolve();
    await running;
    expect([cache.peek('a'), cache.peek('b')]).toEqual([undefined, undefined]);
  });

  it('hands out the stored object itself (no clones)', async () => {
    const { cache } = storeAt();
    const value = { rows: [1, 2, 3] };
    const stored = await cache.get('k', async () => value, page);
    expect(cache.peek('k')).toBe(stored);
    expect(cache.peek('k')?.value).toBe(value);
  });

  it('counts a lifetime from when the build started, and does not store a build that outlived it', async () => {
    const { cache } = storeAt();
    await cache.get('slow', async () => {
      advance(200_000);
      return 'v';
    }, page);
    advance(100_000);
    expect(cache.peek('slow')?.value).toBe('v');
    advance(1);
    expect(cache.peek('slow')).toBeUndefined();

    const late = await cache.get('late', async () => {
      advance(300_001);
      return 'v';
    }, page);
    expect(late.value).toBe('v');
    expect(cache.peek('late')).toBeUndefined();
  });

  it('applies new lifetimes to the entries held', async () => {
    const { cache } = storeAt();
    await cache.get('k', async () => 'v', page);
    await cache.get('p', async () => 'p', { tags: ['projects'], lifetime: Infinity });
    advance(9_000);
    cache.configure({ contentSeconds: 10, degradedSeconds: 5 });
    expect(cache.peek('k')?.value).toBe('v');
    advance(1_001);
    expect([cache.peek('k'), cache.peek('p')?.value]).toEqual([undefined, 'p']);
  });

  it('keeps the lifetime an entry was given while degraded once the bus is back', async () => {
    const { cache } = storeAt();
    cache.setDegraded(true);
    await cache.get('k', async () => 'v', page);
    cache.setDegraded(false);
    advance(5_001);
    expect(cache.peek('k')).toBeUndefined();
    await cache.get('k', async () => 'v', page);
    advance(299_000);
    expect(cache.peek('k')?.value).toBe('v');
  });

  it('drops an entry rebuilt after it expired when one of its tags is invalidated', async () => {
    const { cache } = storeAt();
    await cache.get('k', async () => 'old', page);
    advance(300_001);
    expect(cache.peek('k')).toBeUndefined();
    await cache.get('k', async () => 'new', page);
    expect(cache.peek('k')?.value).toBe('new');
    cache.invalidate(['media']);
    expect(cache.peek('k')).toBeUndefined();
  });

  it('single flight: a miss after the shared build was stored is a hit, a miss after it expired builds again', async () => {
    const { cache } = storeAt();
    let builds = 0;
    const build = async () => ++builds;
    await Promise.all([cache.get('k', build, page), cache.get('k', build, page)]);
    await cache.get('k', build, page);
    expect(builds).toBe(1);
    advance(300_001);
    expect((await cache.get('k', build, page)).value).toBe(2);
  });
});

describe('CacheStore rebuilds', () => {
  const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

  it('calls back what asked to be rebuilt after an invalidation of its tag, on a later turn, and after a clear', async () => {
    const cache = new CacheStore({ contentSeconds: 300, degradedSeconds: 5 });
    const calls: string[] = [];
    cache.rebuildOnInvalidation('listings', () => calls.push('listings'));
    cache.invalidate(['listings', 'other']);
    expect(calls).toEqual([]);
    await nextTurn();
    expect(calls).toEqual(['listings']);
    cache.invalidate(['other']);
    await nextTurn();
    expect(calls).toEqual(['listings']);
    cache.clear();
    await nextTurn();
    expect(calls).toEqual(['listings', 'listings']);
  });
});

describe('CACHE_LIFETIMES', () => {
  it('holds the lifetimes docs/contract.md names', () => {
    expect(CACHE_LIFETIMES).toEqual({ editedPage: 'content', editedRules: 'content', providerCollection: 3600, providerLists: 3600, states: Infinity });
  });
});
