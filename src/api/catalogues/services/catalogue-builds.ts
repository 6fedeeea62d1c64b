/**
 * A catalogue's builds per locale, from the app's cache (decision 217): one read of its items (those
 * listed, those gone lately, the slugs of both settled), the index every locale shares built from it in
 * slices, and each locale's index on that. A change of the items invalidates the catalogue's tag on every
 * instance, and each builds again at once, off the request path (decision 155): until the new index is
 * built, the previous one (`latest`) answers, sent with the short edge lifetime of an interim answer
 * (decision 167) whose surrogate keys are purged once every locale's new index answers (decision 174).
 */
import type { cache as appCache } from '../../../lib/cache';
import type { Named, SlugBook } from '../../../lib/catalogue/slugs';
import { errorMessage } from '../../../lib/errors';
import { ownEdgeHeaders } from '../../../lib/http-caching';
import { LOCALES, type Locale } from '../../../lib/locale';
import { Representation } from '../../../lib/representation';
import { inSlices, slicer } from '../../../plugins/extsource/server/src/public';
import type { CatalogueDescription, CatalogueRead, CatalogueTypes } from './catalogue-description';
import type { SlugKind } from './slugs';

/** What the builds need of the app: its cache, the slug store, the CDN and the log (a test gives its own). */
export interface CatalogueDeps {
  cache: typeof appCache;
  settle(kind: SlugKind, owners: readonly Named[], reserved: (slug: string) => boolean): Promise<SlugBook>;
  purge(keys: readonly string[]): void;
  warn(message: string): void;
}

/** A locale's index and the read it was built from (the slugs and the items gone of that same read). */
export interface Built<T extends CatalogueTypes> {
  index: T['index'];
  read: CatalogueRead<T>;
}

export function catalogueBuilds<T extends CatalogueTypes>(description: CatalogueDescription<T>, deps: CatalogueDeps) {
  const { cache: keys, source } = description;
  const { cache } = deps;

  /** The items and those gone lately, read a page at a time, and the slugs of both settled. */
  async function readSource(): Promise<CatalogueRead<T>> {
    const pause = slicer();
    const items = await source.items(pause);
    const goneItems = await source.gone(pause);
    const gone = new Map(goneItems.map((item) => [source.named(item).owner, item]));
    const owners = [...items, ...gone.values()].map(source.named);
    const ownKeys = new Set(owners.map(({ owner }) => owner));
    // A slug is never another item's key, which a path may name too, nor a route's own word.
    const slugs = await deps.settle(source.slugKind, owners, (slug) => ownKeys.has(slug) || source.routeWords.has(slug));
    return { items, gone, slugs };
  }

  const read = async (): Promise<CatalogueRead<T>> => (await cache.get(keys.read, readSource, keys.options)).value;

  /** The last build per locale: what answers while the next is built. */
  const latest = new Map<Locale, Built<T>>();

  /** The index every locale shares, built in slices, and the read it was built from. */
  const sharedIndex = async () =>
    (await cache.get(keys.shared, async () => {
      const held = await read();
      return { shared: await inSlices(description.sharedBuild(held), slicer()), read: held };
    }, keys.options)).value;

  /** The build of the latest read in `locale`, waited for while it is built. */
  async function build(locale: Locale): Promise<Built<T>> {
    const entry = await cache.get(keys.index(locale), async (): Promise<Built<T>> => {
      const { shared, read: held } = await sharedIndex();
      return { index: description.localeIndex(shared, locale), read: held };
    }, keys.options);
    latest.set(locale, entry.value);
    return entry.value;
  }

  let rebuilding: Promise<void> = Promise.resolve();

  /** Builds every locale's index again (one build for all who ask meanwhile). */
  function rebuild(): void {
    rebuilding = Promise.all(LOCALES.map(build)).then(
      () => purgeInterimAnswers(),
      (error: unknown) => {
        deps.warn(`${description.name} could not be built: ${errorMessage(error)}`);
      }
    );
  }

  /** The surrogate keys of the answers sent from a previous index while the next was built. */
  const interimKeys = new Set<string>();

  /**
   * Once every locale's new index answers, a CDN drops what it was sent from the previous one meanwhile
   * (decision 174); a build replaced by a later one before it was kept leaves them to that one.
   */
  function purgeInterimAnswers(): void {
    if (interimKeys.size === 0 || !LOCALES.every((locale) => cache.peek(keys.index(locale)))) return;
    deps.purge([...interimKeys]);
    interimKeys.clear();
  }

  /** The current build from memory, else the previous one while the next is built. */
  const peek = (locale: Locale): Built<T> | undefined => cache.peek<Built<T>>(keys.index(locale))?.value ?? latest.get(locale);

  return {
    read,
    build,
    peek,
    rebuild,

    /** What answers now: the current build, else the previous one while the next is built, else (never built) one built now. */
    async built(locale: Locale): Promise<Built<T>> {
      return peek(locale) ?? build(locale);
    },

    /** Resolves once the build started last has ended (a test, a benchmark, a warm-up). */
    async rebuilt(): Promise<void> {
      await new Promise((resolve) => setImmediate(resolve));
      await rebuilding;
    },

    /**
     * An answer as sent in `locale`: while a rebuild replaces the index it was rendered from, with the
     * short edge lifetime of an interim answer (CACHE_CONTROL_PENDING): the change's CDN purge came before
     * the new index, and a CDN must not keep the old answer for minutes (decision 167); its keys are purged
     * again once the new index answers (decision 174).
     */
    sent(locale: Locale, representation: Representation): Representation {
      if (cache.peek(keys.index(locale))) return representation;
      const { catalogue, everyItem } = description.surrogateKeys;
      const edgeKeys = representation.edge ? representation.edge['Surrogate-Key'].split(' ') : [catalogue];
      for (const key of edgeKeys) if (key !== everyItem) interimKeys.add(key);
      return new Representation(representation.body, false, ownEdgeHeaders('pending', edgeKeys));
    },
  };
}

export type CatalogueBuilds<T extends CatalogueTypes> = ReturnType<typeof catalogueBuilds<T>>;
