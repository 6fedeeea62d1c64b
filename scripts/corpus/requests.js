// The requests of a recording, in a fixed order, drawn from a seeded generator: every v1 route of both
// catalogues (off-plan projects, homes for sale and rent) and the routes that show them (the search
// box, composed pages, the sitemap, the luxury and contact pages), in English and Arabic, with filters,
// sorts, pages, currencies, bbox and near, and invalid values; each sent twice plainly (the second on the
// fast lane where it can answer) and once with an unusual X-Forwarded-Proto, which the fast lane always
// leaves to the full path (src/lib/fast-lane.ts); conditional requests with an answer's ETag; signed-in
// buyers' cards with their favourites; last, the homes' answers after a second sync of a changed feed
// (a former slug's 301, the 410s of homes gone from it). What is asked for next may depend on earlier answers (the ids,
// slugs and ETags they name): two builds that answer alike are asked alike.
'use strict';
const { seededRandom } = require('../lib/seeded-random');


const FULL_PATH = { 'X-Forwarded-Proto': 'gopher' };
const LOCALES = ['', 'locale=ar', 'locale=en'];
const arabicIndic = (text) => text.replace(/\d/g, (digit) => String.fromCharCode(0x660 + Number(digit)));
const withQuery = (path, query) => (query === '' ? path : `${path}${path.includes('?') ? '&' : '?'}${query}`);

const BOXES = [
  ['51,22,56.5,26.5', '7'], ['54.9,24.8,55.6,25.4', '9'], ['55.1,25.0,55.3,25.2', '11'], ['55.12,25.06,55.16,25.10', '13'],
  ['54.2,24.3,54.7,24.6', '10'], ['-10,-10,10,10', '4'],
];
/** A parameter's values: those the route accepts, and those it refuses with a 422 (asked less often). */
const values = (valid, invalid = []) => ({ valid, invalid });
/** The share of parameters given a value the route refuses. */
const INVALID_SHARE = 0.12;

const COMMON = {
  page: values(['1', '2', '3', '99'], ['0', '-1', 'abc']),
  per_page: values(['1', '5', '16', '50', '100'], ['101', '0', 'x']),
  state_id: values(['DU', 'AD', 'SH', 'RK', 'AJ', 'dubai', 'Abu%20Dhabi'], ['XX', '']),
  min_price: values(['0', '500000', '1000000', '2500000'], ['-5', 'abc']),
  max_price: values(['800000', '2000000', '5000000', '100000000'], ['x']),
  currency: values(['AED', 'USD', 'GBP'], ['EUR', 'usd']),
  bbox: values(BOXES.map(([box]) => box), ['1,2,3', '200,0,210,10', '55.3,25.2,55.1,25.0', 'a,b,c,d']),
  near: values(['25.08,55.14', '25.2,55.27', '24.45,54.37'], ['91,0', 'x,y', '25.08']),
  locale: values(['ar', 'en'], ['fr', 'AR', '']),
};
const offPlan = (developerIds) => ({
  ...COMMON,
  sort: values(['name_asc', 'name_desc', 'price_asc', 'price_desc', 'completion_asc', 'completion_desc', 'distance'], ['newest', 'bogus']),
  project_name: values(['marina', 'Palm', 'downtown', 'creek', encodeURIComponent('دبي')], ['', 'zzz']),
  developer_id: values(developerIds.length > 0 ? developerIds : ['1'], ['999999', 'abc']),
  completion_year: values(['2025', '2026', '2027', '2028', '2030'], ['20x']),
});
const HOMES = {
  ...COMMON,
  sort: values(['newest', 'price_asc', 'price_desc', 'area_asc', 'area_desc', 'distance'], ['name_asc', 'bogus']),
  location: values(['Dubai%20Marina', 'marina', 'Palm%20Jumeirah', 'downtown', encodeURIComponent('دبي'), 'Business%20Bay', 'Ajman']),
  property_type: values(['Apartment', 'Villa', 'Townhouse', 'Penthouse', 'apartment,villa'], ['Castle']),
  bedrooms: values(['Studio', '1', '2', '3', '4', '5%2B', '2,3'], ['9']),
  bathrooms: values(['1', '2', '3', '4', '5%2B'], ['0']),
  furnishing: values(['furnished', 'semi-furnished', 'unfurnished'], ['bogus']),
  completion_status: values(['ready', 'off_plan'], ['x']),
  min_area: values(['500', '1000', '2000'], ['abc']),
  max_area: values(['1500', '3000', '8000'], ['-1']),
};
const SUGGEST = {
  q: values(['marina', 'Marina', 'Downtwon', 'palm', 'emaar', encodeURIComponent('دبي'), encodeURIComponent('مرسى دبي'), 'villa', 'Business', 'jumeirah%20village', 'sobha', 'creek'], ['', 'a', 'x'.repeat(120)]),
  limit: values(['1', '3', '5', '10'], ['11', '0', 'x']),
  locale: COMMON.locale,
};
const DETAIL = { locale: COMMON.locale, currency: COMMON.currency, other: values(['1', '']) };
const LANGUAGE = { locale: COMMON.locale };

