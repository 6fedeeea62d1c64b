/**
 * The edge of every contract path (/api/v1, /api/extsource): request ids, body admission (size and
 * type, before Strapi's body parser reads anything), the one error envelope for whatever goes wrong
 * below, including unknown paths, and the envelope around Strapi-shaped `{ data, meta }` answers (the
 * extsource plugin's content API). Other paths pass straight through.
 */
import type { Core } from '@strapi/strapi';
import type { Context, Next } from 'koa';
import { ApiError, defaultErrorFor, enveloped, isEnvelope } from '../lib/envelope';
import { isDeliberate, toApiError } from '../lib/errors';
import { bodyTooLarge, CONTRACT_BODY_LIMIT_BYTES, isContractPath, isWebsitePath, requestIdFor } from '../lib/contract-paths';
import { DEFAULT_LOCALE, LOCALE_MESSAGE, localeParam } from '../lib/locale';

const ACCEPTED_BODY_TYPES = ['application/json', 'application/*+json', 'application/x-www-form-urlencoded'];

function hasBody(ctx: Context): boolean {
  const length = ctx.get('content-length');
  return ctx.get('transfer-encoding') !== '' || (length !== '' && length !== '0');
}

/** Refuses a body we would not parse, before anything reads the stream. */
function admitBody(ctx: Context): void {
  if (!hasBody(ctx)) return;
  const declared = ctx.request.length;
  if (declared === undefined) {
    throw new ApiError(411, 'LENGTH_REQUIRED', 'A Content-Length header is required for a request body');
  }
  if (declared > CONTRACT_BODY_LIMIT_BYTES) throw bodyTooLarge();
  if (!ctx.is(ACCEPTED_BODY_TYPES)) {
    throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the body as application/json or application/x-www-form-urlencoded');
  }
}

/**
 * The language asked for on the website's paths (decision 53), read once for the whole request: every
 * answer says it (`Content-Language`), an unknown one is a 422 (in English: which language to answer in
 * is what is unknown).
 */
function readLocale(ctx: Context): void {
  if (!isWebsitePath(ctx.path)) return;
  const locale = localeParam(ctx.query.locale);
  ctx.set('Content-Language', locale ?? DEFAULT_LOCALE);
  if (!locale) throw ApiError.validation({ locale: [LOCALE_MESSAGE] });
  ctx.state.locale = locale;
}

/** A status Strapi answered itself (e.g. `ctx.unauthorized(...)`), keeping its 4xx message. */
function envelopeFor(status: number, body: unknown): ApiError {
  const fallback = defaultErrorFor(status);
  const message = (body as { error?: { message?: unknown } } | null)?.error?.message;
  return status < 500 && typeof message === 'string' && message !== '' ? new ApiError(status, fallback.code, message) : fallback;
}

/**
 * The router answers a method it does not know at all (TRACE, PROPFIND) with a bare 501: for the client
 * it is a method this path does not allow (405 with the path's `Allow`), or an unknown path (404).
 */
function unknownMethod(ctx: Context): ApiError {
  if (ctx.response.get('Allow') === '') return ApiError.notFound(`No endpoint ${ctx.method} ${ctx.path}`);
  return defaultErrorFor(405);
}

function writeError(ctx: Context, error: ApiError): void {
  ctx.status = error.status;
  for (const [name, value] of Object.entries(error.headers)) ctx.set(name, value);
  ctx.body = error.toBody();
}

/** Unexpected failures are logged with their stack; a deliberate 5xx only with its message. */
function logFailure(strapi: Core.Strapi, ctx: Context, requestId: string, thrown: unknown, error: ApiError): void {
  const where = `[request ${requestId}] ${ctx.method} ${ctx.path}`;
  if (isDeliberate(thrown)) {
    strapi.log.warn(`${where} answered ${error.status}: ${error.message}`);
    return;
  }
  const detail = thrown instanceof Error ? thrown.stack ?? thrown.message : String(thrown);
  strapi.log.error(`${where} failed: ${detail}`);
}

export default (_config: unknown, { strapi }: { strapi: Core.Strapi }) =>
  async function apiEdge(ctx: Context, next: Next): Promise<void> {
    if (!isContractPath(ctx.path)) return next();

    const requestId = requestIdFor(ctx.get('x-request-id'));
    ctx.state.requestId = requestId;
    ctx.set('X-Request-Id', requestId);

    try {
      admitBody(ctx);
      readLocale(ctx);
      await next();
    } catch (thrown) {
      const error = toApiError(thrown);
      if (error.status >= 500) logFailure(strapi, ctx, requestId, thrown, error);
      writeError(ctx, error);
      return;
    }

    if (ctx.status === 404 && ctx.body == null) {
      writeError(ctx, ApiError.notFound(`No endpoint ${ctx.method} ${ctx.path}`));
    } else if (ctx.status === 501 && ctx.body == null) {
      writeError(ctx, unknownMethod(ctx));
    } else if (ctx.status >= 400 && !isEnvelope(ctx.body)) {
      writeError(ctx, envelopeFor(ctx.status, ctx.body));
    } else {
      // Only a body that changes is set again (Koa's setter has side effects: type, length, 204 for null).
      const body = enveloped(ctx.status, ctx.body);
      if (body !== ctx.body) ctx.body = body;
    }
  };
