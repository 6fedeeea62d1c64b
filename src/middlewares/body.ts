/**
 * Request bodies, read with Strapi's own parser (Strapi's listed `strapi::body` parses nothing):
 * - under the contract paths and Strapi's account routes (/api/auth), JSON and forms only, with the
 *   64 KiB limit applied to the decoded body (a gzip body is measured after inflating it) and at most
 *   20 levels of nesting (src/lib/body-admission.ts), on DELETE as on POST, PUT and PATCH;
 * - multipart is never read here: Strapi's upload routes read it themselves once the caller is
 *   authenticated (`src/lib/uploads.ts`); anywhere else it is refused with 415 before a byte is read;
 * - a body that cannot be read is the client's failure (`src/lib/body-reading.ts`);
 * - the routes that ignore their body (`ignoreBodyOf`, src/lib/body-admission.ts) have none read.
 */
import type { Core } from '@strapi/strapi';
import type { Context, Next } from 'koa';
import { hasContractBodyLimits, isBodyIgnored } from '../lib/body-admission';
import { readBodyThen, type Middleware } from '../lib/body-reading';
import { CONTRACT_BODY_LIMIT_BYTES } from '../lib/contract-paths';
import { isMultipartUploadRequest } from '../lib/uploads';

type MiddlewareFactory = (config: Record<string, unknown>, context: { strapi: Core.Strapi }) => Middleware;

export default (config: Record<string, unknown>, { strapi }: { strapi: Core.Strapi }) => {
  const strapiBody = strapi.middleware('strapi::body') as unknown as MiddlewareFactory;
  const limit = `${CONTRACT_BODY_LIMIT_BYTES}b`;
  // DELETE too: a buyer deletes their account with their password in the body (DELETE /api/v1/me).
  const parsedMethods = ['POST', 'PUT', 'PATCH', 'DELETE'];
  const contractParser = strapiBody({ ...config, multipart: false, jsonLimit: limit, formLimit: limit, textLimit: limit, parsedMethods }, { strapi });
  const otherParser = strapiBody({ ...config, multipart: false }, { strapi });

  return async function body(ctx: Context, next: Next) {
    // Never read: Node discards what is left of it once the answer is sent.
    if (isBodyIgnored(ctx)) return next();
    if (ctx.is('multipart')) {
      if (isMultipartUploadRequest(ctx.method, ctx.path)) return next();
      return (ctx as unknown as { unsupportedMediaType(message: string): void }).unsupportedMediaType(
        'Multipart bodies are accepted only by the upload routes'
      );
    }
    return readBodyThen(strapi, ctx, hasContractBodyLimits(ctx.path) ? contractParser : otherParser, next);
  };
};
