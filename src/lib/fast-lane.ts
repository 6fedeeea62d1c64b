/**
 * A fast lane in front of Koa for cached public GETs. A stock Strapi route costs the whole middleware
 * stack (security, CORS, session, query and body parsing, router, policies) even when the answer is
 * ready-made bytes; here a cache hit is written straight to the socket.
 *
 * It stays invisible to clients: it answers only a GET on a registered path whose lookup has the
 * finished body, with the headers the full stack sent for that path (captured from a real full-path 200
 * over the same protocol and in the same locale, as HSTS is sent over HTTPS only), and does per request what the full stack
 * does per request: the CORS headers for the request's Origin (`corsHeaders`, the policy strapi::cors
 * applies), the client's X-Request-Id when valid (else a fresh one), the ETag and a 304 for a matching
 * If-None-Match, the compressed variant the client accepts, and the access-log line of `strapi::logger`
 * at LOG_LEVEL=http. It reads the query string with Strapi's own parser and options (query-string.ts),
 * so an encoded key (`%6Cocale=ar`), a bracket form (`locale[]=ar`) or a repeat means to it what it
 * means to Strapi. Anything else (a miss, another method, an unusual proxy header, a `locale` it does
 * not serve, a `status`: drafts are never its) goes through Strapi. The body of a request it answered,
 * if any, is dropped unread, as node:http drops one no one reads (discarded-body.ts).
 *
 * A request with an Authorization header may be owed an answer of the reader's own: the lane answers it
 * only on a route whose declaration names a route middleware that registered the lane's half of it
 * (`laneForReaders`: a signed-in buyer's favourites, say), which makes the reader's answer from the one
 * for everyone, from memory, or hands the request to Strapi. The reader's answer goes with the headers
 * of the last full-path answer of that kind (`private`, no ETag: src/lib/private-answer.ts).
 */
import type { IncomingMessage, Server, ServerResponse } from 'http';
import LRUCache from 'lru-cache';
import type { TLSSocket } from 'tls';
import { requestIdFor } from './contract-paths';
import { corsHeaders } from './cors-policy';
import { discardBody } from './discarded-body';
import { localeParam, LOCALES, type Locale } from './locale';
import type { FastLaneMetrics } from './metrics';
import { PRIVATE_CACHE_CONTROL } from './private-answer';
import { parseQueryString, type ParsedQuery } from './query-string';
import { AnswerLines, LaneHeaders, NO_LINES, readerAnswerLines, withRequestId, type HeaderLines } from './lane-lines';
import { etagMatches, type Representation } from './representation';
import { requestLine } from './request-log';
import { inFrontOfRequestListener } from './strapi/request-listener';

/** What a lookup is asked: the request as Strapi's router and `ctx.query` would see it. */
export interface LaneRequest {
  path: string;
  /** Parsed as `ctx.query` is. */
  query: ParsedQuery;
  /** As sent, without the "?" (`ctx.querystring`). */
  queryString: string;
  locale: Locale;
}

/** The finished body for this request, or undefined to take the full path. */
type Lookup = (request: LaneRequest) => Representation | undefined;

/**
 * For a request with credentials (its Authorization header), the reader's own answer made from the one
 * for everyone; 'everyone' when the credentials name no reader it answers for (the answer for everyone is
 * theirs); undefined when it does not hold what it needs (the full path answers).
 */
export type ReaderAnswer = (authorization: string, everyone: Representation) => Representation | 'everyone' | undefined;

interface Lane {
  lookup: Lookup;
  /** The lane's path pattern, its metrics label. */
  route: string;
  /**
   * The headers of the last full-path 200 on this lane, by protocol and locale (an answer's language,
   * surrogate keys and cache tags follow its locale), made once into lines ready to send with each body.
   */
  prepared: Map<string, LaneHeaders>;
  /** The CORS header lines by request Origin (a lane's paths share a prefix, so one policy answers them). */
  cors: Map<string, HeaderLines>;
  /** The route's answers for readers with credentials, if it has any. */
  readers?: ReaderAnswer;
  /** The headers of the last full-path reader's own 200 on this lane, by protocol and locale (no ETag, no edge headers). */
  readerHeaders: Map<string, HeaderLines>;
  /** What a start asks before listening (lane-warm-up.ts): its path with this query string (maybe ''), or nothing. */
  askedAtStart: string | false;
}

/** Headers that differ per request or per body: the fast lane makes its own. */
const PER_REQUEST_HEADERS = new Set([
  'x-request-id', 'date', 'content-length', 'connection', 'keep-alive', 'transfer-encoding', 'set-cookie', 'etag', 'content-encoding',
  'access-control-allow-origin', 'access-control-allow-credentials', 'access-control-expose-headers',
]);

