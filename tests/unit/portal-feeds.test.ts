/**
 * The portals' XML feeds read into listings (issue 69): Property Finder's current and older exports and
 * Bayut's combined feed, from fixtures that keep the habits of real exporters (a BOM, Windows line ends,
 * ISO-8859-1, CDATA with HTML, prices with separators or a currency, rents by the month or the week,
 * studios as `studio` or `-1`, sizes in m², `geopoints` in either order, empty and unknown tags).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { xmlRecordReader, type XmlFeedShape } from '../../src/plugins/extsource/server/src/drivers/xml-records';
import { mapBayutProperty } from '../../src/plugins/extsource/server/src/mapping/bayut';
import { mapPropertyFinderProperty } from '../../src/plugins/extsource/server/src/mapping/property-finder';
import type { NormalisedListing, Rejected } from '../../src/plugins/extsource/server/src/mapping/types';
import type { XmlElement } from '../../src/plugins/extsource/server/src/mapping/xml-element';

const FIXTURES = path.resolve(__dirname, '../fixtures/feeds');

function mapped(file: string, shape: XmlFeedShape, map: (record: XmlElement) => NormalisedListing | Rejected) {
  const results: Array<NormalisedListing | Rejected> = [];
  const reader = xmlRecordReader(shape, (record) => results.push(map(record)));
  reader.write(fs.readFileSync(path.join(FIXTURES, file)));
  reader.end();
  return results;
}

const PF = { root: 'list', record: 'property' };
const BAYUT = { root: 'properties', record: 'property' };
const byReference = (results: Array<NormalisedListing | Rejected>) => new Map(results.map((result) => [result.reference, result]));

describe('a Property Finder feed as a CRM exports it', () => {
  const results = mapped('pf-crm.xml', PF, mapPropertyFinderProperty);
  const listings = byReference(results);

  it('reads a sale with every field the listing routes show', () => {
    expect(listings.get('GI-S-1001')).toEqual({
      reference: 'GI-S-1001',
      listing_type: 'sale',
      title: 'Sea-view 2BR | High floor',
      category: 'Apartment',
      listing_status: '',
      available: true,
      property_name: 'Marina Heights Tower',
      community: 'Dubai Marina',
      community_id: '',
      sub_community: 'Marina Promenade',
      city: 'Dubai',
      state_id: 'DU',
      state_name: 'Dubai',
      bedrooms: '2',
      bathrooms: 3,
      area_sqft: 1250.5,
      price: 2500000,
      price_on_request: false,
      currency: 'AED',
      agent_name: 'Sara Khan',
      agent_phone: '+971501234567',
      agent_email: 'sara.khan@agency.example',
      agent_photo: 'https://crm.example.ae/agents/17.jpg',
      description: 'Bright two-bedroom home.\n\n• Sea view\n• Walk to the tram',
      title_ar: 'شقة بغرفتي نوم بإطلالة على البحر',
      description_ar: 'شقة مشرقة',
      images: ['https://crm.example.ae/media/1001-a.jpg?w=1200&h=800', 'https://crm.example.ae/media/1001-b.jpg'],
      brochure_url: '',
      latitude: 25.0805,
      longitude: 55.1403,
      handover_date: '',
      provider_updated_at: '2026-11-29T06:15:00.000Z',
      permit_number: '71234567890',
      completion_status: 'ready',
      furnishing: 'semi-furnished',
      parking: '1',
      view: '',
      fittings: "Central A/C, Balcony, Built-in Wardrobes, Maid's Room, Shared Pool",
    });
  });

  it("states a month's rent as a year's with its period kept, reads 7+, an off-plan status and geopoints written lat,lng", () => {
    expect(listings.get('GI-R-2001')).toMatchObject({
      listing_type: 'rent', category: 'Villa', price: 300000, rent_period: 'month', bedrooms: '7', bathrooms: 7, agent_email: '', agent_phone: '0501112233',
      latitude: 25.0539, longitude: 55.2693, completion_status: 'off_plan', furnishing: 'unfurnished',
      images: ['http://crm.example.ae/media/2001.jpg'], description: 'A villa & garden.',
      fittings: 'Private Garden, Private Pool, Covered Parking, Central A/C',
    });
  });

  it('keeps a price on application off the card, and reads commercial amenities by their own list', () => {
    expect(listings.get('GI-S-1002')).toMatchObject({
      listing_type: 'sale', category: 'Office', price: null, price_on_request: true, state_id: 'AZ', bedrooms: '', images: [],
      fittings: 'Conference Room, Networked, Pantry',
    });
  });

  it('skips a property without its reference or with an offering it cannot read, saying why', () => {
    expect(results.filter((result) => 'reason' in result)).toEqual([
      { reference: '', reason: 'missing reference_number', listing_type: 'sale' },
      { reference: 'GI-X-9', reason: 'offering_type "AUCTION" is not RS, RR, CS or CR', listing_type: null },
    ]);
  });
});

describe("a Property Finder feed in the older export's shape", () => {
  it('reads ISO-8859-1, a flat monthly rent beside rental_period, a type in words, legacy amenity codes and a studio', () => {
    const [listing] = mapped('pf-legacy.xml', PF, mapPropertyFinderProperty);
    expect(listing).toMatchObject({
      reference: 'MC-77', listing_type: 'rent', category: 'Apartment', price: 114000, rent_period: 'month', bedrooms: 'Studio', property_name: 'Café Tower',
      title: 'Studio near the Café', agent_name: 'Nadia Saleh', agent_email: 'nadia@agency.example', fittings: 'Balcony, Basement Parking, Carpets',
      latitude: 25.0712, longitude: 55.1404, provider_updated_at: '2026-11-30T06:00:00.000Z',
    });
  });
});

describe('a Bayut feed', () => {
  const results = mapped('bayut.xml', BAYUT, mapBayutProperty);
  const listings = byReference(results);

  it('reads a sale in m², with a price followed by its currency and features by name', () => {
    expect(listings.get('BY-S-3001')).toEqual({
      reference: 'BY-S-3001',
      listing_type: 'sale',
      title: 'Penthouse with private pool',
      category: 'Penthouse',
      listing_status: 'live',
      available: true,
      property_name: 'Al Nabat',
      community: 'Palm Jumeirah',
      community_id: '',
      sub_community: 'Shoreline Apartments',
      city: 'Dubai',
      state_id: 'DU',
      state_name: 'Dubai',
      bedrooms: '4',
      bathrooms: 5,
      area_sqft: 3444.45,
      price: 12500000,
      price_on_request: false,
      currency: 'AED',
      agent_name: 'Rami Aziz',
      agent_phone: '+971 55 000 1111',
      agent_email: 'rami@agency.example',
      agent_photo: '',
      description: 'Line one\nLine two',
      title_ar: 'بنتهاوس مع مسبح خاص',
      description_ar: '',
      images: ['https://crm.example.ae/media/3001-1.jpg'],
      brochure_url: '',
      latitude: null,
      longitude: null,
      handover_date: '',
      provider_updated_at: '2026-11-29T10:30:00.000Z',
      permit_number: '71234567892',
      completion_status: 'ready',
      furnishing: 'furnished',
      parking: '',
      view: '',
      fittings: "Central A/C, Maid's Room, Private Cinema",
    });
  });

  it("reads lower-case tags, a studio written -1, a week's rent as a year's with its period kept and an off-plan flag", () => {
    expect(listings.get('BY-R-4001')).toMatchObject({
      listing_type: 'rent', category: 'Apartment', bedrooms: 'Studio', bathrooms: 1, area_sqft: 650, price: 78000, rent_period: 'week', completion_status: 'off_plan',
      state_id: 'AZ', community: 'Yas Island', available: true, provider_updated_at: null,
    });
  });

  it('stores a listing the feed marks deleted as withdrawn, and skips one without its purpose', () => {
    expect(listings.get('BY-S-3002')).toMatchObject({ listing_status: 'deleted', available: false, state_id: 'SH' });
    expect(listings.get('BY-S-3003')).toEqual({ reference: 'BY-S-3003', reason: 'missing Property_purpose', listing_type: null });
  });
});
