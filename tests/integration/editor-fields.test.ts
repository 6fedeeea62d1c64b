/**
 * The admin routes behind the editors' custom fields (issue 68, decision 227): a page section's query as
 * the query builder shows it (its catalogue's controls in the editor's language, how many items it
 * selects and the first three cards, read by the parser and index of the public route, or the listing's
 * refusal), and the pickers' suggestions (places, communities, developers, projects, listings) and the
 * item a field holds; editor-only, kept per catalogue build.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '@strapi/strapi';
import { adminToken, appModule, generatedData, getStrapi, http } from '../helpers/app';
import { listingsFromFakeGoyzer } from '../helpers/fake-goyzer';
import { reellyConfig } from '../helpers/reelly-config';
import { startFakeReelly } from '../../scripts/fakes/providers';

const PAGE = 'api::pages.page';
const NO_CONTENT = { email: 'no-content@test.local', password: 'No-Content-Passw0rd' };

let strapi: Core.Strapi;

beforeAll(async () => {
  strapi = await getStrapi();
});

interface Preview {
  catalogue: string;
  name: string;
  controls: Array<{ kind: string; name?: string; names?: string[]; options?: Array<{ value: string; label: string }>; words?: true }>;
  refused: string | null;
  errors: Record<string, string[]> | null;
  total: number | null;
  cards: Array<{ name: string; image: string | null; price: string | null }>;
}

async function asAdmin(path: string, params: Record<string, string>, token?: string) {
  const bearer = token ?? (await adminToken());
  return (await http()).get(`${path}?${new URLSearchParams(params)}`).set('Authorization', `Bearer ${bearer}`);
}

const preview = async (params: Record<string, string>): Promise<Preview> => {
  const res = await asAdmin('/editor-fields/listing-query', { model: PAGE, ...params });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as Preview;
};

const controlKeys = (controls: Preview['controls']) => controls.map((control) => control.name ?? control.names![0]);

describe('GET /editor-fields/listing-query', () => {
  it("shows a projects section's query as the off-plan listing reads it: the same count and first cards", async () => {
    const query = 'state_id=DU&sort=price_asc';
    const shown = await preview({ component: 'sections.projects', query });
    const listing = (await (await http()).get(`/api/v1/off-plan/projects?${query}&per_page=3`)).body.data;
    expect(shown.catalogue).toBe('off_plan');
    expect(shown.name).toBe('projects');
    expect(shown.refused).toBeNull();
    expect(shown.total).toBe(listing.properties.total);
    expect(shown.total).toBeGreaterThan(0);
    expect(shown.cards).toEqual(listing.properties.data.map((card: { name: string; image: string; price: { formatted: string } }) => ({ name: card.name, image: card.image, price: card.price.formatted })));
  });

  it("offers the catalogue's filters and sort as controls, less what the section sets itself, labelled in the admin's language", async () => {
    const english = await preview({ component: 'sections.projects', query: '' });
    expect(controlKeys(english.controls)).toEqual(['project_name', 'developer_id', 'completion_year', 'state_id', 'min_price', 'property_type', 'bedrooms', 'amenities', 'area', 'min_area', 'location', 'sort']);
    const emirates = english.controls.find((control) => control.name === 'state_id')!;
    expect(emirates.options).toContainEqual({ value: 'DU', label: 'Dubai' });
    expect(english.controls.find((control) => control.name === 'location')!.words).toBe(true);
    const developers = english.controls.find((control) => control.name === 'developer_id')!.options!;
    const filters = (await (await http()).get('/api/v1/off-plan/projects/filters')).body.data;
    expect(developers).toEqual(filters.developers.map((developer: { id: number; name: string }) => ({ value: String(developer.id), label: developer.name })));

    const arabic = await preview({ component: 'sections.projects', query: '', language: 'ar' });
    expect(arabic.controls.find((control) => control.name === 'state_id')!.options).toContainEqual({ value: 'DU', label: 'دبي' });

    const rent = await preview({ component: 'sections.listings', purpose: 'rent', query: '' });
    expect(rent.catalogue).toBe('rent');
    expect(controlKeys(rent.controls)).toEqual(['state_id', 'min_price', 'min_area', 'property_type', 'bedrooms', 'bathrooms', 'furnishing', 'completion_status', 'location', 'sort']);
  });

  it('reads a listings, map or figures section in its own catalogue, with its cards in the page’s language', async () => {
    const query = 'bedrooms=2&sort=price_desc';
    const shown = await preview({ component: 'sections.listings', purpose: 'rent', query, locale: 'ar' });
    const listing = (await (await http()).get(`/api/v1/properties?purpose=rent&${query}&per_page=3&locale=ar`)).body.data;
    expect(shown.total).toBe(listing.listings.total);
    expect(shown.cards.map((card) => card.name)).toEqual(listing.listings.data.map((card: { title: string }) => card.title));
    const map = await preview({ component: 'sections.map', catalogue: 'sale', query: 'location=Dubai Marina' });
    const sale = (await (await http()).get('/api/v1/properties?purpose=sale&location=Dubai%20Marina')).body.data;
    expect(map.catalogue).toBe('sale');
    expect(map.total).toBe(sale.listings.total);
  });

  it("gives the listing's refusal of a query it refuses, and says when a query selects nothing", async () => {
    const refused = await preview({ component: 'sections.projects', query: 'min_price=cheap&bedrooms=lots' });
    expect(refused.total).toBeNull();
    expect(refused.cards).toEqual([]);
    expect(Object.keys(refused.errors!)).toEqual(['min_price', 'bedrooms']);
    expect(refused.refused).toMatch(/^min_price: .+ bedrooms: .+/);
    const arabic = await preview({ component: 'sections.projects', query: 'min_price=cheap', locale: 'ar' });
    expect(arabic.refused).toMatch(/[\u0600-\u06FF]/);

    const none = await preview({ component: 'sections.projects', query: 'min_price=999999999999' });
    expect(none).toMatchObject({ refused: null, total: 0, cards: [] });
  });

  it('answers the same question from what it kept for the catalogue build answering now', async () => {
    const { listingQueryService } = appModule<typeof import('../../src/api/editor-fields/services/listing-query')>('src/api/editor-fields/services/listing-query.js');
    const ask = { section: { __component: 'sections.projects', query: 'state_id=DU' }, locale: 'en' as const, language: 'en' as const };
    const first = await listingQueryService(strapi).preview(ask);
    const again = await listingQueryService(strapi).preview(ask);
    expect(again.controls).toBe(first.controls);
    expect(again.cards).toBe(first.cards);
  });

  it('refuses what is not a live section, a query longer than a section stores and a language it does not have, as the admin API does', async () => {
    const editorial = await asAdmin('/editor-fields/listing-query', { model: PAGE, component: 'sections.faq', query: '' });
    expect(editorial.status).toBe(400);
    expect(editorial.body.error.message).toBe('sections.faq is not a page section with a listing query');
    const long = await asAdmin('/editor-fields/listing-query', { model: PAGE, component: 'sections.projects', query: `location=${'a'.repeat(1000)}` });
    expect(long.status).toBe(400);
    expect(long.body.error.message).toBe('query must be at most 1000 characters');
    const language = await asAdmin('/editor-fields/listing-query', { model: PAGE, component: 'sections.projects', language: 'fr' });
    expect(language.status).toBe(400);
    expect(language.body.error.message).toMatch(/^language: /);
    const model = await asAdmin('/editor-fields/listing-query', { model: 'api::nothing.here', component: 'sections.projects' });
    expect(model.status).toBe(400);
  });
});

describe('GET /editor-fields/picks and /editor-fields/picked', () => {
  const picks = async (params: Record<string, string>) => {
    const res = await asAdmin('/editor-fields/picks', { model: PAGE, ...params });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as Array<{ value: string; label: string; detail: string | null; image: string | null; count: number }>;
  };

  it("suggests places as the search box does, typos included, each with the location it stores and the section's count", async () => {
    const marina = (await picks({ kind: 'place', q: 'Marnia', catalogue: 'off_plan' })).find((pick) => pick.value === 'Dubai Marina');
    const listing = (await (await http()).get('/api/v1/off-plan/projects?location=Dubai%20Marina')).body.data;
    expect(marina).toMatchObject({ label: 'Dubai Marina', count: listing.properties.total });
    expect(marina!.detail).toContain('Dubai');
  });

  it("picks a community by its feed name in either language, and a developer by its page's slug", async () => {
    const english = await picks({ kind: 'community', q: 'Marina' });
    expect(english.map((pick) => pick.value)).toContain('Dubai Marina');
    const arabic = await picks({ kind: 'community', q: 'مارينا', language: 'ar' });
    expect(arabic.find((pick) => pick.value === 'Dubai Marina')?.label).toMatch(/[\u0600-\u06FF]/);
    const filters = (await (await http()).get('/api/v1/off-plan/projects/filters')).body.data;
    const developer = filters.developers[0] as { name: string; slug: string };
    const found = await picks({ kind: 'developer', q: developer.name.split(' ')[0] });
    expect(found.map((pick) => pick.value)).toContain(developer.slug);
    // A lead routing rule's developer is the feed's name, whatever the admin's language.
    const named = await picks({ kind: 'developer_name', q: developer.name.split(' ')[0], language: 'ar' });
    expect(named.map((pick) => pick.value)).toContain(developer.name);
  });

  it("picks a project by its id and a listing by its reference, each shown with its card's image and price", async () => {
    const card = (await (await http()).get('/api/v1/off-plan/projects?per_page=1')).body.data.properties.data[0];
    const found = (await picks({ kind: 'project', q: card.name })).find((pick) => pick.value === card.id);
    expect(found).toMatchObject({ label: card.name, image: card.image });
    expect(found!.detail).toContain(card.price.formatted);
    const home = (await (await http()).get('/api/v1/properties?purpose=sale&per_page=1')).body.data.listings.data[0];
    const listing = (await picks({ kind: 'listing', q: home.reference })).find((pick) => pick.value === home.reference);
    expect(listing).toMatchObject({ label: home.title, image: home.image });

    const held = await asAdmin('/editor-fields/picked', { model: PAGE, kind: 'project', value: card.id });
    expect(held.body.data).toMatchObject({ value: card.id, label: card.name });
    const gone = await asAdmin('/editor-fields/picked', { model: PAGE, kind: 'project', value: '99999999' });
    expect(gone.status).toBe(200);
    expect(gone.body).toEqual({ data: null, meta: { left_at: null } });
  });

  it('refuses what the search box refuses, with its sentence, and a kind it does not know', async () => {
    const blank = await asAdmin('/editor-fields/picks', { model: PAGE, kind: 'place', q: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body.error.message).toBe('The q must be text of 1 to 100 characters, with a letter or digit.');
    const kind = await asAdmin('/editor-fields/picks', { model: PAGE, kind: 'agent', q: 'Marina' });
    expect(kind.status).toBe(400);
    expect(kind.body.error.message).toBe('kind must be one of: place, community, developer, developer_name, project, listing');
  });
});

describe('who may use the fields', () => {
  it('is refused without an admin session', async () => {
    const res = await (await http()).get(`/editor-fields/listing-query?model=${PAGE}&component=sections.projects`);
    expect(res.status).toBe(401);
  });

  it('is refused to an admin whose role may not read the content type being edited', async () => {
    const role = await strapi.service('admin::role').create({ name: 'No content', description: 'reads nothing' });
    await strapi.service('admin::user').create({ ...NO_CONTENT, firstname: 'No', lastname: 'Content', isActive: true, roles: [role.id] });
    const token = await adminToken(NO_CONTENT);
    for (const path of ['/editor-fields/listing-query', '/editor-fields/picks', '/editor-fields/picked']) {
      const res = await asAdmin(path, { model: PAGE, component: 'sections.projects', kind: 'project', q: 'Marina', value: '1' }, token);
      expect(res.status).toBe(403);
    }
  });
});

describe('a held project or listing that left the feed', () => {
  const picked = async (kind: string, value: string) => (await asAdmin('/editor-fields/picked', { model: PAGE, kind, value })).body as { data: { value: string } | null; meta: { left_at: string | null } };
  const projects = () => strapi.plugin('extsource').service('projects');

  it('says since when a project left the collection, and nothing once it is back', async () => {
    const reelly = await startFakeReelly();
    const original = structuredClone(strapi.config.get('plugin::extsource'));
    const catalogue = generatedData({ projects: 3, sales: 0, rentals: 0 }).projects.projects;
    /** The catalogue the fake serves from now on, fetched before this returns; when it was fetched. */
    const serve = async (served: Array<Record<string, unknown>>) => {
      reelly.state.projects = served;
      projects().invalidate();
      await (await http()).get('/api/v1/off-plan/projects');
      return projects().peek().fetchedAt as string;
    };
    try {
      strapi.config.set('plugin::extsource', reellyConfig(original, reelly.url, { detailRate: 0 }));
      await serve(catalogue);
      const leaving = (await (await http()).get(`/api/v1/off-plan/projects?project_name=${encodeURIComponent(String(catalogue[2].name))}`)).body.data.properties.data[0].id as string;
      expect(await picked('project', leaving)).toMatchObject({ data: { value: leaving }, meta: { left_at: null } });
      const leftAt = await serve(catalogue.slice(0, 2));
      expect(await picked('project', leaving)).toEqual({ data: null, meta: { left_at: leftAt } });
      await serve(catalogue.slice(0, 1));
      expect((await picked('project', leaving)).meta.left_at, 'a later fetch keeps the first leave').toBe(leftAt);
      await serve(catalogue);
      expect(await picked('project', leaving)).toMatchObject({ data: { value: leaving }, meta: { left_at: null } });
    } finally {
      strapi.config.set('plugin::extsource', original);
      projects().invalidate();
      await reelly.close();
    }
  });

  it('says since when a listing was sold, as its synced row says', async () => {
    const units = generatedData({ projects: 0, sales: 12, rentals: 0 }).listings;
    const { restore } = await listingsFromFakeGoyzer(strapi, units);
    const listings = appModule<typeof import('../../src/api/properties/services/properties')>('src/api/properties/services/properties').propertiesService(strapi);
    const sync = async () => {
      await strapi.plugin('extsource').service('sync').run('all', 'manual');
      await listings.rebuilt();
    };
    let sold: Record<string, unknown> | undefined;
    try {
      await sync();
      const home = (await (await http()).get('/api/v1/properties?purpose=sale&per_page=1')).body.data.listings.data[0] as { reference: string };
      expect(await picked('listing', home.reference)).toMatchObject({ data: { value: home.reference }, meta: { left_at: null } });
      sold = Object.assign(units.sales.find((unit) => String(unit.RefNo) === home.reference)!, { Status: 'Sold' });
      await sync();
      const row = await strapi.db.query('plugin::extsource.property').findOne({ where: { reference: home.reference, provider: 'goyzer' } });
      expect(row.status).toBe('inactive');
      expect(await picked('listing', home.reference)).toEqual({ data: null, meta: { left_at: new Date(row.deactivated_at).toISOString() } });
    } finally {
      // On the market again for the files after this one, which share the database.
      if (sold) {
        sold.Status = 'Available';
        await sync();
      }
      await restore();
    }
  });
});
