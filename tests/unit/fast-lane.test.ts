/** The fast lane in front of a real node:http server whose own listener stands in for Strapi. */
import http from 'http';
import type { AddressInfo } from 'net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fastLane, installFastLane } from '../../src/lib/fast-lane';

let cached: Buffer | undefined;
let lastQuery = '';
let slowPathCalls = 0;
let base = '';
const server = http.createServer((req, res) => {
  slowPathCalls += 1;
  const body = Buffer.from(JSON.stringify({ from: 'slow', method: req.method }));
  res.setHeader('X-Frame-Options', 'SAMEORIGIN');
  res.setHeader('X-Request-Id', 'slow-id');
  if (req.headers.origin) res.setHeader('Access-Control-Allow-Origin', req.headers.origin);
  res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': body.length });
  res.end(body);
});

beforeAll(async () => {
  fastLane('/fast', (query) => {
    lastQuery = query;
    return cached;
  });
  installFastLane(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function get(path: string, init: RequestInit = {}) {
  const res = await fetch(`${base}${path}`, init);
  return { status: res.status, headers: Object.fromEntries(res.headers), body: await res.text() };
}

describe('fast lane', () => {
  it('takes the slow path while nothing is cached, then serves the cached bytes with the same headers', async () => {
    cached = undefined;
    slowPathCalls = 0;
    const first = await get('/fast');
    expect(first.body).toContain('slow');

    cached = Buffer.from('{"from":"cache"}');
    const second = await get('/fast?ignored=1');
    expect(second.body).toBe('{"from":"cache"}');
    expect(lastQuery).toBe('ignored=1');
    expect(slowPathCalls).toBe(1);

    const strip = (headers: Record<string, string>) => {
      const { date: _d, 'content-length': _l, 'x-request-id': _r, ...rest } = headers;
      return rest;
    };
    expect(strip(second.headers)).toEqual(strip(first.headers));
    expect(second.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.headers['content-length']).toBe(String(Buffer.byteLength('{"from":"cache"}')));
  });

  it('leaves cross-origin requests, other methods and other paths to the slow path', async () => {
    cached = Buffer.from('{"from":"cache"}');
    await get('/fast');
    slowPathCalls = 0;
    expect((await get('/fast', { headers: { Origin: 'https://site.example' } })).headers['access-control-allow-origin']).toBe('https://site.example');
    expect((await get('/fast', { method: 'POST' })).body).toContain('"method":"POST"');
    expect((await get('/other')).body).toContain('slow');
    expect(slowPathCalls).toBe(3);
  });
});
