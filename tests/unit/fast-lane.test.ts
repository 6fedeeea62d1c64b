/** The fast lane in front of a real node:http server whose own listener stands in for Strapi. */
import http from 'http';
import type { AddressInfo } from 'net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fastLane, fastLaneUnder, installFastLane, type LaneRequest } from '../../src/lib/fast-lane';
import { parseQueryString } from '../../src/lib/query-string';
import { Representation } from '../../src/lib/representation';

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

beforeAll(async () => {
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
