import fs from 'fs';
import path from 'path';
import { describe, expect, it } from 'vitest';
import { parseUnitsPage } from '../../src/plugins/extsource/server/src/drivers/goyzer-units';
import { sampleProjectsDriver } from '../../src/plugins/extsource/server/src/drivers/sample';
import { uaeCoordinates } from '../../src/plugins/extsource/server/src/mapping/coordinates';
import { calendarDay, uaeInstant } from '../../src/plugins/extsource/server/src/mapping/dates';
import { emirateOfPlace } from '../../src/plugins/extsource/server/src/mapping/communities';
import { emirateCode, emirateName } from '../../src/plugins/extsource/server/src/mapping/emirates';
import { bedroomsRangeLabel, completionOf, formatPrice } from '../../src/plugins/extsource/server/src/mapping/formatting';
import { isAvailableStatus, isDeletedUnit, mapGoyzerUnit } from '../../src/plugins/extsource/server/src/mapping/goyzer';
import { isRejected } from '../../src/plugins/extsource/server/src/mapping/rejected';
import {
  developerDirectory, isOutsideUae, isUaeProject, mapReellyDeveloper, mapReellyProject, OUTSIDE_UAE, type ReellyRecord,
} from '../../src/plugins/extsource/server/src/mapping/reelly';
import { clip, hasUnstorableCharacters, plainLine, plainText } from '../../src/plugins/extsource/server/src/mapping/text';
import type { NormalisedListing, NormalisedProject } from '../../src/plugins/extsource/server/src/mapping/types';
import { bedroomsLabel, list, number } from '../../src/plugins/extsource/server/src/mapping/values';

const fixture = (name: string) => fs.readFileSync(path.join(__dirname, '..', 'fixtures', name), 'utf8');
const json = <T>(name: string) => JSON.parse(fixture(name)) as T;

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

describe('emirateOfPlace', () => {
  it.each([
    ['Business Bay', 'DU'], ['business  bay', 'DU'], ['The Valley', 'DU'], ['Dubai Hills Estate', 'DU'], ['Saadiyat Island', 'AZ'],
    ['Abu Dhabi Gate City', 'AZ'], ['Aljada', 'SH'], ['Al-Marjan Island', 'RK'], ['مرسى دبي', 'DU'], ['Mayfair', undefined], ['', undefined],
  ])('%s is in %s', (name, code) => expect(emirateOfPlace(name)).toBe(code));
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
    // Reelly's labels.
    ['DEC 2027', 'Q4 2027', '2027'], ['Mar 2028', 'Q1 2028', '2028'], ['September 2029', 'Q3 2029', '2029'], ['Sept. 2029', 'Q3 2029', '2029'], ['JUN, 2030', 'Q2 2030', '2030'],
  ])('%s -> %s', (input, date, year) => expect(completionOf(input)).toMatchObject({ date, year }));

  it.each(['', 'soon', '2027-13-01', 'DEX 2027', 'MA 2027', undefined])('%j -> unknown', (input) => expect(completionOf(input)).toEqual({ date: '', year: '', sortKey: null }));

  it('sorts by quarter end', () => {
    expect(completionOf('2027-02-01').sortKey).toBe('2027-03');
    expect(completionOf('Q4 2027').sortKey).toBe('2027-12');
    expect(completionOf('DEC 2027').sortKey).toBe('2027-12');
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
    expect(uaeCoordinates('25.2', '55.3')).toEqual({ latitude: 25.2, longitude: 55.3 });
  });
});

describe('values', () => {
  it.each([
    ['1,250,000', 1250000], [' 950000.50 ', 950000.5], ['5399898.0000', 5399898], ['7083.33333333', 7083.33333333], [1250000, 1250000],
    [{ value: 1250000 }, 1250000], [{ value: '410000' }, 410000], [{}, null], ['n/a', null], ['', null], [Number.NaN, null],
  ])('number(%j) -> %j', (input, expected) => expect(number(input)).toBe(expected));

  it('turns one item, a list or an empty element into a list', () => {
    expect(list({ a: 1 })).toEqual([{ a: 1 }]);
    expect(list([1, 2])).toEqual([1, 2]);
    expect(list({})).toEqual([]);
    expect(list('')).toEqual([]);
  });
});

