/** The fast lane in front of a real node:http server whose own listener stands in for Strapi. */
import http from 'http';
import type { AddressInfo } from 'net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { strapiCorsOptions } from '../../src/lib/cors-policy';
import { fastLane, fastLaneUnder, installFastLane, type LaneRequest } from '../../src/lib/fast-lane';
import { parseQueryString } from '../../src/lib/query-string';
import { Representation } from '../../src/lib/representation';
import { rawExchange } from '../helpers/raw-http';

let cached: Representation | undefined;
let lastRequest: LaneRequest | undefined;
let slowPathCalls = 0;
let base = '';
const accessLog: string[] = [];
/** Answers the lane reported through its metrics hook (the app's metrics count them as lane="fast"). */
let laneAnswers = 0;
const fastLaneServed = () => laneAnswers;
/**
 * Stands in for Strapi: on /lang it says the language it read from the query as Strapi reads it, or
 * the one a test header makes it claim (a full path the lane disagrees with).
 */
const server = http.createServer((req, res) => {
  slowPathCalls += 1;
  const body = Buffer.from(JSON.stringify({ from: 'slow', method: req.method }));
  if (req.url?.startsWith('/lang')) {
    const locale = req.headers['x-claim-language'] ?? parseQueryString(req.url.split('?')[1] ?? '').locale ?? 'en';
    res.setHeader('Content-Language', String(locale));
  }
  res.setHeader('X-Frame-Options', 'SAMEORIGIN');
  res.setHeader('X-Request-Id', 'slow-id');
  res.setHeader('Cache-Control', 'public, max-age=0');
  res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': body.length });
  res.end(body);
});

/** The site origins the contract paths answer (as CORS_ORIGINS lists them). */
const SITE = 'https://www.example.ae';
const SHOP = 'https://shop.example.ae';
/** A body above the compression threshold, with caching headers of its own on /api/v1/own. */
const LINES_BODY = new Representation(Buffer.from(JSON.stringify({ items: Array.from({ length: 200 }, (_, i) => `item ${i}`) })));
const OWN_BODY = new Representation(LINES_BODY.body, true, { 'Cache-Control': 'public, max-age=0, s-maxage=5', 'Surrogate-Key': 'item-1', 'Cache-Tag': 'item-1' });

