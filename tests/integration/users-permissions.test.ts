/** The site has no end-user accounts: Strapi's users-permissions routes serve nobody (issue 11, item 7). */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '@strapi/strapi';
import { getStrapi, http } from '../helpers/app';

let strapi: Core.Strapi;
beforeAll(async () => {
  strapi = await getStrapi();
});

const account = () => ({ username: `visitor${Date.now()}`, email: `visitor${Date.now()}@example.com`, password: 'Visitor-Passw0rd' });

/** A user who registered before registration was closed, and the JWT Strapi would have given them. */
async function existingUserJwt(): Promise<string> {
  const role = await strapi.db.query('plugin::users-permissions.role').findOne({ where: { type: 'authenticated' } });
  const user = await strapi.db.query('plugin::users-permissions.user').create({
    data: { ...account(), provider: 'local', confirmed: true, blocked: false, role: role.id },
  });
  return strapi.plugin('users-permissions').service('jwt').issue({ id: user.id });
}

describe('users-permissions', () => {
  it('refuses self-registration', async () => {
    const before = await strapi.db.query('plugin::users-permissions.user').count();
    const res = await (await http()).post('/api/auth/local/register').send(account());
    // No role grants the route, so Strapi asks for credentials that nothing can give.
    expect(res.status).toBe(401);
    expect(res.body.jwt).toBeUndefined();
    expect(await strapi.db.query('plugin::users-permissions.user').count()).toBe(before);
  });

  it('has registration switched off in its settings, set at start', async () => {
    const advanced = await strapi.store({ type: 'plugin', name: 'users-permissions' }).get({ key: 'advanced' });
    expect(advanced).toMatchObject({ allow_register: false });
  });

  it.each([
    ['post', '/api/auth/local', { identifier: 'x@example.com', password: 'x' }],
    ['post', '/api/auth/forgot-password', { email: 'x@example.com' }],
    ['post', '/api/auth/reset-password', { code: 'x', password: 'Abcdefg1', passwordConfirmation: 'Abcdefg1' }],
    ['post', '/api/auth/send-email-confirmation', { email: 'x@example.com' }],
    ['get', '/api/auth/email-confirmation?confirmation=x', undefined],
    ['get', '/api/connect/github', undefined],
    ['post', '/api/auth/refresh', { refreshToken: 'x' }],
  ] as const)('refuses %s %s to anonymous callers', async (method, url, body) => {
    const request = (await http())[method](url);
    const res = body ? await request.send(body) : await request;
    expect(res.status).toBe(401);
  });

  it('gives the JWT of a user who registered earlier nothing', async () => {
    const auth = `Bearer ${await existingUserJwt()}`;
    for (const [method, url] of [['get', '/api/users/me'], ['post', '/api/auth/change-password'], ['post', '/api/auth/logout']] as const) {
      const res = await (await http())[method](url).set('Authorization', auth).send({});
      expect(res.status, `${method} ${url}`).toBe(403);
    }
  });

  it('grants neither role any users-permissions action', async () => {
    const roles = await strapi.db.query('plugin::users-permissions.role').findMany({ populate: ['permissions'] });
    for (const role of roles) {
      expect(role.permissions.map((permission: { action: string }) => permission.action), role.type).toEqual([]);
    }
  });
});
