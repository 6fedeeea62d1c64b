/**
 * Which request bodies the contract paths and Strapi's account routes read: size and type, decided from
 * the headers before Strapi's body parser reads anything (a body refused then is never read), and depth,
 * checked once it is parsed, before anything walks it.
 */
import type { Context } from 'koa';
import { ApiError } from './envelope';
import { bodyTooLarge, CONTRACT_BODY_LIMIT_BYTES, isContractPath } from './contract-paths';

const ACCEPTED_BODY_TYPES = ['application/json', 'application/*+json', 'application/x-www-form-urlencoded'];

/**
 * Strapi's users-permissions routes (sign-in, registration, passwords, sessions) answer in Strapi's
 * error shape but take the contract's body limits: they are the public API's other way in.
 */
const AUTH_PREFIX = '/api/auth';

/** Whether a path's bodies get the contract's limits (any spelling, as Strapi's router matches). */
export function hasContractBodyLimits(path: string): boolean {
  const lower = path.toLowerCase();
  return isContractPath(lower) || lower === AUTH_PREFIX || lower.startsWith(`${AUTH_PREFIX}/`);
}

/**
 * Deepest nesting of objects and arrays a body may have (decision 134): far beyond any body the API
 * takes, far below what recursive validators and sanitizers survive (5,000 levels overflowed yup's stack).
 */
export const BODY_DEPTH_LIMIT = 20;

/** Whether `value` nests objects or arrays more than `limit` levels; walked without recursion, so any depth is safe to ask about. */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  const pending: Array<[unknown, number]> = [[value, 1]];
  while (pending.length > 0) {
    const [item, level] = pending.pop()!;
    if (item === null || typeof item !== 'object') continue;
    if (level > limit) return true;
    for (const child of Object.values(item)) pending.push([child, level + 1]);
  }
  return false;
}

/** Refuses (400) a parsed body nested deeper than BODY_DEPTH_LIMIT. */
export function refuseDeepBody(body: unknown): void {
  if (nestsDeeperThan(body, BODY_DEPTH_LIMIT)) {
    throw new ApiError(400, 'BAD_REQUEST', `The request body may not nest objects or arrays more than ${BODY_DEPTH_LIMIT} levels deep`);
  }
}

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
