/**
 * The builds of a catalogue whose items come as versioned collections, each prepared before it is served
 * (decision 221), the alternative to a rebuild on a tag's invalidation (catalogue-builds.ts): every
 * locale's build of a new collection is made while the current one still answers, and stored by the
 * commit its source runs as it serves the new one, so nothing answers from a mix of two and no interim
 * answer is sent. A build, and each view derived from one (prices in another currency, say), answers
 * only while its version is the collection's in memory; one collection version's build in a locale is
 * made once, whoever asks first.
 */
import type { cache as appCache, EntryOptions } from '../../../lib/cache';
import { LOCALES, type Locale } from '../../../lib/locale';

/** What the builds of a collection, and the collection, carry: the version they are of. */
export interface Versioned {
  version: number;
}

/** Where a versioned catalogue's builds are, and how its collections and their builds are had. */
export interface VersionedSource<C extends Versioned, B extends Versioned, N extends string = string> {
  cache: {
    /** Every entry's options (the collection's tag among them: its builds go with it). */
    options: EntryOptions;
    /** The key of a locale's build, and of a view of it. */
    build(locale: Locale): string;
    view(name: N, locale: Locale): string;
  };
  /** The collection served now, read when never read. */
  collection(): Promise<C>;
  /** The same from memory alone (whose staleness check may start its refresh), or undefined. */
  peek(): C | undefined;
  /** A locale's build of `collection`, carrying its version. */
  build(collection: C, locale: Locale): Promise<B>;
  /** Hands each new collection to `prepare` before it is served; the commit it returns runs as it is. */
  prepareWith(prepare: (collection: C) => Promise<() => void>): void;
}

/** A view of a build, kept with the version it was derived from. */
interface VersionedView<V> {
  version: number;
  view: V;
}

export function versionedBuilds<C extends Versioned, B extends Versioned, N extends string = string>(source: VersionedSource<C, B, N>, cache: typeof appCache) {
  const { options } = source.cache;
  // Each locale's key made once: the fast lane peeks at a build on every request.
  const buildKeys = new Map(LOCALES.map((locale) => [locale, source.cache.build(locale)]));
  const buildKey = (locale: Locale) => buildKeys.get(locale)!;

  /** Builds under way, one per collection version and locale, whoever asked first. */
  const building = new Map<string, Promise<B>>();
  function buildOnce(collection: C, locale: Locale): Promise<B> {
    const key = `${collection.version}:${locale}`;
    let build = building.get(key);
    if (!build) {
      build = source.build(collection, locale).finally(() => building.delete(key));
      building.set(key, build);
    }
    return build;
  }

  /** Every locale's build of a new collection, made before it is served; the commit returned stores them as it is. */
  async function prepare(collection: C): Promise<() => void> {
    const built: Array<[Locale, B]> = [];
    for (const locale of LOCALES) built.push([locale, await buildOnce(collection, locale)]);
    return () => {
      for (const [locale, build] of built) cache.set(buildKey(locale), build, options);
    };
  }

  /** `value` kept under `key` while it is of `version`; derived again (and kept) from a later one. */
  async function ofVersion<V extends Versioned>(key: string, version: number, derive: () => Promise<V>): Promise<V> {
    const cached = await cache.get(key, derive, options);
    if (cached.value.version === version) return cached.value;
    return cache.set(key, await derive(), options).value;
  }

  return {
    prepare,

    /** The build of the collection served now in `locale` (made now when the one kept is of an older collection). */
    async built(locale: Locale): Promise<B> {
      const collection = await source.collection();
      return ofVersion(buildKey(locale), collection.version, () => buildOnce(collection, locale));
    },

    /** The build in `locale` from memory alone, when it is of the collection in memory. */
    peek(locale: Locale): B | undefined {
      const collection = source.peek();
      const build = cache.peek<B>(buildKey(locale))?.value;
      return collection && build?.version === collection.version ? build : undefined;
    },

    /** The view `name` of `build` in `locale`: derived once per collection version (the same object meanwhile). */
    async view<V>(build: B, locale: Locale, name: N, derive: () => V): Promise<V> {
      const kept = await ofVersion<VersionedView<V>>(source.cache.view(name, locale), build.version, async () => ({ version: build.version, view: derive() }));
      return kept.view;
    },

    /** The same from memory alone, or undefined. */
    peekView<V>(build: B, locale: Locale, name: N): V | undefined {
      const kept = cache.peek<VersionedView<V>>(source.cache.view(name, locale))?.value;
      return kept?.version === build.version ? kept.view : undefined;
    },

    /** Each new collection prepared before it is served (at bootstrap). */
    start(): void {
      source.prepareWith(prepare);
    },
  };
}

/**
 * `make` of each collection, started once whoever asks first: what every locale's build of a collection
 * shares (its slugs, its search, its similar items). A failure (the database away) is tried again by the
 * next reader.
 */
export function oncePerCollection<C extends object, V>(make: (collection: C) => Promise<V>): (collection: C) => Promise<V> {
  const made = new WeakMap<C, Promise<V>>();
  return (collection) => {
    let result = made.get(collection);
    if (!result) {
      result = make(collection);
      result.catch(() => made.delete(collection));
      made.set(collection, result);
    }
    return result;
  };
}

export type VersionedBuilds<C extends Versioned, B extends Versioned, N extends string = string> = ReturnType<typeof versionedBuilds<C, B, N>>;
