/**
 * The one catalogue service's lifecycle (src/api/catalogues/services/catalogue-service.ts, decision 217),
 * on a fixture catalogue described by its configuration alone: a change of its items rebuilds every
 * locale's index off the request path, the previous build answering meanwhile with the interim edge
 * lifetime; the interim answers' keys are purged once every new index answers; answers are kept per
 * build; a key finds an item by its slug, a former slug (moved) or one that left (gone).
 */
import { describe, expect, it } from 'vitest';
import { CacheStore } from '../../src/lib/cache/store';
import { planSlugs, slugBook, type SlugRow } from '../../src/lib/catalogue/slugs';
import { ownEdgeHeaders } from '../../src/lib/http-caching';
import { LOCALES, type Locale } from '../../src/lib/locale';
import { Representation } from '../../src/lib/representation';
import type { CatalogueDescription } from '../../src/api/catalogues/services/catalogue-description';
import { createCatalogueService } from '../../src/api/catalogues/services/catalogue-service';

interface Thing {
  key: string;
  id: number;
  name: string;
  /** For one that left: whether it is still answered 410. */
  recent?: boolean;
}

interface Shelf {
  things: Thing[];
  slugs: string[];
  build: number;
}

interface ShelfIn extends Shelf {
  locale: Locale;
}

interface Fixture {
  item: Thing;
  gone: Thing;
  shared: Shelf;
  index: ShelfIn;
  pageQuery: { word: string };
  mapQuery: { word: string };
  filtersKey: 'all';
  goneBody: { gone: string; slug: string };
}

const TAG = 'fixture-things';
const body = (value: unknown) => new Representation(Buffer.from(JSON.stringify(value)));
const read = (representation: Representation | undefined) => representation && (JSON.parse(representation.body.toString('utf8')) as unknown);

/** A catalogue of things, its source and its slug table in memory, its reads held while `hold` is set. */
function fixture() {
  const source = { items: [] as Thing[], gone: [] as Thing[], reads: 0, builds: 0 };
  let hold: Promise<void> | undefined;
  const rows: SlugRow[] = [];
  const purged: string[][] = [];
  const warned: string[] = [];
  const cache = new CacheStore({ contentSeconds: 300, degradedSeconds: 5 });
  const options = { tags: [TAG], lifetime: 300 };
  const at = (index: ShelfIn, position: number) => index.things[position];

  const description: CatalogueDescription<Fixture> = {
    name: 'fixture: the things',
    cache: { tag: TAG, options, read: 'things:read', shared: 'things:shared', index: (locale) => `things:index:${locale}` },
    source: {
      slugKind: 'page',
      async items() {
        source.reads += 1;
        await hold;
        return [...source.items];
      },
      gone: async () => [...source.gone],
      named: (thing) => ({ owner: thing.key, name: thing.name }),
      routeWords: new Set(['map']),
    },
    *sharedBuild({ items, slugs }) {
      yield;
      source.builds += 1;
      return { things: items, slugs: items.map((thing) => slugs.slugOf.get(thing.key)!), build: source.builds };
    },
    localeIndex: (shared, locale) => ({ ...shared, locale }),
    positions: {
      current: (index, key) => {
        const position = index.slugs.indexOf(key);
        return position >= 0 ? position : description.positions.ofKey(index, key);
      },
      ofKey: (index, key) => {
        const position = index.things.findIndex((thing) => thing.key === key);
        return position >= 0 ? position : undefined;
      },
      ofId: (index, id) => {
        const position = index.things.findIndex((thing) => thing.id === id);
        return position >= 0 ? position : undefined;
      },
      idAt: (index, position) => at(index, position).id,
    },
    pages: {
      parse: (raw) => (typeof raw.word === 'string' ? { ok: true, query: { word: raw.word } } : { ok: false }),
      render: (index, { word }) => body({ word, build: index.build, locale: index.locale, names: index.things.map((thing) => thing.name) }),
    },
    maps: {
      parse: (raw) => (typeof raw.word === 'string' ? { ok: true, query: { word: raw.word } } : { ok: false }),
      render: (index, { word }) => body({ map: word, build: index.build }),
    },
    filters: { parse: (raw) => (raw.all === '1' ? 'all' : undefined), render: (index) => body({ filters: index.things.length, build: index.build }) },
    item: {
      render: (index, position) => new Representation(Buffer.from(at(index, position).name), true, ownEdgeHeaders('provider', ['things-each', `thing-${at(index, position).key}`])),
      stillGone: (thing) => thing.recent === true,
      goneBody: (_index, thing, slug) => ({ gone: thing.key, slug }),
    },
    surrogateKeys: { catalogue: 'things', everyItem: 'things-each' },
    lanes: { page: 'fixture::things.things.list', map: 'fixture::things.things.map', filters: 'fixture::things.things.filters', item: 'fixture::things.things.item' },
  };

  const service = createCatalogueService(description, {
    cache,
    async settle(kind, owners, reserved) {
      const plan = planSlugs(kind, owners, rows, reserved);
      rows.push(...plan.added);
      return slugBook(kind, rows, plan.current);
    },
    purge: (keys) => purged.push([...keys]),
    warn: (message) => warned.push(message),
  });

  return {
    source,
    service,
    purged,
    warned,
    /** A change of the items: the tag invalidated, the new read held until `release`. */
    change(): () => void {
      let release!: () => void;
      hold = new Promise((resolve) => (release = resolve));
      cache.invalidate([TAG]);
      return () => {
        hold = undefined;
        release();
      };
    },
  };
}

