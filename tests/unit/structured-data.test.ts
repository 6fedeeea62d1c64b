/**
 * The schema.org JSON-LD of the project and contact answers (decisions 115-116): its shape in each
 * language, what is left out when the data has no value, and every type and property checked against
 * schema.org's own vocabulary (tests/helpers/schema-vocabulary.ts), with what Google's rich results need.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { contactStructuredData } from '../../src/api/contact/lib/contact-structured-data';
import type { ContactPageRecord } from '../../src/api/contact/lib/contact-page';
import { projectIn } from '../../src/api/off-plan/lib/project-locale';
import { projectStructuredData } from '../../src/api/off-plan/lib/project-structured-data';
import { agencyNamesFrom, DEFAULT_AGENCY_NAME, useAgencyNames } from '../../src/api/website/services/agency';
import { pageUrl } from '../../src/api/website/services/site-pages';
import type { NormalisedProject } from '../../src/plugins/extsource/server/src/mapping/types';
import { schemaVocabulary, termsOf, vocabularyProblems } from '../helpers/schema-vocabulary';
import { listingDetail } from '../../src/api/properties/lib/detail';
import type { Listing } from '../../src/api/properties/lib/listing';

/** As the answer's JSON carries it: fields without a value are gone. */
const asJson = (value: unknown) => JSON.parse(JSON.stringify(value));

function project(overrides: Partial<NormalisedProject> = {}): NormalisedProject {
  return {
    id: '3000', ref_no: 'OP-3000', name: 'Marina Vista', location: 'Dubai Marina, Dubai',
    developer: { id: 7, name: 'Emaar Properties', slug: 'emaar', logo: 'https://cdn.example.ae/emaar.png' },
    bedrooms: { label: '1-3 Bedrooms', types: ['1', '2', '3'] }, price: { starting_from: 1_250_000, formatted: 'AED 1.25M', currency: 'AED' },
    completion: { date: 'Q4 2027', year: '2027' }, image: 'https://cdn.example.ae/vista.jpg', images: ['https://cdn.example.ae/vista.jpg', 'https://cdn.example.ae/vista-2.jpg'],
    state_id: 'DU', state_name: 'Dubai', city: 'Dubai', community: 'Dubai Marina', community_id: '12', sub_community: 'Marina Gate',
    category: 'Apartment', status: 'Off-Plan', agent: { name: 'Sara Khan', phone: '+971 50 000 0000' }, badge: '', address: 'Dubai Marina, Dubai',
    specs: { beds: '', bathrooms: '', area: '' }, description: 'Waterfront towers.', apartments: [], facilities: [],
    coordinates: { latitude: 25.08, longitude: 55.14 }, gallery: ['https://cdn.example.ae/vista-3.jpg'], payment_plans: [],
    completion_sort: '2027-12', property_types: ['Apartments', 'Penthouse'], size_range_sqft: null,
    translations: { ar: { name: 'مارينا فيستا', description: 'أبراج على الواجهة البحرية.', location: '', city: 'دبي', community: 'دبي مارينا', sub_community: '', badge: '' } },
    ...overrides,
  };
}

const projectData = (data: NormalisedProject, locale: 'en' | 'ar' = 'en') =>
  asJson(projectStructuredData(projectIn(data, locale), locale, pageUrl('project', locale, { slug: data.id })));

const CONTACT: ContactPageRecord = {
  title: 'Get in Touch', phone: '+971 4 123 4567', email: 'hello@luxuryestates.ae', whatsapp: '',
  social_media: [{ link: 'https://www.instagram.com/luxuryestates.ae' }, { link: '' }],
  our_branches: [
    { title: 'Dubai Head Office', mobile: '+971 4 123 4567', email: 'dubai@luxuryestates.ae', location: 'Burj Daman, DIFC, Dubai', branch_image: { url: '/uploads/dubai.jpg' }, latitude: 25.2131, longitude: 55.2796 },
    // One coordinate alone places nothing.
    { title: 'Abu Dhabi Branch', mobile: '', email: '', location: '', branch_image: null, latitude: 24.5, longitude: null },
  ],
} as unknown as ContactPageRecord;
const optionalImage = (file: { url?: string } | null | undefined) => (file?.url ? `https://cms.example.ae${file.url}` : null);
const contactData = (record: ContactPageRecord | null, locale: 'en' | 'ar' = 'en') => asJson(contactStructuredData(record, locale, optionalImage as never));

afterEach(() => useAgencyNames(agencyNamesFrom(() => undefined)));

