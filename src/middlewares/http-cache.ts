/**
 * The full path's half of HTTP caching (the fast lane does the same for what it serves): on a successful
 * GET under the contract paths,
 * - a public route gets the Cache-Control, Surrogate-Key and Cache-Tag its declaration names
 *   (src/lib/site-routes.ts, src/lib/http-caching.ts), and a
 *   strong ETag; a matching If-None-Match is answered 304 without a body;
 * - any JSON body of 1 KiB or more is sent gzip- or brotli-compressed when the client accepts it.
 * A controller that serves a cached body names its representation (`ctx.state.representation`), whose
 * ETag and compressed variants were made once; any other body gets a representation of its own here.
 * Errors never get here with a 200, so they carry none of it; nor does a draft read, which is
 * `private, no-store` with no ETag, nor does an answer for one signed-in reader (src/lib/private-answer.ts).
 */
import type { Context, Next } from 'koa';
import { isContractPath } from '../lib/contract-paths';
import { DRAFT_CACHE_CONTROL, readsDraft } from '../lib/drafts';
import { edgeHeadersFor } from '../lib/http-caching';
import { requestLocale } from '../lib/locale';
import { isPrivateAnswer } from '../lib/private-answer';
import { etagMatches, jsonRepresentation, Representation } from '../lib/representation';
import { siteRouteOf } from '../lib/site-routes';

function representationFor(ctx: Context): Representation | undefined {
  const named = ctx.state.representation as Representation | undefined;
  if (named) return named;
  const { body } = ctx;
  if (Buffer.isBuffer(body)) return new Representation(body, false);
  if (body !== null && typeof body === 'object' && typeof (body as { pipe?: unknown }).pipe !== 'function') {
    ctx.type = 'application/json; charset=utf-8';
    return jsonRepresentation(body, false);
  }
  return undefined;
}

export default () =>
  async function httpCache(ctx: Context, next: Next): Promise<void> {
    await next();
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || ctx.status !== 200 || !isContractPath(ctx.path)) return;
    const representation = representationFor(ctx);
    if (!representation) return;

    // A draft (decision 60) is for its reader only: no cache may keep it, no key may purge it.
    const policy = siteRouteOf(ctx.state.route)?.cache;
    const shared = !readsDraft(ctx.state) && !isPrivateAnswer(ctx.state);
    const edge = shared ? (representation.edge ?? (policy && edgeHeadersFor(policy, requestLocale(ctx.state)))) : undefined;
    if (readsDraft(ctx.state)) ctx.set('Cache-Control', DRAFT_CACHE_CONTROL);
    if (edge) {
      ctx.set({ ...edge, ETag: representation.etag });
      if (etagMatches(ctx.get('If-None-Match'), representation.etag)) {
        ctx.vary('Accept-Encoding');
        ctx.status = 304;
        ctx.body = null;
        return;
      }
    }
    ctx.vary('Accept-Encoding');
    const variant = representation.variantFor(ctx.get('Accept-Encoding'));
    if (variant.encoding) ctx.set('Content-Encoding', variant.encoding);
    ctx.body = variant.body;
  };
