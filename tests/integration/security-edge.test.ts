/**
 * What a hostile client can do at the edge (issue 11): multipart bodies on routes that take no
 * upload, path spellings, compressed bodies, unknown methods, CORS, slow clients, response headers.
 */
import fs from 'fs';
import { request as httpRequest } from 'http';
import net from 'net';
import os from 'os';
import path from 'path';
import { gzipSync, deflateSync } from 'zlib';
import type { AddressInfo } from 'net';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Core } from '@strapi/strapi';
import { adminToken, apiToken, getStrapi, http, newClientIp } from '../helpers/app';
import { assertErrorEnvelope, assertMatchesContract, checked, checkedError } from '../helpers/contract';
import { eventually } from '../helpers/eventually';
import { rawExchange } from '../helpers/raw-http';

const CONTACT = 'api::contact.contact';
const VALID = { first_name: 'Edge', email: 'edge@example.ae', mobile: '+971 50 123 4567' };
const PUBLIC_ORIGIN = 'http://cms.test.local';

let strapi: Core.Strapi;
beforeAll(async () => {
  strapi = await getStrapi();
});

const port = () => (strapi.server.httpServer.address() as AddressInfo).port;
const countContacts = () => strapi.db.query(CONTACT).count();

/** Every file and folder under the folder Strapi's body parser writes multipart files to (os.tmpdir()). */
function tempFiles(dir = os.tmpdir()): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? [full, ...tempFiles(full)] : [full];
  });
}

const multipartFile = (size: number) => Buffer.alloc(size, 'a');

