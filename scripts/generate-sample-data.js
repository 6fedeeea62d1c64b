#!/usr/bin/env node
// Generates the datasets of the `sample` provider driver (committed under src/plugins/extsource/data),
// in the shapes the real services send (docs/extsource.md): Goyzer sales and rental units with all of
// their ~70 fields (empty ones as ""), `Remarks` as a CDATA section in text with HTML inside, prices
// such as "5399898.0000", US dates in UAE time, `PriceOnApplication`, some `Blocked` units; and Reelly
// projects as the live API sends them (a `location` object, developer as a name or an id, completion
// label and date, sale-status code and display, `price_currency`, `min_price` at times as { value },
// a few projects outside the UAE), each with its detail fields, and the developer list; and, as Reelly
// answers with `language=ar`, the Arabic texts of each UAE project (`projects_ar`: name, descriptions,
// place names; `sale_status_display` comes as { en, ar } in every answer).
//
// Deterministic for a given generation day: a seeded PRNG, and every date counted from that day
// (completions lie 4 months to 5 years after it, updates in the weeks before it).
// Usage: node scripts/generate-sample-data.js [--projects N] [--sales N] [--rentals N] [--today YYYY-MM-DD] [--out DIR]
'use strict';
const { seededRandom } = require('./lib/seeded-random');

const fs = require('fs');
const path = require('path');


// [community, emirate, Goyzer state id, latitude, longitude, price factor]
const COMMUNITIES = [
  ['Dubai Marina', 'Dubai', 2, 25.0805, 55.1403, 1.1], ['Downtown Dubai', 'Dubai', 2, 25.1972, 55.2744, 1.4],
  ['Palm Jumeirah', 'Dubai', 2, 25.1124, 55.1390, 2.2], ['Business Bay', 'Dubai', 2, 25.1850, 55.2650, 1.0],
  ['Dubai Hills Estate', 'Dubai', 2, 25.1100, 55.2450, 1.2], ['Jumeirah Village Circle', 'Dubai', 2, 25.0580, 55.2090, 0.6],
  ['Dubai Creek Harbour', 'Dubai', 2, 25.2030, 55.3450, 1.1], ['Mohammed Bin Rashid City', 'Dubai', 2, 25.1700, 55.3000, 1.3],
  ['Emaar Beachfront', 'Dubai', 2, 25.0950, 55.1390, 1.6], ['Arabian Ranches', 'Dubai', 2, 25.0550, 55.2700, 1.1],
  ['Saadiyat Island', 'Abu Dhabi', 1, 24.5400, 54.4300, 1.5], ['Yas Island', 'Abu Dhabi', 1, 24.4900, 54.6000, 1.0],
  ['Al Reem Island', 'Abu Dhabi', 1, 24.4990, 54.4070, 0.9], ['Al Raha Beach', 'Abu Dhabi', 1, 24.4500, 54.6000, 1.0],
  ['Aljada', 'Sharjah', 3, 25.3100, 55.4900, 0.6], ['Sharjah Waterfront City', 'Sharjah', 3, 25.4200, 55.4600, 0.7],
  ['Al Zahia', 'Sharjah', 3, 25.3000, 55.4600, 0.6], ['Al Marjan Island', 'Ras Al Khaimah', 6, 25.6700, 55.7400, 0.9],
  ['Mina Al Arab', 'Ras Al Khaimah', 6, 25.7000, 55.8000, 0.7], ['Ajman Corniche', 'Ajman', 4, 25.4100, 55.4400, 0.5],
  ['Al Zorah', 'Ajman', 4, 25.4400, 55.4900, 0.6], ['Umm Al Quwain Marina', 'Umm Al Quwain', 5, 25.5600, 55.5700, 0.5],
  ['Siniya Island', 'Umm Al Quwain', 5, 25.6000, 55.6200, 0.7], ['Fujairah Beach', 'Fujairah', 7, 25.1300, 56.3400, 0.6],
  ['Dibba Bay', 'Fujairah', 7, 25.6200, 56.2700, 0.7],
];

/** Arabic names of the communities and emirates, as UAE readers know them (by English name). */
const PLACES_AR = {
  'Dubai Marina': 'مرسى دبي', 'Downtown Dubai': 'وسط مدينة دبي', 'Palm Jumeirah': 'نخلة جميرا', 'Business Bay': 'الخليج التجاري',
  'Dubai Hills Estate': 'دبي هيلز استيت', 'Jumeirah Village Circle': 'قرية جميرا الدائرية', 'Dubai Creek Harbour': 'مرسى خور دبي',
  'Mohammed Bin Rashid City': 'مدينة محمد بن راشد', 'Emaar Beachfront': 'إعمار بيتشفرونت', 'Arabian Ranches': 'المرابع العربية',
  'Saadiyat Island': 'جزيرة السعديات', 'Yas Island': 'جزيرة ياس', 'Al Reem Island': 'جزيرة الريم', 'Al Raha Beach': 'شاطئ الراحة',
  Aljada: 'الجادة', 'Sharjah Waterfront City': 'مدينة الشارقة للواجهات المائية', 'Al Zahia': 'الزاهية', 'Al Marjan Island': 'جزيرة المرجان',
  'Mina Al Arab': 'ميناء العرب', 'Ajman Corniche': 'كورنيش عجمان', 'Al Zorah': 'الزوراء', 'Umm Al Quwain Marina': 'مرسى أم القيوين',
  'Siniya Island': 'جزيرة السينية', 'Fujairah Beach': 'شاطئ الفجيرة', 'Dibba Bay': 'خليج دبا',
  Dubai: 'دبي', 'Abu Dhabi': 'أبوظبي', Sharjah: 'الشارقة', 'Ras Al Khaimah': 'رأس الخيمة', Ajman: 'عجمان', 'Umm Al Quwain': 'أم القيوين', Fujairah: 'الفجيرة',
};

