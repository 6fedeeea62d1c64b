/**
 * The access matrix: every provider route, every admin route of the plugin, the CSV export, the Leads
 * widget, a lead's deliveries and a set of Strapi's own routes, called with every kind of credential.
 * Each cell is what that caller must get: a status, or ALLOWED (a 2xx, or 409 when a sync is already
 * running, which the caller was allowed to ask).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '@strapi/strapi';
import { adminToken, apiToken, getStrapi, http, TEST_ADMIN } from '../helpers/app';
import { eventually } from '../helpers/eventually';
import { recordFigures } from './figures';

const ALLOWED = 'allowed';
type Cell = typeof ALLOWED | 400 | 401 | 403 | 404 | 422;

const CREDENTIALS = ['none', 'bad token', 'read-only token', 'full-access token', 'registered user', 'Author', 'Editor', 'Super Admin', 'buyer'] as const;
type Credential = (typeof CREDENTIALS)[number];

/** Expected cells, in CREDENTIALS order. */
const row = (...cells: Cell[]) => cells;
const A = ALLOWED;

const MATRIX: Array<[method: 'get' | 'post', url: string, expected: Cell[]]> = [
  // Public contract routes: open to all; credentials are ignored.
  ['get', '/api/v1/contact-us-page', row(A, A, A, A, A, A, A, A, A)],
  // Provider routes: API tokens only (decision 28); read-only tokens may read, not sync.
  ['get', '/api/extsource/test', row(401, 401, A, A, 401, 401, 401, 401, 401)],
  ['get', '/api/extsource/properties', row(401, 401, A, A, 401, 401, 401, 401, 401)],
  ['get', '/api/extsource/stats', row(401, 401, A, A, 401, 401, 401, 401, 401)],
  ['post', '/api/extsource/sync/all', row(401, 401, 403, A, 401, 401, 401, 401, 401)],
  ['post', '/api/extsource/sync/sales', row(401, 401, 403, A, 401, 401, 401, 401, 401)],
  ['post', '/api/extsource/sync/rentals', row(401, 401, 403, A, 401, 401, 401, 401, 401)],
  // The plugin's admin page: admins with the plugin's permissions (Editor and Super Admin by default).
  ['get', '/extsource/overview', row(401, 401, 401, 401, 401, 403, A, A, 401)],
  ['post', '/extsource/test', row(401, 401, 401, 401, 401, 403, A, A, 401)],
  ['get', '/extsource/properties', row(401, 401, 401, 401, 401, 403, A, A, 401)],
  ['get', '/extsource/dashboard', row(401, 401, 401, 401, 401, 403, A, A, 401)],
  ['post', '/extsource/sync/rentals', row(401, 401, 401, 401, 401, 403, A, A, 401)],
  // The CSV export and the Leads widget: admins who may read leads in the Content Manager.
  ['get', '/contacts-export/contacts.csv', row(401, 401, 401, 401, 401, A, A, A, 401)],
  ['get', '/leads/summary', row(401, 401, 401, 401, 401, A, A, A, 401)],
  // A lead's deliveries and their retry: admins who may read (retry: edit) leads; no such lead here (404).
  ['get', '/lead-deliveries/no-such-lead', row(401, 401, 401, 401, 401, 404, 404, 404, 401)],
  ['post', '/lead-deliveries/999999999/retry', row(401, 401, 401, 401, 401, 404, 404, 404, 401)],
  // The Preview panel's URL: admins who may read that entry in that locale (decision 83); the Author's
  // role reads only what its holder created, and the seeded pages were created by nobody.
  ['get', '/content-manager/preview/url/api::luxury.luxury-hero?locale=en&status=draft', row(401, 401, 401, 401, 401, 403, A, A, 401)],
  ['get', '/content-manager/preview/url/api::contact.contact-page?locale=ar', row(401, 401, 401, 401, 401, 403, A, A, 401)],
  // A draft read with a forged preview token: the preview token decides, whatever else the request carries.
  ['get', '/api/v1/luxury?status=draft&preview=v1.forged.token', row(401, 401, 401, 401, 401, 401, 401, 401, 401)],
  // Strapi's admin API.
  ['get', '/admin/users/me', row(401, 401, 401, 401, 401, A, A, A, 401)],
  ['get', '/admin/users', row(401, 401, 401, 401, 401, 403, 403, A, 401)],
  ['get', '/admin/api-tokens', row(401, 401, 401, 401, 401, 403, 403, A, 401)],
  ['get', '/content-manager/collection-types/api::contact.contact', row(401, 401, 401, 401, 401, A, A, A, 401)],
  ['get', '/upload/files', row(401, 401, 401, 401, 401, A, A, A, 401)],
  // Strapi's content API: buyers' accounts (issue 33) open registration to anyone (an empty body is a
  // 400), nothing else of users-permissions: an anonymous caller now has the Public role's account
  // permissions, so a route it may not call is a 403 (no longer a 401). API tokens, server-side secrets,
  // read every find route.
  ['post', '/api/auth/local/register', row(400, 401, 403, 400, 403, 401, 401, 401, 403)],
  ['get', '/api/users/me', row(403, 401, 403, 401, 403, 401, 401, 401, 403)],
  ['get', '/api/users', row(403, 401, A, A, 403, 401, 401, 401, 403)],
  ['get', '/api/upload/files', row(403, 401, A, A, 403, 401, 401, 401, 403)],
  // A signed-in buyer's routes (issue 33): the buyer's access token only; API tokens, admins' tokens and
  // a plugin user without the Buyer role are not buyers (401). An empty saved search is a 422.
  ['get', '/api/v1/me', row(401, 401, 401, 401, 401, 401, 401, 401, A)],
  ['get', '/api/v1/me/favorites', row(401, 401, 401, 401, 401, 401, 401, 401, A)],
  ['get', '/api/v1/me/saved-searches', row(401, 401, 401, 401, 401, 401, 401, 401, A)],
  ['post', '/api/v1/me/saved-searches', row(401, 401, 401, 401, 401, 401, 401, 401, 422)],
  ['get', '/api/v1/me/saved-searches/999999999', row(401, 401, 401, 401, 401, 401, 401, 401, 404)],
  // Logging out needs a session: a buyer's (an empty body ends the caller's own).
  ['post', '/api/auth/logout', row(403, 401, 403, 401, 403, 401, 401, 401, A)],
];