describe('multipart bodies (item 1)', () => {
  it.each([
    ['/admin/login'],
    ['/admin/register-admin'],
    ['/api/auth/local'],
    ['/api/auth/local/register'],
    ['/api/auth/forgot-password'],
    ['/content-manager/collection-types/api::contact.contact'],
  ])('refuses multipart on %s with 415, and leaves no file behind', async (url) => {
    const before = tempFiles().length;
    const res = await (await http())
      .post(url)
      .field('email', 'someone@example.com')
      .attach('attachment', multipartFile(256 * 1024), 'big.bin');
    expect(res.status).toBe(415);
    expect(tempFiles()).toHaveLength(before);
  });

  it('refuses multipart on contract paths with the 415 envelope', async () => {
    const before = tempFiles().length;
    await checkedError((await http()).post('/api/v1/contact-us').field('first_name', 'A').attach('files', multipartFile(1024), 'a.txt'), 415, 'UNSUPPORTED_MEDIA_TYPE');
    expect(tempFiles()).toHaveLength(before);
  });

  it('refuses an upload without an admin session before reading the file', async () => {
    const before = tempFiles().length;
    const res = await (await http()).post('/upload').attach('files', multipartFile(64 * 1024), 'photo.txt');
    expect(res.status).toBe(401);
    expect(tempFiles()).toHaveLength(before);
  });

  it('accepts an upload from an admin, and its temp file is gone once answered', async () => {
    const before = tempFiles().length;
    const res = await (await http())
      .post('/upload')
      .set('Authorization', `Bearer ${await adminToken()}`)
      .attach('files', Buffer.from('hello from an editor\n'), { filename: 'note.txt', contentType: 'text/plain' });
    expect(res.status).toBe(201);
    expect(res.body[0]).toMatchObject({ name: 'note.txt', ext: '.txt' });
    expect(tempFiles()).toHaveLength(before);
    await strapi.plugin('upload').service('upload').remove(res.body[0]);
  });

  it('takes content-API uploads only from a token allowed to upload, leaving no temp file either way', async () => {
    const before = tempFiles().length;
    const refused = await (await http())
      .post('/api/upload')
      .set('Authorization', `Bearer ${await apiToken('read-only')}`)
      .attach('files', multipartFile(64 * 1024), { filename: 'refused.txt', contentType: 'text/plain' });
    expect(refused.status).toBe(403);
    const accepted = await (await http())
      .post('/api/upload')
      .set('Authorization', `Bearer ${await apiToken('full-access')}`)
      .attach('files', Buffer.from('from a script\n'), { filename: 'script.txt', contentType: 'text/plain' });
    expect(accepted.status).toBe(201);
    expect(tempFiles()).toHaveLength(before);
    await strapi.plugin('upload').service('upload').remove(accepted.body[0]);
  });

  it('removes the temp files of an upload the route answers with an error', async () => {
    const before = tempFiles().length;
    const res = await (await http())
      .post('/upload?id=999999')
      .set('Authorization', `Bearer ${await adminToken()}`)
      .attach('files', Buffer.from('x'.repeat(10_000)), { filename: 'replacement.txt', contentType: 'text/plain' })
      .attach('other', Buffer.from('y'.repeat(10_000)), { filename: 'other.txt', contentType: 'text/plain' });
    expect(res.status).toBe(404);
    expect(tempFiles()).toHaveLength(before);
  });

  it('removes the partial file of an upload the client abandons', async () => {
    const before = tempFiles().length;
    const boundary = 'x-boundary-42';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="big.txt"\r\nContent-Type: text/plain\r\n\r\n`
    );
    const socket = net.connect(port(), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      `POST /upload HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${await adminToken()}\r\n` +
        `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 10000000\r\n\r\n`
    );
    socket.write(Buffer.concat([head, Buffer.alloc(200_000, 'z')]));
    await eventually(() => expect(tempFiles().length).toBeGreaterThan(before), { timeoutMs: 5000 });
    socket.destroy();
    await eventually(() => expect(tempFiles()).toHaveLength(before), { timeoutMs: 5000 });
  });
});

describe('path spellings (item 3)', () => {
  it.each(['/API/V1/health', '/Api/v1/health', '/api/V1/Health'])('%s gets the contract edge', async (url) => {
    const res = await (await http()).get(url);
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body).toMatchObject({ success: true, status_code: 200 });
  });

  it('refuses a 900 KB body under another spelling with the 413 envelope, storing nothing', async () => {
    const before = await countContacts();
    const res = await (await http())
      .post('/API/V1/contact-us')
      .set('X-Forwarded-For', newClientIp())
      .send({ ...VALID, message: 'x'.repeat(900 * 1024) });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ success: false, error_code: 'PAYLOAD_TOO_LARGE' });
    expect(await countContacts()).toBe(before);
  });

  it('refuses a chunked body under another spelling with the 411 envelope, storing nothing', async () => {
    const before = await countContacts();
    const body = JSON.stringify(VALID);
    const answer = await rawExchange(
      port(),
      `POST /Api/V1/contact-us HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-For: ${newClientIp()}\r\nContent-Type: application/json\r\n` +
        `Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n${body.length.toString(16)}\r\n${body}\r\n0\r\n\r\n`
    );
    expect(answer).toMatch(/^HTTP\/1\.1 411 /);
    expect(answer).toContain('"error_code":"LENGTH_REQUIRED"');
    expect(await countContacts()).toBe(before);
  });

  it('refuses other content types under another spelling with the 415 envelope', async () => {
    const res = await (await http()).post('/API/v1/contact-us').set('Content-Type', 'text/plain').send('first_name=A');
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({ success: false, error_code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('answers unknown paths under any spelling with the 404 envelope', async () => {
    const res = await (await http()).get('/API/V1/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, error_code: 'NOT_FOUND' });
  });

  it('guards provider routes under any spelling with the 401 envelope', async () => {
    const res = await (await http()).get('/API/EXTSOURCE/properties');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ success: false, error_code: 'UNAUTHORIZED' });
  });
});

describe('compressed bodies (item 4)', () => {
  /** Posts the bytes as they are (supertest re-encodes a Buffer body), and checks the answer against the contract. */
  function post(body: Buffer, encoding: string): Promise<{ status: number; body: Record<string, unknown> }> {
    return new Promise((resolve, reject) => {
      const headers = {
        'content-type': 'application/json', 'content-encoding': encoding, 'content-length': body.length, 'x-forwarded-for': newClientIp(),
      };
      const request = httpRequest({ host: '127.0.0.1', port: port(), method: 'POST', path: '/api/v1/contact-us', headers }, (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => {
          const parsed = JSON.parse(text);
          assertMatchesContract('POST', '/api/v1/contact-us', response.statusCode!, response.headers['content-type'], parsed);
          resolve({ status: response.statusCode!, body: parsed });
        });
      });
      request.on('error', reject);
      request.end(body);
    });
  }

  it('applies the 64 KiB limit to the decoded body (a 1 KB gzip bomb is a 413)', async () => {
    const before = await countContacts();
    const bomb = gzipSync(JSON.stringify({ ...VALID, message: 'x'.repeat(1_000_000) }));
    expect(bomb.length).toBeLessThan(2048);
    const res = await post(bomb, 'gzip');
    expect(res.status).toBe(413);
    expect(res.body.error_code).toBe('PAYLOAD_TOO_LARGE');
    expect(await countContacts()).toBe(before);
  });

  it('accepts a small gzip or deflate body', async () => {
    expect((await post(gzipSync(JSON.stringify(VALID)), 'gzip')).status).toBe(201);
    expect((await post(deflateSync(JSON.stringify(VALID)), 'deflate')).status).toBe(201);
  });

  it.each([
    ['corrupt gzip', Buffer.from('this is not gzip at all'), 'gzip'],
    ['truncated gzip', gzipSync(JSON.stringify({ ...VALID, message: 'y'.repeat(5000) })).subarray(0, 40), 'gzip'],
    ['corrupt deflate', Buffer.from([0x78, 0x9c, 0xff, 0xff, 0x00, 0x01]), 'deflate'],
    ['corrupt br', Buffer.from('not brotli either, not at all'), 'br'],
  ])('answers a %s body with 400 MALFORMED_JSON', async (_what, body, encoding) => {
    const before = await countContacts();
    const res = await post(body, encoding);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, error_code: 'MALFORMED_JSON' });
    expect(await countContacts()).toBe(before);
  });
});

describe('unknown methods and bytes (item 5)', () => {
  it.each(['trace', 'propfind'] as const)('answers %s on a known path with the 405 envelope', async (method) => {
    const res = await (await http())[method]('/api/v1/health');
    expect(res.status).toBe(405);
    expect(res.body).toMatchObject({ success: false, status_code: 405, error_code: 'METHOD_NOT_ALLOWED' });
    expect(res.headers.allow).toContain('GET');
  });

  it('answers a NUL byte in the property search with a 422, on every database', async () => {
    const res = await checked(
      (await http()).get('/api/extsource/properties?q=a%00b').set('Authorization', `Bearer ${await apiToken('read-only')}`)
    );
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ q: ['The q contains characters that are not allowed.'] });
  });
});

/** A raw answer's status line, headers (lower-case names) and body. */
function rawParts(answer: string) {
  const [head, body] = answer.split('\r\n\r\n');
  const [statusLine, ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
  return { statusLine, headers, body };
}

describe("requests Node's HTTP parser refuses", () => {
  it.each([
    ['raw non-ASCII and control bytes in the request line', Buffer.from([0xd8, 0xaf, 0x01])],
    ['a space inside the target', Buffer.from('a b')],
  ])('answers %s with the 400 envelope and closes', async (_, bytes) => {
    const request = Buffer.concat([Buffer.from('GET /api/v1/luxury?q='), bytes, Buffer.from(' HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n')]);
    const { statusLine, headers, body } = rawParts(await rawExchange(port(), request));
    expect(statusLine).toBe('HTTP/1.1 400 Bad Request');
    expect(headers).toMatchObject({ 'content-type': 'application/json; charset=utf-8', connection: 'close', 'content-length': String(body.length) });
    const envelope = JSON.parse(body);
    assertErrorEnvelope(envelope, 'unparsable request line');
    expect(envelope).toEqual({ success: false, status_code: 400, message: 'The request could not be parsed', error_code: 'BAD_REQUEST' });
  });

  it('answers headers larger than Node accepts with the 431 envelope', async () => {
    const request = `GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Large: ${'a'.repeat(20_000)}\r\n\r\n`;
    const { statusLine, headers, body } = rawParts(await rawExchange(port(), request));
    expect(statusLine).toBe('HTTP/1.1 431 Request Header Fields Too Large');
    expect(headers).toMatchObject({ 'content-type': 'application/json; charset=utf-8', connection: 'close' });
    const envelope = JSON.parse(body);
    assertErrorEnvelope(envelope, 'headers too large');
    expect(envelope).toMatchObject({ status_code: 431, message: 'The request headers are too large', error_code: 'BAD_REQUEST' });
  });

  it('answers a bad request on a kept-alive connection after the answer before it', async () => {
    const socket = net.connect(port(), '127.0.0.1');
    let answer = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk) => (answer += chunk));
    const closed = new Promise((resolve) => socket.on('close', resolve));
    socket.write('GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    await vi.waitFor(() => expect(answer).toMatch(/\r\n\r\n\{[\s\S]*\}$/), { timeout: 5000 });
    socket.write('GET /\x01 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    await closed;
    expect(answer.match(/HTTP\/1\.1 \d{3}/g)).toEqual(['HTTP/1.1 200', 'HTTP/1.1 400']);
    expect(answer.endsWith('"error_code":"BAD_REQUEST"}')).toBe(true);
  });
});

describe('numbers too large for a number', () => {
  const huge = '9'.repeat(400);

  it.each([
    ['page', `/api/v1/off-plan/projects?page=${huge}`],
    ['developer_id', `/api/v1/off-plan/projects?developer_id=${huge}`],
    ['min_price', `/api/v1/off-plan/projects?min_price=${huge}`],
  ])('answers a 400-digit %s on the listing with a 422', async (name, url) => {
    const res = await checked((await http()).get(url));
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual([name]);
  });

  it('answers a 400-digit page of synced listings with a 422', async () => {
    const res = await checked((await http()).get(`/api/extsource/properties?page=${huge}`).set('Authorization', `Bearer ${await apiToken('read-only')}`));
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual(['page']);
  });
});

describe('CORS (item 6)', () => {
  const EVIL = 'https://evil.example';

  it('never allows credentials to a foreign origin on the admin API', async () => {
    const preflight = await (await http())
      .options('/admin/access-token')
      .set('Origin', EVIL)
      .set('Access-Control-Request-Method', 'POST');
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();

    const login = await (await http()).post('/admin/login').set('Origin', EVIL).send({ email: 'x@example.com', password: 'nope' });
    expect(login.headers['access-control-allow-origin']).toBeUndefined();
    expect(login.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it("allows the service's own origin on the admin API, with credentials", async () => {
    const preflight = await (await http())
      .options('/admin/access-token')
      .set('Origin', PUBLIC_ORIGIN)
      .set('Access-Control-Request-Method', 'POST');
    expect(preflight.headers['access-control-allow-origin']).toBe(PUBLIC_ORIGIN);
    expect(preflight.headers['access-control-allow-credentials']).toBe('true');
  });

  it('keeps public v1 GETs open to any origin, without credentials', async () => {
    const res = await (await http()).get('/api/v1/health').set('Origin', EVIL);
    expect(res.status).toBe(200);
    expect(['*', EVIL]).toContain(res.headers['access-control-allow-origin']);
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('never allows credentials on provider routes', async () => {
    const res = await (await http()).get('/api/extsource/stats').set('Origin', EVIL);
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
  });
});

describe('slow clients (item 9)', () => {
  it('closes a connection whose headers never finish', async () => {
    const started = Date.now();
    const answer = await rawExchange(port(), 'GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ', { timeoutMs: 10_000 });
    expect(answer === '' || /^HTTP\/1\.1 408 /.test(answer)).toBe(true);
    expect(Date.now() - started).toBeLessThan(8000);
  });

  it('closes a connection whose body stalls', async () => {
    const started = Date.now();
    const answer = await rawExchange(
      port(),
      `POST /api/v1/contact-us HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"first_name":`,
      { timeoutMs: 12_000 }
    );
    expect(answer).not.toMatch(/^HTTP\/1\.1 2/);
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});

describe('what clients can write to the log (item 9)', () => {
  it.each(['/%00', '/uploads/..%2f..%2fpackage.json', '/favicon.ico/%00'])('answers GET %s with a 4xx and logs no error', async (url) => {
    const errors = vi.spyOn(strapi.log, 'error');
    try {
      const res = await (await http()).get(url);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.body.error).toMatchObject({ status: res.status });
      expect(errors).not.toHaveBeenCalled();
    } finally {
      errors.mockRestore();
    }
  });

  it('logs a body the server could not read as one short line', async () => {
    const levels = (['http', 'warn', 'error'] as const).map((level) => vi.spyOn(strapi.log, level));
    let lines: string[];
    try {
      const res = await (await http()).post('/admin/login').set('Content-Type', 'application/json').set('Content-Encoding', 'gzip').send('not gzip');
      expect(res.status).toBe(400);
      lines = levels.flatMap((spy) => spy.mock.calls.map(([line]) => String(line)));
    } finally {
      for (const spy of levels) spy.mockRestore();
    }
    expect(lines).toEqual([expect.stringMatching(/^POST \/admin\/login .*400/)]);
    expect(lines.every((line) => !line.includes('\n') && line.length < 300)).toBe(true);
  });
});

describe('response headers (item 10)', () => {
  it('sends no X-Powered-By', async () => {
    const res = await (await http()).get('/api/v1/health');
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect((await (await http()).get('/admin/init')).headers['x-powered-by']).toBeUndefined();
  });

  it('sends HSTS only over HTTPS', async () => {
    expect((await (await http()).get('/api/v1/health')).headers['strict-transport-security']).toBeUndefined();
    const secure = await (await http()).get('/api/v1/health').set('X-Forwarded-Proto', 'https');
    expect(secure.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
  });

  it('keeps HSTS off plain-HTTP answers from the fast lane, and on HTTPS ones', async () => {
    const agent = await http();
    await agent.get('/api/v1/luxury').set('X-Forwarded-Proto', 'https');
    await agent.get('/api/v1/luxury');
    expect((await agent.get('/api/v1/luxury')).headers['strict-transport-security']).toBeUndefined();
    expect((await agent.get('/api/v1/luxury').set('X-Forwarded-Proto', 'https')).headers['strict-transport-security']).toMatch(/^max-age=/);
  });

  it('sends a Content-Security-Policy that allows no other origin to be reached', async () => {
    const csp = String((await (await http()).post('/admin/login').send({})).headers['content-security-policy']);
    const directives = Object.fromEntries(csp.split(';').map((part) => {
      const [name, ...values] = part.trim().split(/\s+/);
      return [name, values];
    }));
    for (const name of ['default-src', 'connect-src', 'img-src', 'media-src', 'script-src', 'style-src', 'font-src']) {
      expect(directives[name], name).toBeDefined();
      expect(directives[name].filter((source: string) => /^(https?:|\*|wss?:)/.test(source)), `${name}: ${directives[name]}`).toEqual([]);
    }
    expect(directives['frame-ancestors']).toEqual(["'self'"]);
    expect(directives['object-src']).toEqual(["'none'"]);
  });
});
