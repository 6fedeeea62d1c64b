import { describe, expect, it } from 'vitest';
import { uaeCoordinates } from '../../src/plugins/extsource/server/src/mapping/coordinates';
import { emirateCode, emirateName } from '../../src/plugins/extsource/server/src/mapping/emirates';
import { bedroomsRangeLabel, completionOf, formatPrice } from '../../src/plugins/extsource/server/src/mapping/formatting';
import { mapGoyzerUnit } from '../../src/plugins/extsource/server/src/mapping/goyzer';
import { isRejected } from '../../src/plugins/extsource/server/src/mapping/rejected';
import { mapReellyProject } from '../../src/plugins/extsource/server/src/mapping/reelly';
import { bedroomsLabel, list, number } from '../../src/plugins/extsource/server/src/mapping/values';
import type { NormalisedListing, NormalisedProject } from '../../src/plugins/extsource/server/src/mapping/types';

describe('emirateCode', () => {
  it.each([
    ['DU', 'DU'], ['du', 'DU'], ['DXB', 'DU'], ['Dubai', 'DU'], [' dubai ', 'DU'],
    ['AZ', 'AZ'], ['AD', 'AZ'], ['AUH', 'AZ'], ['Abu Dhabi', 'AZ'],
    ['SHJ', 'SH'], ['AJM', 'AJ'], ['RAK', 'RK'], ['Ras Al Khaimah', 'RK'], ['Ras Al-Khaimah', 'RK'],
    ['FUJ', 'FU'], ['UAQ', 'UQ'], ['Umm Al Quwain', 'UQ'],
  ])('reads %j as %s', (input, code) => expect(emirateCode(input)).toBe(code));

  it.each(['', 'XX', 'Doha', 'D U', 7, null])('refuses %j', (input) => expect(emirateCode(input)).toBeUndefined());

  it('names every code', () => expect(emirateName('RK')).toBe('Ras Al Khaimah'));
});

describe('formatPrice', () => {
  it.each([
    [950, 'AED 950'], [850000, 'AED 850K'], [1200000, 'AED 1.2M'], [1250000, 'AED 1.25M'], [12000000, 'AED 12M'],
    [2500000000, 'AED 2.5B'], [1234567, 'AED 1.23M'], [999999, 'AED 1M'], [999.5, 'AED 999.5'], [999, 'AED 999'], [999_499, 'AED 999.5K'], [999_999_999, 'AED 1B'], [5e12, 'AED 5000B'], [1000, 'AED 1K'], [15500, 'AED 15.5K'],
  ])('%d -> %s', (amount, text) => expect(formatPrice(amount, 'AED')).toBe(text));

  it.each([null, 0, -5, Number.NaN])('%j -> Price on request', (amount) => expect(formatPrice(amount, 'AED')).toBe('Price on request'));

  it('uses the currency code given', () => expect(formatPrice(3200000, 'USD')).toBe('USD 3.2M'));
});

describe('completionOf', () => {
  it.each([
    ['2027-09-01', 'Q3 2027', '2027'], ['2027-01', 'Q1 2027', '2027'], ['2028-12-31T00:00:00Z', 'Q4 2028', '2028'],
    ['Q2 2029', 'Q2 2029', '2029'], ['q4-2026', 'Q4 2026', '2026'], ['2030', '2030', '2030'],
  ])('%s -> %s', (input, date, year) => expect(completionOf(input)).toMatchObject({ date, year }));

  it.each(['', 'soon', '2027-13-01', undefined])('%j -> unknown', (input) => expect(completionOf(input)).toEqual({ date: '', year: '', sortKey: null }));

  it('sorts by quarter end', () => {
    expect(completionOf('2027-02-01').sortKey).toBe('2027-03');
    expect(completionOf('Q4 2027').sortKey).toBe('2027-12');
  });
});

describe('bedrooms', () => {
  it.each([['0', 'Studio'], ['studio', 'Studio'], ['3', '3'], [4, '4'], ['3 Bedroom', '3'], ['', ''], [{}, ''], ['-1', '']])('%j -> %j', (input, label) =>
    expect(bedroomsLabel(input)).toBe(label)
  );

  it.each([
    [[], ''], [['Studio'], 'Studio'], [['1'], '1 Bedroom'], [['2'], '2 Bedrooms'], [['3', 'Studio', '1'], 'Studio - 3 Bedrooms'], [['1', '2'], '1 - 2 Bedrooms'], [['1', 'Studio'], 'Studio - 1 Bedroom'],
  ])('%j -> %s', (types, label) => expect(bedroomsRangeLabel(types)).toBe(label));
});

describe('uaeCoordinates', () => {
  it.each([
    ['25.0805,55.1403', { latitude: 25.0805, longitude: 55.1403 }],
    ['55.1403,25.0805', { latitude: 25.0805, longitude: 55.1403 }],
    [' 24.49 ; 54.6 ', { latitude: 24.49, longitude: 54.6 }],
  ])('reads %j', (input, expected) => expect(uaeCoordinates(input)).toEqual(expected));

  it.each(['', '0,0', '51.5,-0.12', '25.1', 'a,b'])('refuses %j', (input) => expect(uaeCoordinates(input)).toBeNull());

  it('reads a pair given separately, in either order', () => {
    expect(uaeCoordinates(55.3, 25.2)).toEqual({ latitude: 25.2, longitude: 55.3 });
  });
});