describe('a project\'s structured data', () => {
  it('is its page as a RealEstateListing of an apartment complex, with address, coordinates, images, developer, agency and offer', () => {
    expect(projectData(project())).toEqual({
      '@context': 'https://schema.org',
      '@type': 'RealEstateListing',
      url: 'http://localhost:3000/off-plan/3000',
      name: 'Marina Vista',
      description: 'Waterfront towers.',
      inLanguage: 'en',
      image: ['https://cdn.example.ae/vista.jpg', 'https://cdn.example.ae/vista-2.jpg', 'https://cdn.example.ae/vista-3.jpg'],
      mainEntity: {
        '@type': 'ApartmentComplex',
        name: 'Marina Vista',
        address: { '@type': 'PostalAddress', streetAddress: 'Marina Gate, Dubai Marina', addressLocality: 'Dubai', addressRegion: 'Dubai', addressCountry: 'AE' },
        geo: { '@type': 'GeoCoordinates', latitude: 25.08, longitude: 55.14 },
        image: ['https://cdn.example.ae/vista.jpg', 'https://cdn.example.ae/vista-2.jpg', 'https://cdn.example.ae/vista-3.jpg'],
      },
      provider: { '@type': 'Organization', name: 'Emaar Properties', logo: 'https://cdn.example.ae/emaar.png' },
      publisher: {
        '@type': 'RealEstateAgent', '@id': 'http://localhost:3000/contact#agency', name: DEFAULT_AGENCY_NAME, url: 'http://localhost:3000/contact',
        employee: { '@type': 'Person', name: 'Sara Khan', telephone: '+971 50 000 0000' },
      },
      offers: { '@type': 'AggregateOffer', lowPrice: 1_250_000, priceCurrency: 'AED', offeredBy: { '@id': 'http://localhost:3000/contact#agency' } },
    });
  });

  it('is in Arabic for locale=ar: the project\'s own Arabic texts, the emirate\'s Arabic name, the Arabic page, the agency\'s Arabic name', () => {
    useAgencyNames(agencyNamesFrom((name) => ({ AGENCY_NAME: 'Luxury Estates', AGENCY_NAME_AR: 'لاكشري إستيتس' })[name]));
    const data = projectData(project(), 'ar');
    expect(data).toMatchObject({
      url: 'http://localhost:3000/ar/off-plan/3000',
      name: 'مارينا فيستا',
      description: 'أبراج على الواجهة البحرية.',
      inLanguage: 'ar',
      mainEntity: { name: 'مارينا فيستا', address: { streetAddress: 'Marina Gate, دبي مارينا', addressLocality: 'دبي', addressRegion: 'دبي', addressCountry: 'AE' } },
      publisher: { '@id': 'http://localhost:3000/contact#agency', name: 'لاكشري إستيتس', url: 'http://localhost:3000/ar/contact' },
    });
  });

  it('has no geo without coordinates, no offer without a price, no images, description or employee without them', () => {
    const bare = projectData(project({ coordinates: null, price: { starting_from: null, formatted: 'Price on request', currency: 'AED' }, image: '', images: [], gallery: [], description: '', agent: { name: '', phone: '' }, sub_community: '', translations: undefined }));
    expect(bare).not.toHaveProperty('offers');
    expect(bare).not.toHaveProperty('image');
    expect(bare).not.toHaveProperty('description');
    expect(bare.mainEntity).not.toHaveProperty('geo');
    expect(bare.mainEntity).not.toHaveProperty('image');
    expect(bare.publisher).not.toHaveProperty('employee');
    expect(bare.mainEntity.address).toEqual({ '@type': 'PostalAddress', streetAddress: 'Dubai Marina', addressLocality: 'Dubai', addressRegion: 'Dubai', addressCountry: 'AE' });
  });

  it('offers in the currency its starting price is in', () => {
    expect(projectData(project({ price: { starting_from: 340_000, formatted: 'USD 340K', currency: 'USD' } })).offers).toMatchObject({ lowPrice: 340_000, priceCurrency: 'USD' });
  });

  it.each([
    [['Villa'], 'Residence'],
    [['Apartment', 'Townhouse'], 'Residence'],
    [[], 'Residence'],
    [['Penthouses'], 'ApartmentComplex'],
  ])('is a residence of homes %j as a %s', (kinds, type) => {
    expect(projectData(project({ property_types: kinds })).mainEntity['@type']).toBe(type);
  });
});

