/**
 * The account routes under hostile bodies (issue 41, item 3): every /api/auth/* route and every
 * /api/v1/me route that reads a body refuses one nested too deep, too large or of another type with a
 * 4xx, Strapi's error shape on the plugin's routes and the envelope under /api/v1, never a 500.
 * The deep body is sent as the raw text a hostile client writes, never built as an object first.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '@strapi/strapi';
import { getStrapi, http, newClientIp } from '../helpers/app';

const PASSWORD = 'Palm-Jumeirah-Villa-7';
const DEPTH = 5_000;
const deepJson = `${'{"a":'.repeat(DEPTH)}1${'}'.repeat(DEPTH)}`;
const deepArray = `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`;
/** Valid JSON that Strapi's parser refuses (issue 66): it says why, on every route. */
const protoJson = `{"email":"proto@example.com","password":"${'x'.repeat(10)}","__proto__":{"role":1,"confirmed":true}}`;
const PROTO_MESSAGE = 'The request body has a key named __proto__, which is not accepted';

const AUTH_ROUTES = [
  '/api/auth/local',
  '/api/auth/local/register',
  '/api/auth/forgot-password',
  '/api/auth/reset-password',
  '/api/auth/change-password',
  '/api/auth/send-email-confirmation',
  '/api/auth/refresh',
  '/api/auth/logout',
];
const ME_ROUTES: Array<['patch' | 'post' | 'delete', string]> = [
  ['patch', '/api/v1/me'],
  ['delete', '/api/v1/me'],
  ['post', '/api/v1/me/saved-searches'],
  ['patch', '/api/v1/me/saved-searches/1'],
];

let strapi: Core.Strapi;
let buyerId: number;
beforeAll(async () => {
  strapi = await getStrapi();
  const role = await strapi.db.query('plugin::users-permissions.role').findOne({ where: { type: 'buyer' } });
  const email = `hostile-${process.pid}-${Date.now()}@example.com`;
  const user = await strapi.plugin('users-permissions').service('user').add({
    username: email, email, password: PASSWORD, provider: 'local', confirmed: true, blocked: false, role: role.id,
  });
  buyerId = user.id;
});

/** Signed in afresh for each request: a logout that read its body would end the session of the next. */
const raw = async (method: 'post' | 'patch' | 'delete', url: string, body: string, type = 'application/json') => {
  const token = await strapi.plugin('users-permissions').service('jwt').issue({ id: buyerId });
  return (await http())[method](url).set('X-Forwarded-For', newClientIp()).set('Authorization', `Bearer ${token}`).set('Content-Type', type).send(body);
};

const strapiError = (status: number) => ({ data: null, error: { status, name: expect.any(String), message: expect.any(String) } });
const envelopeError = (status: number) => ({ success: false, status_code: status, error_code: expect.any(String), message: expect.any(String) });

describe('the plugin routes (Strapi error shape)', () => {
  it.each(AUTH_ROUTES)('POST %s refuses a body nested 5,000 deep with 400', async (url) => {
    for (const body of [deepJson, deepArray]) {
      const res = await raw('post', url, body);
      expect(res.status, `${url} ${body.slice(0, 2)}`).toBe(400);
      expect(res.body).toMatchObject(strapiError(400));
    }
  });

  it.each([...AUTH_ROUTES, '/admin/login'])('POST %s refuses a body with a __proto__ key with a 400 that says so', async (url) => {
    const res = await raw('post', url, protoJson);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ data: null, error: { status: 400, message: PROTO_MESSAGE } });
  });

  it.each(AUTH_ROUTES)('POST %s refuses a body over 64 KiB (413) and a text body (415)', async (url) => {
    const large = await raw('post', url, JSON.stringify({ email: 'x'.repeat(70 * 1024) }));
    expect(large.status).toBe(413);
    expect(large.body).toMatchObject(strapiError(413));
    const text = await raw('post', url, 'email=a@example.com', 'text/plain');
    expect(text.status).toBe(415);
    expect(text.body).toMatchObject(strapiError(415));
  });
});

describe('the signed-in routes (the envelope)', () => {
  it.each(ME_ROUTES)('%s %s refuses a body nested 5,000 deep with 400', async (method, url) => {
    for (const body of [deepJson, deepArray]) {
      const res = await raw(method, url, body);
      expect(res.status, `${url} ${body.slice(0, 2)}`).toBe(400);
      expect(res.body).toMatchObject(envelopeError(400));
    }
  });

  it.each(ME_ROUTES)('%s %s refuses a body with a __proto__ key with a 400 that says so', async (method, url) => {
    const res = await raw(method, url, protoJson);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, status_code: 400, error_code: 'BAD_REQUEST', message: PROTO_MESSAGE });
  });
});
