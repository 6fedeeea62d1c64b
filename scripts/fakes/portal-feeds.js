// Fake CRM feeds in the portals' XML formats (issue 69): the listings a fake Goyzer holds (units as
// scripts/generate-sample-data.js makes them), written as a CRM's Property Finder or Bayut export of the
// same homes would state them, served at one URL. Used by the tests (the same homes through Goyzer and
// through each format) and by developers trying a format (`npm run fakes`). The export states what
// each format can: a Property Finder feed has no handover date or brochure, a Bayut feed no
// coordinates, parking or view; a unit the agency holds back (Blocked) is left out of a Property Finder
// feed and marked `deleted` in a Bayut one, as CRMs do.
'use strict';

const { createHash } = require('crypto');
const http = require('http');

/** The token a fake feed asks for when `state.token` is set, as `Authorization: Bearer <token>`. */
const FEED_TOKEN = 'crm-feed-token-5c1e';

const TYPE_CODES = { Apartment: 'AP', Villa: 'VH', Townhouse: 'TH', Penthouse: 'PH' };
const AMENITY_CODES = { 'Built-in Wardrobes': 'BW', 'Central A/C': 'AC', 'Kitchen Appliances': 'BK', "Maid's Room": 'MR', 'Walk-in Closet': 'WC', Study: 'ST' };

const escapeXml = (value) => String(value).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const cdata = (value) => `<![CDATA[${String(value).replace(/]]>/g, ']]]]><![CDATA[>')}]]>`;
const tag = (name, value) => (value === '' || value === undefined || value === null ? `<${name}></${name}>` : `<${name}>${escapeXml(value)}</${name}>`);
const cdataTag = (name, value) => `<${name}>${cdata(value ?? '')}</${name}>`;

/** Goyzer's `Remarks` hold the literal CDATA markers around their HTML: the HTML alone. */
const remarksHtml = (remarks) => String(remarks).replace(/^\s*<!\[CDATA\[/, '').replace(/\]\]>\s*$/, '');
/** A number written `1234000.0000` as `1234000`. */
const plainNumber = (value) => (value === '' ? '' : String(Number(value)));
const imageUrls = (images) => [].concat(images?.Image ?? []).map((image) => image.ImageURL).filter(Boolean);
const fittings = (unit) => String(unit.FittingFixtures).split(',').map((name) => name.trim()).filter(Boolean);
const permit = (unit) => unit.PermitNumber || unit.ReraStrNo || '';

/** A Goyzer date (`5/9/2025 10:31:15 AM`, UAE time) as the portals write it (`2025-05-09 10:31:15`). */
function portalDate(goyzer) {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4}) (\d{1,2}):(\d{2}):(\d{2}) (AM|PM)$/.exec(goyzer || '');
  if (!match) return '';
  const [, month, day, year, hour, minute, second, meridiem] = match;
  const hours = (Number(hour) % 12) + (meridiem === 'PM' ? 12 : 0);
  const pad = (value) => String(value).padStart(2, '0');
  return `${year}-${pad(month)}-${pad(day)} ${pad(hours)}:${minute}:${second}`;
}

const furnished = (status) => ({ Furnished: 'Yes', 'Semi Furnished': 'Partly', Unfurnished: 'No' })[status] ?? '';