describe('the contact page\'s structured data', () => {
  it('is the agency with its phone, e-mail, profiles, head office address and branches as places (geo where they have coordinates), in the page\'s language', () => {
    expect(contactData(CONTACT)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'RealEstateAgent',
      '@id': 'http://localhost:3000/contact#agency',
      name: DEFAULT_AGENCY_NAME,
      url: 'http://localhost:3000/contact',
      telephone: '+971 4 123 4567',
      email: 'hello@luxuryestates.ae',
      address: { '@type': 'PostalAddress', streetAddress: 'Burj Daman, DIFC, Dubai', addressCountry: 'AE' },
      sameAs: ['https://www.instagram.com/luxuryestates.ae'],
      location: [
        {
          '@type': 'Place', name: 'Dubai Head Office', telephone: '+971 4 123 4567', image: 'https://cms.example.ae/uploads/dubai.jpg',
          address: { '@type': 'PostalAddress', streetAddress: 'Burj Daman, DIFC, Dubai', addressCountry: 'AE' },
          geo: { '@type': 'GeoCoordinates', latitude: 25.2131, longitude: 55.2796 },
        },
        // No placeholder photo, no empty address or phone, no geo without both coordinates.
        { '@type': 'Place', name: 'Abu Dhabi Branch' },
      ],
    });
    expect(contactData(CONTACT, 'ar')).toMatchObject({ url: 'http://localhost:3000/ar/contact', '@id': 'http://localhost:3000/contact#agency' });
  });

  it('is the agency alone for a page never saved', () => {
    expect(contactData(null)).toEqual({
      '@context': 'https://schema.org', '@type': 'RealEstateAgent', '@id': 'http://localhost:3000/contact#agency', name: DEFAULT_AGENCY_NAME, url: 'http://localhost:3000/contact',
    });
  });
});

describe('the agency\'s names', () => {
  it('are AGENCY_NAME, and AGENCY_NAME_AR in Arabic (AGENCY_NAME where that is unset)', () => {
    expect(agencyNamesFrom(() => undefined)).toEqual({ en: DEFAULT_AGENCY_NAME, ar: DEFAULT_AGENCY_NAME });
    expect(agencyNamesFrom((name) => ({ AGENCY_NAME: ' Gulf Homes ' })[name])).toEqual({ en: 'Gulf Homes', ar: 'Gulf Homes' });
    expect(agencyNamesFrom((name) => ({ AGENCY_NAME: 'Gulf Homes', AGENCY_NAME_AR: 'بيوت الخليج' })[name])).toEqual({ en: 'Gulf Homes', ar: 'بيوت الخليج' });
  });
});

function listing(overrides: Partial<Listing> = {}): Listing {
  return {
    id: 41, reference: 'LS-4100', purpose: 'rent', title: 'Furnished 2BR with marina view', title_ar: 'شقة مفروشة بغرفتي نوم', description: 'Bright, high floor.',
    description_ar: 'مشرقة في طابق مرتفع.', category: 'Apartment', property_name: 'Marina Gate 1', community: 'Dubai Marina', sub_community: 'Marina Gate', city: 'Dubai',
    state_id: 'DU', bedrooms: '2', bathrooms: 3, area_sqft: 1450, price: 185_000, price_on_request: false, currency: 'AED',
    agent: { name: 'Omar Haddad', phone: '+971 50 111 2222', photo: '' }, agent_email: 'omar@agency.example', images: ['https://cdn.example.ae/ls-1.jpg', 'https://cdn.example.ae/ls-2.jpg'],
    brochure_url: '', latitude: 25.08, longitude: 55.14, handover_date: '', permit_number: '7115432100', completion_status: 'ready', furnishing: 'furnished',
    parking: '1', view: 'Marina', fittings: '', listed_at: 1_760_000_000_000,
    ...overrides,
  };
}

const listingData = (data: Listing, locale: 'en' | 'ar' = 'en') => asJson(listingDetail(data, 'furnished-2br-with-marina-view', locale, []).structured_data);