// Reelly's catalogue is international: these come back unless `country` is asked for.
const ABROAD = [
  ['Cyprus', 'Limassol', 'Germasogeia', 34.7071, 33.0226], ['Indonesia', 'Bali', 'Canggu', -8.6478, 115.1385],
  ['Thailand', 'Phuket', 'Bang Tao', 7.9990, 98.2953], ['Turkey', 'Istanbul', 'Besiktas', 41.0422, 29.0067],
  ['United Kingdom', 'London', 'Nine Elms', 51.4812, -0.1310], ['Georgia', 'Batumi', 'New Boulevard', 41.6168, 41.6367],
];

const DEVELOPERS = [
  'Emaar Properties', 'DAMAC Properties', 'Nakheel', 'Meraas', 'Sobha Realty', 'Ellington Properties', 'Omniyat',
  'Aldar Properties', 'Imkan', 'Arada', 'Alef Group', 'RAK Properties', 'Al Hamra', 'Binghatti', 'Danube Properties',
  'Azizi Developments', 'Select Group', 'Majid Al Futtaim',
];

const NAME_WORDS = [
  'Serenity', 'Azure', 'Vista', 'Horizon', 'Opal', 'Coral', 'Crest', 'Harbour', 'Oasis', 'Grove', 'Pearl', 'Sapphire',
  'Dune', 'Lagoon', 'Skyline', 'Amber', 'Cedar', 'Falcon', 'Jasmine', 'Marlin', 'Saffron', 'Sienna', 'Tidal', 'Verde',
];
const NAME_NOUNS = {
  Apartment: ['Residences', 'Heights', 'Tower', 'Views', 'Terraces', 'Collection', 'Court', 'Bay', 'Gardens', 'Lofts'],
  Villa: ['Villas', 'Estates', 'Mansions', 'Townhouses', 'Park', 'Retreat', 'Reserve', 'Grove Villas'],
};
// Project names in Arabic as UAE developers write them: the brand word transliterated, the kind of
// place translated and put first ("Azure Residences": "مساكن أزور").
const NAME_WORDS_AR = {
  Serenity: 'سيرينيتي', Azure: 'أزور', Vista: 'فيستا', Horizon: 'هورايزن', Opal: 'أوبال', Coral: 'كورال', Crest: 'كريست', Harbour: 'هاربر',
  Oasis: 'الواحة', Grove: 'جروف', Pearl: 'اللؤلؤة', Sapphire: 'سافاير', Dune: 'ديون', Lagoon: 'لاجون', Skyline: 'سكاي لاين', Amber: 'أمبر',
  Cedar: 'سيدار', Falcon: 'الصقر', Jasmine: 'الياسمين', Marlin: 'مارلين', Saffron: 'الزعفران', Sienna: 'سيينا', Tidal: 'تايدل', Verde: 'فيردي',
};
const NAME_NOUNS_AR = {
  Residences: 'مساكن', Heights: 'مرتفعات', Tower: 'برج', Views: 'إطلالات', Terraces: 'تراسات', Collection: 'مجموعة', Court: 'ساحة', Bay: 'خليج',
  Gardens: 'حدائق', Lofts: 'لوفتس', Villas: 'فلل', Estates: 'عقارات', Mansions: 'قصور', Townhouses: 'تاون هاوس', Park: 'بارك', Retreat: 'ملاذ',
  Reserve: 'محمية', 'Grove Villas': 'فلل جروف',
};
const DEVELOPERS_AR = {
  'Emaar Properties': 'إعمار العقارية', 'DAMAC Properties': 'داماك العقارية', Nakheel: 'نخيل', Meraas: 'مِراس', 'Sobha Realty': 'شوبا العقارية',
  'Ellington Properties': 'إلينغتون العقارية', Omniyat: 'أومنيات', 'Aldar Properties': 'الدار العقارية', Imkan: 'إمكان', Arada: 'أرادة',
  'Alef Group': 'مجموعة ألف', 'RAK Properties': 'رأس الخيمة العقارية', 'Al Hamra': 'الحمرا', Binghatti: 'بن غاطي', 'Danube Properties': 'دانوب العقارية',
  'Azizi Developments': 'عزيزي للتطوير العقاري', 'Select Group': 'سيليكت جروب', 'Majid Al Futtaim': 'ماجد الفطيم',
};
const AMENITIES_AR = {
  'Swimming Pool': 'مسبح', Gym: 'نادٍ رياضي', 'Covered Parking': 'مواقف مغطاة', '24/7 Security': 'حراسة على مدار الساعة', 'Landscaped Garden': 'حديقة منسقة',
  Balcony: 'شرفة', 'Kids Play Area': 'منطقة ألعاب للأطفال', 'Beach Access': 'وصول إلى الشاطئ', Spa: 'سبا', 'Co-working Lounge': 'صالة عمل مشتركة',
  'Tennis Court': 'ملعب تنس', 'Jogging Track': 'مضمار للجري', Concierge: 'خدمة الكونسيرج', 'Cinema Room': 'غرفة سينما',
};
const QUARTERS_AR = ['الربع الأول', 'الربع الثاني', 'الربع الثالث', 'الربع الرابع'];
const AGENTS = [
  ['Sara Khalil', '+971 50 214 7781', 'sara.khalil'], ['Omar Farouk', '+971 55 301 2290', 'omar.farouk'],
  ['Hannah Clarke', '+971 52 884 1043', 'hannah.clarke'], ['Rohan Mehta', '+971 56 710 5532', 'rohan.mehta'],
];
const AMENITIES = ['Swimming Pool', 'Gym', 'Covered Parking', '24/7 Security', 'Landscaped Garden', 'Balcony', 'Kids Play Area', 'Beach Access', 'Spa', 'Co-working Lounge', 'Tennis Court', 'Jogging Track', 'Concierge', 'Cinema Room'];
// Reelly's sale statuses with their display text, and how often each appears.
const SALE_STATUSES = [['on_sale', 'On Sale', 0.72], ['presale', 'Presale (EOI)', 0.1], ['start_of_sales', 'Start of Sales', 0.08], ['out_of_stock', 'Out of Stock', 0.06], ['announced', 'Announced', 0.04]];
const SALE_STATUSES_AR = { 'On Sale': 'متاح للبيع', 'Presale (EOI)': 'ما قبل البيع (إبداء الاهتمام)', 'Start of Sales': 'بدء المبيعات', 'Out of Stock': 'نفدت الوحدات', Announced: 'أُعلن عنه' };