/** One unit as a CRM's Property Finder export writes it; a rent by the year, or now and then by the month. */
function propertyFinderProperty(unit, type, index) {
  const rent = type === 'rent';
  const price = rent
    ? index % 3 === 1 ? `<price><yearly></yearly><monthly>${plainNumber(unit.RentPerMonth)}</monthly></price>` : `<price><yearly>${plainNumber(unit.Rent)}</yearly></price>`
    : tag('price', plainNumber(unit.SellPrice));
  return [
    `<property last_update="${portalDate(unit.LastUpdated)}">`,
    tag('reference_number', unit.RefNo),
    tag('permit_number', permit(unit)),
    tag('offering_type', rent ? 'RR' : 'RS'),
    tag('property_type', TYPE_CODES[unit.Category] ?? unit.Category),
    tag('price_on_application', unit.PriceOnApplication === 'Yes' ? 'Yes' : 'No'),
    price,
    cdataTag('city', unit.CityName),
    cdataTag('community', unit.Community),
    cdataTag('sub_community', unit.SubCommunity),
    cdataTag('property_name', unit.PropertyName),
    cdataTag('title_en', unit.MarketingTitle),
    cdataTag('title_ar', unit.ArabicTitle),
    cdataTag('description_en', remarksHtml(unit.Remarks)),
    cdataTag('description_ar', unit.ArabicDescription),
    tag('private_amenities', fittings(unit).map((name) => AMENITY_CODES[name]).filter(Boolean).join(',')),
    tag('size', plainNumber(unit.BuiltupArea)),
    tag('bedroom', unit.Bedrooms),
    tag('bathroom', unit.NoOfBathrooms),
    `<agent>${tag('id', unit.AgentID)}${cdataTag('name', unit.Agent)}${tag('email', unit.SalesmanEmail)}${tag('phone', unit.ContactNumber)}${tag('photo', unit.AgentPhoto)}</agent>`,
    tag('parking', unit.Parking),
    tag('furnished', furnished(unit.Furnish_status)),
    tag('view', unit.PrimaryUnitView),
    `<photo>${imageUrls(unit.Images).map((url) => `<url last_updated="${portalDate(unit.LastUpdated)}">${escapeXml(url)}</url>`).join('')}</photo>`,
    tag('geopoints', unit.ProGooglecoordinates),
    tag('completion_status', unit.ListingType === 'Off Plan' ? 'off_plan' : 'completed'),
    '</property>',
  ].join('\r\n');
}

/** One unit as a CRM's Bayut export writes it: a studio as -1, rents yearly. */
function bayutProperty(unit, type) {
  return [
    '<Property>',
    cdataTag('Property_Ref_No', unit.RefNo),
    tag('Permit_Number', permit(unit)),
    tag('Property_Status', unit.Status === 'Blocked' ? 'deleted' : 'live'),
    cdataTag('Property_purpose', type === 'rent' ? 'Rent' : 'Buy'),
    cdataTag('Property_Type', unit.Category),
    tag('Property_Size', plainNumber(unit.BuiltupArea)),
    tag('Property_Size_Unit', 'SQFT'),
    cdataTag('Bedrooms', unit.Bedrooms === 'Studio' ? '-1' : unit.Bedrooms),
    cdataTag('Bathrooms', unit.NoOfBathrooms),
    `<Features>${fittings(unit).map((name) => cdataTag('Feature', name)).join('')}</Features>`,
    tag('Off_plan', unit.ListingType === 'Off Plan' ? 'Yes' : 'No'),
    '<Portals><Portal>Bayut</Portal><Portal>dubizzle</Portal></Portals>',
    tag('Last_Updated', portalDate(unit.LastUpdated)),
    cdataTag('Property_Title', unit.MarketingTitle),
    cdataTag('Property_Title_AR', unit.ArabicTitle),
    cdataTag('Property_Description', remarksHtml(unit.Remarks)),
    cdataTag('Property_Description_AR', unit.ArabicDescription),
    tag('Price', unit.PriceOnApplication === 'Yes' ? '' : plainNumber(type === 'rent' ? unit.Rent : unit.SellPrice)),
    tag('Rent_Frequency', type === 'rent' ? 'Yearly' : ''),
    tag('Furnished', furnished(unit.Furnish_status)),
    cdataTag('City', unit.CityName),
    cdataTag('Locality', unit.Community),
    cdataTag('Sub_Locality', unit.SubCommunity),
    cdataTag('Tower_Name', unit.PropertyName),
    `<Images>${imageUrls(unit.Images).map((url) => cdataTag('Image', url)).join('')}</Images>`,
    cdataTag('Listing_Agent', unit.Agent),
    tag('Listing_Agent_Phone', unit.ContactNumber),
    tag('Listing_Agent_Email', unit.SalesmanEmail),
    tag('Listing_Agent_Photo', unit.AgentPhoto),
    '</Property>',
  ].join('\r\n');
}