/** Key spellings a client may use, as Strapi's query parser reads them (rarely: most requests spell keys plainly). */
function spelled(key, random) {
  const form = random();
  if (form < 0.9) return key;
  if (form < 0.93) return `%${key.charCodeAt(0).toString(16).toUpperCase()}${key.slice(1)}`;
  if (form < 0.96) return `${key}[]`;
  if (form < 0.98) return `${key}[0]`;
  return `${key}[$ne]`;
}

function makeDraw(random) {
  const pick = (list) => list[Math.floor(random() * list.length)];
  const value = ({ valid, invalid }) => (invalid.length > 0 && random() < INVALID_SHARE ? pick(invalid) : pick(valid));
  /** A query string of 0 to `most` pairs of `vocabulary`'s keys (repeats allowed), with `fixed` first. */
  const query = (vocabulary, most, fixed = []) => {
    const pairs = [...fixed];
    const count = Math.floor(random() * (most + 1));
    for (let i = 0; i < count; i += 1) {
      const key = pick(Object.keys(vocabulary));
      pairs.push(`${spelled(key, random)}=${value(vocabulary[key])}`);
    }
    if (random() < 0.03) pairs.push(pick(['status=published', 'status=draft']));
    return pairs.join('&');
  };
  /** A map's bbox and zoom: mostly one that fits, sometimes a box or zoom out of the rules. */
  const viewport = () => {
    const [box, zoom] = pick(BOXES);
    if (random() < 0.8) return [`bbox=${box}`, `zoom=${zoom}`];
    return [`bbox=${pick([...COMMON.bbox.valid, ...COMMON.bbox.invalid])}`, `zoom=${pick(['0', '5', '12', '20', '21', '-1', 'x'])}`].slice(0, random() < 0.2 ? 1 : 2);
  };
  /** Request headers beside the lane's: sometimes a compressed variant asked for, sometimes a browser's Origin. */
  const headers = () => {
    const sent = { 'Accept-Encoding': random() < 0.85 ? 'identity' : pick(['gzip', 'br', 'gzip, deflate, br']) };
    if (random() < 0.1) sent.Origin = pick(['https://www.corpus.test', 'https://elsewhere.test']);
    return sent;
  };
  return { pick, value, query, viewport, headers, random };
}