/** Origins whose CORS lines a lane keeps; beyond them (a client making origins up) they are made per request. */
const KEPT_ORIGINS = 64;

const lanes = new Map<string, Lane>();
/** Lanes for one path segment under a prefix (`/projects/{id}`), after the exact ones. */
const lanesUnder = new Map<string, Lane>();

interface FastLaneOptions {
  /** Writes the access-log line of a request it answered (set when LOG_LEVEL is http or more verbose). */
  accessLog?: (line: string) => void;
  metrics?: FastLaneMetrics;
}

let options: FastLaneOptions = {};

const newLane = (lookup: Lookup, route: string, readers: ReaderAnswer | undefined, askedAtStart: string | false): Lane =>
  ({ lookup, route, prepared: new Map(), cors: new Map(), readers, readerHeaders: new Map(), askedAtStart });

/**
 * Serves GET `path` from `lookup(query, path)` whenever it answers; a start asks it once per language before
 * listening, with the query string `askedAtStart`, unless that is false.
 */
export function fastLane(path: string, lookup: Lookup, readers?: ReaderAnswer, askedAtStart: string | false = ''): void {
  lanes.set(path, newLane(lookup, path, readers, askedAtStart));
}

const lookups = new Map<string, Lookup>();

/**
 * The lookup of the route whose handler is `action` (`api::luxury.luxury.page`), for when its
 * declaration (src/lib/site-routes.ts) says the fast lane answers it.
 */
export function laneLookup(action: string, lookup: Lookup): void {
  lookups.set(action, lookup);
}

const readerAnswers = new Map<string, ReaderAnswer>();

/** The lane's half of the route middleware `middleware`, which makes an answer a reader's own on the full path. */
export function laneForReaders(middleware: string, answer: ReaderAnswer): void {
  readerAnswers.set(middleware, answer);
}

/**
 * Puts each declared route that says `fastLane` on the lane, at its path (a last `:parameter` segment
 * stands for any one segment), labelled with that path as the router labels it, answering readers with
 * credentials when one of its middlewares registered how (`laneForReaders`). A route without a lookup
 * stops the start: it would silently take the full path.
 */
export function serveOnFastLane(routes: ReadonlyArray<{ path: string; action: string; fastLane?: boolean; askedAtStart?: boolean | string; middlewares?: readonly string[] }>): void {
  for (const { path, action, fastLane: served, askedAtStart = true, middlewares = [] } of routes) {
    if (!served) continue;
    const lookup = lookups.get(action);
    if (!lookup) throw new Error(`fast lane: the route ${path} says the fast lane answers it, but ${action} registered no lookup (laneLookup)`);
    const readers = middlewares.map((name) => readerAnswers.get(name)).find(Boolean);
    const parameter = /\/:(\w+)$/.exec(path);
    if (parameter) fastLaneUnder(path.slice(0, parameter.index + 1), parameter[1], lookup, readers);
    else fastLane(path, lookup, readers, askedAtStart === true ? '' : askedAtStart);
  }
}

/**
 * Serves GET `prefix` + one path segment (the route's `parameter`) from `lookup(query, path)` whenever it answers; an exact lane
 * for the same path comes first. The full path's headers for one such path stand for them all, so the
 * route's headers must not depend on the segment, but for the caching headers an answer carries of its
 * own (`Representation.edge`: a project's surrogate key).
 */
export function fastLaneUnder(prefix: string, parameter: string, lookup: Lookup, readers?: ReaderAnswer): void {
  // Labelled as the router names the route (`/projects/:projectId`), so both paths count as one.
  // Never asked by a start: no one segment's content stands for the others'.
  lanesUnder.set(prefix, newLane(lookup, `${prefix}:${parameter}`, readers, false));
}

/** What a start asks once per language before it listens (lane-warm-up.ts): the lanes of one path each (no parameter) that say so, with their query. */
export function lanesAskedAtStart(): Array<{ path: string; query: string }> {
  return [...lanes].flatMap(([path, { askedAtStart }]) => (askedAtStart === false ? [] : [{ path, query: askedAtStart }]));
}

/** The exact lane for `path`, else the lane of its prefix up to its last `/` when a segment follows it: one map read each. */
function laneFor(path: string): Lane | undefined {
  const exact = lanes.get(path);
  if (exact || lanesUnder.size === 0) return exact;
  const segmentAt = path.lastIndexOf('/') + 1;
  return segmentAt > 0 && segmentAt < path.length ? lanesUnder.get(path.slice(0, segmentAt)) : undefined;
}

