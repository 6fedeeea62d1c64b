/**
 * One rule for the keys that name a project or a listing (issue 66, decision 191): `project_id` and
 * `listing_id` of POST /contact-us, the favourites and the detail routes read a reference or a slug in
 * any case and ids in either Arabic-Indic digit set, and know no leading-zero alias of an id. A detail
 * route answers such a spelling with a 301 to the current slug (decision 192); the canonical keys answer
 * as before.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '@strapi/strapi';
import { getStrapi, http, newClientIp, newPerson } from '../helpers/app';
import { checked, checkedError } from '../helpers/contract';

const CONTACT = 'api::contact.contact';
const FAVORITE = 'api::account.favorite';

interface Home { id: number; slug: string; reference: string }
interface Project { id: string; slug: string }

let strapi: Core.Strapi;
let home: Home;
let project: Project;

/** `text` with its digits in Arabic-Indic (U+0660-0669). */
const arabicIndic = (text: string) => text.replace(/\d/g, (digit) => String.fromCharCode(0x660 + Number(digit)));

beforeAll(async () => {
  strapi = await getStrapi();
  [home] = (await checked((await http()).get('/api/v1/properties?purpose=sale&per_page=1'))).body.data.listings.data as Home[];
  [project] = (await checked((await http()).get('/api/v1/off-plan/projects?per_page=1'))).body.data.properties.data as Project[];
  // Keys whose other spellings differ from them: a reference with capitals, a slug and an id of digits.
  expect(home.reference).not.toBe(home.reference.toLowerCase());
  expect(project.slug).toMatch(/[a-z]/);
  expect(project.id).toMatch(/^[1-9]\d*$/);
});

async function submit(extra: Record<string, unknown>) {
  const body = { first_name: 'Noor', ...newPerson('keys'), ...extra };
  return checked((await http()).post('/api/v1/contact-us').set('X-Forwarded-For', newClientIp()).send(body));
}

const stored = async (id: number) => (await strapi.db.query(CONTACT).findOne({ where: { id } })) as Record<string, unknown>;

describe('POST /api/v1/contact-us: project_id and listing_id', () => {
  it('finds a listing by its reference in lower case and its id in Arabic-Indic digits', async () => {
    for (const key of [home.reference.toLowerCase(), arabicIndic(String(home.id)), ` ${home.slug.toUpperCase()} `]) {
      const res = await submit({ listing_id: key });
      expect(res.status, key).toBe(201);
      expect(await stored(res.body.data.id)).toMatchObject({ listing_reference: home.reference });
    }
  });

  it('finds a project by its slug in capitals and its id in either Arabic-Indic digit set', async () => {
    const eastern = project.id.replace(/\d/g, (digit) => String.fromCharCode(0x6f0 + Number(digit)));
    for (const key of [project.slug.toUpperCase(), arabicIndic(project.id), eastern]) {
      const res = await submit({ project_id: key });
      expect(res.status, key).toBe(201);
      expect(await stored(res.body.data.id)).toMatchObject({ project_id: project.id });
    }
  });

  it('knows no leading-zero alias of an id', async () => {
    const listing = await submit({ listing_id: `000${home.id}` });
    expect(listing.status).toBe(422);
    expect(listing.body.errors).toEqual({ listing_id: ['No listing for sale or rent with this id'] });
    const projectAlias = await submit({ project_id: `0${project.id}` });
    expect(projectAlias.status).toBe(422);
    expect(projectAlias.body.errors).toEqual({ project_id: ['No off-plan project with this id'] });
  });
});

describe('the detail routes', () => {
  const get = async (path: string) => checked((await http()).get(path).redirects(0));

  it('answer another spelling of a listing\'s slug or reference with a 301 to its current slug', async () => {
    const canonical = await get(`/api/v1/properties/${home.slug}`);
    expect(canonical.status).toBe(200);
    for (const key of [home.reference.toLowerCase(), home.slug.toUpperCase()]) {
      const res = await get(`/api/v1/properties/${encodeURIComponent(key)}?locale=ar`);
      expect(res.status, key).toBe(301);
      expect(res.headers.location).toBe(`/api/v1/properties/${home.slug}?locale=ar`);
      expect(res.body.data).toMatchObject({ id: home.id, slug: home.slug });
    }
  });

  it('answer another spelling of a project\'s slug or id with a 301 to its current slug', async () => {
    expect((await get(`/api/v1/off-plan/projects/${project.slug}`)).status).toBe(200);
    for (const key of [project.slug.toUpperCase(), arabicIndic(project.id)]) {
      const res = await get(`/api/v1/off-plan/projects/${encodeURIComponent(key)}`);
      expect(res.status, key).toBe(301);
      expect(res.headers.location).toBe(`/api/v1/off-plan/projects/${project.slug}`);
      expect(res.body.data).toMatchObject({ id: project.id, slug: project.slug });
    }
  });

  it('answer a leading-zero alias of an id with a 404', async () => {
    await checkedError((await http()).get(`/api/v1/off-plan/projects/0${project.id}`), 404, 'NOT_FOUND');
    // A reference is text: its number padded names another.
    await checkedError((await http()).get(`/api/v1/properties/${home.reference.replace(/\d+$/, (number) => `0${number}`)}`), 404, 'NOT_FOUND');
  });
});

describe('favourites', () => {
  async function buyerAuth(): Promise<{ id: number; auth: string }> {
    const role = await strapi.db.query('plugin::users-permissions.role').findOne({ where: { type: 'buyer' } });
    const email = `keys-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
    const user = await strapi.plugin('users-permissions').service('user').add({ username: email, email, password: 'Buyer-Passw0rd-long', provider: 'local', confirmed: true, blocked: false, role: role.id });
    return { id: user.id, auth: `Bearer ${await strapi.plugin('users-permissions').service('jwt').issue({ id: user.id })}` };
  }
  const send = async (method: 'put' | 'delete', path: string, auth: string) => checked((await http())[method](path).set('Authorization', auth));

  it('keep a listing named by its reference in lower case, and a project by its id in Arabic-Indic digits, under their own names', async () => {
    const me = await buyerAuth();
    const listing = await send('put', `/api/v1/me/favorites/listings/${home.reference.toLowerCase()}`, me.auth);
    expect(listing.status).toBe(200);
    expect(listing.body.data).toMatchObject({ listing_reference: home.reference, is_favorited: true });
    const projectFavourite = await send('put', `/api/v1/me/favorites/${encodeURIComponent(arabicIndic(project.id))}`, me.auth);
    expect(projectFavourite.status).toBe(200);
    expect(projectFavourite.body.data).toMatchObject({ project_id: project.id, is_favorited: true });
    const kept = (await strapi.db.query(FAVORITE).findMany({ where: { buyer: { id: me.id } } })) as Array<{ project_id: string | null; listing_reference: string | null }>;
    expect(kept.map((row) => row.listing_reference ?? row.project_id).sort()).toEqual([home.reference, project.id].sort());

    const removed = await send('delete', `/api/v1/me/favorites/listings/${home.reference.toLowerCase()}`, me.auth);
    expect(removed.body.data).toEqual({ listing_reference: home.reference, is_favorited: false });
    expect(await strapi.db.query(FAVORITE).count({ where: { buyer: { id: me.id }, listing_reference: home.reference } })).toBe(0);
  });

  it('refuse a leading-zero alias of a project id', async () => {
    const me = await buyerAuth();
    const res = await (await http()).put(`/api/v1/me/favorites/0${project.id}`).set('Authorization', me.auth);
    expect(res.status).toBe(404);
  });
});
