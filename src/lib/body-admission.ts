/**
 * Which request bodies the contract paths read (size and type), decided from the headers before
 * Strapi's body parser reads anything: a body refused here is never read.
 */
import type { Context } from 'koa';
import { ApiError } from './envelope';
import { bodyTooLarge, CONTRACT_BODY_LIMIT_BYTES } from './contract-paths';

const ACCEPTED_BODY_TYPES = ['application/json', 'application/*+json', 'application/x-www-form-urlencoded'];

/** Whether the headers announce a body: chunked, or a length other than zero. */
export function announcesBody(transferEncoding: string, contentLength: string): boolean {
  return transferEncoding !== '' || (contentLength !== '' && contentLength !== '0');
}

/**
 * Routes whose handler never reads the body, registered by their domain (`METHOD /path`, exact): any
 * type is admitted within the size limit, and nothing parses it. The one-click unsubscribe of RFC 8058
 * is one: mail clients post `List-Unsubscribe=One-Click` as multipart/form-data or as a form.
 */
const bodiesIgnored = new Set<string>();

export function ignoreBodyOf(method: string, path: string): void {
  bodiesIgnored.add(`${method.toUpperCase()} ${path.toLowerCase()}`);
}

export const isBodyIgnored = (ctx: Pick<Context, 'method' | 'path'>): boolean => bodiesIgnored.has(`${ctx.method} ${ctx.path.toLowerCase()}`);

/** Refuses a body we would not parse (411, 413, 415), before anything reads the stream. */
export function admitBody(ctx: Context): void {
  if (!announcesBody(ctx.get('transfer-encoding'), ctx.get('content-length'))) return;
  const declared = ctx.request.length;
  if (declared === undefined) {
    throw new ApiError(411, 'LENGTH_REQUIRED', 'A Content-Length header is required for a request body');
  }
  if (declared > CONTRACT_BODY_LIMIT_BYTES) throw bodyTooLarge();
  if (!isBodyIgnored(ctx) && !ctx.is(ACCEPTED_BODY_TYPES)) {
    throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the body as application/json or application/x-www-form-urlencoded');
  }
}
