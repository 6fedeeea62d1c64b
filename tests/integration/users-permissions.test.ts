/**
 * Strapi's users-permissions routes: open for buyers' accounts (issue 33; tests/integration/accounts.test.ts
 * covers each route), everything else of the plugin granted to no role (issue 11, item 7, as it stands now).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '@strapi/strapi';
import { getStrapi, http, newClientIp } from '../helpers/app';

let strapi: Core.Strapi;
beforeAll(async () => {
  strapi = await getStrapi();
});

const account = () => ({ username: `visitor${Date.now()}`, email: `visitor${Date.now()}@example.com`, password: 'Visitor-Passw0rd' });

/** A user of the plugin's Authenticated role (as before accounts), and the token Strapi gives them. */
async function authenticatedRoleJwt(): Promise<string> {
  const role = await strapi.db.query('plugin::users-permissions.role').findOne({ where: { type: 'authenticated' } });
  const user = await strapi.db.query('plugin::users-permissions.user').create({
    data: { ...account(), provider: 'local', confirmed: true, blocked: false, role: role.id },
  });
  return strapi.plugin('users-permissions').service('jwt').issue({ id: user.id });
}

const granted = async (type: string): Promise<string[]> => {
  const role = await strapi.db.query('plugin::users-permissions.role').findOne({ where: { type }, populate: ['permissions'] });
  return role.permissions.map((permission: { action: string }) => permission.action.replace('plugin::users-permissions.', '')).sort();
};

describe('users-permissions', () => {
  it('has registration on, with e-mail confirmation, and the Buyer role for new accounts, set at start', async () => {
    const advanced = await strapi.store({ type: 'plugin', name: 'users-permissions' }).get({ key: 'advanced' });
    expect(advanced).toMatchObject({ allow_register: true, email_confirmation: true, unique_email: true, default_role: 'buyer' });
  });

  it('grants the account routes and nothing else of the plugin', async () => {
    const signIn = ['auth.callback', 'auth.emailConfirmation', 'auth.forgotPassword', 'auth.refresh', 'auth.resetPassword', 'auth.sendEmailConfirmation'];
    expect(await granted('public')).toEqual([...signIn, 'auth.register'].sort());
    expect(await granted('buyer')).toEqual([...signIn, 'auth.changePassword', 'auth.logout'].sort());
    expect(await granted('authenticated')).toEqual([]);
  });

  it.each([
    ['get', '/api/connect/github'],
    ['get', '/api/auth/sessions'],
    ['get', '/api/users'],
    ['get', '/api/users/me'],
  ] as const)('refuses %s %s to anonymous callers', async (method, url) => {
    expect((await (await http())[method](url).set('X-Forwarded-For', newClientIp())).status).toBe(403);
  });

  it('gives the token of a user of the Authenticated role nothing', async () => {
    const auth = `Bearer ${await authenticatedRoleJwt()}`;
    for (const [method, url] of [['get', '/api/users/me'], ['post', '/api/auth/change-password'], ['post', '/api/auth/logout']] as const) {
      const res = await (await http())[method](url).set('Authorization', auth).set('X-Forwarded-For', newClientIp()).send({});
      expect(res.status, `${method} ${url}`).toBe(403);
    }
  });
});
