/** The fast lane in front of a real node:http server whose own listener stands in for Strapi. */
import http from 'http';
import type { AddressInfo } from 'net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fastLane, fastLaneServed, fastLaneUnder, installFastLane } from '../../src/lib/fast-lane';
import { Representation } from '../../src/lib/representation';

let cached: Representation | undefined;
let lastQuery = '';
let slowPathCalls = 0;
let base = '';
const accessLog: string[] = [];
const server = http.createServer((req, res) => {
  slowPathCalls += 1;
  const body = Buffer.from(JSON.stringify({ from: 'slow', method: req.method }));
  res.setHeader('X-Frame-Options', 'SAMEORIGIN');
  res.setHeader('X-Request-Id', 'slow-id');
  res.setHeader('Cache-Control', 'public, max-age=0');
  res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': body.length });
  res.end(body);
});

beforeAll(async () => {
  fastLane('/fast', (query) => {
    lastQuery = query;
    return cached;
  });
  fastLane('/items/exact', () => new Representation(Buffer.from('{"from":"exact"}')));
  fastLaneUnder('/items/', 'itemId', (_query, path) => (path.startsWith('/items/known') ? new Representation(Buffer.from(`{"item":"${path}"}`)) : undefined));
  installFastLane(server, { accessLog: (line) => accessLog.push(line) });
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
    expect(lastQuery).toBe('ignored=1');
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
});