describe('plainText: provider HTML to safe plain text', () => {
  it.each([
    ['CDATA markers left as text', '<![CDATA[Sea view]]>', 'Sea view'],
    ['paragraphs become lines', '<p>One</p><p>Two</p>', 'One\n\nTwo'],
    ['list items become bullets', '<ul><li>Pool</li><li>Gym</li></ul>', '• Pool\n• Gym'],
    ['bullet characters are kept, normalised', '· Pool\r\n▪ Gym\r\n- Spa', '• Pool\n• Gym\n• Spa'],
    ['line breaks', 'One<br>Two<br/>Three', 'One\nTwo\nThree'],
    ['entities decoded', 'Maid&rsquo;s room &amp; study&nbsp;&ndash; 2&sup2;', 'Maid’s room & study – 2²'],
    ['markup escaped once is removed too', '&lt;b&gt;bold&lt;/b&gt; text', 'bold text'],
    ['markup escaped twice is removed too', '&amp;lt;i&amp;gt;x&amp;lt;/i&amp;gt;', 'x'],
    ['scripts and styles go with their content', 'Hi<script>alert(1)</script><style>p{}</style> there', 'Hi there'],
    ['escaped scripts too', '&lt;script&gt;alert(1)&lt;/script&gt;Safe', 'Safe'],
    ['a "less than" in text is text', 'Under 2M < 3M and 5 > 4', 'Under 2M < 3M and 5 > 4'],
    ['CRLF, tabs and blank runs tidied', 'A\r\n\r\n\r\n\r\nB\t\tC  D', 'A\n\nB C D'],
    ['invisible characters dropped', '\ufeffZero\u200bwidth\u0007', 'Zerowidth'],
    ['Arabic kept', '<p>شقة <b>واسعة</b></p>', 'شقة واسعة'],
    ['empty element', {}, ''],
  ])('%s', (_, input, expected) => expect(plainText(input)).toBe(expected));

  it('plainLine clips a line it read before to the size asked for now', () => {
    const name = 'Marina Heights Residences Tower';
    expect(plainLine(name, 255)).toBe(name);
    expect(plainLine(name, 20)).toBe('Marina Heights…');
    expect(plainLine(name)).toBe(name);
    expect(plainLine(` <i>${name}</i> `, 20)).toBe('Marina Heights…');
  });

  it('plainLine joins lines and clips on a word boundary', () => {
    expect(plainLine('A <b>very</b>\nlong title', 255)).toBe('A very long title');
    expect(clip('one two three four five six', 16)).toBe('one two three…');
    expect(plainLine('x'.repeat(300))).toHaveLength(255);
  });
});

describe('Goyzer dates: US format, UAE time (UTC+4)', () => {
  it.each([
    ['12/31/2026 12:00:00 AM', '2026-12-30T20:00:00.000Z'],
    ['5/9/2025 10:31:15 AM', '2025-05-09T06:31:15.000Z'],
    ['11/3/2025 4:05:09 PM', '2025-11-03T12:05:09.000Z'],
    ['12/1/2025 12:00:00 PM', '2025-12-01T08:00:00.000Z'],
    ['1/15/2026 23:10', '2026-01-15T19:10:00.000Z'],
    ['2026-10-01T10:00:00', '2026-10-01T06:00:00.000Z'],
    ['2026-10-01T10:00:00Z', '2026-10-01T10:00:00.000Z'],
    ['2026-10-01T10:00:00+02:00', '2026-10-01T08:00:00.000Z'],
  ])('%s -> %s', (input, expected) => expect(uaeInstant(input)).toBe(expected));

  it.each(['', '2/30/2026 1:00:00 AM', '13/1/2026', '12/31/2026 13:00:00 PM', 'soon', {}])('%j -> null', (input) => expect(uaeInstant(input)).toBeNull());

  it.each([
    ['12/31/2026 12:00:00 AM', '2026-12-31'], ['3/1/2027', '2027-03-01'], ['2027-03-01T00:00:00', '2027-03-01'], ['', ''], ['2/30/2026', ''],
  ])('calendar day of %j is %j', (input, expected) => expect(calendarDay(input)).toBe(expected));
});

