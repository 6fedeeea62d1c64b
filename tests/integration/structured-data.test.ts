/**
 * The schema.org JSON-LD of the project and contact answers (decisions 115-116) on the running app:
 * each project answer carries its own, in the request's language, for its page (`canonical_url`) and from its data;
 * the contact page's names the agency and its branches, and is rebuilt when the page is published (not
 * when a draft is saved). Every tree is checked against schema.org's vocabulary.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '@strapi/strapi';
import { appModule, getStrapi, http } from '../helpers/app';
import { checked } from '../helpers/contract';
import { vocabularyProblems } from '../helpers/schema-vocabulary';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const PAGE = 'api::contact.contact-page';
const sitePaths = () => appModule<typeof import('../../src/api/website/services/site-pages')>('src/api/website/services/site-pages');

let strapi: Core.Strapi;
let details: Json[];

const get = async (path: string) => checked((await http()).get(path));

beforeAll(async () => {
  strapi = await getStrapi();
  const listing = await get('/api/v1/off-plan/projects?per_page=100');
  details = await Promise.all(listing.body.data.properties.data.map(async (card: Json) => (await get(`/api/v1/off-plan/projects/${card.id}`)).body.data));
});

describe('a project answer', () => {
  it('carries its JSON-LD after its SEO: its page, the place with its address, coordinates and images, developer, agency, and an offer from its price', () => {
    const priced = details.find((data) => data.coordinates && data.price.starting_from !== null)!;
    expect(Object.keys(priced).slice(-3)).toEqual(['seo', 'structured_data', 'similar']);
    expect(priced.canonical_url).toBe(sitePaths().pageUrl('project', 'en', { slug: priced.slug }));
    const ld = priced.structured_data;
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'RealEstateListing',
      url: priced.canonical_url,
      name: priced.name,
      inLanguage: 'en',
      mainEntity: {
        '@type': expect.stringMatching(/^(ApartmentComplex|Residence)$/),
        name: priced.name,
        address: { '@type': 'PostalAddress', addressLocality: priced.city, addressRegion: priced.state_name, addressCountry: 'AE' },
        geo: { '@type': 'GeoCoordinates', latitude: priced.coordinates.latitude, longitude: priced.coordinates.longitude },
      },
      provider: { '@type': 'Organization', name: priced.developer.name },
      publisher: { '@type': 'RealEstateAgent', '@id': `${sitePaths().pageUrl('contact', 'en')}#agency`, name: 'Luxury Estates' },
      offers: { '@type': 'AggregateOffer', lowPrice: priced.price.starting_from, priceCurrency: priced.price.currency },
    });
    expect(ld.image[0]).toBe(priced.image);
    expect(ld.mainEntity.address.streetAddress).toContain(priced.community);
  });

  it('has no geo without coordinates and no offer without a price, and every one holds to schema.org', () => {
    for (const data of details) {
      expect(vocabularyProblems(data.structured_data), data.id).toEqual([]);
      expect('geo' in data.structured_data.mainEntity, data.id).toBe(data.coordinates !== null);
      expect('offers' in data.structured_data, data.id).toBe(data.price.starting_from !== null);
    }
    expect(details.some((data) => data.price.starting_from === null), 'a project without a price in the demo').toBe(true);
  });

  it('is in Arabic for locale=ar: names, emirate and page in Arabic, the same agency', async () => {
    const english = details.find((data) => data.price.starting_from !== null)!;
    const arabic = (await get(`/api/v1/off-plan/projects/${english.id}?locale=ar`)).body.data;
    const ld = arabic.structured_data;
    expect(ld).toMatchObject({
      url: sitePaths().pageUrl('project', 'ar', { slug: english.slug }),
      name: arabic.name,
      inLanguage: 'ar',
      mainEntity: { address: { addressRegion: arabic.state_name } },
      publisher: { '@id': english.structured_data.publisher['@id'], url: sitePaths().pageUrl('contact', 'ar') },
    });
    expect(arabic.state_name).toMatch(/[\u0600-\u06FF]/);
    expect(vocabularyProblems(ld)).toEqual([]);
  });
});

describe('the contact page answer', () => {
  it('carries the agency with its contact details and its branches as places, in English and Arabic', async () => {
    const english = (await get('/api/v1/contact-us-page')).body.data;
    expect(english.structured_data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'RealEstateAgent',
      '@id': `${sitePaths().pageUrl('contact', 'en')}#agency`,
      name: 'Luxury Estates',
      url: sitePaths().pageUrl('contact', 'en'),
      telephone: english.phone,
      email: english.email,
      sameAs: english.social_media.map((social: Json) => social.link),
      address: { '@type': 'PostalAddress', streetAddress: english.our_branches[0].location, addressCountry: 'AE' },
    });
    expect(english.structured_data.location).toEqual(
      english.our_branches.map((branch: Json) => ({
        '@type': 'Place', name: branch.title, telephone: branch.mobile, image: branch.branch_image,
        address: { '@type': 'PostalAddress', streetAddress: branch.location, addressCountry: 'AE' },
        geo: { '@type': 'GeoCoordinates', latitude: expect.any(Number), longitude: expect.any(Number) },
      }))
    );
    // The demo's coordinates, given in the branch (not in our_branches, whose bytes stay the contract's).
    expect(english.structured_data.location[0].geo).toMatchObject({ latitude: 25.2131, longitude: 55.2796 });
    expect(Object.keys(english.our_branches[0])).toEqual(['title', 'branch_image', 'mobile', 'email', 'location']);
    expect(vocabularyProblems(english.structured_data)).toEqual([]);

    const arabic = (await get('/api/v1/contact-us-page?locale=ar')).body.data;
    expect(arabic.structured_data).toMatchObject({ '@id': english.structured_data['@id'], url: sitePaths().pageUrl('contact', 'ar') });
    expect(arabic.structured_data.location.map((place: Json) => place.name)).toEqual(arabic.our_branches.map((branch: Json) => branch.title));
    expect(arabic.structured_data.location[0].name).toMatch(/[\u0600-\u06FF]/);
  });

  it('is rebuilt when the page is published, and not by a draft', async () => {
    const page = await strapi.documents(PAGE).findFirst();
    const telephone = async () => (await get('/api/v1/contact-us-page')).body.data.structured_data.telephone;
    expect(await telephone()).toBe('+971 4 123 4567');
    try {
      await strapi.documents(PAGE).update({ documentId: page!.documentId, data: { phone: '+971 4 555 0000' } });
      expect(await telephone()).toBe('+971 4 123 4567');
      await strapi.documents(PAGE).publish({ documentId: page!.documentId });
      expect(await telephone()).toBe('+971 4 555 0000');
    } finally {
      await strapi.documents(PAGE).update({ documentId: page!.documentId, data: { phone: '+971 4 123 4567' } });
      await strapi.documents(PAGE).publish({ documentId: page!.documentId });
    }
  });
});