const CATEGORIES = ['Apartment', 'Villa', 'Townhouse', 'Penthouse'];
const CATEGORY_AR = { Apartment: 'شقة', Villa: 'فيلا', Townhouse: 'تاون هاوس', Penthouse: 'بنتهاوس' };
const VIEWS = ['Sea View', 'Community View', 'Burj Khalifa View', 'Golf Course View', 'Pool View', 'Park View', 'Marina View', ''];
const FURNISHING = ['Furnished', 'Unfurnished', 'Semi Furnished', 'Unfurnished', ''];
const FITTINGS = ['Built-in Wardrobes, Central A/C, Kitchen Appliances', 'Central A/C, Maid\'s Room, Walk-in Closet', 'Kitchen Appliances, Study', ''];
const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/**
 * Every field a Goyzer unit carries, in the order the service writes them; empty ones stay "" (the
 * XML writes them as empty elements).
 */
const UNIT_FIELDS = [
  'RefNo', 'PropertyID', 'PropertyName', 'UnitID', 'UnitReference', 'UnitModel', 'Category', 'UnitCategory', 'RetUnitCategory',
  'Status', 'ListingType', 'Mandate', 'CountryID', 'CountryName', 'StateID', 'StateName', 'CityID', 'CityName', 'DistrictID',
  'DistrictName', 'CommunityID', 'Community', 'SubCommunityID', 'SubCommunity', 'ProGooglecoordinates', 'Bedrooms', 'NoOfBathrooms',
  'BuiltupArea', 'PlotArea', 'UnitMeasure', 'UnitFloor', 'FloorNo', 'Parking', 'PrimaryUnitView', 'SecondaryUnitView',
  'Furnish_status', 'FittingFixtures', 'SellPrice', 'Rent', 'RentPerMonth', 'PriceOnApplication', 'CurrencyAbr', 'ServiceCharge',
  'NoOfCheques', 'MarketingTitle', 'MarketingOptions', 'Remarks', 'ArabicTitle', 'ArabicDescription', 'Agent', 'AgentID',
  'ContactNumber', 'SalesmanEmail', 'AgentPhoto', 'PermitNumber', 'ReraStrNo', 'PermitExpiryDate', 'HandoverDate', 'ListingDate',
  'ExpiryDate', 'LastUpdated', 'Images', 'Documents', 'PDFBrochureLink', 'VideoURL', 'VirtualTourURL', 'FloorPlans', 'Facilities',
  'PageIndex', 'Count',
];

