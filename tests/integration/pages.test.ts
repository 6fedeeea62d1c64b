/**
 * Composed pages (issue 45) on the run's database: the demo landing page and area guide in both
 * languages; every section's shape (the contract's schemas, through `checked`); live sections equal to
 * what their own listing shows for their query (cards, totals, figures); the save-time refusal of a
 * query the listing refuses; drafts, former slugs, 404s and 422s; the list of pages and the sitemap.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '@strapi/strapi';
import { adminToken, apiToken, appModule, generatedData, getStrapi, http } from '../helpers/app';
import { checked, checkedError } from '../helpers/contract';
import { listingsFromFakeGoyzer } from '../helpers/fake-goyzer';

type Section = Record<string, any> & { type: string };

const PAGE_UID = 'api::pages.page';
let strapi: Core.Strapi;
let restoreListings: () => Promise<void>;
const created: string[] = [];
const units = generatedData({ projects: 0, sales: 120, rentals: 60 }).listings;

const listings = () => appModule<typeof import('../../src/api/properties/services/properties')>('src/api/properties/services/properties').propertiesService(strapi);

async function page(slug: string, query: Record<string, string> = {}) {
  return (await checked((await http()).get(`/api/v1/pages/${slug}`).query(query))).body.data as Record<string, any> & { sections: Section[] };
}

const data = async (path: string) => (await checked((await http()).get(path))).body.data;

async function createPage(fields: Record<string, unknown>, status: 'published' | 'draft' = 'published') {
  const document = (await strapi.documents(PAGE_UID).create({ status, data: { kind: 'landing', title: 'A test page', ...fields } } as never)) as { documentId: string };
  created.push(document.documentId);
  return document.documentId;
}

beforeAll(async () => {
  strapi = await getStrapi();
  restoreListings = (await listingsFromFakeGoyzer(strapi, units)).restore;
  await strapi.plugin('extsource').service('sync').run('all', 'manual');
  await listings().rebuilt();
});
afterAll(async () => {
  for (const documentId of created) await strapi.documents(PAGE_UID).delete({ documentId, locale: '*' } as never);
  await restoreListings();
});

describe('GET /api/v1/pages/{slug}', () => {
  it('answers the demo landing page with its sections in the editor\'s order, the projects section the listing\'s own first cards', async () => {
    const landing = await page('beachfront-launches');
    expect(landing).toMatchObject({ slug: 'beachfront-launches', kind: 'landing', title: 'Beachfront launches: the last units', canonical_url: expect.stringMatching(/\/campaigns\/beachfront-launches$/) });
    expect(landing.sections.map((section) => section.type)).toEqual(['hero', 'image_text', 'projects', 'faq', 'enquiry_form']);
    const projects = landing.sections[2];
    const listing = await data(`/api/v1/off-plan/projects?${projects.query}&per_page=6`);
    expect(projects.total).toBe(listing.properties.total);
    expect(projects.items.map((card: { id: string }) => card.id)).toEqual(listing.properties.data.map((card: { id: string }) => card.id));
    expect(projects.listing_url).toMatch(/\/off-plan\?sort=price_asc&state_id=DU$/);
    expect(landing.structured_data['@graph'].map((node: { '@type': string }) => node['@type'])).toEqual(['WebPage', 'FAQPage']);
    expect(landing.structured_data['@graph'][0].breadcrumb.itemListElement).toHaveLength(2);
  });

  it('answers the area guide with figures, listings and a map equal to what their listings show', async () => {
    const guide = await page('dubai-marina');
    const [, area, sale, rents, map] = guide.sections;
    expect(guide.sections.map((section) => section.type)).toEqual(['hero', 'area', 'listings', 'figures', 'map']);
    const projects = await data(`/api/v1/off-plan/projects?location=Dubai%20Marina&per_page=100`);
    expect(area.figures.count).toBe(projects.properties.total);
    expect(area.projects.total).toBe(projects.properties.total);
    const prices = projects.properties.data.map((card: { price: { starting_from: number | null } }) => card.price.starting_from).filter((price: number | null) => price !== null);
    expect(area.figures.price_from.amount).toBe(Math.min(...prices));
    expect(area.figures.price_to.amount).toBe(Math.max(...prices));
    expect(map.map.query).toMatch(/bbox=[-\d.]+,[-\d.]+,[-\d.]+,[-\d.]+&zoom=\d+$/);
    const mapped = await data(`${map.map.endpoint}?${map.map.query}`);
    expect(mapped.features.length).toBeGreaterThan(0);
    const forSale = await data(`/api/v1/properties?${sale.query}&per_page=4`);
    expect(sale.total).toBe(forSale.listings.total);
    expect(sale.items.map((card: { reference: string }) => card.reference)).toEqual(forSale.listings.data.map((card: { reference: string }) => card.reference));
    expect(rents.figures.count).toBe((await data(`/api/v1/properties?${rents.query}`)).listings.total);
  });

  it("shows a sync's change at once, the page built while the listings' index is rebuilt waiting for the new one", async () => {
    await createPage({ slug: 'dearest-home', sections: [{ __component: 'sections.listings', purpose: 'sale', query: 'sort=price_desc', limit: 1 }] });
    const top = async () => (await page('dearest-home')).sections[0].items[0] as { reference: string; price: { amount: number } };
    const before = await top();
    // A public home of this file's feed (other files' may linger in the run's database), the cheapest.
    const sales = units.sales as Array<Record<string, unknown>>;
    const shown = (await data('/api/v1/properties?purpose=sale&sort=price_asc&per_page=100')).listings.data as Array<{ reference: string }>;
    const cheapest = shown.map((card) => card.reference).find((reference) => sales.some((candidate) => String(candidate.RefNo) === reference))!;
    const unit = sales.find((candidate) => String(candidate.RefNo) === cheapest)!;
    const price = unit.SellPrice;
    unit.SellPrice = String(before.price.amount + 1_000_000);
    try {
      await strapi.plugin('extsource').service('sync').run('sales', 'manual');
      // Straight after the sync: its invalidation has come, the new index may not have.
      expect(await top()).toMatchObject({ reference: cheapest, price: { amount: before.price.amount + 1_000_000 } });
    } finally {
      unit.SellPrice = price;
      await strapi.plugin('extsource').service('sync').run('sales', 'manual');
      await listings().rebuilt();
    }
  });

  it('answers in Arabic with the Arabic sections, and in another currency', async () => {
    const arabic = await page('dubai-marina', { locale: 'ar' });
    expect(arabic.title).toBe('العيش في دبي مارينا');
    expect(arabic.sections[0].title).toBe('العيش في دبي مارينا');
    expect(arabic.canonical_url).toMatch(/\/ar\/areas\/dubai-marina$/);
    const inDollars = await page('dubai-marina', { currency: 'USD' });
    expect(inDollars.sections[1].figures.price_from.currency).toBe('USD');
    const refused = await checkedError((await http()).get('/api/v1/pages/dubai-marina').query({ currency: 'EUR' }), 422, 'VALIDATION_FAILED');
    expect(refused.body.errors).toEqual({ currency: ['The currency must be one of: AED, GBP, USD.'] });
  });

  it('answers every editorial section in its own shape, in the editor\'s order', async () => {
    const file = (await strapi.db.query('plugin::upload.file').findOne({ where: {}, select: ['id', 'alternativeText'] })) as { id: number; alternativeText: string | null };
    const testimonials = await strapi.documents('api::luxury.luxury-testimonial').findMany({ status: 'published', locale: 'en', sort: 'order:asc', limit: 2 } as never);
    expect(testimonials.length).toBe(2);
    const body = [{ type: 'paragraph', children: [{ type: 'text', text: 'Waterfront living, ' }, { type: 'text', text: 'steps from the beach.', bold: true }] }];
    await createPage({
      slug: 'every-section',
      sections: [
        { __component: 'sections.points', title: 'Why here', points: [{ number: 1, text: 'The beach' }, { number: 2, text: 'The metro' }] },
        { __component: 'sections.services', title: 'What we do', services: [{ title: 'Viewings', description: 'Any day' }] },
        { __component: 'sections.testimonials', title: 'Buyers say', testimonials: [...testimonials].reverse().map((item) => item.documentId) },
        { __component: 'sections.call-to-action', title: 'Talk to us', text: 'Today', link: { label: 'Call', url: '/contact' }, image: file.id },
        { __component: 'sections.rich-text', title: 'The area', body },
        { __component: 'sections.gallery', title: 'Pictures', images: [file.id] },
        { __component: 'sections.image-text', title: 'Launch prices', text: 'Early buyers choose first.', image_side: 'start' },
      ],
    });
    const { sections } = await page('every-section');
    expect(sections.map((section) => section.type)).toEqual(['points', 'services', 'testimonials', 'call_to_action', 'rich_text', 'gallery', 'image_text']);
    const [points, services, chosen, cta, text, gallery, imageText] = sections;
    expect(points).toEqual({ type: 'points', title: 'Why here', points: [{ number: 1, text: 'The beach' }, { number: 2, text: 'The metro' }] });
    expect(services).toEqual({ type: 'services', title: 'What we do', services: [{ title: 'Viewings', description: 'Any day' }] });
    expect(chosen.testimonials.map((item: { reviewer_name: string }) => item.reviewer_name)).toEqual([...testimonials].reverse().map((item) => item.reviewer_name));
    expect(cta).toMatchObject({ type: 'call_to_action', title: 'Talk to us', text: 'Today', link: { label: 'Call', url: '/contact' }, image: expect.stringMatching(/^https?:\/\//) });
    expect(text).toEqual({ type: 'rich_text', title: 'The area', body });
    expect(gallery).toEqual({ type: 'gallery', title: 'Pictures', images: [{ url: cta.image, alt: file.alternativeText ?? '' }] });
    expect(imageText).toEqual({ type: 'image_text', title: 'Launch prices', text: 'Early buyers choose first.', image: null, image_side: 'start' });
  });

  it('falls back to English where a page has no Arabic', async () => {
    await createPage({ slug: 'english-only', sections: [{ __component: 'sections.faq', title: 'Questions', items: [{ question: 'Why?', answer: 'Because.' }] }] });
    const arabic = await page('english-only', { locale: 'ar' });
    expect(arabic.title).toBe('A test page');
    expect(arabic.sections[0]).toEqual({ type: 'faq', title: 'Questions', items: [{ question: 'Why?', answer: 'Because.' }] });
  });

  it('keeps values as long as their fields allow, on PostgreSQL as on SQLite (no VARCHAR(255) under a longer maxLength)', async () => {
    const question = `${'Which floors face the sea, and '.repeat(15)}why?`;
    const query = `project_name=${'a'.repeat(90)}&location=${'Dubai Marina '.repeat(7).trim()}&state_id=DU&bedrooms=2&min_price=1000000&max_price=3000000&sort=price_asc`;
    expect(question.length).toBeGreaterThan(255);
    expect(query.length).toBeGreaterThan(255);
    await createPage({
      slug: 'long-values',
      sections: [
        { __component: 'sections.faq', title: 'Questions', items: [{ question, answer: 'Those on the west side.' }] },
        { __component: 'sections.projects', query, limit: 3 },
      ],
    });
    const sections = (await page('long-values')).sections;
    expect(sections[0].items[0].question).toBe(question);
    const stored = (await strapi.documents(PAGE_UID).findFirst({ filters: { slug: 'long-values' }, populate: { sections: { populate: '*' } } } as never)) as unknown as { sections: Array<{ query?: string }> };
    expect(stored.sections[1].query).toBe(query);
  });

  it('answers 404 for an unknown slug and 301 for a former one', async () => {
    await checkedError((await http()).get('/api/v1/pages/no-such-page'), 404, 'NOT_FOUND');
    const documentId = await createPage({ slug: 'summer-offers' });
    await page('summer-offers');
    await strapi.documents(PAGE_UID).update({ documentId, status: 'published', data: { slug: 'autumn-offers' } } as never);
    await strapi.documents(PAGE_UID).publish({ documentId } as never);
    await page('autumn-offers');
    const moved = await (await http()).get('/api/v1/pages/summer-offers');
    expect(moved.status).toBe(301);
    expect(moved.headers.location).toBe('/api/v1/pages/autumn-offers');
    expect(moved.body.data).toEqual({ slug: 'autumn-offers', canonical_url: expect.stringMatching(/\/campaigns\/autumn-offers$/) });
  });

  it('reads a draft only with an API token', async () => {
    await createPage({ slug: 'not-yet', title: 'Coming soon' }, 'draft');
    await checkedError((await http()).get('/api/v1/pages/not-yet'), 404, 'NOT_FOUND');
    const token = await apiToken('read-only');
    const draft = await (await http()).get('/api/v1/pages/not-yet?status=draft').set('Authorization', `Bearer ${token}`);
    expect(draft.status).toBe(200);
    expect(draft.body.data.title).toBe('Coming soon');
    expect(draft.headers['cache-control']).toBe('private, no-store');
  });
});

describe('the search box', () => {
  it("suggests a community's area guide with the community", async () => {
    const { communities } = (await data('/api/v1/search/suggest?q=dubai%20marina')).groups;
    expect(communities[0]).toMatchObject({ label: 'Dubai Marina', query: 'state_id=DU&location=Dubai%20Marina', page: { slug: 'dubai-marina', canonical_url: expect.stringMatching(/\/areas\/dubai-marina$/) } });
  });
});

describe("Strapi's Preview panel", () => {
  it('opens a page at its own address, and its token reads that page\'s draft alone', async () => {
    const documentId = await createPage({ slug: 'preview-me', title: 'Published title' });
    await strapi.documents(PAGE_UID).update({ documentId, data: { title: 'Draft title' } } as never);
    const res = await (await http()).get(`/content-manager/preview/url/${PAGE_UID}`).query({ documentId, locale: 'en', status: 'draft' }).set('Authorization', `Bearer ${await adminToken()}`);
    expect(res.status).toBe(200);
    const url = new URL(res.body.data.url);
    expect(url.searchParams.get('url')).toBe('/campaigns/preview-me');
    const token = url.searchParams.get('token')!;
    expect((await page('preview-me')).title).toBe('Published title');
    const draft = await (await http()).get('/api/v1/pages/preview-me').query({ status: 'draft', preview: token });
    expect(draft.status).toBe(200);
    expect(draft.body.data.title).toBe('Draft title');
    const other = await (await http()).get('/api/v1/pages/dubai-marina').query({ status: 'draft', preview: token });
    expect(other.body.data.title).toBe('Living in Dubai Marina');
  });
});

describe('saving a page', () => {
  it('refuses a live section whose query the listing refuses, with the listing\'s message on that field', async () => {
    const saving = strapi.documents(PAGE_UID).create({
      data: { slug: 'bad-query', kind: 'landing', title: 'Bad', sections: [{ __component: 'sections.hero', title: 'Hi' }, { __component: 'sections.projects', query: 'state_id=XX&min_price=ten' }] },
    } as never);
    await expect(saving).rejects.toMatchObject({
      name: 'ValidationError',
      details: { errors: [{ path: ['sections', '1', 'query'], message: expect.stringMatching(/^state_id: .* min_price: /) }] },
    });
    const listingsQuery = strapi.documents(PAGE_UID).create({
      data: { slug: 'bad-listing-query', kind: 'landing', title: 'Bad', sections: [{ __component: 'sections.listings', purpose: 'rent', query: 'bedrooms=twelve' }] },
    } as never);
    await expect(listingsQuery).rejects.toMatchObject({ details: { errors: [{ path: ['sections', '0', 'query'] }] } });
  });

  it('refuses a slug another page has or had', async () => {
    await expect(createPage({ slug: 'dubai-marina' })).rejects.toMatchObject({ details: { errors: [{ path: ['slug'] }] } });
  });
});

describe('GET /api/v1/pages', () => {
  it('lists the published pages of a kind, newest first', async () => {
    const guides = await data('/api/v1/pages?kind=area_guide');
    expect(guides.items.map((card: { slug: string }) => card.slug)).toContain('dubai-marina');
    expect(guides.items.every((card: { kind: string }) => card.kind === 'area_guide')).toBe(true);
    const refused = await checkedError((await http()).get('/api/v1/pages?kind=blog&per_page=0'), 422, 'VALIDATION_FAILED');
    expect(Object.keys(refused.body.errors).sort()).toEqual(['kind', 'per_page']);
  });

  it('are in the sitemap in both languages', async () => {
    const part = await (await http()).get('/api/v1/sitemaps/pages-1.xml');
    expect(part.status).toBe(200);
    expect(part.text).toContain('/campaigns/beachfront-launches</loc>');
    expect(part.text).toContain('/ar/areas/dubai-marina</loc>');
  });
});