/** The catalogues' ids, slugs and references the app names, read from its own answers. */
async function discover(ask) {
  const projects = [];
  for (let page = 1; page <= 20; page += 1) {
    const answer = await ask({ path: `/api/v1/off-plan/projects?per_page=100&page=${page}` });
    const { data, total_pages: pages } = answer.json().data.properties;
    projects.push(...data);
    if (page >= pages) break;
  }
  const homes = {};
  for (const purpose of ['sale', 'rent']) homes[purpose] = (await ask({ path: `/api/v1/properties?purpose=${purpose}&per_page=100` })).json().data.listings.data;
  const pageSlugs = (await ask({ path: '/api/v1/pages' })).json().data.items.map((page) => page.slug);
  const sitemap = (await ask({ path: '/api/v1/sitemap.xml' })).body.toString('utf8');
  const parts = [...sitemap.matchAll(/\/api\/v1\/sitemaps\/([^<"]+\.xml)/g)].map((match) => match[1]);
  const developers = [...new Map(projects.filter((project) => project.developer?.slug).map((project) => [project.developer.slug, project.developer])).values()];
  const developerIds = [...new Set(projects.map((project) => project.developer?.id).filter((id) => id !== undefined && id !== null).map(String))];
  return { projects, homes, developers, developerIds, pageSlugs, parts };
}

/** The same request plainly twice (the second on the fast lane where it answers) and on the full path; the first answer. */
async function onBothLanes(ask, path, headers = {}) {
  const first = await ask({ path, headers });
  await ask({ path, headers });
  await ask({ path, headers: { ...headers, ...FULL_PATH } });
  return first;
}

/** The conditional requests an answer's ETag makes: a match (304) on both lanes, a weak form and one that does not match. */
async function conditionals(ask, path, answer, headers, draw) {
  const etag = answer.headers.etag;
  if (!etag) return;
  await ask({ path, headers: { ...headers, 'If-None-Match': etag } });
  await ask({ path, headers: { ...headers, ...FULL_PATH, 'If-None-Match': etag } });
  const other = draw.pick([`W/${etag}`, `"nope", ${etag}`, '"nope"', '*']);
  await ask({ path, headers: { ...headers, 'If-None-Match': other } });
}

function fixedRoutes({ projects, homes, developers, pageSlugs, parts }) {
  const [project] = projects;
  const [sale] = homes.sale;
  const [rent] = homes.rent;
  const id = String(project.id);
  return [
    '/api/v1/luxury', '/api/v1/contact-us-page', '/api/v1/off-plan',
    '/api/v1/off-plan/projects', '/api/v1/off-plan/projects/filters', '/api/v1/off-plan/projects?sort=price_desc&per_page=5&page=2',
    '/api/v1/off-plan/projects?near=25.08,55.14&sort=distance', '/api/v1/off-plan/projects?bbox=54.9,24.8,55.6,25.4&currency=USD',
    '/api/v1/off-plan/projects/map?bbox=51,22,56.5,26.5&zoom=7', '/api/v1/off-plan/projects/map?bbox=55.1,25.0,55.3,25.2&zoom=11&currency=GBP',
    `/api/v1/off-plan/projects/${id}`, `/api/v1/off-plan/projects/${project.slug}`, `/api/v1/off-plan/projects/${project.slug.toUpperCase()}`,
    `/api/v1/off-plan/projects/${encodeURIComponent(arabicIndic(id))}`, `/api/v1/off-plan/projects/0${id}`, '/api/v1/off-plan/projects/no-such-project',
    `/api/v1/off-plan/projects/${id}?currency=USD`,
    ...developers.slice(0, 3).map((developer) => `/api/v1/off-plan/developers/${developer.slug}`), '/api/v1/off-plan/developers/no-such-developer',
    '/api/v1/properties?purpose=sale', '/api/v1/properties?purpose=rent', '/api/v1/properties?purpose=rent&sort=price_asc&currency=USD',
    '/api/v1/properties?purpose=sale&near=25.08,55.14&sort=distance', '/api/v1/properties', '/api/v1/properties?purpose=lease',
    '/api/v1/properties/filters?purpose=sale', '/api/v1/properties/filters?purpose=rent', '/api/v1/properties/filters',
    '/api/v1/properties/map?purpose=sale&bbox=51,22,56.5,26.5&zoom=7', '/api/v1/properties/map?purpose=rent&bbox=54.9,24.8,55.6,25.4&zoom=9',
    `/api/v1/properties/${sale.slug}`, `/api/v1/properties/${sale.reference}`, `/api/v1/properties/${rent.slug}`,
    `/api/v1/properties/${sale.slug.toUpperCase()}`, `/api/v1/properties/${sale.reference.toLowerCase()}?currency=USD`, '/api/v1/properties/no-such-home',
    '/api/v1/search/suggest?q=marina', '/api/v1/search/suggest?q=Downtwon&limit=3', `/api/v1/search/suggest?q=${encodeURIComponent('مرسى دبي')}`, '/api/v1/search/suggest',
    '/api/v1/pages', ...pageSlugs.map((slug) => `/api/v1/pages/${slug}`), `/api/v1/pages/${pageSlugs[0]}?currency=USD`, `/api/v1/pages/${pageSlugs[0]}?currency=EUR`, '/api/v1/pages/no-such-page',
    '/api/v1/sitemap.xml', ...parts.map((part) => `/api/v1/sitemaps/${part}`), '/api/v1/sitemaps/no-such-part.xml', '/api/v1/robots.txt',
  ];
}

/** One random request of one route family, the catalogues' listings, maps and single answers drawn most often. */
function randomTarget(data, draw) {
  const { pick, query, viewport } = draw;
  const offPlanVocabulary = offPlan(data.developerIds);
  const project = pick(data.projects);
  const home = pick([...data.homes.sale, ...data.homes.rent]);
  const projectListing = () => withQuery('/api/v1/off-plan/projects', query(offPlanVocabulary, 4));
  const projectMap = () => withQuery('/api/v1/off-plan/projects/map', query(offPlanVocabulary, 2, viewport()));
  const projectKeys = [String(project.id), project.slug, project.slug.toUpperCase(), encodeURIComponent(arabicIndic(String(project.id))), `0${project.id}`, 'no-such-project'];
  const oneProject = () => withQuery(`/api/v1/off-plan/projects/${pick(projectKeys)}`, query(DETAIL, 2));
  const homesListing = () => withQuery('/api/v1/properties', query(HOMES, 4, draw.random() < 0.95 ? [`purpose=${pick(['sale', 'rent'])}`] : []));
  const homesMap = () => withQuery('/api/v1/properties/map', query(HOMES, 2, [`purpose=${pick(['sale', 'rent', 'x'])}`, ...viewport()]));
  const homeKeys = [home.slug, home.reference, home.slug.toUpperCase(), home.reference.toLowerCase(), 'no-such-home', 'LS-00000'];
  const oneHome = () => withQuery(`/api/v1/properties/${pick(homeKeys)}`, query(DETAIL, 2));
  const families = [
    projectListing, projectListing, projectListing, projectMap, projectMap, oneProject, oneProject,
    () => withQuery('/api/v1/off-plan/projects/filters', query(LANGUAGE, 1)),
    () => withQuery(`/api/v1/off-plan/developers/${pick([...data.developers.map((developer) => developer.slug), 'no-such-developer'])}`, query(DETAIL, 2)),
    () => withQuery('/api/v1/off-plan', query(LANGUAGE, 1)),
    homesListing, homesListing, homesListing, homesMap, homesMap, oneHome, oneHome,
    () => withQuery('/api/v1/properties/filters', query(LANGUAGE, 1, draw.random() < 0.9 ? [`purpose=${pick(['sale', 'rent'])}`] : [])),
    () => withQuery('/api/v1/search/suggest', query(SUGGEST, 3, [`q=${draw.value(SUGGEST.q)}`])),
    () => withQuery(`/api/v1/pages/${pick([...data.pageSlugs, 'no-such-page'])}`, query({ locale: COMMON.locale, currency: COMMON.currency }, 2)),
    () => withQuery(pick(['/api/v1/sitemap.xml', ...data.parts.map((part) => `/api/v1/sitemaps/${part}`), '/api/v1/robots.txt', '/api/v1/luxury', '/api/v1/contact-us-page']), query(LANGUAGE, 1)),
  ];
  return pick(families)();
}

const PASSWORD = 'Corpus-Buyer-Passw0rd-7';

/** A buyer registered and signed in through the users-permissions routes: their Authorization header. */
async function signedInBuyer(ask, email) {
  await ask({ method: 'POST', path: '/api/auth/local/register', body: { email, password: PASSWORD } }, { setup: true });
  const login = await ask({ method: 'POST', path: '/api/auth/local', body: { identifier: email, password: PASSWORD } }, { setup: true });
  return `Bearer ${login.json().jwt}`;
}

/** Signed-in buyers' cards: each buyer's favourites flagged (is_favorited) on the listings and details that show them. */
async function buyers(ask, data, draw) {
  const one = await signedInBuyer(ask, 'buyer.one@corpus.test');
  const other = await signedInBuyer(ask, 'buyer.two@corpus.test');
  const [first, second, third] = data.projects;
  const [sale] = data.homes.sale;
  const [rent] = data.homes.rent;
  const favourites = [[one, first.id], [one, `listings/${sale.reference}`], [other, second.id], [other, third.id], [other, `listings/${rent.reference}`]];
  for (const [authorization, key] of favourites) await ask({ method: 'PUT', path: `/api/v1/me/favorites/${key}`, headers: { Authorization: authorization } });
  const readers = [one, other, 'Bearer not.a.token', 'Basic YTpi'];
  const targets = [
    '/api/v1/off-plan/projects', '/api/v1/off-plan/projects?per_page=100', '/api/v1/off-plan/projects?locale=ar&sort=price_asc', '/api/v1/off-plan/projects?near=25.08,55.14&sort=distance',
    `/api/v1/off-plan/projects/${first.id}`, `/api/v1/off-plan/projects/${second.slug}`, `/api/v1/off-plan/projects/${third.id}?locale=ar`,
    `/api/v1/off-plan/developers/${first.developer.slug}`,
    '/api/v1/properties?purpose=sale', '/api/v1/properties?purpose=rent&per_page=100', '/api/v1/properties?purpose=sale&locale=ar&currency=USD',
    `/api/v1/properties/${sale.slug}`, `/api/v1/properties/${rent.reference}`, `/api/v1/properties/${sale.slug}?locale=ar`,
    '/api/v1/properties/filters?purpose=sale', '/api/v1/off-plan/projects/filters', '/api/v1/me/favorites',
  ];
  for (const authorization of readers) {
    for (const path of targets) await onBothLanes(ask, path, { Authorization: authorization, ...draw.headers() });
  }
  // A favourite removed shows at once.
  await ask({ method: 'DELETE', path: `/api/v1/me/favorites/${first.id}`, headers: { Authorization: one } });
  for (const path of targets.slice(0, 6)) await onBothLanes(ask, path, { Authorization: one });
}

/** Waits until `ready(answer)` for `path` on the full path, asking unrecorded (how long a rebuild takes is no part of the answers). */
async function until(peek, path, ready) {
  for (let i = 0; i < 240; i += 1) {
    if (ready(await peek({ path, headers: FULL_PATH }))) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${path} never answered as expected after the second sync`);
}

/**
 * The homes' answers after the provider changed its feed and a sync ran: a listing renamed (its former
 * slug answers 301 to the new one), a sale and a rental gone from the feed (410 by slug or reference).
 */
async function marketChanges(ask, peek, app, data, draw) {
  const [, renamed, sold] = data.homes.sale;
  const [, rented] = data.homes.rent;
  const status = await app.syncListings(({ sales, rentals }) => {
    const unit = sales.find((candidate) => candidate.RefNo === renamed.reference);
    unit.MarketingTitle = `${unit.MarketingTitle} with Sea View`;
    sales.splice(sales.findIndex((candidate) => candidate.RefNo === sold.reference), 1);
    rentals.splice(rentals.findIndex((candidate) => candidate.RefNo === rented.reference), 1);
  });
  if (status !== 'succeeded' && status !== 'partial') throw new Error(`the second sync ended ${status}`);
  await until(peek, `/api/v1/properties/${renamed.slug}`, (answer) => answer.status === 301);
  await until(peek, `/api/v1/properties/${sold.reference}`, (answer) => answer.status === 410);
  const targets = [
    `/api/v1/properties/${renamed.slug}`, `/api/v1/properties/${renamed.slug}?currency=USD`, `/api/v1/properties/${renamed.slug.toUpperCase()}`, `/api/v1/properties/${renamed.reference}`,
    `/api/v1/properties/${sold.slug}`, `/api/v1/properties/${sold.reference}`, `/api/v1/properties/${sold.reference.toLowerCase()}`,
    `/api/v1/properties/${rented.slug}`, `/api/v1/properties/${rented.reference}`,
    '/api/v1/properties?purpose=sale', '/api/v1/properties?purpose=rent&sort=price_desc', '/api/v1/properties/filters?purpose=sale', '/api/v1/properties/map?purpose=sale&bbox=51,22,56.5,26.5&zoom=7',
    '/api/v1/search/suggest?q=sea', ...data.parts.filter((part) => part.startsWith('listings')).map((part) => `/api/v1/sitemaps/${part}`),
  ];
  const renamedTo = (await ask({ path: `/api/v1/properties/${renamed.slug}` })).headers.location;
  if (renamedTo) targets.push(renamedTo.replace(/^https?:\/\/[^/]+/, ''));
  for (const target of targets) {
    for (const locale of ['', 'locale=ar']) {
      const path = withQuery(target, locale);
      const headers = draw.headers();
      await conditionals(ask, path, await onBothLanes(ask, path, headers), headers, draw);
    }
  }
}

/**
 * Asks every request of the recording with `ask` ({ method, path, headers, body }, options); `peek`
 * sends one unrecorded, `app.syncListings` changes the provider's listings and syncs them.
 */
async function askAll(ask, peek, app, { seed, randomRequests }) {
  const draw = makeDraw(seededRandom(seed));
  const data = await discover(ask);
  for (const route of fixedRoutes(data)) {
    for (const locale of LOCALES) {
      const path = withQuery(route, locale);
      const headers = draw.headers();
      const answer = await onBothLanes(ask, path, headers);
      await conditionals(ask, path, answer, headers, draw);
    }
  }
  for (let i = 0; i < randomRequests; i += 1) {
    const path = randomTarget(data, draw);
    const headers = draw.headers();
    const answer = await onBothLanes(ask, path, headers);
    if (draw.random() < 0.2) await conditionals(ask, path, answer, headers, draw);
  }
  await buyers(ask, data, draw);
  await marketChanges(ask, peek, app, data, draw);
}

module.exports = { askAll };