/** A protocol's key of `Lane.prepared` in each locale, made once: a request builds no key string. */
type Protocol = Readonly<Record<Locale, string>>;

const keysOf = (name: string): Protocol => Object.fromEntries(LOCALES.map((locale) => [locale, `${name}:${locale}`])) as Protocol;
const PROTOCOLS = {
  plain: { none: keysOf('plain:'), http: keysOf('plain:http'), https: keysOf('plain:https') },
  tls: { none: keysOf('tls:'), http: keysOf('tls:http'), https: keysOf('tls:https') },
};

/**
 * What the full stack's headers may depend on besides the path: whether the connection is TLS and what
 * a proxy says it was. Requests with an unusual X-Forwarded-Proto take the full path.
 */
function protocolOf(req: IncomingMessage): Protocol | undefined {
  const forwarded = req.headers['x-forwarded-proto'];
  const connection = (req.socket as TLSSocket).encrypted ? PROTOCOLS.tls : PROTOCOLS.plain;
  if (forwarded === undefined) return connection.none;
  return forwarded === 'http' || forwarded === 'https' ? connection[forwarded] : undefined;
}

/** Node's OutgoingMessage has it (since 15.13); @types/node declares it on ClientRequest only. */
type WithRawHeaderNames = ServerResponse & { getRawHeaderNames(): string[] };

/** Calls `keep` with the full path's 200 in `locale` once it is sent, its headers but the per-request ones as [name, value, lower-case name]. */
function onFullPathAnswer(res: ServerResponse, locale: Locale, keep: (headers: Array<[string, string, string]>) => void): void {
  res.once('finish', () => {
    // Headers of another language must never stand for this one (Content-Language, localized keys).
    const language = res.getHeader('content-language');
    if (res.statusCode !== 200 || (language !== undefined && language !== locale)) return;
    const headers: Array<[string, string, string]> = [];
    for (const name of (res as WithRawHeaderNames).getRawHeaderNames()) {
      const lower = name.toLowerCase();
      if (PER_REQUEST_HEADERS.has(lower)) continue;
      const value = res.getHeader(name);
      for (const single of Array.isArray(value) ? value : [String(value)]) headers.push([name, single, lower]);
    }
    keep(headers);
  });
}

function captureHeaders(lane: Lane, variant: string, locale: Locale, res: ServerResponse): void {
  onFullPathAnswer(res, locale, (headers) => lane.prepared.set(variant, new LaneHeaders(headers)));
}

/** The headers of a reader's own answer, when the full path made one (never an answer for everyone). */
function captureReaderHeaders(lane: Lane, variant: string, locale: Locale, res: ServerResponse): void {
  onFullPathAnswer(res, locale, (headers) => {
    if (res.getHeader('cache-control') !== PRIVATE_CACHE_CONTROL) return;
    lane.readerHeaders.set(variant, headers.flatMap(([name, value]) => [name, value]));
  });
}

/** The CORS header lines the full path sends on `path` for `origin` (kept per lane for the first origins seen). */
function corsLines(lane: Lane, path: string, origin: string | undefined): HeaderLines {
  if (!origin) return NO_LINES;
  let lines = lane.cors.get(origin);
  if (!lines) {
    lines = Object.entries(corsHeaders(path, origin)).flat();
    if (lane.cors.size < KEPT_ORIGINS) lane.cors.set(origin, lines);
  }
  return lines;
}

/**
 * The lines of `representation`'s answers on `path` for `origin`: made once per body, lane headers and
 * CORS lines, for the Origins whose lines the lane keeps (else made for this request alone).
 */
function answerLines(lane: Lane, path: string, prepared: LaneHeaders, representation: Representation, origin: string | undefined): AnswerLines {
  const cors = corsLines(lane, path, origin);
  return prepared.answerLines(representation, cors, cors === NO_LINES || lane.cors.get(origin!) === cors);
}

function serve(lane: Lane, path: string, prepared: LaneHeaders, representation: Representation, req: IncomingMessage, res: ServerResponse): void {
  const started = options.accessLog ? Date.now() : 0;
  const began = options.metrics?.clock() ?? 0;
  const { headers } = req;
  const lines = answerLines(lane, path, prepared, representation, headers.origin);
  const requestId = requestIdFor(singleHeader(headers['x-request-id']));
  const ifNoneMatch = headers['if-none-match'];
  if (ifNoneMatch !== undefined && etagMatches(singleHeader(ifNoneMatch), representation.etag)) {
    res.writeHead(304, withRequestId(lines.notModified, requestId));
    res.end();
  } else {
    const variant = representation.variantFor(singleHeader(headers['accept-encoding']));
    res.writeHead(200, withRequestId(lines.okFor(variant), requestId));
    res.end(variant.body);
  }
  served(lane, started, began, req, res);
}