const FORMATS = {
  'pf-xml': {
    // The file changed when its newest listing did.
    open: (units) => `<?xml version="1.0" encoding="UTF-8"?>\r\n<list last_update="${units.map(({ unit }) => portalDate(unit.LastUpdated)).sort().at(-1) ?? ''}" listing_count="${units.length}">\r\n`,
    close: '</list>\r\n',
    units: (units) => units.filter(({ unit }) => unit.Status !== 'Blocked'),
    write: ({ unit, type }, index) => propertyFinderProperty(unit, type, index),
  },
  'bayut-xml': {
    open: () => '<?xml version="1.0" encoding="UTF-8"?>\r\n<Properties>\r\n',
    close: '</Properties>\r\n',
    units: (units) => units,
    write: ({ unit, type }) => bayutProperty(unit, type),
  },
};

/** The whole feed of `units` ({ sales, rentals }) in `format`, as one string. */
function portalFeed(format, { sales, rentals }) {
  const { open, close, units: kept, write } = FORMATS[format];
  const units = kept([...sales.map((unit) => ({ unit, type: 'sale' })), ...rentals.map((unit) => ({ unit, type: 'rent' }))]);
  return `${open(units)}${units.map((entry, index) => `${write(entry, index)}\r\n`).join('')}${close}`;
}

/**
 * A CRM's feed URL serving `state.sales` and `state.rentals` in `state.format` (`pf-xml`, `bayut-xml`).
 * `state.answer`: `feed` (the default), `truncated` (the file cut in a record), `not-xml` (an error page),
 * `empty`, or an HTTP status. With `state.token` set, a request without it is a 401. The feed carries an
 * ETag (its bytes' hash) and a Last-Modified, and is a 304 to a request whose If-None-Match names it.
 */
async function startFakePortalFeed(options = {}) {
  const state = { format: options.format ?? 'pf-xml', sales: [], rentals: [], answer: 'feed', token: options.token ?? '', requests: [] };
  const server = http.createServer((req, res) => {
    state.requests.push({ headers: req.headers });
    if (state.token && req.headers.authorization !== `Bearer ${state.token}`) {
      res.writeHead(401, { 'Content-Type': 'text/plain' });
      return res.end('unauthorised');
    }
    if (typeof state.answer === 'number') {
      res.writeHead(state.answer, { 'Content-Type': 'text/plain' });
      return res.end('error');
    }
    const feed = portalFeed(state.format, state);
    const etag = `"${createHash('sha1').update(feed).digest('base64url')}"`;
    if (state.answer === 'feed' && req.headers['if-none-match'] === etag) {
      res.writeHead(304, { ETag: etag });
      return res.end();
    }
    const body = { feed, truncated: feed.slice(0, Math.floor(feed.length * 0.6)), 'not-xml': '<!DOCTYPE html><html><body>Service unavailable</body></html>', empty: '' }[state.answer];
    res.writeHead(200, { 'Content-Type': 'application/xml; charset=utf-8', ETag: etag, 'Last-Modified': new Date(0).toUTCString() });
    res.end(body);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${server.address().port}/feeds/${state.format}.xml`;
  return {
    url,
    state,
    close: () =>
      new Promise((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

module.exports = { FEED_TOKEN, portalFeed, startFakePortalFeed };

// `node scripts/fakes/portal-feeds.js pf-xml|bayut-xml [sales] [rentals]`: a CRM's feed of generated homes to
// try a format with `npm run dev` (the images are the service's own demo scenes on http://localhost:1337).
if (require.main === module) {
  const [format = 'pf-xml', sales = '160', rentals = '70'] = process.argv.slice(2);
  if (!FORMATS[format]) {
    console.error(`usage: node scripts/fakes/portal-feeds.js ${Object.keys(FORMATS).join('|')} [sales] [rentals]`);
    process.exit(1);
  }
  const { generate } = require('../generate-sample-data');
  const { listings } = generate({ projects: 0, sales: Number(sales), rentals: Number(rentals), imageBase: 'http://localhost:1337' });
  void startFakePortalFeed({ format, token: FEED_TOKEN }).then((feed) => {
    Object.assign(feed.state, listings);
    console.log(`A ${format} feed of ${sales} sales and ${rentals} rentals. Start the service with:`);
    console.log(`  EXTSOURCE_LISTINGS_DRIVER=${format} LISTINGS_FEED_URL=${feed.url} LISTINGS_FEED_HEADERS='{"Authorization":"Bearer ${FEED_TOKEN}"}' npm run dev`);
  });
}
