/**
 * A controller's answer from a finished JSON body, sent with its representation (`ctx.state`), whose
 * ETag and compressed variants were made once: global::http-cache sends those instead of making its own.
 */
import type { Context } from 'koa';
import type { CacheEntry } from './cache';
import { representationOf, type Representation } from './representation';

/** `type`: the body's Content-Type, JSON unless said (the sitemap's XML, robots.txt). */
export function sendRepresentation(ctx: Context, representation: Representation, type = 'application/json; charset=utf-8'): void {
  ctx.type = type;
  ctx.state.representation = representation;
  ctx.body = representation.body;
}

/** A cache entry's JSON bytes; its representation is kept as long as the entry. */
export function sendCached(ctx: Context, entry: CacheEntry<unknown>): void {
  const representation = representationOf(entry);
  if (!representation) throw new Error(`The cache entry ${entry.key} was not cached as JSON (json: true) and cannot be sent`);
  sendRepresentation(ctx, representation);
}