/**
 * Images of the sample data are served by the service itself: the demo scenes of public/images/demo
 * (scripts/generate-demo-images.js). The committed datasets name them by service-relative URL, which the
 * sample drivers resolve against PUBLIC_URL; data for the fake providers gets the absolute URLs a real
 * provider sends (`imageBase`). Each kind of image has its pool of scenes.
 */
const IMAGE_POOLS = {
  agents: ['portrait-1', 'portrait-2', 'portrait-3', 'portrait-4'],
  developers: ['logo-1', 'logo-2', 'logo-3', 'logo-4', 'logo-5', 'logo-6'],
  listings: ['villa-pool', 'island-villa', 'beach-resort', 'penthouse-interior', 'downtown-day', 'marina-night', 'skyline-dusk', 'palm-island'],
  projects: ['offplan-site', 'skyline-dusk', 'downtown-day', 'marina-night', 'villa-pool', 'beach-resort', 'island-villa', 'penthouse-interior', 'palm-island'],
};

/** FNV-1a: a stable number per name, so an item keeps its picture without drawing from the PRNG. */
function hashOf(name) {
  let hash = 0x811c9dc5;
  for (const char of name) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
  return hash;
}

/**
 * The picture of item `n` of `kind` (`1042`, `1042-cover`, `1042-3`): consecutive numbers of one item
 * take consecutive scenes, so a cover and its gallery never repeat a picture.
 */
function imageUrl(imageBase, kind, n) {
  const [, item, part] = /^(.*?)(?:-(cover|\d+))?$/.exec(String(n));
  const offset = part === undefined || part === 'cover' ? 0 : Number(part);
  const pool = IMAGE_POOLS[kind];
  return `${imageBase}/images/demo/${pool[(hashOf(item) + offset) % pool.length]}.svg`;
}

const DAY = 86_400_000;
const UAE_OFFSET_MS = 4 * 3_600_000;

/** The generation day at 00:00 UTC: every date in the data is counted from it. */
function generationDay(today) {
  const date = today instanceof Date ? today : today ? new Date(`${today}T00:00:00Z`) : new Date();
  if (Number.isNaN(date.getTime())) throw new Error(`bad generation day: ${today}`);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
}