describe('values', () => {
  it('reads numbers with separators, and nothing from empty elements', () => {
    expect(number('1,250,000')).toBe(1250000);
    expect(number(' 950000.50 ')).toBe(950000.5);
    expect(number({})).toBeNull();
    expect(number('n/a')).toBeNull();
  });

  it('turns one item, a list or an empty element into a list', () => {
    expect(list({ a: 1 })).toEqual([{ a: 1 }]);
    expect(list([1, 2])).toEqual([1, 2]);
    expect(list({})).toEqual([]);
    expect(list('')).toEqual([]);
  });
});

describe('mapGoyzerUnit', () => {
  const unit = {
    RefNo: 'LS-1', Category: 'Villa', Status: 'Available', Community: 'Palm Jumeirah', CommunityID: '1002', SubCommunity: {},
    StateName: 'Dubai', StateID: '2', CityName: 'Dubai', PropertyName: 'Frond N', Bedrooms: '5', NoOfBathrooms: '6',
    BuiltupArea: '7,500', SellPrice: '32,000,000', Rent: '', CurrencyAbr: {}, Agent: 'Sara', ContactNumber: '+971 50 1',
    MarketingTitle: '', Remarks: 'Beachfront', Images: { Image: { ImageURL: 'https://img/1.jpg' } }, HandoverDate: {},
    LastUpdated: '2026-10-01T10:00:00', ProGooglecoordinates: '55.13,25.11',
  };

  it('maps every field, with the quirks handled', () => {
    const listing = mapGoyzerUnit(unit, 'sale') as NormalisedListing;
    expect(listing).toMatchObject({
      reference: 'LS-1', listing_type: 'sale', title: 'Frond N', sub_community: '', state_id: 'DU', state_name: 'Dubai',
      bedrooms: '5', bathrooms: 6, area_sqft: 7500, price: 32000000, currency: 'AED', images: ['https://img/1.jpg'],
      latitude: 25.11, longitude: 55.13, handover_date: '',
    });
    expect(listing.provider_updated_at).toMatch(/^2026-10-01T/);
  });

  it('takes Rent for rentals, and keeps only http(s) image URLs', () => {
    const listing = mapGoyzerUnit({ ...unit, Rent: '450000', Images: { Image: [{ ImageURL: 'https://a' }, { ImageURL: {} }, { ImageURL: 'javascript:x' }] } }, 'rent') as NormalisedListing;
    expect(listing.price).toBe(450000);
    expect(listing.images).toEqual(['https://a']);
  });

  it('rejects a unit without a reference', () => {
    const result = mapGoyzerUnit({ ...unit, RefNo: {} }, 'sale');
    expect(isRejected(result)).toBe(true);
  });
});

describe('mapReellyProject', () => {
  const defaults = { agent: { name: 'Desk', phone: '+971 4 0' }, currency: 'AED' };
  const record = {
    id: 42, name: 'Azure Bay', region: 'DXB', district: 'Dubai Marina', district_id: '1000', sale_status: 'New Launch',
    min_price: 1250000, currency: 'AED', cover_image: { url: 'https://img/cover.jpg' }, completion_date: '2028-05-01',
    developer: { id: 7, name: 'Émaar Properties', logo: { url: 'https://img/logo.png' } },
    unit_types: [{ bedrooms: 'studio', size_from: 420, size_to: 480 }, { bedrooms: 2, size_from: 1100, size_to: 1350.4 }],
    amenities: [{ name: 'Pool' }, 'Gym'], coordinates: { lat: 55.14, lng: 25.08 },
    gallery: [{ url: 'https://img/1.jpg' }], payment_plans: [{ name: '60/40', steps: [{ label: 'Down', percent: 20 }] }],
  };

  it('maps the card and the detail fields', () => {
    const project = mapReellyProject(record, defaults) as NormalisedProject;
    expect(project).toMatchObject({
      id: '42', ref_no: 'OP-42', name: 'Azure Bay', location: 'Dubai Marina, Dubai', state_id: 'DU', state_name: 'Dubai', city: 'Dubai',
      community: 'Dubai Marina', sub_community: '', status: 'Off-Plan', badge: 'New Launch', address: 'Dubai Marina, Dubai',
      developer: { id: 7, name: 'Émaar Properties', slug: 'emaar-properties', logo: 'https://img/logo.png' },
      bedrooms: { label: 'Studio - 2 Bedrooms', types: ['Studio', '2'] },
      price: { starting_from: 1250000, formatted: 'AED 1.25M', currency: 'AED' },
      completion: { date: 'Q2 2028', year: '2028' },
      image: 'https://img/cover.jpg', images: ['https://img/cover.jpg', 'https://img/1.jpg'],
      specs: { beds: 'Studio - 2 Bedrooms', bathrooms: '', area: '420 - 1,350 sq.ft' },
      facilities: ['Pool', 'Gym'], coordinates: { latitude: 25.08, longitude: 55.14 }, agent: defaults.agent,
    });
  });

  it('without a price says so', () => {
    const project = mapReellyProject({ ...record, min_price: null }, defaults) as NormalisedProject;
    expect(project.price).toEqual({ starting_from: null, formatted: 'Price on request', currency: 'AED' });
  });

  it('rejects a project without id or name', () => {
    expect(isRejected(mapReellyProject({ ...record, id: '' }, defaults))).toBe(true);
    expect(isRejected(mapReellyProject({ ...record, name: {} }, defaults))).toBe(true);
  });
});