describe('Goyzer units, as the service sends them (fixtures)', () => {
  const salesXml = fixture('goyzer-sales-page-1-of-3.xml');
  const sales = parseUnitsPage(salesXml, 'fixture');
  const listing = (reference: string, units = sales, type: 'sale' | 'rent' = 'sale') =>
    mapGoyzerUnit(units.find((unit) => unit.RefNo === reference)!, type) as NormalisedListing;

  it('is the observed document: CRLF, xsd/xsi namespaces, ~70 fields a unit, empty ones self-closing', () => {
    expect(salesXml).toContain('\r\n');
    expect(salesXml).toMatch(/<ArrayOfUnitDTO xmlns:xsi="[^"]+" xmlns:xsd="[^"]+"/);
    expect(salesXml).toContain('<UnitModel />');
    expect(salesXml).toContain('&lt;![CDATA[');
    expect(sales).toHaveLength(3);
    expect(Object.keys(sales[0])).toHaveLength(70);
    expect(sales.map((unit) => unit.PageIndex)).toEqual(['1/3', '1/3', '1/3']);
  });

  it.each<[string, string, keyof NormalisedListing, unknown]>([
    ['escaped CDATA with HTML, entities, bullets and a script', 'AP7466', 'description', 'Spacious 3 bedroom apartment with full sea view.\n\n• Private balcony\n• Maid’s room\n\n• Two parking spaces'],
    ['markup escaped twice in Remarks', 'VI1032', 'description', 'Price on application. Beachfront signature villa.'],
    ['an empty Remarks', 'AP7512', 'description', ''],
    ['price with four decimals', 'AP7466', 'price', 5399898],
    ['PriceOnApplication Yes with 0.0000: no price', 'VI1032', 'price', null],
    ['PriceOnApplication Yes: price on request', 'VI1032', 'price_on_request', true],
    ['PriceOnApplication No', 'AP7466', 'price_on_request', false],
    ['handover date, US format: the calendar day', 'AP7466', 'handover_date', '2026-12-31'],
    ['handover date sent as xsi:nil', 'VI1032', 'handover_date', ''],
    ['LastUpdated in UAE time, AM', 'AP7466', 'provider_updated_at', '2025-05-09T06:31:15.000Z'],
    ['LastUpdated in UAE time, PM', 'VI1032', 'provider_updated_at', '2025-11-03T12:05:09.000Z'],
    ['LastUpdated at noon', 'AP7512', 'provider_updated_at', '2025-12-01T08:00:00.000Z'],
    ['Available is listed', 'AP7466', 'available', true],
    ['Blocked is not listed as active', 'AP7512', 'available', false],
    ['the provider status is kept', 'AP7512', 'listing_status', 'Blocked'],
    ['coordinates "lat,lng"', 'AP7466', 'latitude', 25.0866],
    ['coordinates "lng,lat"', 'VI1032', 'latitude', 25.1124],
    ['coordinates at a default point outside the UAE', 'AP7512', 'latitude', null],
    ['RERA permit from PermitNumber', 'AP7466', 'permit_number', '7117209384'],
    ['RERA permit from ReraStrNo when PermitNumber is empty', 'VI1032', 'permit_number', '7117210001'],
    ['ListingType Off Plan', 'AP7466', 'completion_status', 'off_plan'],
    ['ListingType Ready', 'VI1032', 'completion_status', 'ready'],
    ['Furnish_status Semi Furnished', 'AP7466', 'furnishing', 'semi-furnished'],
    ['Furnish_status Unfurnished', 'VI1032', 'furnishing', 'unfurnished'],
    ['Parking as a number', 'AP7466', 'parking', '2'],
    ['Parking as a word', 'VI1032', 'parking', 'Covered'],
    ['PrimaryUnitView', 'AP7466', 'view', 'Sea View'],
    ['FittingFixtures as HTML', 'AP7466', 'fittings', 'Built-in wardrobes & Miele appliances'],
    ['ArabicTitle', 'AP7466', 'title_ar', 'شقة من 3 غرف نوم بإطلالة كاملة على البحر'],
    ['ArabicDescription in CDATA with HTML', 'AP7466', 'description_ar', 'شقة واسعة مع إطلالة على البحر.'],
    ['SalesmanEmail', 'AP7466', 'agent_email', 'sara.khalil@agency.example.ae'],
    ['a SalesmanEmail that is not an address', 'VI1032', 'agent_email', ''],
    ['AgentPhoto', 'AP7466', 'agent_photo', 'https://images.example-cdn.ae/agents/sara.jpg'],
    ['an AgentPhoto that is not a web address', 'VI1032', 'agent_photo', ''],
    ['PDFBrochureLink', 'AP7466', 'brochure_url', 'https://files.example-cdn.ae/brochures/AP7466.pdf'],
    ['MarketingTitle', 'AP7466', 'title', 'Stunning 3 Bed | Full Sea View | High Floor'],
    ['an empty MarketingTitle falls back to PropertyName', 'AP7512', 'title', 'Reem Five'],
    ['area with separators and decimals', 'VI1032', 'area_sqft', 7500],
    ['studio as 0', 'AP7512', 'bedrooms', 'Studio'],
    ['emirate from StateName', 'AP7512', 'state_id', 'AZ'],
    ['SubCommunity', 'AP7466', 'sub_community', 'Marina Gate'],
  ])('%s', (_, reference, field, expected) => expect(listing(reference)[field]).toEqual(expected));

  it('keeps a marketing title longer than 255 characters whole, in both languages', () => {
    const unit = sales.find((item) => item.RefNo === 'AP7466')!;
    const long = `${'Waterfront penthouse with private pool and panoramic sea views, '.repeat(5)}ready now`;
    const mapped = mapGoyzerUnit({ ...unit, MarketingTitle: long, ArabicTitle: `${'بنتهاوس على الواجهة البحرية '.repeat(12)}` }, 'sale') as NormalisedListing;
    expect(long.length).toBeGreaterThan(255);
    expect(mapped.title).toBe(long);
    expect(mapped.title_ar.length).toBeGreaterThan(255);
  });

  it('keeps the images of a list or of a single element, once each, web addresses only', () => {
    expect(listing('AP7466').images).toEqual(['https://images.example-cdn.ae/listings/AP7466-1.jpg', 'https://images.example-cdn.ae/listings/AP7466-2.jpg']);
    expect(listing('VI1032').images).toEqual(['https://images.example-cdn.ae/listings/VI1032-1.jpg']);
    expect(listing('AP7512').images).toEqual([]);
  });

  it('reads rentals: Rent is the yearly price, else 12 x RentPerMonth (long decimals)', () => {
    const rentals = parseUnitsPage(fixture('goyzer-rentals.xml'), 'fixture');
    expect(listing('RT2210', rentals, 'rent')).toMatchObject({ listing_type: 'rent', price: 240000, furnishing: 'furnished', available: true });
    expect(listing('RT2211', rentals, 'rent')).toMatchObject({ price: 85000, listing_status: 'Rented', available: false, state_id: 'RK' });
  });

  it('reads the compact shape too (no namespaces, no line ends, one unit as one element)', () => {
    const units = parseUnitsPage('<ArrayOfUnitDTO><UnitDTO><RefNo>X1</RefNo><Images><Image><ImageURL>https://i/1.jpg</ImageURL></Image></Images><SellPrice>1,000</SellPrice></UnitDTO></ArrayOfUnitDTO>', 'f');
    expect(mapGoyzerUnit(units[0], 'sale')).toMatchObject({ reference: 'X1', images: ['https://i/1.jpg'], price: 1000, available: true, completion_status: '' });
  });

  it('rejects a unit without a reference', () => {
    expect(isRejected(mapGoyzerUnit({ ...sales[0], RefNo: '' }, 'sale'))).toBe(true);
    expect(isRejected(mapGoyzerUnit({ ...sales[0], RefNo: {} }, 'sale'))).toBe(true);
  });

  it.each([
    ['Available', true], ['', true], ['Blocked', false], ['Sold', false], ['Rented', false], ['Reserved', false], ['Under Offer', false],
    ['Off-Market', false], ['off_market', false], ['DELETED', false], ['Withdrawn', false],
  ])('status %j is available: %s', (status, available) => expect(isAvailableStatus(status)).toBe(available));

  it('tells the change list\'s DELETED marks apart', () => {
    expect(isDeletedUnit({ Status: 'DELETED' })).toBe(true);
    expect(isDeletedUnit({ Status: 'Deleted ' })).toBe(true);
    expect(isDeletedUnit({ Status: 'Available' })).toBe(false);
  });
});

