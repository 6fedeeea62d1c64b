/**
 * Answers kept per build (src/lib/kept-per-build.ts): found again from the build they were rendered
 * from, never from another, and never what keeps a build no longer used alive (decision 183).
 */
import { setFlagsFromString } from 'v8';
import { runInNewContext } from 'vm';
import { describe, expect, it } from 'vitest';
import { KeptPerBuild } from '../../src/lib/kept-per-build';

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

describe('answers kept per build', () => {
  it('finds an answer only from its own build, the ones asked for last', () => {
    const kept = new KeptPerBuild<object, string>(2);
    const first = {};
    const second = {};
    expect(kept.keep(first, 'a', 'first a')).toBe('first a');
    kept.keep(first, 'b', 'first b');
    expect(kept.get(first, 'a')).toBe('first a');
    expect(kept.get(second, 'a')).toBeUndefined();
    kept.keep(second, 'a', 'second a');
    expect(kept.get(first, 'a')).toBe('first a');
    kept.keep(first, 'c', 'first c');
    expect([kept.get(first, 'a'), kept.get(first, 'b'), kept.get(first, 'c')]).toEqual(['first a', undefined, 'first c']);
  });

  it('keeps no build alive: one no longer used is collected with its answers', async () => {
    const kept = new KeptPerBuild<object, { body: string }>(8);
    let build: object | undefined = { rows: new Array(1000).fill('row') };
    const former = new WeakRef(build);
    kept.keep(build, 'query', { body: 'answer' });
    build = undefined;
    // A collection runs after the current turn's references are gone.
    await new Promise((resolve) => setImmediate(resolve));
    collectGarbage();
    expect(former.deref(), 'the former build').toBeUndefined();
  });
});
