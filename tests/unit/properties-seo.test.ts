/**
 * A listing's `seo` as its data gives it (issue 43): what the home is, what it is offered for and where,
 * within 60 characters; its price and facts within 160; in each language; never empty.
 */
import { describe, expect, it } from 'vitest';
import { listingCard } from '../../src/api/properties/lib/card';
import { listingSeo } from '../../src/api/properties/lib/listing-seo';
import type { Listing } from '../../src/api/properties/lib/listing';

function listing(overrides: Partial<Listing> = {}): Listing {
  return {
    id: 7, reference: 'LS-7', purpose: 'rent', title: 'Furnished 2BR with marina view', title_ar: 'شقة مفروشة بغرفتي نوم', description: '', description_ar: '',
    category: 'Apartment', property_name: 'Marina Gate 1', community: 'Dubai Marina', sub_community: 'Marina Gate', city: 'Dubai', state_id: 'DU',
    bedrooms: '2', bathrooms: 3, area_sqft: 1450, price: 185_000, price_on_request: false, currency: 'AED', agent: { name: '', phone: '', photo: '' }, agent_email: '',
    images: ['https://cdn.example.ae/ls-1.jpg'], brochure_url: '', latitude: null, longitude: null, handover_date: '', permit_number: '7115432100',
    completion_status: 'ready', furnishing: 'furnished', parking: '', view: '', fittings: '', listed_at: 0,
    ...overrides,
  };
}

const seoOf = (data: Listing, locale: 'en' | 'ar' = 'en') => listingSeo(listingCard(data, 'slug', locale), locale);

describe('a listing\'s seo', () => {
  it('says what the home is, what for and where, then its price a year and its facts', () => {
    const seo = seoOf(listing());
    expect(seo.meta_title).toBe('2-bedroom Apartment for rent in Dubai Marina, Dubai');
    // The title first where all fits; here it does not, so the sentence of facts alone.
    expect(seo.meta_description).toBe('2-bedroom Apartment for rent in Marina Gate, Dubai Marina, Dubai: AED 185K a year, 3 bathrooms, 1,450 sq.ft, furnished, permit 7115432100.');
    expect(seoOf(listing({ title: 'Marina flat', permit_number: '' })).meta_description).toBe('Marina flat. 2-bedroom Apartment for rent in Marina Gate, Dubai Marina, Dubai: AED 185K a year, 3 bathrooms, 1,450 sq.ft, furnished.');
    expect(seo).toMatchObject({ canonical_url: null, og_image: 'https://cdn.example.ae/ls-1.jpg', noindex: false });
    expect(seo.keywords).toEqual(['Apartment', 'Dubai Marina', 'Marina Gate', 'Dubai', 'LS-7']);
  });

  it('fits 60 and 160 characters with long names, and names a studio, a sale and a price on request', () => {
    const long = seoOf(listing({ community: 'Mohammed Bin Rashid Al Maktoum City District One', city: 'Dubai', title: 'x'.repeat(200) }));
    expect(long.meta_title.length).toBeLessThanOrEqual(60);
    expect(long.meta_description.length).toBeLessThanOrEqual(160);
    expect(seoOf(listing({ bedrooms: 'Studio', purpose: 'sale' })).meta_title).toBe('Studio apartment for sale in Dubai Marina, Dubai');
    expect(seoOf(listing({ price: null, price_on_request: true })).meta_description).toContain('Price on request');
  });

  it('is in Arabic for locale=ar', () => {
    const seo = seoOf(listing(), 'ar');
    expect(seo.meta_title).toBe('شقة من 2 غرف نوم للإيجار في Dubai Marina، Dubai');
    expect(seo.meta_description).toContain('سنويًا');
    expect(seo.meta_description).toContain('مفروش');
  });
});
