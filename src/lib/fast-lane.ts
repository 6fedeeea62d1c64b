/**
 * A fast lane in front of Koa for cached public GETs. A stock Strapi route costs the whole middleware
 * stack (security, CORS, session, query and body parsing, router, policies) even when the answer is
 * ready-made bytes; here a cache hit is written straight to the socket.
 *
 * It stays invisible to clients: it answers only a plain GET (no Origin header, so CORS cannot
 * differ) on a registered path whose lookup has the finished body, and it replays the headers the full stack
 * sent for that path (captured from a real full-path response over the same protocol, as HSTS is sent
 * over HTTPS only), with a fresh X-Request-Id. Anything else (a miss, another method, a cross-origin
 * request) goes through Strapi as usual.
 */
import { randomUUID } from 'crypto';
import type { IncomingMessage, OutgoingHttpHeaders, Server, ServerResponse } from 'http';
import type { TLSSocket } from 'tls';

/** The finished body for this query string (without the "?"), or undefined to take the full path. */
type Lookup = (query: string) => Buffer | undefined;

interface Lane {
  lookup: Lookup;
  /** Headers of the last full-path 200 for this path, minus the per-response ones, by protocol. */
  headers: Map<string, OutgoingHttpHeaders>;
}

const PER_RESPONSE_HEADERS = ['x-request-id', 'date', 'content-length', 'connection', 'keep-alive', 'transfer-encoding', 'set-cookie'];

const lanes = new Map<string, Lane>();

/** Serves GET `path` from `lookup(query)` whenever it answers. */
export function fastLane(path: string, lookup: Lookup): void {
  lanes.set(path, { lookup, headers: new Map() });
}

function splitUrl(url: string | undefined): [path: string, query: string] {
  if (!url) return ['', ''];
  const mark = url.indexOf('?');
  return mark === -1 ? [url, ''] : [url.slice(0, mark), url.slice(mark + 1)];
}

function isPlainGet(req: IncomingMessage): boolean {
  return req.method === 'GET' && req.headers.origin === undefined;
}

/**
 * What the full stack's headers may depend on besides the path: whether the connection is TLS and what
 * a proxy says it was. Requests with an unusual X-Forwarded-Proto take the full path.
 */
function protocolOf(req: IncomingMessage): string | undefined {
  const forwarded = req.headers['x-forwarded-proto'];
  if (forwarded !== undefined && forwarded !== 'http' && forwarded !== 'https') return undefined;
  return `${(req.socket as TLSSocket).encrypted ? 'tls' : 'plain'}:${forwarded ?? ''}`;
}

function captureHeaders(lane: Lane, protocol: string, res: ServerResponse): void {
  res.once('finish', () => {
    if (res.statusCode !== 200) return;
    const headers = { ...res.getHeaders() };
    for (const name of PER_RESPONSE_HEADERS) delete headers[name];
    lane.headers.set(protocol, headers);
  });
}

function serve(headers: OutgoingHttpHeaders, bytes: Buffer, res: ServerResponse): void {
  res.writeHead(200, { ...headers, 'x-request-id': randomUUID(), 'content-length': bytes.length });
  res.end(bytes);
}

type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;

/** Puts the fast lane in front of the server's request listener (Strapi's Koa app). */
export function installFastLane(server: Server): void {
  const [strapiListener] = server.listeners('request') as RequestListener[];
  if (!strapiListener) throw new Error('fast lane: the HTTP server has no request listener to wrap');
  server.removeListener('request', strapiListener);

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const [path, query] = splitUrl(req.url);
    const lane = isPlainGet(req) ? lanes.get(path) : undefined;
    const protocol = lane && protocolOf(req);
    if (lane && protocol) {
      const headers = lane.headers.get(protocol);
      const bytes = headers && lane.lookup(query);
      if (bytes) return serve(headers, bytes, res);
      captureHeaders(lane, protocol, res);
    }
    return strapiListener.call(server, req, res);
  });
}
