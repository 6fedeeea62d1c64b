/**
 * The process's cache (store.ts) and its invalidation: the one path by which a change anywhere (an
 * editor's save, a bulk action, a media file, a seed, a provider refresh) leaves every instance's cache.
 *
 * `invalidate(strapi, tags)` clears this instance at once; when the write runs inside a transaction it
 * clears again after the commit (a read in between may have rebuilt from the old rows) and tells the
 * other instances at the commit, through the bus. Without PostgreSQL there is no bus: one process.
 * Once the change is committed, the CDN is told to purge the answers built from it (src/lib/cdn-purge.ts),
 * by the instance that made the change only.
 */
import type { Core } from '@strapi/strapi';
import { BUS_APPLICATION_NAME, PostgresBus, type SqlRunner } from '../cluster/bus';
import { INSTANCE_ID } from '../cluster/instance';
import { isPostgres, sessionConfig } from '../cluster/postgres';
import { CdnPurger, DEFAULT_RETRY_DELAYS_MS } from '../cdn-purge';
import { errorMessage } from '../errors';
import { declareSurrogateKey, MEDIA_SURROGATE_KEY, surrogateKeysOf } from '../http-caching';
import { LOCALES, localized, type Locale } from '../locale';
import { metrics } from '../metrics';
import { CacheStore } from './store';

export type { CacheEntry, EntryOptions, Lifetime } from './store';
export { CACHE_LIFETIMES } from './lifetimes';

export const cache = new CacheStore({ contentSeconds: 300, degradedSeconds: 5 });
cache.observeLookups((tags, hit) => metrics.cacheLookup(tags, hit));

/** Tag of entries that embed media URLs: cleared when a file is replaced or deleted. */
export const MEDIA_TAG = 'media';
declareSurrogateKey(MEDIA_SURROGATE_KEY, MEDIA_TAG);

const sharedTags = new Set<string>([MEDIA_TAG]);

/**
 * Declares tags some cached entry depends on (at module load, so every instance knows all of them
 * before it has built anything). Writes to content types no entry depends on are not broadcast.
 */
export function declareCacheTags(...tags: string[]): void {
  for (const tag of tags) sharedTags.add(tag);
}

const sharedTagPrefixes: string[] = [];

/** `declareCacheTags` for every tag beginning with `prefix` (a family with one tag per project, say). */
export function declareCacheTagFamily(prefix: string): void {
  sharedTagPrefixes.push(prefix);
}

const isShared = (tag: string) => sharedTags.has(tag) || sharedTagPrefixes.some((prefix) => tag.startsWith(prefix));

let bus: PostgresBus | undefined;
let purger: CdnPurger | undefined;

/** Purges surrogate keys at the CDN alone, this instance's cache untouched: for answers sent with keys of their own. */
export function purgeAtCdn(keys: readonly string[]): void {
  purger?.purge(keys);
}

const purgeCdn = (tags: readonly string[]) => purgeAtCdn(surrogateKeysOf(tags));

/** Clears `tags` here now, again after the enclosing transaction commits, and on every other instance. */
export async function invalidate(strapi: Core.Strapi, tags: readonly string[]): Promise<void> {
  const shared = tags.filter(isShared);
  if (!shared.length) return;
  cache.invalidate(shared);
  if (!strapi.db.inTransaction()) {
    await broadcast(strapi, shared, strapi.db.connection);
    purgeCdn(shared);
    return;
  }
  // Joins the enclosing transaction: onCommit runs after its commit, the NOTIFY is sent with it.
  await strapi.db.transaction(async ({ trx, onCommit }) => {
    onCommit(() => {
      cache.invalidate(shared);
      purgeCdn(shared);
    });
    await broadcast(strapi, shared, trx);
  });
}

async function broadcast(strapi: Core.Strapi, tags: string[], runner: SqlRunner): Promise<void> {
  if (!bus) return;
  try {
    await bus.publish(tags, runner);
    metrics.invalidation('sent');
  } catch (error) {
    // Outside a transaction the write is already committed: the other instances' lifetimes bound the damage.
    if (runner !== strapi.db.connection) throw error;
    strapi.log.error(`cache: could not tell other instances to clear ${tags.join(', ')}: ${errorMessage(error)}`);
  }
}

const READ_ACTIONS = new Set(['findOne', 'findFirst', 'findMany', 'count']);

/** The document actions that change what an entry says. */
export const WRITE_ACTIONS: ReadonlySet<string> = new Set(['create', 'update', 'delete', 'publish', 'unpublish', 'discardDraft']);

/**
 * Runs a document write and clears `tagPrefix + value` for the value of `field` the entry had before it
 * and has after it (a write that moves an entry from one key to another clears both), here, on every
 * instance and at the CDN: for answers kept per entry of a type (a developer's page, a composed page).
 */