describe('a listing\'s structured data', () => {
  it('is its page as a RealEstateListing of the home, with rooms, floor size, address, coordinates, agency and a yearly offer to lease', () => {
    const data = listingData(listing());
    expect(data).toMatchObject({
      '@type': 'RealEstateListing', url: 'http://localhost:3000/properties/furnished-2br-with-marina-view', identifier: 'LS-4100', inLanguage: 'en',
      mainEntity: {
        '@type': 'Apartment', numberOfBedrooms: 2, numberOfBathroomsTotal: 3, floorSize: { '@type': 'QuantitativeValue', value: 1450, unitCode: 'FTK' },
        address: { streetAddress: 'Marina Gate, Dubai Marina', addressLocality: 'Dubai', addressRegion: 'Dubai', addressCountry: 'AE' },
        geo: { latitude: 25.08, longitude: 55.14 },
      },
      publisher: { '@type': 'RealEstateAgent', employee: { name: 'Omar Haddad' } },
      offers: { '@type': 'OfferForLease', price: 185000, priceCurrency: 'AED', priceSpecification: { unitCode: 'ANN' } },
    });
  });

  it('sells a villa as a House, a studio has no bedroom, and there is no offer, geo or images without them', () => {
    const villa = listingData(listing({ purpose: 'sale', category: 'Villa', price: null, price_on_request: true, latitude: null, longitude: null, images: [] }), 'ar');
    expect(villa.mainEntity['@type']).toBe('House');
    expect(villa).not.toHaveProperty('offers');
    expect(villa.mainEntity).not.toHaveProperty('geo');
    expect(villa).not.toHaveProperty('image');
    expect(villa.name).toBe('شقة مفروشة بغرفتي نوم');
    expect(listingData(listing({ bedrooms: 'Studio', purpose: 'sale' })).mainEntity.numberOfBedrooms).toBe(0);
    expect(listingData(listing({ purpose: 'sale' })).offers['@type']).toBe('OfferForPurchase');
    expect(listingData(listing({ category: 'Office' })).mainEntity['@type']).toBe('Accommodation');
  });
});

describe('against schema.org\'s own vocabulary', () => {
  const trees = {
    'a listing for rent': listingData(listing()),
    'a villa for sale in Arabic, on request, on no map': listingData(listing({ purpose: 'sale', category: 'Villa', price: null, price_on_request: true, latitude: null, longitude: null }), 'ar'),
    'a full project': projectData(project()),
    'a project in Arabic, a villa community without price or coordinates': projectData(project({ property_types: ['Villa'], coordinates: null, price: { starting_from: null, formatted: '', currency: 'AED' } }), 'ar'),
    'the contact page': contactData(CONTACT),
  };

  it.each(Object.entries(trees))('%s uses only types and properties schema.org has, each where it belongs and with a value its range takes', (_, tree) => {
    expect(vocabularyProblems(tree)).toEqual([]);
  });

  it('sees every term of them (the vocabulary is loaded, the walk reaches every node)', () => {
    const vocab = schemaVocabulary();
    const used = new Set(Object.values(trees).flatMap((tree) => [...termsOf(tree)]));
    expect(used.size).toBeGreaterThan(25);
    for (const term of used) expect(vocab.classes.has(term) || vocab.properties.has(term), term).toBe(true);
  });

  it('refuses what schema.org does not have: an unknown type or property, a property on a type that has none, a value outside its range', () => {
    expect(vocabularyProblems({ '@type': 'ApartmentBlock', name: 'x' })).toEqual(['$: @type ApartmentBlock is not a schema.org type']);
    expect(vocabularyProblems({ '@type': 'ApartmentComplex', developer: 'x' })).toEqual(['$.developer: developer is not a schema.org property']);
    expect(vocabularyProblems({ '@type': 'ApartmentComplex', offers: { '@type': 'Offer', price: 1, priceCurrency: 'AED' } })).toEqual(['$.offers: a ApartmentComplex has no offers']);
    expect(vocabularyProblems({ '@type': 'Place', geo: { '@type': 'Organization', name: 'x' } })).toEqual(['$.geo: geo takes GeoCoordinates/GeoShape, not Organization']);
    expect(vocabularyProblems({ '@type': 'Place', address: { '@type': 'PostalAddress', addressCountry: { '@type': 'Person' } } })).toHaveLength(1);
  });

  it('has what Google\'s rich results need: names, an address with its country, images, and an offer\'s price and currency', () => {
    const full = trees['a full project'];
    expect(full.name).toBeTruthy();
    expect(full.url).toMatch(/^https?:\/\//);
    expect(full.image.length).toBeGreaterThan(0);
    expect(full.mainEntity).toMatchObject({ name: expect.any(String), address: { addressCountry: 'AE', addressLocality: expect.any(String) } });
    expect(full.offers).toMatchObject({ lowPrice: expect.any(Number), priceCurrency: expect.stringMatching(/^[A-Z]{3}$/) });
    expect(full.provider.name).toBeTruthy();
    const agency = trees['the contact page'];
    expect(agency).toMatchObject({ name: expect.any(String), url: expect.any(String), telephone: expect.any(String), address: { streetAddress: expect.any(String), addressCountry: 'AE' } });
    for (const branch of agency.location) expect(branch.name).toBeTruthy();
  });
});
