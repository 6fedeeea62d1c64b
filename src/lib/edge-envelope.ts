/**
 * The envelope as the api-edge writes it on the contract paths: whatever went wrong below (thrown, a
 * status Strapi answered itself, an unknown path or method) becomes the one error envelope, and the
 * Strapi-shaped `{ data, meta }` answers (the extsource plugin's content API) the success envelope.
 */
import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { ApiError, defaultErrorFor, enveloped, isEnvelope } from './envelope';
import { isDeliberate, toApiError } from './errors';

type FailureLog = Pick<Core.Strapi['log'], 'warn' | 'error'>;

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
function logFailure(log: FailureLog, ctx: Context, requestId: string, thrown: unknown, error: ApiError): void {
  const where = `[request ${requestId}] ${ctx.method} ${ctx.path}`;
  if (isDeliberate(thrown)) {
    log.warn(`${where} answered ${error.status}: ${error.message}`);
    return;
  }
  const detail = thrown instanceof Error ? thrown.stack ?? thrown.message : String(thrown);
  log.error(`${where} failed: ${detail}`);
}

/** Answers what was thrown below with its error envelope; a 5xx is logged under the request's id. */
export function answerThrown(log: FailureLog, ctx: Context, requestId: string, thrown: unknown): void {
  const error = toApiError(thrown);
  if (error.status >= 500) logFailure(log, ctx, requestId, thrown, error);
  writeError(ctx, error);
}

/** Puts an answer that came back from below into its envelope, unless it already is one. */
export function envelopeAnswer(ctx: Context): void {
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
}
