/**
 * The fast lane answers a path only once a full-path 200 gave it its headers, and a page only once its
 * content is in memory; until then every request takes the whole Koa stack. Measured after a start at
 * 3,000 requests a second, the answers of the first second waited 120 to 220 ms (docs/performance.md).
 * So before the server listens, each lane its route says so of (`askedAtStart`) is asked once in each
 * language through the server's own request listener (light-my-request: a request without a socket),
 * as a visitor would ask it.
 */
import type { Server } from 'http';
import inject from 'light-my-request';
import type { WarmUpStep } from './warm-up';
import { DEFAULT_LOCALE, LOCALES, type Locale } from './locale';

interface LaneWarmUpOptions {
  /** The lanes' paths and the query string each is asked with (`lanesAskedAtStart()`). */
  asked: ReadonlyArray<{ path: string; query: string }>;
  log: { warn(message: string): void };
}

/**
 * A lane keeps the headers of a request without `X-Forwarded-Proto` apart from one saying `https` (a
 * proxy's), whether or not the proxy is trusted: both are asked.
 */
const PROTOCOLS: ReadonlyArray<Record<string, string>> = [{}, { 'x-forwarded-proto': 'https' }];

function urlOf(path: string, query: string, locale: Locale): string {
  const asked = locale === DEFAULT_LOCALE ? query : [query, `locale=${locale}`].filter(Boolean).join('&');
  return asked ? `${path}?${asked}` : path;
}

export function laneWarmUp(server: Server, { asked, log }: LaneWarmUpOptions): WarmUpStep {
  const dispatch = (req: unknown, res: unknown) => server.emit('request', req, res);
  return {
    name: "the fast lanes' first answers",
    // Most lanes answer from the catalogues: with one unavailable, each of its lanes would wait on its provider again.
    readsThoseBefore: true,
    async run() {
      for (const { path, query } of asked) {
        for (const locale of LOCALES) {
          for (const headers of PROTOCOLS) {
            const url = urlOf(path, query, locale);
            const { statusCode } = await inject(dispatch, { method: 'GET', url, headers });
            if (statusCode !== 200) log.warn(`warm-up: GET ${url} answered ${statusCode}: its lane waits for a visitor's 200`);
          }
        }
      }
    },
  };
}
