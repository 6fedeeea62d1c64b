import { ApiError } from './envelope';
import { freshRequestId } from './request-ids';

/** Paths whose responses follow our contract (decision 1); everything else stays Strapi's. */
export const CONTRACT_PREFIXES = ['/api/v1', '/api/extsource'] as const;

/**
 * Strapi's router matches paths case-insensitively (`/API/V1/health` reaches the health route), so a
 * path is a contract path under any spelling: every way in gets the same edge.
 */
export function isContractPath(path: string): boolean {
  const lower = path.toLowerCase();
  return CONTRACT_PREFIXES.some((prefix) => lower === prefix || lower.startsWith(`${prefix}/`));
}

/** The website's contract (`/api/v1`, any spelling): the paths that take `?locale=` and say their language. */
export function isWebsitePath(path: string): boolean {
  const lower = path.toLowerCase();
  return lower === '/api/v1' || lower.startsWith('/api/v1/');
}

/** Largest request body accepted under the contract paths (decision 12), measured after decoding. */
export const CONTRACT_BODY_LIMIT_BYTES = 64 * 1024;

export function bodyTooLarge(): ApiError {
  return new ApiError(413, 'PAYLOAD_TOO_LARGE', `The request body may not be larger than ${CONTRACT_BODY_LIMIT_BYTES / 1024} KiB`);
}

const INCOMING_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** The request's id: the client's X-Request-Id when it is a plausible one, else a fresh UUID. */
export function requestIdFor(incoming: string | undefined): string {
  return incoming !== undefined && INCOMING_REQUEST_ID.test(incoming) ? incoming : freshRequestId();
}
