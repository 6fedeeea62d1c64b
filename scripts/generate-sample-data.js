#!/usr/bin/env node
// Generates the datasets of the `sample` provider driver (committed under src/plugins/extsource/data):
// Goyzer-style sales and rental units, and Reelly-style off-plan projects with their developers.
// Deterministic: a seeded PRNG, so running it again gives byte-identical files.
// Usage: node scripts/generate-sample-data.js [--projects N] [--sales N] [--rentals N] [--out DIR]
'use strict';

const fs = require('fs');
const path = require('path');

/** mulberry32: a small, seeded, deterministic PRNG. */
function prng(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// [community, city/emirate name, state id (provider's numeric), latitude, longitude, price factor]
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

const DEVELOPERS = [
  'Emaar Properties', 'DAMAC Properties', 'Nakheel', 'Meraas', 'Sobha Realty', 'Ellington Properties', 'Omniyat',
  'Aldar Properties', 'Imkan', 'Arada', 'Alef Group', 'RAK Properties', 'Al Hamra', 'Binghatti', 'Danube Properties',
  'Azizi Developments', 'Select Group', 'Majid Al Futtaim',
];

const PROJECT_WORDS = [
  ['Serenity', 'Azure', 'Vista', 'Horizon', 'Opal', 'Marina', 'Palm', 'Crest', 'Harbour', 'Oasis', 'Grove', 'Pearl', 'Sapphire', 'Dune', 'Lagoon', 'Skyline'],
  ['Residences', 'Heights', 'Towers', 'Villas', 'Gardens', 'Park', 'Bay', 'Views', 'Terraces', 'Collection', 'Mansions', 'Court'],
];
const AGENTS = [['Sara Khalil', '+971 50 214 7781'], ['Omar Farouk', '+971 55 301 2290'], ['Hannah Clarke', '+971 52 884 1043'], ['Rohan Mehta', '+971 56 710 5532']];
const AMENITIES = ['Swimming Pool', 'Gym', 'Covered Parking', '24/7 Security', 'Landscaped Garden', 'Balcony', 'Kids Play Area', 'Beach Access', 'Spa', 'Co-working Lounge', 'Tennis Court', 'Jogging Track', 'Concierge', 'Cinema Room'];
const SALE_STATUSES = ['New Launch', 'Selling Fast', 'Limited Units', 'Exclusive', 'Waterfront', 'Payment Plan 60/40', ''];
const CATEGORIES = ['Apartment', 'Villa', 'Townhouse', 'Penthouse'];

/**
 * Images of the sample data are served by the service itself: the demo scenes of public/images/demo
 * (scripts/generate-demo-images.js). The committed datasets name them by service-relative URL, which the
 * sample drivers resolve against PUBLIC_URL; data for the fake providers gets the absolute URLs a real
 * provider sends (`imageBase`). Each kind of image has its pool of scenes.
 */
const IMAGE_POOLS = {
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

/** `imageBase`: empty for service-relative image URLs (the committed datasets), or a provider's origin. */
function generate({ projects: projectCount, sales: salesCount, rentals: rentalCount, imageBase = '' }) {
  const image = (kind, n) => imageUrl(imageBase, kind, n);
  const random = prng(20261121);
  const pick = (items) => items[Math.floor(random() * items.length)];
  const between = (min, max) => Math.floor(min + random() * (max - min + 1));
  const round = (value, step) => Math.round(value / step) * step;

  const developers = DEVELOPERS.map((name, index) => ({
    id: 101 + index,
    name,
    slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, ''),
    logo: { url: image('developers', 101 + index) },
  }));

  function unit(listingType, index) {
    const [community, city, stateId, lat, lng, factor] = pick(COMMUNITIES);
    const category = pick(CATEGORIES);
    const bedrooms = category === 'Apartment' ? between(0, 3) : between(2, 7);
    const area = bedrooms === 0 ? between(380, 550) : round(bedrooms * between(650, 1100), 10);
    const salePrice = round(area * between(1100, 2600) * factor, 1000);
    const [agent, phone] = pick(AGENTS);
    const ref = `${listingType === 'sale' ? 'LS' : 'LR'}-${String(10000 + index)}`;
    const beds = bedrooms === 0 ? 'Studio' : `${bedrooms} Bedroom`;
    const images = Array.from({ length: between(1, 4) }, (_, n) => ({ ImageURL: image('listings', `${ref}-${n + 1}`) }));
    const swapped = index % 17 === 0;
    return {
      RefNo: ref,
      Category: category,
      Status: 'Available',
      ListingType: index % 5 === 0 ? 'Off Plan' : 'Ready',
      Community: community,
      CommunityID: String(1000 + COMMUNITIES.findIndex((entry) => entry[0] === community)),
      SubCommunity: index % 3 === 0 ? `${community} ${pick(['North', 'South', 'East', 'West'])}` : '',
      StateName: city,
      StateID: String(stateId),
      CityName: city,
      PropertyName: `${pick(PROJECT_WORDS[0])} ${pick(PROJECT_WORDS[1])}`,
      PropertyID: String(5000 + index),
      Bedrooms: bedrooms === 0 ? 'Studio' : String(bedrooms),
      NoOfBathrooms: String(Math.max(1, bedrooms + (category === 'Apartment' ? 0 : 1))),
      BuiltupArea: String(area),
      ...(listingType === 'sale' ? { SellPrice: String(salePrice) } : { Rent: String(round(salePrice * 0.065, 1000)) }),
      CurrencyAbr: 'AED',
      Agent: agent,
      ContactNumber: phone,
      MarketingTitle: `${beds} ${category} in ${community}`,
      Remarks: `A ${beds.toLowerCase()} ${category.toLowerCase()} in ${community}, ${city}, with ${area.toLocaleString('en-US')} sq.ft of living space.`,
      Images: { Image: images.length === 1 ? images[0] : images },
      HandoverDate: index % 5 === 0 ? `${between(2026, 2030)}-${String(between(1, 12)).padStart(2, '0')}-01` : '',
      LastUpdated: new Date(Date.UTC(2026, 9, 1) + index * 3600_000).toISOString(),
      ProGooglecoordinates: swapped
        ? `${(lng + (random() - 0.5) * 0.02).toFixed(6)},${(lat + (random() - 0.5) * 0.02).toFixed(6)}`
        : `${(lat + (random() - 0.5) * 0.02).toFixed(6)},${(lng + (random() - 0.5) * 0.02).toFixed(6)}`,
    };
  }

  function project(index) {
    // Cycle the emirates first so every one is present, then pick freely.
    const [community, city, , lat, lng, factor] = index < COMMUNITIES.length ? COMMUNITIES[index] : pick(COMMUNITIES);
    const developer = developers[index % developers.length];
    const id = 3000 + index;
    const name = `${pick(PROJECT_WORDS[0])} ${pick(PROJECT_WORDS[1])}${index >= 40 ? ` ${Math.floor(index / 40) + 1}` : ''}`;
    const villa = random() < 0.3;
    const smallest = villa ? between(2, 4) : between(0, 2);
    const largest = Math.min(villa ? 7 : 4, smallest + between(1, 3));
    const unitTypes = [];
    for (let beds = smallest; beds <= largest; beds += 1) {
      const sizeFrom = beds === 0 ? between(380, 480) : round(beds * between(620, 900) * (villa ? 1.6 : 1), 5);
      const sizeTo = round(sizeFrom * (1 + random() * 0.35), 5);
      const perFoot = between(1200, 2800) * factor;
      unitTypes.push({
        bedrooms: beds === 0 ? 'studio' : beds,
        size_from: sizeFrom,
        size_to: sizeTo,
        price_from: round(sizeFrom * perFoot, 1000),
        price_to: round(sizeTo * perFoot * 1.1, 1000),
      });
    }
    const completionYear = 2026 + between(0, 5);
    const completionMonth = between(1, 12);
    const noPrice = index % 29 === 7;
    const amenities = [...AMENITIES].sort(() => random() - 0.5).slice(0, between(5, 9));
    const downPayment = pick([10, 20, 30, 40]);
    const handover = pick([30, 40, 50, 60]);
    return {
      id,
      name,
      ref_no: `OP-${id}`,
      region: city,
      district: community,
      district_id: String(1000 + COMMUNITIES.findIndex((entry) => entry[0] === community)),
      sub_district: index % 4 === 0 ? `${community} Phase ${between(1, 3)}` : '',
      category: villa ? 'Villa' : 'Apartment',
      status: 'off_plan',
      sale_status: pick(SALE_STATUSES),
      min_price: noPrice ? null : unitTypes[0].price_from,
      max_price: noPrice ? null : unitTypes[unitTypes.length - 1].price_to,
      currency: 'AED',
      cover_image: { url: image('projects', `${id}-cover`) },
      developer: { id: developer.id, name: developer.name, logo: developer.logo },
      completion_date: `${completionYear}-${String(completionMonth).padStart(2, '0')}-01`,
      description: `${name} by ${developer.name} brings ${villa ? 'family villas' : 'contemporary residences'} to ${community}, ${city}, with handover expected in Q${Math.ceil(completionMonth / 3)} ${completionYear}.`,
      unit_types: unitTypes,
      amenities: amenities.map((amenity) => ({ name: amenity })),
      payment_plans: [{
        name: `${downPayment}/${100 - downPayment - handover}/${handover}`,
        steps: [
          { label: 'Down payment', percent: downPayment },
          { label: 'During construction', percent: 100 - downPayment - handover },
          { label: 'On handover', percent: handover },
        ],
      }],
      coordinates: { lat: Number((lat + (random() - 0.5) * 0.02).toFixed(6)), lng: Number((lng + (random() - 0.5) * 0.02).toFixed(6)) },
      gallery: Array.from({ length: between(3, 6) }, (_, n) => ({ url: image('projects', `${id}-${n + 1}`) })),
    };
  }

  return {
    listings: {
      sales: Array.from({ length: salesCount }, (_, index) => unit('sale', index)),
      rentals: Array.from({ length: rentalCount }, (_, index) => unit('rent', index)),
    },
    projects: { developers, projects: Array.from({ length: projectCount }, (_, index) => project(index)) },
  };
}

module.exports = { generate };

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
  });
  fs.mkdirSync(out, { recursive: true });
  fs.writeFileSync(path.join(out, 'sample-listings.json'), `${JSON.stringify(data.listings, null, 1)}\n`);
  fs.writeFileSync(path.join(out, 'sample-projects.json'), `${JSON.stringify(data.projects, null, 1)}\n`);
  console.log(`wrote ${data.listings.sales.length} sales, ${data.listings.rentals.length} rentals, ${data.projects.projects.length} projects, ${data.projects.developers.length} developers to ${out}`);
}
