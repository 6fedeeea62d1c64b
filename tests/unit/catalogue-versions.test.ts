/**
 * The one catalogue service's versioned builds and kept answers (src/api/catalogues/services/
 * catalogue-versions.ts, catalogue-answers.ts; decision 221), on a fixture: a new collection is prepared
 * in every locale before it is served and stored by the commit; a build and a view answer only while
 * their version is the collection's in memory; one version's build in a locale is made once; a kept
 * answer is reused while the context it was rendered in is current, and found before its query is read;
 * a filters answer is kept per key and build the same way (decision 222).
 */
import { describe, expect, it } from 'vitest';
import { CacheStore } from '../../src/lib/cache/store';
import type { LaneRequest } from '../../src/lib/fast-lane';
import { LOCALES, type Locale } from '../../src/lib/locale';
import { Representation } from '../../src/lib/representation';
import { oncePerCollection, versionedBuilds } from '../../src/api/catalogues/services/catalogue-versions';
import { keptAnswers, keptFilters } from '../../src/api/catalogues/services/catalogue-answers';

interface Shelf {
  version: number;
  things: string[];
}

interface ShelfIn extends Shelf {
  locale: Locale;
}

function fixture() {
  const cache = new CacheStore({ contentSeconds: 300, degradedSeconds: 5 });
  let served: Shelf = { version: 1, things: ['a'] };
  let inMemory: Shelf | undefined = served;
  const made: string[] = [];
  let prepare: ((collection: Shelf) => Promise<() => void>) | undefined;
  const builds = versionedBuilds<Shelf, ShelfIn, 'loud'>(
    {
      cache: { options: { tags: ['shelves'], lifetime: 300 }, build: (locale) => `shelf:${locale}`, view: (name, locale) => `shelf:${name}:${locale}` },
      collection: async () => served,
      peek: () => inMemory,
      build: async (collection, locale) => {
        made.push(`${collection.version}:${locale}`);
        return { ...collection, locale };
      },
      prepareWith: (preparer) => {
        prepare = preparer;
      },
    },
    cache
  );
  /** Hands in `next` as the source would: prepared, then served with the commit run. */
  async function serve(next: Shelf): Promise<void> {
    const commit = await prepare!(next);
    served = next;
    inMemory = next;
    commit();
  }
  return { builds, made, serve, setInMemory: (shelf: Shelf | undefined) => (inMemory = shelf) };
}

describe('versioned builds', () => {
  it('prepares a new collection in every locale before it is served, and answers a build only while it is of the collection in memory', async () => {
    const { builds, made, serve, setInMemory } = fixture();
    builds.start();
    expect((await builds.built('en')).version).toBe(1);
    await Promise.all([builds.built('ar'), builds.built('ar')]);
    expect(made).toEqual(['1:en', '1:ar']);
    await serve({ version: 2, things: ['a', 'b'] });
    expect(made.slice(2)).toEqual(LOCALES.map((locale) => `2:${locale}`));
    expect(builds.peek('en')?.things).toEqual(['a', 'b']);
    expect((await builds.built('ar')).version).toBe(2);
    setInMemory({ version: 3, things: [] });
    expect(builds.peek('en')).toBeUndefined();
  });

  it('derives a view once per version, the same object meanwhile', async () => {
    const { builds, serve } = fixture();
    builds.start();
    const first = await builds.built('en');
    const loud = await builds.view(first, 'en', 'loud', () => ({ things: first.things.map((thing) => thing.toUpperCase()) }));
    expect(await builds.view(first, 'en', 'loud', () => ({ things: [] }))).toBe(loud);
    expect(builds.peekView(first, 'en', 'loud')).toBe(loud);
    await serve({ version: 2, things: ['b'] });
    const second = await builds.built('en');
    expect(builds.peekView(second, 'en', 'loud')).toBeUndefined();
    expect(await builds.view(second, 'en', 'loud', () => ({ things: ['B'] }))).toEqual({ things: ['B'] });
  });
});

