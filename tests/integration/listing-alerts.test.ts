/**
 * Buyers' alerts of the agency's own listings (issue 43) on a real app: a fake Goyzer whose feed changes,
 * each sync's listings matched against the saved searches of listings and the favourite listings, the
 * alert e-mails reaching the real SMTP sink with the listing's page; and a saved search of listings read
 * by the listing's own parser.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '@strapi/strapi';
import { appModule, generatedData, getStrapi, http } from '../helpers/app';
import { checked, checkedError } from '../helpers/contract';
import { eventually } from '../helpers/eventually';
import { mailText, smtp } from '../helpers/smtp';
import { listingsFromFakeGoyzer, type FakeGoyzer } from '../helpers/fake-goyzer';

const SECRET = 'test-alerts-unsubscribe-secret';

let strapi: Core.Strapi;
let goyzer: FakeGoyzer;
let restoreListings: () => Promise<void>;
const units = generatedData({ projects: 0, sales: 60, rentals: 60 }).listings;
/** A rental and a sale that may be advertised (a permit, available). */
const advertisable = (unit: Record<string, unknown>) => unit.Status === 'Available' && unit.PermitNumber !== '';
const rental = units.rentals.find(advertisable)!;
/** A sale with a price (one on request never drops). */
const sale = units.sales.find((unit) => advertisable(unit) && unit.PriceOnApplication !== 'Yes')!;
/** A new rental in a community of its own, for the search to find. */
const NEW_RENTAL = { ...rental, RefNo: 'LS-ALERT-NEW', UnitReference: 'LS-ALERT-NEW', Community: 'Alert Bay', Bedrooms: '2', Rent: '150000.0000', PropertyName: 'Alert Bay Tower' };

const listingsService = () =>
  appModule<typeof import('../../src/api/properties/services/properties')>('src/api/properties/services/properties').propertiesService(strapi);
/** The price the last match of listings saw of `reference` (undefined: not seen). */
const seenPrice = async (reference: string) => {
  const row = (await strapi.db.connection('app_alert_seen_listings').where({ project_id: `listing:${reference}` }).first('price')) as { price: number | string | null } | undefined;
  return row && (row.price === null ? null : Number(row.price));
};

/** A sync run with the feed as it is now, and the listings' index it changed built again. */
async function sync(): Promise<void> {
  const run = await strapi.plugin('extsource').service('sync').run('all', 'manual');
  expect(run.status).not.toBe('failed');
  await listingsService().rebuilt();
}

let made = 0;
async function buyer() {
  made += 1;
  const role = await strapi.db.query('plugin::users-permissions.role').findOne({ where: { type: 'buyer' } });
  const email = `listing-alerts${made}-${Date.now()}@example.com`;
  const user = await strapi.plugin('users-permissions').service('user').add({
    username: email, email, password: 'Buyer-Passw0rd-long', provider: 'local', confirmed: true, blocked: false, role: role.id, marketing_consent: true, language: 'en',
  });
  return { id: user.id as number, email, auth: `Bearer ${await strapi.plugin('users-permissions').service('jwt').issue({ id: user.id })}` };
}

beforeAll(async () => {
  strapi = await getStrapi();
  strapi.config.set('alerts', { ...(strapi.config.get('alerts') as object), unsubscribeSecret: SECRET, pollMs: 200, backoffMs: 100, maxBackoffMs: 200, maxAttempts: 4 });
  ({ goyzer, restore: restoreListings } = await listingsFromFakeGoyzer(strapi, units));
  await sync();
  // A match has seen these listings (the app is shared: other files' syncs may have been seen before), the sale at its price.
  const stored = (await strapi.db.query('plugin::extsource.property').findOne({ where: { provider: 'goyzer', reference: String(sale.RefNo) } })) as { price: number };
  await eventually(async () => expect(await seenPrice(String(sale.RefNo))).toBe(Number(stored.price)), { timeoutMs: 20_000 });
});

afterAll(async () => {
  await restoreListings();
});

describe('a saved search of the sale and rent listings', () => {
  it('is read by the listing\'s own parser, its purpose first, and keeps its catalogue', async () => {
    const me = await buyer();
    const agent = await http();
    const created = await checked(agent.post('/api/v1/me/saved-searches').set('Authorization', me.auth).send({ name: 'Rent in the bay', catalogue: 'listings', query: 'bedrooms=2&location=alert bay&purpose=RENT' }));
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ catalogue: 'listings', query: 'purpose=rent&bedrooms=2&location=alert+bay' });
    const refused = await checkedError(agent.post('/api/v1/me/saved-searches').set('Authorization', me.auth).send({ name: 'x', catalogue: 'listings', query: 'bedrooms=2' }), 422, 'VALIDATION_FAILED');
    expect(refused.body.errors).toEqual({ 'query.purpose': ['The purpose is required and must be one of: sale, rent.'] });
    const moved = await checkedError(agent.patch(`/api/v1/me/saved-searches/${created.body.data.id}`).set('Authorization', me.auth).send({ catalogue: 'projects' }), 422, 'VALIDATION_FAILED');
    expect(moved.body.errors).toEqual({ catalogue: ['The catalogue of a saved search cannot change: save a new search.'] });
    const projects = await checked(agent.get('/api/v1/me/saved-searches').set('Authorization', me.auth));
    expect(projects.body.data.map((search: { catalogue: string }) => search.catalogue)).toEqual(['listings']);
    // A daily search left here would put a digest beside other files' at the digest hour.
    await checked(agent.delete(`/api/v1/me/saved-searches/${created.body.data.id}`).set('Authorization', me.auth));
  });
});

describe('alerts after a sync of the listings', () => {
  it('tells a saved search of a new rental it matches, and a favourite of its price drop, with the listing\'s page', async () => {
    const me = await buyer();
    const agent = await http();
    await checked(agent.post('/api/v1/me/saved-searches').set('Authorization', me.auth).send({ name: 'Bay rentals', catalogue: 'listings', query: 'purpose=rent&location=Alert Bay', frequency: 'instant' }));
    expect((await checked(agent.put(`/api/v1/me/favorites/listings/${String(sale.RefNo)}`).set('Authorization', me.auth))).status).toBe(200);

    goyzer.state.rentals = [...units.rentals, NEW_RENTAL];
    sale.SellPrice = '1000.0000';
    await sync();

    const mails = await eventually(() => {
      const found = smtp.received.filter((mail) => mail.to.includes(me.email)).map(mailText);
      expect(found).toHaveLength(2);
      return found;
    }, { timeoutMs: 20_000 });
    const search = mails.find((text) => text.includes('Saved search "Bay rentals"'))!;
    const [card] = (await checked(agent.get('/api/v1/properties?purpose=rent&location=Alert Bay'))).body.data.listings.data;
    expect(search).toContain('New match');
    expect(search).toContain(`View: ${card.canonical_url}`);
    const favourite = mails.find((text) => text.includes('Your favourites'))!;
    expect(favourite).toContain('Price drop');
    expect(favourite).toContain('/properties/');

    // The same listings matched again tell nothing new.
    const sent = smtp.received.length;
    await sync();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(smtp.received.filter((mail) => mail.to.includes(me.email))).toHaveLength(2);
    expect(smtp.received.length).toBeGreaterThanOrEqual(sent);
  });
});
