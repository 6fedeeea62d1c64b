/**
 * The process's response cache, and which content types each cached response depends on.
 * Invalidation is event-driven: a document-service middleware (registered in src/index.ts) clears the
 * keys of every content type that is written, whatever wrote it (admin, API, seed, tests).
 */
import type { Core, UID } from '@strapi/strapi';
import { ResponseCache } from './response-cache';

export const responseCache = new ResponseCache();

const keysByContentType = new Map<string, Set<string>>();
const keysUsingMedia = new Set<string>();

const READ_ACTIONS = new Set(['findOne', 'findFirst', 'findMany', 'count']);

/** Declares that the cached response `key` is built from these content types (and, if said, from media files). */
export function cacheDependsOn(key: string, contentTypes: readonly UID.ContentType[], options: { media?: boolean } = {}): void {
  for (const uid of contentTypes) {
    const keys = keysByContentType.get(uid) ?? new Set<string>();
    keys.add(key);
    keysByContentType.set(uid, keys);
  }
  if (options.media) keysUsingMedia.add(key);
}

function invalidateFor(uid: string): void {
  const keys = keysByContentType.get(uid);
  if (keys) responseCache.invalidate(...keys);
}

/**
 * Hooks invalidation into Strapi: every non-read document action on a content type clears the keys
 * that depend on it (after the write, so a rebuild sees it); a changed or deleted media file clears
 * the keys that embed media URLs (the upload plugin writes files through the query engine).
 */
export function registerCacheInvalidation(strapi: Core.Strapi): void {
  strapi.documents.use(async (context, next) => {
    const result = await next();
    if (!READ_ACTIONS.has(context.action)) invalidateFor(context.uid);
    return result;
  });

  const clearMediaKeys = () => responseCache.invalidate(...keysUsingMedia);
  strapi.db.lifecycles.subscribe({
    models: ['plugin::upload.file'],
    afterUpdate: clearMediaKeys,
    afterUpdateMany: clearMediaKeys,
    afterDelete: clearMediaKeys,
    afterDeleteMany: clearMediaKeys,
  });
}