/** "5/9/2025 10:31:15 AM": how Goyzer writes a UAE-time instant. */
function goyzerDate(instant) {
  const uae = new Date(instant + UAE_OFFSET_MS);
  const hours = uae.getUTCHours();
  const pad = (value) => String(value).padStart(2, '0');
  return `${uae.getUTCMonth() + 1}/${uae.getUTCDate()}/${uae.getUTCFullYear()} ${hours % 12 || 12}:${pad(uae.getUTCMinutes())}:${pad(uae.getUTCSeconds())} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** The last day of the month `months` after the generation day's month, at 00:00 UTC. */
function monthEnd(day, months) {
  const date = new Date(day);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months + 1, 0);
}

const slug = (name) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

/** Random helpers over one seeded stream. */
function randomTools(seed) {
  const random = seededRandom(seed);
  return {
    random,
    pick: (items) => items[Math.floor(random() * items.length)],
    between: (min, max) => Math.floor(min + random() * (max - min + 1)),
    chance: (share) => random() < share,
  };
}

const round = (value, step) => Math.round(value / step) * step;

/** `imageBase`: empty for service-relative image URLs (the committed datasets), or a provider's origin. */
function generate({ projects: projectCount, sales: salesCount, rentals: rentalCount, international, today, imageBase = '' }) {
  const day = generationDay(today);
  const image = (kind, n) => imageUrl(imageBase, kind, n);
  const brochure = (ref) => `https://files.example-cdn.ae/brochures/${ref}.pdf`;

  const developers = DEVELOPERS.map((name, index) => ({ id: 101 + index, name, logo: { url: image('developers', 101 + index) } }));

  // Listings and projects draw from streams of their own, so the size of one never changes the other.
  const listingStream = randomTools(20261122);

  function unit(listingType, index, total) {
    const { random, pick, between, chance } = listingStream;
    const [community, city, stateId, lat, lng, factor] = pick(COMMUNITIES);
    const communityIndex = COMMUNITIES.findIndex((entry) => entry[0] === community);
    const category = pick(CATEGORIES);
    const bedrooms = category === 'Apartment' ? between(0, 3) : between(2, 7);
    const area = bedrooms === 0 ? between(380, 550) : round(bedrooms * between(650, 1100), 10);
    const salePrice = round(area * between(1100, 2600) * factor, 1000);
    const yearlyRent = round(salePrice * 0.065, 1000);
    const [agent, phone, mailbox] = pick(AGENTS);
    const agentIndex = AGENTS.findIndex((entry) => entry[0] === agent);
    const ref = `${listingType === 'sale' ? 'LS' : 'LR'}-${String(10000 + index)}`;
    const beds = bedrooms === 0 ? 'Studio' : `${bedrooms} Bedroom`;
    const offPlan = listingType === 'sale' && index % 5 === 0;
    const onRequest = listingType === 'sale' && index % 23 === 11;
    const dubai = stateId === 2;
    const images = Array.from({ length: between(1, 4) }, (_, n) => ({ ImageURL: image('listings', `${ref}-${n + 1}`) }));
    const latitude = (lat + (random() - 0.5) * 0.02).toFixed(6);
    const longitude = (lng + (random() - 0.5) * 0.02).toFixed(6);
    const view = pick(VIEWS);
    const permit = dubai ? String(7100000000 + index * 7919 + (listingType === 'sale' ? 0 : 5)) : '';
    const fields = {
      RefNo: ref,
      PropertyID: String(5000 + index),
      PropertyName: `${pick(NAME_WORDS)} ${pick(NAME_NOUNS.Apartment)}`,
      UnitID: String(80000 + index),
      UnitReference: `${between(1, 40)}${pick(['01', '02', '05', '08', '11'])}`,
      Category: category,
      UnitCategory: 'Residential',
      RetUnitCategory: category,
      // A few units are held back by the agency: the feed still lists them, marked Blocked.
      Status: index % 40 === 39 ? 'Blocked' : 'Available',
      ListingType: offPlan ? 'Off Plan' : 'Ready',
      Mandate: index % 3 === 0 ? 'Exclusive' : 'Non Exclusive',
      CountryID: '65946',
      CountryName: 'United Arab Emirates',
      StateID: String(stateId),
      StateName: city,
      CityID: String(stateId),
      CityName: city,
      DistrictID: String(300 + communityIndex),
      DistrictName: community,
      CommunityID: String(1000 + communityIndex),
      Community: community,
      SubCommunityID: index % 3 === 0 ? String(4000 + index) : '',
      SubCommunity: index % 3 === 0 ? `${community} ${pick(['North', 'South', 'East', 'West'])}` : '',
      // Coordinates in either order, now and then missing or at the null island default.
      ProGooglecoordinates: index % 29 === 28 ? '' : index % 31 === 30 ? '0,0' : index % 17 === 0 ? `${longitude},${latitude}` : `${latitude},${longitude}`,
      Bedrooms: bedrooms === 0 ? 'Studio' : String(bedrooms),
      NoOfBathrooms: String(Math.max(1, bedrooms + (category === 'Apartment' ? 0 : 1))),
      BuiltupArea: `${area}.00`,
      PlotArea: category === 'Apartment' || category === 'Penthouse' ? '' : `${round(area * 1.6, 10)}.00`,
      UnitMeasure: 'Sq.Ft',
      UnitFloor: category === 'Apartment' || category === 'Penthouse' ? String(between(2, 60)) : '',
      FloorNo: '',
      Parking: bedrooms >= 3 ? '2' : bedrooms === 0 ? '' : '1',
      PrimaryUnitView: view,
      SecondaryUnitView: view && chance(0.3) ? 'Community View' : '',
      Furnish_status: pick(FURNISHING),
      FittingFixtures: pick(FITTINGS),
      SellPrice: listingType === 'sale' ? (onRequest ? '0.0000' : `${salePrice}.0000`) : '',
      Rent: listingType === 'rent' ? `${yearlyRent}.0000` : '',
      RentPerMonth: listingType === 'rent' ? (yearlyRent / 12).toFixed(8) : '',
      PriceOnApplication: onRequest ? 'Yes' : 'No',
      CurrencyAbr: 'AED',
      ServiceCharge: listingType === 'sale' ? `${between(12, 28)}.00` : '',
      NoOfCheques: listingType === 'rent' ? String(pick([1, 2, 4])) : '',
      MarketingTitle: `${beds} ${category} in ${community}${view ? ` | ${view}` : ''}`,
      MarketingOptions: '',
      Remarks:
        `<![CDATA[<p>A ${beds.toLowerCase()} ${category.toLowerCase()} in <strong>${community}</strong>, ${city}, ` +
        `with ${area.toLocaleString('en-US')}&nbsp;sq.ft of living space${view ? ` and a ${view.toLowerCase()}` : ''}.</p>\r\n` +
        `<ul><li>${bedrooms === 0 ? 'Open-plan studio' : `${bedrooms} bedrooms &amp; ${Math.max(1, bedrooms)} bathrooms`}</li>` +
        `<li>${offPlan ? 'Off-plan, on a payment plan' : 'Ready to move in'}</li></ul>\r\n` +
        `<p>• Call ${agent} to arrange a viewing.</p>]]>`,
      ArabicTitle: `${CATEGORY_AR[category]} ${bedrooms === 0 ? 'استوديو' : `من ${bedrooms} غرف نوم`} ${listingType === 'sale' ? 'للبيع' : 'للإيجار'} في ${community}`,
      ArabicDescription: `<p>${CATEGORY_AR[category]} مميزة في ${community}، ${city}، بمساحة ${area} قدم مربع.</p>`,
      Agent: agent,
      AgentID: String(700 + agentIndex),
      ContactNumber: phone,
      SalesmanEmail: `${mailbox}@agency.example.ae`,
      // The agents' numbers follow each other, so no two share a portrait.
      AgentPhoto: image('agents', `agent-${agentIndex + 1}`),
      // Dubai adverts carry a RERA permit, in one field or the other.
      PermitNumber: index % 7 === 3 ? '' : permit,
      ReraStrNo: index % 7 === 3 ? permit : '',
      PermitExpiryDate: dubai ? goyzerDate(day + between(60, 300) * DAY) : '',
      HandoverDate: offPlan ? goyzerDate(monthEnd(day, between(4, 48)) - UAE_OFFSET_MS) : '',
      ListingDate: goyzerDate(day - between(20, 400) * DAY),
      ExpiryDate: goyzerDate(day + between(30, 365) * DAY),
      LastUpdated: goyzerDate(day - (index + 1) * 37 * 60_000 - between(0, 59) * 1000),
      Images: { Image: images.length === 1 ? images[0] : images },
      PDFBrochureLink: offPlan ? brochure(ref) : '',
      Facilities: category === 'Apartment' ? 'Shared Pool, Shared Gym, Security' : 'Private Garden, Private Pool',
      PageIndex: '1/1',
      Count: `${index + 1}/${total}`,
    };
    return Object.fromEntries(UNIT_FIELDS.map((name) => [name, fields[name] ?? '']));
  }

  const { random, pick, between, chance } = randomTools(20261121);

  // Project names never repeat: each kind draws from its own shuffled list of word pairs.
  const namePools = Object.fromEntries(Object.entries(NAME_NOUNS).map(([kind, nouns]) => {
    const pairs = NAME_WORDS.flatMap((word) => nouns.map((noun) => ({ en: `${word} ${noun}`, ar: `${NAME_NOUNS_AR[noun]} ${NAME_WORDS_AR[word]}` })));
    for (let index = pairs.length - 1; index > 0; index -= 1) {
      const other = Math.floor(random() * (index + 1));
      [pairs[index], pairs[other]] = [pairs[other], pairs[index]];
    }
    return [kind, { pairs, next: 0 }];
  }));
  /** The next unused name of a kind, in English and Arabic. */
  function projectName(kind) {
    const pool = namePools[kind];
    const round = Math.floor(pool.next / pool.pairs.length);
    const { en, ar } = pool.pairs[pool.next % pool.pairs.length];
    pool.next += 1;
    return round === 0 ? { en, ar } : { en: `${en} ${round + 1}`, ar: `${ar} ${round + 1}` };
  }

  function saleStatus() {
    let roll = random();
    for (const [code, display, share] of SALE_STATUSES) {
      if (roll < share) return [code, display];
      roll -= share;
    }
    return SALE_STATUSES[0].slice(0, 2);
  }

  /** A payment plan whose name says what its steps add up to. */
  function paymentPlan(id) {
    const booking = pick([10, 20]);
    const construction = pick([30, 40, 50]);
    const postHandover = chance(0.25) ? pick([20, 30]) : 0;
    const handover = 100 - booking - construction - postHandover;
    const steps = [
      { name: 'On booking', percentage: booking, stage_type: 'on_booking' },
      { name: 'During construction', percentage: construction, stage_type: 'construction' },
      { name: 'On handover', percentage: handover, stage_type: 'handover' },
      ...(postHandover ? [{ name: 'Post handover', percentage: postHandover, stage_type: 'post_handover' }] : []),
    ];
    const split = steps.map((step) => step.percentage).join('/');
    return { id, name: postHandover ? `${split} Post-Handover` : split, steps };
  }

  /** Unit types whose sizes, and so whose prices (one price per sq.ft), rise with the bedrooms. */
  function typicalUnits(villa, factor, usd) {
    const smallest = villa ? between(2, 4) : between(0, 2);
    const largest = Math.min(villa ? 7 : 4, smallest + between(1, 3));
    const perFoot = between(1200, 2800) * factor;
    const units = [];
    let floor = 0;
    for (let beds = smallest; beds <= largest; beds += 1) {
      const sizeFrom = Math.max(floor + 25, beds === 0 ? between(380, 480) : round(beds * between(620, 900) * (villa ? 1.6 : 1), 5));
      const sizeTo = round(sizeFrom * (1 + 0.05 + random() * 0.25), 5);
      floor = sizeTo;
      units.push({
        bedrooms: beds,
        from_size_sqft: sizeFrom,
        to_size_sqft: sizeTo,
        from_price_aed: round(sizeFrom * perFoot, 1000),
        to_price_aed: round(sizeTo * perFoot * 1.08, 1000),
        ...(usd ? { from_price_usd: Math.round(round(sizeFrom * perFoot, 1000) / 3.6725) } : {}),
      });
    }
    return units;
  }

  /**
   * Each UAE project's Arabic texts, as Reelly answers with language=ar. The model of the real API:
   * 1. `sale_status_display` comes as { en, ar } (both languages in one read), in either language.
   * 2. GET /projects and /projects/{id} take `language` (`en` by default, `ar`): with `ar` the same
   *    records come back with `name`, `short_description`, `overview` (HTML like the English) and the
   *    names in `location` (`region` when it is a name, `city`, `district`, `sector`) in Arabic; every
   *    other field (ids, numbers, prices, images, sale_status_display, units...) is as in English.
   *    Projects abroad have no Arabic: a provider without a translation answers the English text.
   * The Arabic is made from what was drawn for the English, drawing nothing, so the English output
   * (and the order of draws) is byte for byte what it was before the Arabic.
   */
  const arabicTexts = new Map();

  function project(index) {
    // Cycle the emirates first so every one is present, then pick freely.
    const [community, city, , lat, lng, factor] = index < COMMUNITIES.length ? COMMUNITIES[index] : pick(COMMUNITIES);
    const communityIndex = COMMUNITIES.findIndex((entry) => entry[0] === community);
    const developer = developers[index % developers.length];
    const id = 3000 + index;
    const villa = random() < 0.3;
    const { en: name, ar: nameAr } = projectName(villa ? 'Villa' : 'Apartment');
    const usd = index % 12 === 5;
    const noPrice = index % 29 === 7;
    const units = typicalUnits(villa, factor, usd).map((unit) => (noPrice ? { ...unit, from_price_aed: null, to_price_aed: null } : unit));
    const first = units[0];
    const last = units[units.length - 1];
    const completion = monthEnd(day, between(4, 60));
    const completionDate = new Date(completion);
    const [saleCode, saleDisplay] = saleStatus();
    const amenities = [...AMENITIES].sort(() => random() - 0.5).slice(0, between(5, 9));
    const minPrice = noPrice ? 0 : usd ? first.from_price_usd : first.from_price_aed;
    // The cover is picture 0; the galleries and the plan number on from 1, so no two repeat a scene.
    let pictures = 0;
    const picture = () => ({ url: image('projects', `${id}-${(pictures += 1)}`) });
    const media = (count) => Array.from({ length: count }, picture);
    const record = {
      id,
      name,
      slug_name: slug(name),
      // Mostly a name, at times the developer's id.
      developer: index % 12 === 9 ? developer.id : developer.name,
      location: {
        country: 'United Arab Emirates',
        // Now and then the region comes as an id, with the city named beside it.
        region: index % 20 === 13 ? COMMUNITIES.findIndex((entry) => entry[1] === city) + 1 : city,
        city,
        district: community,
        district_id: 1000 + communityIndex,
        sector: index % 4 === 0 ? `${community} Phase ${between(1, 3)}` : community,
        latitude: Number((lat + (random() - 0.5) * 0.02).toFixed(6)),
        longitude: Number((lng + (random() - 0.5) * 0.02).toFixed(6)),
      },
      construction_status: 'under_construction',
      construction_status_display: 'Under Construction',
      sale_status: saleCode,
      sale_status_display: { en: saleDisplay, ar: SALE_STATUSES_AR[saleDisplay] },
      // Some towers also sell penthouses, some villa communities townhouses (no random draw: the rest stays as it was).
      available_unit_types_display: villa ? ['Villas', ...(index % 3 === 1 ? ['Townhouses'] : [])] : ['Apartments', ...(index % 4 === 2 ? ['Penthouses'] : [])],
      short_description: `${villa ? 'Family villas' : 'Contemporary residences'} in ${community} by ${developer.name}.`,
      completion_date: `${MONTHS[completionDate.getUTCMonth()]} ${completionDate.getUTCFullYear()}`,
      // A few projects carry the label alone.
      completion_datetime: index % 15 === 4 ? null : completionDate.toISOString(),
      min_price: index % 10 === 3 ? { value: minPrice } : minPrice,
      max_price: noPrice ? 0 : usd ? Math.round(last.to_price_aed / 3.6725) : last.to_price_aed,
      price_currency: usd ? 'USD' : 'AED',
      min_size: first.from_size_sqft,
      max_size: last.to_size_sqft,
      area_unit: 'sqft',
      min_bedrooms: first.bedrooms,
      max_bedrooms: last.bedrooms,
      units_count: between(40, 600),
      cover_image: { url: image('projects', `${id}-cover`) },
      updated_at: new Date(day - between(1, 90) * DAY).toISOString(),
      // Detail only (GET /projects/{id}):
      overview:
        `<p>${name} by ${developer.name} brings ${villa ? 'family villas' : 'contemporary residences'} to ` +
        `<strong>${community}</strong>, ${city}, with handover expected in Q${Math.ceil((completionDate.getUTCMonth() + 1) / 3)} ${completionDate.getUTCFullYear()}.</p>` +
        `<ul>${amenities.slice(0, 3).map((amenity) => `<li>${amenity}</li>`).join('')}</ul>`,
      typical_units: units,
      project_amenities: amenities.map((amenity, n) => ({ id: n + 1, amenity: { name: amenity } })),
      payment_plans: [paymentPlan(id * 10)],
      architecture: media(between(2, 3)),
      interior: media(between(1, 2)),
      lobby: media(between(0, 1)),
      general_plan: picture(),
      // Drawn from nothing random (the rest stays as it was); not every project has them.
      ...(index % 4 === 1 ? {} : {
        floor_plans: units.map((unit) => ({ title: `${unit.bedrooms === 0 ? 'Studio' : `${unit.bedrooms} bedroom`} layout`, bedrooms: unit.bedrooms, file: `https://files.example-cdn.ae/floor-plans/${id}-${unit.bedrooms}.pdf` })),
      }),
      ...(index % 3 === 2 ? {} : { marketing_brochure: `https://files.example-cdn.ae/brochures/OP-${id}.pdf` }),
    };
    // Made from what was drawn above, drawing nothing: the English data stays as it was.
    const quarter = `${QUARTERS_AR[Math.ceil((completionDate.getUTCMonth() + 1) / 3) - 1]} ${completionDate.getUTCFullYear()}`;
    const kindAr = villa ? 'فللًا عائلية' : 'مساكن عصرية';
    const sectorPhase = / Phase (\d)$/.exec(record.location.sector);
    arabicTexts.set(record, {
      name: nameAr,
      short_description: `${villa ? 'فلل عائلية' : 'مساكن عصرية'} في ${PLACES_AR[community]} من ${DEVELOPERS_AR[developer.name]}.`,
      overview:
        `<p>يقدّم ${nameAr} من ${DEVELOPERS_AR[developer.name]} ${kindAr} في <strong>${PLACES_AR[community]}</strong>، ${PLACES_AR[city]}، ` +
        `مع تسليم متوقع في ${quarter}.</p>` +
        `<ul>${amenities.slice(0, 3).map((amenity) => `<li>${AMENITIES_AR[amenity]}</li>`).join('')}</ul>`,
      location: {
        ...(typeof record.location.region === 'string' ? { region: PLACES_AR[city] } : {}),
        city: PLACES_AR[city],
        district: PLACES_AR[community],
        sector: sectorPhase ? `${PLACES_AR[community]} المرحلة ${sectorPhase[1]}` : PLACES_AR[community],
      },
    });
    return record;
  }

  /** A project abroad, with the same fields. */
  function abroad(index) {
    const [country, region, district, lat, lng] = ABROAD[index % ABROAD.length];
    const base = project(index + 7);
    return {
      ...base,
      // Clear of the UAE projects' ids (3000 on), however many there are.
      id: Math.max(9000, 3000 + projectCount) + index,
      name: `${region} ${pick(['Residences', 'Bay', 'Gardens'])} ${index + 1}`,
      slug_name: `${slug(region)}-${index + 1}`,
      location: { country, region, city: region, district, sector: district, latitude: lat, longitude: lng },
      price_currency: 'EUR',
    };
  }

  const uae = Array.from({ length: projectCount }, (_, index) => project(index));
  const foreign = Array.from({ length: international ?? Math.ceil(projectCount / 25) }, (_, index) => abroad(index));
  // Foreign projects sit among the others, as the unfiltered catalogue has them.
  const projects = [...uae];
  foreign.forEach((entry, index) => projects.splice(Math.min(projects.length, index * 26 + 12), 0, entry));

  const generatedOn = new Date(day).toISOString().slice(0, 10);
  return {
    listings: {
      generated_on: generatedOn,
      sales: Array.from({ length: salesCount }, (_, index) => unit('sale', index, salesCount)),
      rentals: Array.from({ length: rentalCount }, (_, index) => unit('rent', index, rentalCount)),
    },
    // `projects_ar`: the UAE projects as Reelly answers with language=ar (projects abroad have no Arabic).
    projects: { generated_on: generatedOn, developers, projects, projects_ar: uae.map((entry) => ({ id: entry.id, ...arabicTexts.get(entry) })) },
  };
}

module.exports = { generate, UNIT_FIELDS };

if (require.main === module) {
  const args = process.argv.slice(2);
  const option = (name, fallback) => {
    const index = args.indexOf(`--${name}`);
    return index === -1 ? fallback : args[index + 1];
  };
  const out = path.resolve(option('out', path.join(__dirname, '..', 'src', 'plugins', 'extsource', 'data')));
  const data = generate({
    projects: Number(option('projects', 130)),
    sales: Number(option('sales', 160)),
    rentals: Number(option('rentals', 70)),
    today: option('today', undefined),
  });
  fs.mkdirSync(out, { recursive: true });
  fs.writeFileSync(path.join(out, 'sample-listings.json'), `${JSON.stringify(data.listings, null, 1)}\n`);
  fs.writeFileSync(path.join(out, 'sample-projects.json'), `${JSON.stringify(data.projects, null, 1)}\n`);
  console.log(`wrote ${data.listings.sales.length} sales, ${data.listings.rentals.length} rentals, ${data.projects.projects.length} projects, ${data.projects.developers.length} developers to ${out}`);
}
