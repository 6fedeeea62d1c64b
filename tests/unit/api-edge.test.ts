/**
 * The api-edge middleware inside a real Koa app, served over HTTP: what a client sees when a
 * handler throws something unexpected (no stack, no SQL, no paths), and what the log gets.
 */
import http from 'http';
import type { AddressInfo } from 'net';
import Koa from 'koa';
import supertest from 'supertest';
import { describe, expect, it } from 'vitest';
import type { Core } from '@strapi/strapi';
import apiEdge from '../../src/middlewares/api-edge';

function appThatThrows(thrown: unknown) {
  const logged: string[] = [];
  const strapi = { log: { error: (line: string) => logged.push(line) } } as unknown as Core.Strapi;
  const app = new Koa();
  app.use(apiEdge({}, { strapi }));
  app.use(async (ctx) => {
    if (ctx.path === '/api/v1/boom') throw thrown;
    if (ctx.path === '/elsewhere/boom') throw thrown;
    ctx.body = { success: true, status_code: 200, data: {} };
  });
  app.silent = true;
  return { server: app.callback(), logged };
}

describe('api-edge', () => {
  const secret = new Error('connect ECONNREFUSED postgres://admin:hunter2@db.internal:5432/prod at /srv/app/dist/x.js');

  it('answers an unexpected exception with a bare 500 envelope and logs it with the request id', async () => {
    const { server, logged } = appThatThrows(secret);
    const res = await supertest(server).get('/api/v1/boom');

    expect(res.status).toBe(500);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.body).toEqual({ success: false, status_code: 500, message: 'Internal server error', error_code: 'SERVER_ERROR' });
    expect(res.text).not.toMatch(/hunter2|postgres|\/srv\/|at /);

    const requestId = res.headers['x-request-id'];
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain(`[request ${requestId}] GET /api/v1/boom failed`);
    expect(logged[0]).toContain('ECONNREFUSED');
  });

  it('leaves paths outside the contract alone', async () => {
    const { server, logged } = appThatThrows(secret);
    const res = await supertest(server).get('/elsewhere/boom');
    expect(res.status).toBe(500);
    expect(res.headers['x-request-id']).toBeUndefined();
    expect(logged).toHaveLength(0);
  });

  it('requires a length for request bodies (a chunked body is refused unread)', async () => {
    const server = http.createServer(appThatThrows(secret).server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = http.request({ port, method: 'POST', path: '/api/v1/boom', headers: { 'Content-Type': 'application/json' } }, (res) => {
          let text = '';
          res.on('data', (chunk) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        });
        req.on('error', reject);
        req.write('{"a":');
        req.end('1}');
      });
      expect(status).toBe(411);
      expect(JSON.parse(body).error_code).toBe('LENGTH_REQUIRED');
    } finally {
      server.close();
    }
  });
});