describe('Reelly projects, both shapes (fixtures)', () => {
  const defaults = { agent: { name: 'Desk', phone: '+971 4 0' }, currency: 'AED', currencyRates: { USD: 3.6725 } };
  const list = json<{ results: ReellyRecord[] }>('reelly-observed-projects.json').results;
  const developers = developerDirectory(json<{ results: ReellyRecord[] }>('reelly-developers-page-1.json').results.map(mapReellyDeveloper));
  const project = (id: number, record?: ReellyRecord) => mapReellyProject(record ?? list.find((entry) => entry.id === id)!, defaults, developers) as NormalisedProject;

  it('takes the emirate from the district when the region is empty and the city a number (a shape Reelly sends)', () => {
    const detail = json<ReellyRecord>('reelly-observed-detail.json');
    const shape = { ...detail, location: { ...(detail.location as object), region: '', city: 61, district: 'Business Bay' } };
    expect([project(1841, shape).state_id, project(1841, shape).state_name]).toEqual(['DU', 'Dubai']);
  });

  it.each<[string, number, (project: NormalisedProject) => unknown, unknown]>([
    ['emirate from the location object', 1841, (p) => [p.state_id, p.state_name, p.city], ['DU', 'Dubai', 'Dubai']],
    ['location text from district and city', 1841, (p) => [p.location, p.address], ['Dubai Marina, Dubai', 'Dubai Marina, Dubai']],
    ['sector as the sub-community', 1841, (p) => [p.community, p.sub_community], ['Dubai Marina', 'Marina Promenade']],
    ['coordinates from the location object', 1841, (p) => p.coordinates, { latitude: 25.0783, longitude: 55.1381 }],
    ['coordinates as strings', 1902, (p) => p.coordinates, { latitude: 24.5402, longitude: 54.4311 }],
    ['developer as a name, completed from the developer feed', 1841, (p) => p.developer, { id: 101, name: 'Emaar Properties', slug: 'emaar-properties', logo: 'https://api.reelly.example/vault/dev/101.png' }],
    ['developer as a number, completed from the developer feed', 1902, (p) => p.developer, { id: 108, name: 'Aldar Properties', slug: 'aldar-properties', logo: 'https://api.reelly.example/vault/dev/108.png' }],
    ['developer the feed does not know', 1973, (p) => p.developer, { id: 0, name: 'Unknown Builder LLC', slug: 'unknown-builder-llc', logo: '' }],
    ['completion from completion_datetime', 1841, (p) => p.completion, { date: 'Q4 2027', year: '2027' }],
    ['completion from a quarter label alone', 1902, (p) => p.completion, { date: 'Q2 2028', year: '2028' }],
    ['completion from a month label alone', 1973, (p) => p.completion, { date: 'Q3 2029', year: '2029' }],
    ['an unreadable completion', 1960, (p) => p.completion, { date: '', year: '' }],
    ['badge from sale_status_display', 1841, (p) => p.badge, 'On Sale'],
    ['badge from the sale_status code alone', 1902, (p) => p.badge, 'Sold Out'],
    ['badge from a code it has no label for', 1973, (p) => p.badge, 'Start of Sales'],
    ['min_price wrapped as { value }', 1841, (p) => p.price, { starting_from: 1250000, formatted: 'AED 1.25M', currency: 'AED' }],
    ['price_currency USD, converted at the configured rate', 1902, (p) => p.price, { starting_from: 1505725, formatted: 'AED 1.51M', currency: 'AED' }],
    ['a currency without a rate: labelled, no comparable amount', 1973, (p) => p.price, { starting_from: null, formatted: 'GBP 650K', currency: 'GBP' }],
    ['min_price 0 is "not published"', 1960, (p) => p.price, { starting_from: null, formatted: 'Price on request', currency: 'GBP' }],
    ['bedrooms from min/max_bedrooms without unit types', 1841, (p) => p.bedrooms, { label: 'Studio - 3 Bedrooms', types: ['Studio', '1', '2', '3'] }],
    ['bedrooms 4-6', 1902, (p) => p.bedrooms.label, '4 - 6 Bedrooms'],
    ['one bedroom', 1973, (p) => p.bedrooms.label, '1 Bedroom'],
    ['area from min/max_size in sq.ft', 1841, (p) => p.specs.area, '413 - 3,650 sq.ft'],
    ['area from min/max_size in sq.m', 1902, (p) => p.specs.area, '3,444 - 6,566 sq.ft'],
    ['region as a number, the city named', 1902, (p) => [p.state_id, p.city], ['AZ', 'Abu Dhabi']],
    ['region and city as numbers: the emirate from the district', 1960, (p) => [p.state_id, p.state_name, p.city, p.location], ['RK', 'Ras Al Khaimah', 'Ras Al Khaimah', 'Mina Al Arab, Ras Al Khaimah']],
    ['category from the unit types shown', 1902, (p) => p.category, 'Villa'],
    ['the kinds of home shown, for the property type filter', 1841, (p) => p.property_types, ['Apartments', 'Penthouse']],
    ['no kinds of home shown', 1973, (p) => p.property_types, []],
    ['the size range for the area filter, from min/max_size', 1841, (p) => p.size_range_sqft, { min: 412.5, max: 3650 }],
    ['no sizes given', 1973, (p) => p.size_range_sqft, null],
    ['cover image as { url }', 1841, (p) => p.image, 'https://api.reelly.example/vault/1841/cover.jpg'],
    ['cover image as a string', 1960, (p) => p.image, 'https://api.reelly.example/vault/1960/cover.jpg'],
    ['the card always has a status, an agent and a reference', 1973, (p) => [p.status, p.agent, p.ref_no], ['Off-Plan', defaults.agent, 'OP-1973']],
  ])('observed list: %s', (_, id, read, expected) => expect(read(project(id))).toEqual(expected));

  it('keeps UAE projects only: by country, else by emirate or coordinates', () => {
    const outside = mapReellyProject(list.find((entry) => entry.id === 1955)!, defaults, developers);
    expect(outside).toEqual({ reference: '1955', reason: OUTSIDE_UAE });
    expect(isOutsideUae(outside)).toBe(true);
    // Abroad comes first: a catalogue leaves such a record out, whatever else it lacks.
    expect(mapReellyProject({ region: 'Bali' }, defaults, developers)).toEqual({ reference: '', reason: OUTSIDE_UAE });
    expect(isOutsideUae(mapReellyProject({ id: 7, region: 'Dubai' }, defaults, developers))).toBe(false);
    expect(list.map((entry) => isUaeProject(entry))).toEqual([true, true, false, true, true]);
    expect(isUaeProject({ id: 1, name: 'x', region: 'Bali' })).toBe(false);
    expect(isUaeProject({ id: 1, name: 'x', country: { name: 'United Arab Emirates' } })).toBe(true);
  });

  it('the sample catalogue leaves its projects abroad out, none of them counted rejected', async () => {
    const sample = sampleProjectsDriver(path.join(__dirname, '../../src/plugins/extsource/data'), defaults, 'http://cms.test');
    const counted: number[] = [];
    const { records, rejected } = await sample.fetchProjects((count) => counted.push(count));
    expect({ records: records.length, rejected, counted }).toEqual({ records: 130, rejected: [], counted: [130] });
    expect(await sample.fetchProject('9000')).toBeNull();
  });

  describe('the observed detail', () => {
    const detail = project(1841, json<ReellyRecord>('reelly-observed-detail.json'));

    it.each<[string, (project: NormalisedProject) => unknown, unknown]>([
      ['typical_units as apartments, sizes in sq.ft or sq.m', (p) => p.apartments, [
        { bedrooms: 'Studio', size_from_sqft: 412.5, size_to_sqft: 470, price_from: 1250000, price_to: 1390000 },
        { bedrooms: '1', size_from_sqft: 690, size_to_sqft: 820, price_from: 1780000, price_to: 2100000 },
        { bedrooms: '3', size_from_sqft: 2045, size_to_sqft: 3649, price_from: 5200000, price_to: 8900000 },
      ]],
      ['bedrooms from the unit types', (p) => p.bedrooms, { label: 'Studio - 3 Bedrooms', types: ['Studio', '1', '3'] }],
      ['area from the unit types', (p) => p.specs.area, '413 - 3,649 sq.ft'],
      ['the size range from the unit types', (p) => p.size_range_sqft, { min: 412.5, max: 3649 }],
      ['project_amenities as facilities, once each', (p) => p.facilities, ['Infinity Pool', 'Gym']],
      ['payment plans with their steps (a nameless step named by its stage, a nameless plan by its split)', (p) => p.payment_plans, [
        { name: 'Payment plan', steps: [{ label: 'On booking', percent: 20 }, { label: 'During construction', percent: 50 }, { label: 'On handover', percent: 30 }] },
        { name: '40/60', steps: [{ label: 'Down payment', percent: 40 }, { label: 'On handover', percent: 60 }] },
      ]],
      ['overview as plain text', (p) => p.description, 'Marina Vista brings waterfront living to Dubai Marina.\n\n• Infinity pool\n• Private marina berths'],
      ['media groups as the gallery, once each', (p) => p.gallery, [
        'https://api.reelly.example/vault/1841/a1.jpg', 'https://api.reelly.example/vault/1841/a2.jpg',
        'https://api.reelly.example/vault/1841/i1.jpg', 'https://api.reelly.example/vault/1841/master-plan.png',
      ]],
      ['images: the cover, then the gallery', (p) => p.images.slice(0, 2), ['https://api.reelly.example/vault/1841/cover.jpg', 'https://api.reelly.example/vault/1841/a1.jpg']],
    ])('%s', (_, read, expected) => expect(read(detail)).toEqual(expected));
  });

  describe('the documented shape', () => {
    const documented = json<ReellyRecord>('reelly-documented-project.json');

    it('maps the card and the detail fields', () => {
      expect(mapReellyProject(documented, defaults)).toMatchObject({
        id: '42', ref_no: 'OP-42', name: 'Azure Bay', location: 'Dubai Marina, Dubai', state_id: 'DU', state_name: 'Dubai', city: 'Dubai',
        community: 'Dubai Marina', community_id: '1000', sub_community: '', status: 'Off-Plan', badge: 'New Launch', address: 'Dubai Marina, Dubai',
        developer: { id: 7, name: 'Émaar Properties', slug: 'emaar-properties', logo: 'https://img.example/logo.png' },
        bedrooms: { label: 'Studio - 2 Bedrooms', types: ['Studio', '2'] },
        price: { starting_from: 1250000, formatted: 'AED 1.25M', currency: 'AED' },
        completion: { date: 'Q2 2028', year: '2028' },
        image: 'https://img.example/cover.jpg', images: ['https://img.example/cover.jpg', 'https://img.example/1.jpg'],
        specs: { beds: 'Studio - 2 Bedrooms', bathrooms: '', area: '420 - 1,350 sq.ft' },
        facilities: ['Pool', 'Gym'], coordinates: { latitude: 25.08, longitude: 55.14 }, agent: defaults.agent,
        category: 'Residential', property_types: [], size_range_sqft: { min: 420, max: 1350.4 },
        apartments: [
          { bedrooms: 'Studio', size_from_sqft: 420, size_to_sqft: 480, price_from: 1250000, price_to: 1400000 },
          { bedrooms: '2', size_from_sqft: 1100, size_to_sqft: 1350.4, price_from: 2300000, price_to: 2900000 },
        ],
        payment_plans: [{ name: '60/40', steps: [{ label: 'Down', percent: 60 }, { label: 'Handover', percent: 40 }] }],
      });
    });

    it('a developer { id } the feed knows is completed from it', () => {
      const known = developerDirectory([{ id: 7, name: 'Emaar Properties', slug: 'emaar-properties', logo: 'https://img.example/emaar.png' }]);
      expect((mapReellyProject(documented, defaults, known) as NormalisedProject).developer.logo).toBe('https://img.example/emaar.png');
    });

    it('unit prices in a converted currency are converted too', () => {
      const inUsd = mapReellyProject({ ...documented, currency: 'USD', min_price: 100000 }, defaults) as NormalisedProject;
      expect(inUsd.price).toEqual({ starting_from: 367250, formatted: 'AED 367.25K', currency: 'AED' });
      expect(inUsd.apartments[0].price_from).toBe(Math.round(1250000 * 3.6725));
    });
  });

  it('without a price says so', () => {
    const record = json<ReellyRecord>('reelly-documented-project.json');
    expect((mapReellyProject({ ...record, min_price: null }, defaults) as NormalisedProject).price).toEqual({ starting_from: null, formatted: 'Price on request', currency: 'AED' });
  });

  it('rejects a project without id or name', () => {
    const record = json<ReellyRecord>('reelly-documented-project.json');
    expect(isRejected(mapReellyProject({ ...record, id: '' }, defaults))).toBe(true);
    expect(isRejected(mapReellyProject({ ...record, name: {} }, defaults))).toBe(true);
  });

  it('reads developers with a logo as { url } or as a string', () => {
    expect(mapReellyDeveloper({ id: '12', name: ' Select  Group ', logo: 'https://img.example/s.png' })).toEqual({ id: 12, name: 'Select Group', slug: 'select-group', logo: 'https://img.example/s.png' });
  });
});

