/**
 * The access-log line of a request at LOG_LEVEL=http, in strapi::logger's format
 * (`GET /path?key=value (3 ms) 200`), for every place that writes one (the request-log middleware and
 * the fast lane).
 *
 * Outside the website's contract a query string may name a person: an admin's search of the leads
 * (`_q=`, `filters[...][email]`, `[mobile]`) would leave their address or number in every log store the
 * line reaches, beyond the reach of an erasure. There the line keeps the path and each query key, and
 * every value becomes `[redacted]`. The contract's query strings carry no personal data by contract (the
 * contact form sends its body) and are logged as sent.
 */
import { isWebsitePath } from './contract-paths';

export const REDACTED = '[redacted]';

function redactedPair(pair: string): string {
  const equals = pair.indexOf('=');
  // A key alone, or an empty value, holds nothing to hide.
  return equals === -1 || equals === pair.length - 1 ? pair : `${pair.slice(0, equals + 1)}${REDACTED}`;
}

/** The URL as a log line may hold it. */
export function loggedUrl(url: string): string {
  const mark = url.indexOf('?');
  if (mark === -1 || isWebsitePath(url.slice(0, mark))) return url;
  return `${url.slice(0, mark)}?${url.slice(mark + 1).split('&').map(redactedPair).join('&')}`;
}

export function requestLine(method: string | undefined, url: string | undefined, ms: number, status: number): string {
  return `${method} ${loggedUrl(url ?? '')} (${ms} ms) ${status}`;
}