describe('once per collection', () => {
  it('makes a collection\'s part once whoever asks, and again after a failure', async () => {
    let calls = 0;
    let fail = true;
    const once = oncePerCollection(async (collection: Shelf) => {
      calls += 1;
      if (fail) throw new Error('away');
      return collection.things.length;
    });
    const shelf = { version: 1, things: ['a', 'b'] };
    await expect(once(shelf)).rejects.toThrow('away');
    fail = false;
    expect(await Promise.all([once(shelf), once(shelf)])).toEqual([2, 2]);
    expect(calls).toBe(2);
  });
});

describe('kept answers in a context', () => {
  it('reuses an answer while its context is current, found by the raw query string before it is read', () => {
    let content = { words: 'one' };
    let parsed = 0;
    let rendered = 0;
    const answers = keptAnswers<object, string, readonly [{ words: string }]>(
      {
        parse: (raw) => {
          parsed += 1;
          return typeof raw.q === 'string' ? { ok: true, query: raw.q } : { ok: false };
        },
        context: async () => [content],
        peekContext: () => [content],
        current: (_index, _locale, [kept]) => kept === content,
        render: (_index, query, [words]) => {
          rendered += 1;
          return new Representation(Buffer.from(`${query} ${words.words}`));
        },
      },
      8
    );
    const index = {};
    const request = (q: string | undefined): LaneRequest => ({ query: q === undefined ? {} : { q }, queryString: q === undefined ? '' : `q=${q}`, locale: 'en' }) as unknown as LaneRequest;
    expect(answers.fast(index, request('x'))?.body.toString()).toBe('x one');
    expect(answers.fast(index, request('x'))?.body.toString()).toBe('x one');
    expect([parsed, rendered]).toEqual([1, 1]);
    content = { words: 'two' };
    expect(answers.fast(index, request('x'))?.body.toString()).toBe('x two');
    expect(rendered).toBe(2);
    expect(answers.fast(index, request(undefined))).toBeUndefined();
    expect(answers.fast({}, request('x'))?.body.toString()).toBe('x two');
    expect(rendered).toBe(3);
  });
});

describe('kept filters in a context', () => {
  it('keeps one answer per key and build while its context is current, from memory only when the context is in memory', async () => {
    let developers: { names: string } | undefined = { names: 'one' };
    let rendered = 0;
    const filters = keptFilters<object, 'sale' | 'rent', readonly [{ names: string }]>(
      {
        parse: (raw) => (raw.purpose === 'sale' || raw.purpose === 'rent' ? raw.purpose : undefined),
        context: async () => [(developers ??= { names: 'read again' })],
        peekContext: () => developers && [developers],
        render: (_index, key, [current]) => {
          rendered += 1;
          return new Representation(Buffer.from(`${key} ${current.names}`));
        },
      },
      8
    );
    const index = {};
    const request = (purpose: string): LaneRequest => ({ query: { purpose }, queryString: `purpose=${purpose}&x=1`, locale: 'en' }) as unknown as LaneRequest;
    const answer = await filters.answer(index, 'sale', 'en');
    expect(answer.body.toString()).toBe('sale one');
    expect(filters.fast(index, request('sale'))).toBe(answer);
    expect(filters.fast(index, request('rent'))?.body.toString()).toBe('rent one');
    expect(filters.fast(index, request('let'))).toBeUndefined();
    expect(rendered).toBe(2);
    // Expired: not from memory; the full path reads the context again and renders from it.
    developers = undefined;
    expect(filters.fast(index, request('sale'))).toBeUndefined();
    expect((await filters.answer(index, 'sale', 'en')).body.toString()).toBe('sale read again');
    expect(filters.fast(index, request('sale'))?.body.toString()).toBe('sale read again');
    expect(filters.fast({}, request('sale'))?.body.toString()).toBe('sale read again');
    expect(rendered).toBe(4);
  });
});