let strapi: Core.Strapi;
const authorization = new Map<Credential, string | undefined>();

async function adminWithRole(code: 'strapi-author' | 'strapi-editor'): Promise<string> {
  const role = await strapi.db.query('admin::role').findOne({ where: { code } });
  const credentials = { email: `matrix-${code}-${Date.now()}@test.local`, password: 'Matrix-Passw0rd-1' };
  await strapi.service('admin::user').create({ ...credentials, firstname: 'Matrix', lastname: code, isActive: true, roles: [role.id] });
  return `Bearer ${await adminToken(credentials)}`;
}

/** A user of the plugin's Authenticated role (no buyer), with the token Strapi gives them. */
async function registeredUser(): Promise<string> {
  const role = await strapi.db.query('plugin::users-permissions.role').findOne({ where: { type: 'authenticated' } });
  const user = await strapi.db.query('plugin::users-permissions.user').create({
    data: { username: `matrix${Date.now()}`, email: `matrix${Date.now()}@example.com`, password: 'x', provider: 'local', confirmed: true, blocked: false, role: role.id },
  });
  return `Bearer ${await strapi.plugin('users-permissions').service('jwt').issue({ id: user.id })}`;
}

/** A confirmed account of the Buyer role (issue 33), with the token Strapi gives them. */
async function buyer(): Promise<string> {
  const role = await strapi.db.query('plugin::users-permissions.role').findOne({ where: { type: 'buyer' } });
  const email = `matrix-buyer${Date.now()}@example.com`;
  const user = await strapi.plugin('users-permissions').service('user').add({
    username: email, email, password: 'Matrix-Buyer-Passw0rd', provider: 'local', confirmed: true, blocked: false, role: role.id,
  });
  return `Bearer ${await strapi.plugin('users-permissions').service('jwt').issue({ id: user.id })}`;
}

beforeAll(async () => {
  strapi = await getStrapi();
  authorization.set('none', undefined);
  authorization.set('bad token', 'Bearer not-a-real-token');
  authorization.set('read-only token', `Bearer ${await apiToken('read-only')}`);
  authorization.set('full-access token', `Bearer ${await apiToken('full-access')}`);
  authorization.set('registered user', await registeredUser());
  authorization.set('Author', await adminWithRole('strapi-author'));
  authorization.set('Editor', await adminWithRole('strapi-editor'));
  authorization.set('Super Admin', `Bearer ${await adminToken(TEST_ADMIN)}`);
  authorization.set('buyer', await buyer());
});

const verdict = (status: number): Cell | number => (status < 300 || status === 409 ? ALLOWED : status);

async function waitForIdleSyncs(): Promise<void> {
  const sync = strapi.plugin('extsource').service('sync') as { running(): Promise<unknown[]> };
  await eventually(async () => expect(await sync.running()).toHaveLength(0), { timeoutMs: 120_000, intervalMs: 50 });
}

describe('the access matrix', () => {
  it('gives every credential exactly its rights on every route', async () => {
    const found: Record<string, Record<string, Cell | number>> = {};
    const wrong: string[] = [];
    for (const [method, url, expected] of MATRIX) {
      const cells: Record<string, Cell | number> = {};
      for (const [index, credential] of CREDENTIALS.entries()) {
        await waitForIdleSyncs();
        const request = (await http())[method](url);
        const auth = authorization.get(credential);
        if (auth) request.set('Authorization', auth);
        const res = method === 'post' ? await request.send({}) : await request;
        cells[credential] = verdict(res.status);
        if (cells[credential] !== expected[index]) wrong.push(`${method.toUpperCase()} ${url} as ${credential}: ${res.status}, expected ${expected[index]}`);
      }
      found[`${method.toUpperCase()} ${url}`] = cells;
    }
    await waitForIdleSyncs();
    console.table(found);
    recordFigures('access matrix', { routes: MATRIX.length, credentials: CREDENTIALS.length, cells: MATRIX.length * CREDENTIALS.length, mismatches: wrong.length });
    expect(wrong).toEqual([]);
  });
});