beforeAll(async () => {
  strapiCorsOptions([SITE, SHOP], () => 'https://cms.example.ae');
  fastLane('/api/v1/lines', () => LINES_BODY);
  fastLane('/api/v1/own', () => OWN_BODY);
  fastLane('/fast', (request) => {
    lastRequest = request;
    return cached;
  });
  fastLane('/lang', ({ locale }) => new Representation(Buffer.from(`{"locale":"${locale}"}`)));
  fastLane('/items/exact', () => new Representation(Buffer.from('{"from":"exact"}')));
  fastLaneUnder('/items/', 'itemId', ({ path }) => (path.startsWith('/items/known') ? new Representation(Buffer.from(`{"item":"${path}"}`)) : undefined));
  installFastLane(server, { accessLog: (line) => accessLog.push(line), metrics: { clock: () => 0, served: () => (laneAnswers += 1) } });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function get(path: string, init: RequestInit = {}) {
  const res = await fetch(`${base}${path}`, init);
  return { status: res.status, headers: Object.fromEntries(res.headers), body: await res.text() };
}

const strip = (headers: Record<string, string>) => {
  const { date: _d, 'content-length': _l, 'x-request-id': _r, etag: _e, ...rest } = headers;
  return rest;
};

describe('fast lane', () => {
  it('takes the slow path while nothing is cached, then serves the cached bytes with the same headers', async () => {
    cached = undefined;
    slowPathCalls = 0;
    const first = await get('/fast');
    expect(first.body).toContain('slow');

    cached = new Representation(Buffer.from('{"from":"cache"}'));
    const served = fastLaneServed();
    const second = await get('/fast?ignored=1');
    expect(second.body).toBe('{"from":"cache"}');
    expect(lastRequest).toMatchObject({ path: '/fast', queryString: 'ignored=1', query: { ignored: '1' }, locale: 'en' });
    expect(slowPathCalls).toBe(1);
    expect(fastLaneServed()).toBe(served + 1);
    // Not a website path: its query values are redacted (src/lib/request-log.ts).
    expect(accessLog.at(-1)).toMatch(/^GET \/fast\?ignored=\[redacted\] \(\d+ ms\) 200$/);

    expect(strip(second.headers)).toEqual(strip(first.headers));
    expect(second.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.headers.etag).toBe(cached.etag);
    expect(second.headers['content-length']).toBe(String(Buffer.byteLength('{"from":"cache"}')));
  });

  it("keeps the client's X-Request-Id when it is a valid one", async () => {
    cached = new Representation(Buffer.from('{"from":"cache"}'));
    expect((await get('/fast', { headers: { 'X-Request-Id': 'client-id.42' } })).headers['x-request-id']).toBe('client-id.42');
    expect((await get('/fast', { headers: { 'X-Request-Id': 'not valid!' } })).headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers a matching If-None-Match with a 304 without a body', async () => {
    cached = new Representation(Buffer.from('{"from":"cache"}'));
    const res = await get('/fast', { headers: { 'If-None-Match': `W/${cached.etag}` } });
    expect(res.status).toBe(304);
    expect(res.body).toBe('');
    expect(res.headers.etag).toBe(cached.etag);
    expect(res.headers['content-type']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('public, max-age=0');
    expect(accessLog.at(-1)).toMatch(/ 304$/);
  });

  it('sends the compressed variant the client accepts', async () => {
    cached = new Representation(Buffer.from(JSON.stringify({ items: Array.from({ length: 200 }, (_, i) => `item ${i}`) })));
    const res = await fetch(`${base}/fast`, { headers: { 'Accept-Encoding': 'br' } });
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(Buffer.from(await res.arrayBuffer()).toString()).toBe(cached.body.toString());
  });

  it('serves one path segment under a prefix, an exact lane first, and leaves the rest to the slow path', async () => {
    for (const path of ['/items/known', '/items/exact']) await get(path); // the slow path teaches the lanes their headers
    slowPathCalls = 0;
    expect((await get('/items/known?x=1')).body).toBe('{"item":"/items/known"}');
    expect((await get('/items/exact')).body).toBe('{"from":"exact"}');
    expect(slowPathCalls).toBe(0);
    for (const path of ['/items/unknown', '/items/known/more', '/items/', '/items']) expect((await get(path)).body).toContain('slow');
    expect(slowPathCalls).toBe(4);
  });

  it('leaves other methods and other paths to the slow path', async () => {
    cached = new Representation(Buffer.from('{"from":"cache"}'));
    await get('/fast');
    slowPathCalls = 0;
    expect((await get('/fast', { method: 'POST' })).body).toContain('"method":"POST"');
    expect((await get('/other')).body).toContain('slow');
    expect((await get('/fast', { headers: { 'X-Forwarded-Proto': 'gopher' } })).body).toContain('slow');
    expect(slowPathCalls).toBe(3);
  });

  it('drops the body of a GET it answers, and the connection goes on to the next request', async () => {
    cached = new Representation(Buffer.from('{"from":"cache"}'));
    await get('/fast');
    slowPathCalls = 0;
    // A body far above the request stream's buffer: kept unread there, it would stop the socket for good.
    const body = 'x'.repeat(4 * 1024 * 1024);
    const answer = await rawExchange(
      Number(new URL(base).port),
      `GET /fast HTTP/1.1\r\nHost: lane\r\nContent-Length: ${body.length}\r\n\r\n${body}GET /fast HTTP/1.1\r\nHost: lane\r\nConnection: close\r\n\r\n`
    );
    expect(answer.match(/HTTP\/1\.1 \d+ [^\r]*/g)).toEqual(['HTTP/1.1 200 OK', 'HTTP/1.1 200 OK']);
    expect(slowPathCalls).toBe(0);
  });

  it('reads the query as Strapi does: encoded keys, bracket forms and repeats mean what they mean there', async () => {
    cached = new Representation(Buffer.from('{"from":"cache"}'));
    await get('/fast?locale=ar'); // the slow path teaches the Arabic variant its headers
    expect((await get('/fast?%6Cocale=ar')).body).toBe('{"from":"cache"}');
    expect(lastRequest?.locale).toBe('ar');
    expect((await get('/fast?loc%61le=ar&a%5Bb%5D=1')).body).toBe('{"from":"cache"}');
    expect(lastRequest).toMatchObject({ locale: 'ar', query: { locale: 'ar', a: { b: '1' } } });
    slowPathCalls = 0;
    // A locale Strapi reads as a list or an object is its 422; any status, however spelled, is its to check.
    for (const query of ['locale[]=ar', 'locale[0]=ar', 'locale[x]=ar', 'locale[$ne]=en', 'locale=ar&locale=en', 'locale=fr', 'status=draft', 'st%61tus=draft', '%73tatus=published', 'status']) {
      expect((await get(`/fast?${query}`)).body, query).toContain('slow');
    }
    expect(slowPathCalls).toBe(10);
  });

  it('reads a query string once: the next request with it shares the frozen parse', async () => {
    cached = new Representation(Buffer.from('{"from":"cache"}'));
    await get('/fast?state_id=DU&page=2');
    const first = lastRequest!.query;
    await get('/fast?state_id=DU&page=2');
    expect(lastRequest!.query).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(first).toEqual({ state_id: 'DU', page: '2' });
  });

  it("never keeps one language's headers for another (an encoded locale key on a fresh lane)", async () => {
    await get('/lang?%6Cocale=ar'); // the first full-path answer this lane sees is Arabic
    await get('/lang'); // and this one English
    const english = await get('/lang');
    expect(english.body).toBe('{"locale":"en"}');
    expect(english.headers['content-language']).toBe('en');
    const arabic = await get('/lang?locale=ar');
    expect(arabic.body).toBe('{"locale":"ar"}');
    expect(arabic.headers['content-language']).toBe('ar');
  });

  it('takes no headers from a full-path answer whose language is not the one the lane read', async () => {
    const https = { 'X-Forwarded-Proto': 'https' }; // a variant no test has taught yet
    slowPathCalls = 0;
    await get('/lang?locale=ar', { headers: { ...https, 'X-Claim-Language': 'en' } });
    await get('/lang?locale=ar', { headers: https });
    expect(slowPathCalls, 'the mislabelled answer taught the lane nothing').toBe(2);
    const served = await get('/lang?locale=ar', { headers: https });
    expect(slowPathCalls).toBe(2);
    expect(served.headers['content-language']).toBe('ar');
  });
});

/** Every header of an answer but those node:http writes itself, as sent. */
async function answerHeaders(path: string, headers: Record<string, string>) {
  const res = await new Promise<http.IncomingMessage>((resolve, reject) => http.get(`${base}${path}`, { headers }, resolve).on('error', reject));
  res.resume();
  const lines: Record<string, string> = {};
  for (let i = 0; i < res.rawHeaders.length; i += 2) {
    if (!['date', 'connection', 'keep-alive'].includes(res.rawHeaders[i].toLowerCase())) lines[res.rawHeaders[i]] = res.rawHeaders[i + 1];
  }
  return { status: res.statusCode, lines };
}

describe('fast lane: header lines made once per body and Origin', () => {
  const CORS = (origin: string) => ({ 'Access-Control-Allow-Origin': origin, 'Access-Control-Expose-Headers': 'X-Request-Id,Retry-After' });

  beforeAll(async () => {
    for (const path of ['/api/v1/lines', '/api/v1/own']) await get(path); // the full path teaches each lane its headers
  });

  it("gives each allowed Origin its own Access-Control-Allow-Origin and a refused one none, in any order, 200 or 304", async () => {
    for (let round = 0; round < 3; round += 1) {
      for (const origin of [SITE, 'https://evil.example', SHOP, undefined]) {
        const granted = origin === SITE || origin === SHOP ? CORS(origin) : {};
        for (const validator of [{}, { 'if-none-match': LINES_BODY.etag }] as Array<Record<string, string>>) {
          const { status, lines } = await answerHeaders('/api/v1/lines', { ...(origin ? { origin } : {}), ...validator });
          const { 'X-Request-Id': id, ...rest } = lines;
          expect(id, `${origin} ${status}`).toMatch(/^[0-9a-f-]{36}$/);
          const body = status === 200 ? { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': String(LINES_BODY.body.length) } : {};
          // The full path's headers in the order the lane has always sent them; a 304 without those describing a body.
          expect(Object.entries(rest), `${origin} ${status}`).toEqual(Object.entries({
            ETag: LINES_BODY.etag, 'X-Frame-Options': 'SAMEORIGIN', 'Cache-Control': 'public, max-age=0', ...(status === 200 ? { 'Content-Type': body['Content-Type'] } : {}),
            ...granted, ...(status === 200 ? { 'Content-Length': body['Content-Length'] } : {}),
          }));
        }
      }
    }
  });

  it("sends an answer's own caching headers in the 304 and in each encoding's 200, with that encoding's length", async () => {
    const own = { 'Cache-Control': 'public, max-age=0, s-maxage=5', 'Surrogate-Key': 'item-1', 'Cache-Tag': 'item-1' };
    const notModified = await answerHeaders('/api/v1/own', { origin: SHOP, 'if-none-match': OWN_BODY.etag });
    expect(notModified.status).toBe(304);
    expect(Object.keys(notModified.lines)).toEqual(['X-Request-Id', 'ETag', 'X-Frame-Options', ...Object.keys(own), 'Access-Control-Allow-Origin', 'Access-Control-Expose-Headers']);
    expect(notModified.lines).toMatchObject({ ...own, ETag: OWN_BODY.etag, 'Access-Control-Allow-Origin': SHOP });
    for (const encoding of ['br', 'gzip', 'identity']) {
      const { status, lines } = await answerHeaders('/api/v1/own', { 'accept-encoding': encoding });
      const variant = OWN_BODY.variantFor(encoding);
      expect(status).toBe(200);
      expect(lines).toMatchObject({ ...own, ETag: OWN_BODY.etag, 'Content-Length': String(variant.body.length) });
      expect(lines['Content-Encoding']).toBe(variant.encoding);
      expect(lines['Access-Control-Allow-Origin']).toBeUndefined();
    }
  });

  it("gives every request its own request id, also when answers to many are under way at once", async () => {
    const asked = Array.from({ length: 40 }, (_, i) => (i % 2 ? `client-${i}` : undefined));
    const answers = await Promise.all(asked.map((id, i) => answerHeaders('/api/v1/lines', {
      ...(id ? { 'x-request-id': id } : {}), ...(i % 3 ? { origin: SITE } : {}), ...(i % 4 ? {} : { 'if-none-match': LINES_BODY.etag }),
    })));
    answers.forEach(({ lines }, i) => expect(lines['X-Request-Id']).toBe(asked[i] ?? lines['X-Request-Id']));
    const fresh = answers.filter((_, i) => !asked[i]).map(({ lines }) => lines['X-Request-Id']);
    expect(new Set(fresh).size).toBe(fresh.length);
    for (const id of fresh) expect(id).toMatch(/^[0-9a-f-]{36}$/);
  });
});