describe('hasUnstorableCharacters', () => {
  it.each([
    ['a NUL byte', 'a\u0000b', true],
    ['a lone high surrogate', 'a\ud800b', true],
    ['a lone low surrogate', 'a\udc00', true],
    ['a surrogate pair (emoji)', 'villa 🏝️', false],
    ['Arabic and accents', 'محمد José', false],
    ['tabs, newlines and other controls', 'a\tb\nc\u0001', false],
  ])('%s: %s', (_what, text, expected) => expect(hasUnstorableCharacters(text)).toBe(expected));
});

describe('withAbsoluteImageUrls (sample drivers)', () => {
  it('makes service-relative image URLs absolute against the public URL, leaving every other value alone', async () => {
    const { withAbsoluteImageUrls } = await import('../../src/plugins/extsource/server/src/drivers/sample');
    const data = { cover_image: { url: '/images/demo/palm-island.svg' }, gallery: [{ url: '/images/demo/a.svg' }], link: '/off-plan', price: 5, url: 'https://cdn.example/x.jpg', empty: null };
    expect(withAbsoluteImageUrls(data, 'https://site.example/')).toEqual({
      cover_image: { url: 'https://site.example/images/demo/palm-island.svg' },
      gallery: [{ url: 'https://site.example/images/demo/a.svg' }],
      link: '/off-plan', price: 5, url: 'https://cdn.example/x.jpg', empty: null,
    });
  });
});
