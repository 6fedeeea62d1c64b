/**
 * A fast lane in front of Koa for cached public GETs. A stock Strapi route costs the whole middleware
 * stack (security, CORS, session, query and body parsing, router, policies) even when the answer is
 * ready-made bytes; here a cache hit is written straight to the socket.
 *
 * It stays invisible to clients: it answers only a plain GET (no Origin header, so CORS cannot
 * differ) on a registered path whose bytes are cached, and it replays the headers the full stack
 * sent for that path (captured from a real full-path response), with a fresh X-Request-Id. Anything
 * else (a miss, another method, a cross-origin request) goes through Strapi as usual.
 */
import { randomUUID } from 'crypto';
import type { IncomingMessage, OutgoingHttpHeaders, Server, ServerResponse } from 'http';
import type { CachedResponse } from './response-cache';

type Lookup = () => CachedResponse | undefined;

interface Lane {
  lookup: Lookup;
  /** Headers of the last full-path 200 for this path, minus the per-response ones. */
  headers?: OutgoingHttpHeaders;
}

const PER_RESPONSE_HEADERS = ['x-request-id', 'date', 'content-length', 'connection', 'keep-alive', 'transfer-encoding', 'set-cookie'];

const lanes = new Map<string, Lane>();

/** Serves GET `path` from `lookup()` whenever it has bytes. */
export function fastLane(path: string, lookup: Lookup): void {
  lanes.set(path, { lookup });
}

function pathOf(url: string | undefined): string {
  if (!url) return '';
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

function isPlainGet(req: IncomingMessage): boolean {
  return req.method === 'GET' && req.headers.origin === undefined;
}

function captureHeaders(lane: Lane, res: ServerResponse): void {
  res.once('finish', () => {
    if (res.statusCode !== 200) return;
    const headers = { ...res.getHeaders() };
    for (const name of PER_RESPONSE_HEADERS) delete headers[name];
    lane.headers = headers;
  });
}

function serve(lane: Lane, cached: CachedResponse, res: ServerResponse): void {
  res.writeHead(200, { ...lane.headers, 'x-request-id': randomUUID(), 'content-length': cached.bytes.length });
  res.end(cached.bytes);
}

type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;

/** Puts the fast lane in front of the server's request listener (Strapi's Koa app). */
export function installFastLane(server: Server): void {
  const [strapiListener] = server.listeners('request') as RequestListener[];
  if (!strapiListener) throw new Error('fast lane: the HTTP server has no request listener to wrap');
  server.removeListener('request', strapiListener);

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const lane = isPlainGet(req) ? lanes.get(pathOf(req.url)) : undefined;
    if (lane) {
      const cached = lane.headers && lane.lookup();
      if (cached) return serve(lane, cached, res);
      captureHeaders(lane, res);
    }
    return strapiListener.call(server, req, res);
  });
}