const lane = (path: string, query: Record<string, string> = {}, locale: Locale = 'en') => ({
  path,
  query,
  queryString: new URLSearchParams(query).toString(),
  locale,
});

describe('the one catalogue service, on a fixture catalogue', () => {
  it('answers from the previous build while the next is built, with the interim lifetime, and purges those answers once every locale is rebuilt', async () => {
    const { source, service, purged, change } = fixture();
    source.items = [{ key: 'a1', id: 1, name: 'First thing' }];
    service.start();
    await service.rebuilt();
    expect(source.reads).toBe(1);
    // One read, one shared build for every locale.
    expect(source.builds).toBe(1);

    const first = await service.page('word=x', { word: 'x' }, 'en');
    expect(read(first)).toEqual({ word: 'x', build: 1, locale: 'en', names: ['First thing'] });
    expect(first.edge).toBeUndefined();
    // Kept per build: the same answer again, on the full path and on the lane.
    expect(await service.page('word=x', { word: 'x' }, 'en')).toBe(first);
    expect(service.fastPage(lane('/things', { word: 'x' }))).toBe(first);
    expect(service.fastItem(lane('/things/first-thing'))?.body.toString()).toBe('First thing');

    source.items = [{ key: 'a1', id: 1, name: 'First thing' }, { key: 'b2', id: 2, name: 'Second thing' }];
    const release = change();
    await new Promise((resolve) => setImmediate(resolve));
    expect(source.reads).toBe(2);

    // The rebuild is under way: the previous build answers, as an interim answer.
    const interim = await service.page('word=x', { word: 'x' }, 'en');
    expect(read(interim)).toEqual({ word: 'x', build: 1, locale: 'en', names: ['First thing'] });
    expect(interim.edge).toEqual(ownEdgeHeaders('pending', ['things']));
    const item = service.fastItem(lane('/things/first-thing', {}, 'ar'));
    expect(item?.edge).toEqual(ownEdgeHeaders('pending', ['things-each', 'thing-a1']));
    expect(service.fastFilters(lane('/things/filters', { all: '1' }))?.edge).toEqual(ownEdgeHeaders('pending', ['things']));
    expect(purged).toEqual([]);

    release();
    await service.rebuilt();
    expect(source.builds).toBe(2);
    // The interim answers' keys, but the one every item's answer carries.
    expect(purged).toEqual([['things', 'thing-a1']]);
    const rebuilt = await service.page('word=x', { word: 'x' }, 'en');
    expect(read(rebuilt)).toEqual({ word: 'x', build: 2, locale: 'en', names: ['First thing', 'Second thing'] });
    expect(rebuilt.edge).toBeUndefined();
    expect(service.fastPage(lane('/things', { word: 'x' }))).toBe(rebuilt);
    for (const locale of LOCALES) expect(service.peekIndex(locale)?.build).toBe(2);
  });

  it('finds an item by its slug or key, moved by a former slug, gone while it is recent, else none', async () => {
    const { source, service, change } = fixture();
    source.items = [{ key: 'a1', id: 1, name: 'Old name' }, { key: 'c3', id: 3, name: 'Leaving soon' }, { key: 'd4', id: 4, name: 'Leaving long ago' }];
    service.start();
    await service.rebuilt();

    source.items = [{ key: 'a1', id: 1, name: 'New name' }];
    source.gone = [{ key: 'c3', id: 3, name: 'Leaving soon', recent: true }, { key: 'd4', id: 4, name: 'Leaving long ago' }];
    change()();
    await new Promise((resolve) => setImmediate(resolve));
    await service.rebuilt();

    const current = await service.item('new-name', 'en');
    expect(current && 'representation' in current && current.representation.body.toString()).toBe('New name');
    const byKey = await service.item('a1', 'en');
    expect(byKey && 'representation' in byKey && byKey.representation.body.toString()).toBe('New name');
    expect(await service.item('old-name', 'en')).toEqual({ moved: { id: 1, slug: 'new-name' } });
    expect(await service.item('leaving-soon', 'en')).toEqual({ gone: { gone: 'c3', slug: 'leaving-soon' } });
    expect(await service.item('c3', 'en')).toEqual({ gone: { gone: 'c3', slug: 'leaving-soon' } });
    expect(await service.item('leaving-long-ago', 'en')).toBeUndefined();
    expect(await service.item('nothing-here', 'en')).toBeUndefined();
    // The lane answers an item by its current slug alone; a former one takes the full path.
    expect(service.fastItem(lane('/things/old-name'))).toBeUndefined();
    expect(service.fastItem(lane('/things/new-name'))?.body.toString()).toBe('New name');
    // A lead's or a favourite's key: a slug it had, its key, its id.
    expect((await service.named('old-name', 'en'))?.position).toBe(0);
    expect((await service.named('1', 'en'))?.position).toBe(0);
    expect(await service.named('leaving-soon', 'en')).toBeUndefined();
  });

  it('logs a build that failed, and the previous build keeps answering', async () => {
    const { source, service, warned, change } = fixture();
    source.items = [{ key: 'a1', id: 1, name: 'First thing' }];
    service.start();
    await service.rebuilt();
    source.items = null as unknown as Thing[];
    change()();
    await new Promise((resolve) => setImmediate(resolve));
    await service.rebuilt();
    expect(warned).toHaveLength(1);
    expect(warned[0]).toMatch(/^fixture: the things could not be built: /);
    expect(read(await service.page('word=y', { word: 'y' }, 'ar'))).toEqual({ word: 'y', build: 1, locale: 'ar', names: ['First thing'] });
  });
});
