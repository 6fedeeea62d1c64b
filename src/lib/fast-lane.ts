/**
 * A fast lane in front of Koa for cached public GETs. A stock Strapi route costs the whole middleware
 * stack (security, CORS, session, query and body parsing, router, policies) even when the answer is
 * ready-made bytes; here a cache hit is written straight to the socket.
 *
 * It stays invisible to clients: it answers only a GET on a registered path whose lookup has the
 * finished body, with the headers the full stack sent for that path (captured from a real full-path 200
 * over the same protocol, as HSTS is sent over HTTPS only), and does per request what the full stack
 * does per request: the CORS headers for the request's Origin (`corsHeaders`, the policy strapi::cors
 * applies), the client's X-Request-Id when valid (else a fresh one), the ETag and a 304 for a matching
 * If-None-Match, the compressed variant the client accepts, and the access-log line of `strapi::logger`
 * at LOG_LEVEL=http. Anything else (a miss, another method, an unusual proxy header) goes through Strapi.
 */
import type { IncomingMessage, OutgoingHttpHeaders, Server, ServerResponse } from 'http';
import type { TLSSocket } from 'tls';
import { requestIdFor } from './contract-paths';
import { corsHeaders } from './cors-policy';
import { etagMatches, type Representation } from './representation';

/** The finished body for this query string (without the "?") and path, or undefined to take the full path. */
type Lookup = (query: string, path: string) => Representation | undefined;

interface Lane {
  lookup: Lookup;
  /** Headers of the last full-path 200 for this path, minus the per-request ones, by protocol. */
  headers: Map<string, OutgoingHttpHeaders>;
}

/** Headers that differ per request or per body: the fast lane makes its own. */
const PER_REQUEST_HEADERS = [
  'x-request-id', 'date', 'content-length', 'connection', 'keep-alive', 'transfer-encoding', 'set-cookie', 'etag', 'content-encoding',
  'access-control-allow-origin', 'access-control-allow-credentials', 'access-control-expose-headers',
];

/** Headers a 304 leaves out (RFC 9110 15.4.5: it describes the stored body, it does not carry one). */
const BODY_HEADERS = ['content-type'];

const lanes = new Map<string, Lane>();
/** Lanes for one path segment under a prefix (`/projects/{id}`), after the exact ones. */
const lanesUnder = new Map<string, Lane>();

interface FastLaneOptions {
  /** Writes the access-log line of a request it answered (set when LOG_LEVEL is http or more verbose). */
  accessLog?: (line: string) => void;
}

let options: FastLaneOptions = {};
let served = 0;

/** How many requests the fast lane answered in this process (tests prove it engages with this). */
export function fastLaneServed(): number {
  return served;
}

/** Serves GET `path` from `lookup(query, path)` whenever it answers. */
export function fastLane(path: string, lookup: Lookup): void {
  lanes.set(path, { lookup, headers: new Map() });
}

/**
 * Serves GET `prefix` + one path segment from `lookup(query, path)` whenever it answers; an exact lane
 * for the same path comes first. The full path's headers for one such path stand for them all, so the
 * route's headers must not depend on the segment.
 */
export function fastLaneUnder(prefix: string, lookup: Lookup): void {
  lanesUnder.set(prefix, { lookup, headers: new Map() });
}

function laneFor(path: string): Lane | undefined {
  const exact = lanes.get(path);
  if (exact || lanesUnder.size === 0) return exact;
  for (const [prefix, lane] of lanesUnder) {
    if (path.length > prefix.length && path.startsWith(prefix) && path.indexOf('/', prefix.length) === -1) return lane;
  }
  return undefined;
}

function splitUrl(url: string | undefined): [path: string, query: string] {
  if (!url) return ['', ''];
  const mark = url.indexOf('?');
  return mark === -1 ? [url, ''] : [url.slice(0, mark), url.slice(mark + 1)];
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
    for (const name of PER_REQUEST_HEADERS) delete headers[name];
    lane.headers.set(protocol, headers);
  });
}

function serve(path: string, captured: OutgoingHttpHeaders, representation: Representation, req: IncomingMessage, res: ServerResponse): void {
  const started = Date.now();
  const headers: OutgoingHttpHeaders = {
    ...captured,
    ...corsHeaders(path, req.headers.origin),
    'x-request-id': requestIdFor(singleHeader(req.headers['x-request-id'])),
    etag: representation.etag,
  };
  if (etagMatches(singleHeader(req.headers['if-none-match']), representation.etag)) {
    for (const name of BODY_HEADERS) delete headers[name];
    res.writeHead(304, headers);
    res.end();
  } else {
    const variant = representation.variantFor(singleHeader(req.headers['accept-encoding']));
    if (variant.encoding) headers['content-encoding'] = variant.encoding;
    headers['content-length'] = variant.body.length;
    res.writeHead(200, headers);
    res.end(variant.body);
  }
  served += 1;
  options.accessLog?.(`${req.method} ${req.url} (${Math.ceil(Date.now() - started)} ms) ${res.statusCode}`);
}

function singleHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(',') : value;
}

type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;

/** Puts the fast lane in front of the server's request listener (Strapi's Koa app). */
export function installFastLane(server: Server, laneOptions: FastLaneOptions = {}): void {
  const [strapiListener] = server.listeners('request') as RequestListener[];
  if (!strapiListener) throw new Error('fast lane: the HTTP server has no request listener to wrap');
  server.removeListener('request', strapiListener);
  options = laneOptions;

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const [path, query] = splitUrl(req.url);
    const lane = req.method === 'GET' ? laneFor(path) : undefined;
    const protocol = lane && protocolOf(req);
    if (lane && protocol) {
      const headers = lane.headers.get(protocol);
      const representation = headers && lane.lookup(query, path);
      if (representation) return serve(path, headers, representation, req, res);
      captureHeaders(lane, protocol, res);
    }
    return strapiListener.call(server, req, res);
  });
}