/** A reader's own answer: no validator, no 304 (as the full path sends it), the encoding the client accepts. */
function serveReader(lane: Lane, path: string, headers: HeaderLines, representation: Representation, req: IncomingMessage, res: ServerResponse): void {
  const started = options.accessLog ? Date.now() : 0;
  const began = options.metrics?.clock() ?? 0;
  const variant = representation.variantFor(singleHeader(req.headers['accept-encoding']));
  const { origin } = req.headers;
  const cors = corsLines(lane, path, origin);
  const lines = readerAnswerLines(variant, headers, cors, cors === NO_LINES || lane.cors.get(origin!) === cors);
  res.writeHead(200, withRequestId(lines, requestIdFor(singleHeader(req.headers['x-request-id']))));
  res.end(variant.body);
  served(lane, started, began, req, res);
}

function served(lane: Lane, started: number, began: number, req: IncomingMessage, res: ServerResponse): void {
  options.metrics?.served(lane.route, res.statusCode, began);
  if (options.accessLog) options.accessLog(requestLine(req.method, req.url, Math.ceil(Date.now() - started), res.statusCode));
}

/** Answers from the lane when it can (true), for everyone or, with credentials, for the reader. */
function answer(lane: Lane, path: string, variant: string, request: LaneRequest, req: IncomingMessage, res: ServerResponse): boolean {
  const prepared = lane.prepared.get(variant);
  const { authorization } = req.headers;
  if (authorization === undefined) {
    const representation = prepared && lane.lookup(request);
    if (representation) serve(lane, path, prepared, representation, req, res);
    return representation !== undefined;
  }
  const everyone = lane.lookup(request);
  const own = everyone && lane.readers?.(authorization, everyone);
  if (own === 'everyone') {
    if (prepared) serve(lane, path, prepared, everyone!, req, res);
    return prepared !== undefined;
  }
  const headers = own && lane.readerHeaders.get(variant);
  if (headers) serveReader(lane, path, headers, own!, req, res);
  return headers !== undefined;
}

function singleHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(',') : value;
}

/** Puts the fast lane in front of the server's request listener (Strapi's Koa app). */
export function installFastLane(server: Server, laneOptions: FastLaneOptions = {}): void {
  options = laneOptions;
  inFrontOfRequestListener(server, (req, res, strapiListener) => {
    const url = req.url ?? '';
    const mark = url.indexOf('?');
    const path = mark === -1 ? url : url.slice(0, mark);
    const found = req.method === 'GET' ? laneFor(path) : undefined;
    // A request with credentials may be owed an answer of its own: only a lane that knows how answers it.
    const lane = found && (req.headers.authorization === undefined || found.readers) ? found : undefined;
    const protocol = lane && protocolOf(req);
    const request = protocol ? laneRequest(path, mark === -1 ? '' : url.slice(mark + 1)) : undefined;
    if (lane && request) {
      const variant = protocol![request.locale];
      if (answer(lane, path, variant, request, req, res)) {
        discardBody(req);
        return;
      }
      if (req.headers.authorization === undefined) captureHeaders(lane, variant, request.locale, res);
      else captureReaderHeaders(lane, variant, request.locale, res);
    }
    return strapiListener(req, res);
  });
}

type QueryView = Pick<LaneRequest, 'query' | 'locale'> | null;

/**
 * What the lane read from the query strings asked for most recently: the same filters are asked for again
 * and again, and parsing one costs more than the rest of a cached answer (measured on the filtered listing).
 * The parsed queries are frozen: every request that asks the same string shares one.
 */
const readQueries = new LRUCache<string, QueryView>({ max: 1024 });

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

/** A draft read (anything naming a status) is Strapi's to check, and a `locale` the site does not serve is its 422: null. */
function queryView(queryString: string): QueryView {
  const query = parseQueryString(queryString);
  if (query.status !== undefined) return null;
  const locale = localeParam(query.locale);
  return locale ? { query: deepFreeze(query), locale } : null;
}

/** Most requests have no query string at all: their view costs no lookup. */
const NO_QUERY = queryView('');

/** The request as the lane may answer it, or undefined for Strapi. */
function laneRequest(path: string, queryString: string): LaneRequest | undefined {
  let view = queryString === '' ? NO_QUERY : readQueries.get(queryString);
  if (view === undefined) {
    view = queryView(queryString);
    readQueries.set(queryString, view);
  }
  return view ? { path, queryString, query: view.query, locale: view.locale } : undefined;
}
