/**
 * Reading a request body with Strapi's parser, and what a client is told when its body cannot be read
 * (invalid JSON, too large, nested too deep, of a type not taken, corrupt gzip, a multipart upload cut
 * off, a client gone mid-body). Such a failure is the client's: a 4xx (the envelope under the contract
 * paths, Strapi's format elsewhere) and one short, rate-limited log line, never a 500 or a stack trace.
 */
import type { Core } from '@strapi/strapi';
import type { Context, Next } from 'koa';
import { ApiError } from './envelope';
import { isProtoKeyRefusal, PROTO_KEY_MESSAGE, toApiError } from './errors';
import { admitBody, hasContractBodyLimits, refuseDeepBody } from './body-admission';
import { bodyTooLarge, isContractPath } from './contract-paths';
import { clientFailureLog } from './http-server';

export type Middleware = (ctx: Context, next: Next) => Promise<unknown>;

interface ReadError extends Error {
  status?: number;
  statusCode?: number;
  httpCode?: number;
  code?: string;
  type?: string;
  expose?: boolean;
}

/** The 4xx a body-reading failure deserves; failures without a status (zlib, formidable) are 400. */
function statusOf(error: ReadError): number {
  const status = error.status ?? error.statusCode ?? error.httpCode;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : 400;
}

function contractFailure(error: ReadError): ApiError {
  const status = statusOf(error);
  if (status === 413) return bodyTooLarge();
  if (typeof error.status === 'number') return toApiError(error);
  return new ApiError(400, 'MALFORMED_JSON', 'The request body could not be decoded (corrupt or truncated gzip, deflate or br data)');
}

type StrapiResponder = (message: string) => void;

/** Strapi's response helpers for the statuses a body can fail with. */
const STRAPI_HELPERS: Record<number, string> = { 411: 'lengthRequired', 413: 'payloadTooLarge', 415: 'unsupportedMediaType' };

/** What a client is told in Strapi's format: our words, the parser's when written for clients, else a generic line. */
function strapiFormatMessage(error: ReadError): string {
  if (isProtoKeyRefusal(error)) return PROTO_KEY_MESSAGE;
  const ours = error instanceof ApiError;
  return (ours || error.expose) && error.message ? error.message : 'The request body could not be read';
}

/** Strapi's own error answer (its `ctx.badRequest`, `ctx.payloadTooLarge`... helpers). */
function answerInStrapiFormat(ctx: Context, error: ReadError): void {
  const helper = STRAPI_HELPERS[statusOf(error)] ?? 'badRequest';
  (ctx as unknown as Record<string, StrapiResponder>)[helper](strapiFormatMessage(error));
}

/**
 * Runs `parser` (a Strapi body middleware, which calls `next` once the body is read) and answers its
 * own failures; failures of the middlewares after it go on up untouched. On the paths with the
 * contract's body limits the body is admitted first (the edge did so already on the contract paths;
 * Strapi's account routes have no edge) and refused when nested too deep.
 */
export async function readBodyThen(strapi: Core.Strapi, ctx: Context, parser: Middleware, next: Next): Promise<unknown> {
  const limited = hasContractBodyLimits(ctx.path);
  let read = false;
  try {
    if (limited) admitBody(ctx);
    return await parser(ctx, () => {
      if (limited) refuseDeepBody(ctx.request.body);
      read = true;
      return next();
    });
  } catch (thrown) {
    if (read || !(thrown instanceof Error)) throw thrown;
    const error = thrown as ReadError;
    const kind = error.code ?? error.type ?? error.name;
    clientFailureLog(strapi)(`body:${kind}`, `http: ${ctx.method} ${ctx.path}: request body not read (${kind}: ${error.message})`);
    if (isContractPath(ctx.path)) throw contractFailure(error);
    answerInStrapiFormat(ctx, error);
    return undefined;
  }
}