export async function writeClearingKeys<T>(strapi: Core.Strapi, uid: string, field: string, tagPrefix: string, documentId: string | undefined, write: () => T): Promise<Awaited<T>> {
  const keyOf = async (id: string | undefined) => {
    if (!id) return undefined;
    const entry = (await strapi.db.query(uid as never).findOne({ where: { documentId: id }, select: [field] })) as Record<string, unknown> | null;
    return entry?.[field] ? String(entry[field]) : undefined;
  };
  const before = await keyOf(documentId);
  const result = await write();
  const after = await keyOf((result as { documentId?: string } | null)?.documentId ?? documentId);
  const keys = [...new Set([before, after].filter((key): key is string => Boolean(key)))];
  if (keys.length) await invalidate(strapi, keys.map((key) => tagPrefix + key));
  return result;
}

const isLocale = (value: unknown): value is Locale => (LOCALES as readonly unknown[]).includes(value);

/** The tag of what a write in `locale` changed: the content type's, in that locale (any or all locales: the default's, which every locale's answers carry). */
const writtenTag = (uid: string, locale: unknown) => (isLocale(locale) ? localized(uid, locale) : uid);

/** Content types editors translate (i18n's `localized`). */
function localizedContentTypes(strapi: Core.Strapi): string[] {
  return Object.entries(strapi.contentTypes)
    .filter(([, contentType]) => (contentType.pluginOptions as { i18n?: { localized?: boolean } } | undefined)?.i18n?.localized === true)
    .map(([uid]) => uid);
}

/**
 * Hooks invalidation into Strapi (at register): every non-read document action (save, publish,
 * delete, bulk actions, whoever calls them) clears the content type's tag in the locale written; a row
 * of a translated type updated underneath (i18n copying a shared field, such as an image, from the
 * locale edited into the others) clears its own locale's; a media file updated or deleted through the
 * query engine (the upload plugin's replace and delete) clears the media tag.
 */
export function registerCacheInvalidation(strapi: Core.Strapi): void {
  strapi.documents.use(async (context, next) => {
    const result = await next();
    if (!READ_ACTIONS.has(context.action)) await invalidate(strapi, [writtenTag(context.uid, (context.params as { locale?: unknown }).locale)]);
    return result;
  });

  strapi.db.lifecycles.subscribe({
    models: localizedContentTypes(strapi),
    afterUpdate: (event) => invalidate(strapi, [writtenTag(event.model.uid, (event.result as { locale?: unknown } | undefined)?.locale)]),
  });

  const clearMedia = () => invalidate(strapi, [MEDIA_TAG]);
  strapi.db.lifecycles.subscribe({
    models: ['plugin::upload.file'],
    afterUpdate: clearMedia,
    afterUpdateMany: clearMedia,
    afterDelete: clearMedia,
    afterDeleteMany: clearMedia,
  });
}

/** Applies the configured lifetimes and, on PostgreSQL, starts listening to the other instances (at bootstrap). */
export async function startCacheBus(strapi: Core.Strapi): Promise<void> {
  cache.configure({
    contentSeconds: Number(strapi.config.get('cache.maxAgeSeconds')),
    degradedSeconds: Number(strapi.config.get('cache.busDownMaxAgeSeconds')),
  });
  startCdnPurger(strapi);
  if (!isPostgres(strapi)) return;
  cache.setDegraded(true);
  metrics.busConnected(false);
  bus = new PostgresBus(sessionConfig(strapi, BUS_APPLICATION_NAME), INSTANCE_ID, {
    onMessage: (tags) => {
      metrics.invalidation('received');
      cache.invalidate(tags);
    },
    onDown: () => {
      metrics.busConnected(false);
      cache.setDegraded(true);
    },
    onUp: (afterOutage) => {
      if (afterOutage) cache.clear();
      cache.setDegraded(false);
      metrics.busConnected(true);
    },
    log: strapi.log,
  });
  await bus.start();
}

/** Purges go to CDN_PURGE_URLS (config/cache.ts), if any. */
function startCdnPurger(strapi: Core.Strapi): void {
  const cdn = strapi.config.get('cache.cdn') as { purgeUrls: string[]; method: string; secretHeader: string; secret: string; timeoutMs: number; retries: number };
  purger = new CdnPurger(
    {
      urls: cdn.purgeUrls.map((url) => url.trim()).filter(Boolean),
      method: cdn.method,
      secretHeader: cdn.secretHeader,
      secret: cdn.secret,
      timeoutMs: cdn.timeoutMs,
      retryDelaysMs: DEFAULT_RETRY_DELAYS_MS.slice(0, Math.max(0, cdn.retries)),
    },
    strapi.log,
    (result) => metrics.cdnPurge(result)
  );
}

export async function stopCacheBus(): Promise<void> {
  await bus?.stop();
  bus = undefined;
}
