// Fake provider servers on loopback that speak the providers' protocols as the real services do, for
// the tests and the benchmarks.
//
// Goyzer (`/SalesListings`, `/RentListings`, `/GetUpdatedUnitsForSales`, `/GetUpdatedUnitsForLease`):
// XML `ArrayOfUnitDTO` with the xsd/xsi namespaces and CRLF line ends, every field of a unit written
// (empty ones as self-closing elements), text escaped as the service escapes it (so a `Remarks` holding
// `<![CDATA[...]]>` arrives as `&lt;![CDATA[...]]&gt;`), each unit carrying its page position
// (`PageIndex` "2/13", `Count` "251/1201"). Every parameter of a method must be present (empty is fine),
// as with an ASMX GET binding. Variants (`state`): `paging` 'numbered' (default; an empty PageIndex
// gives the whole feed, a page past the last repeats the last), 'whole' (ignores PageIndex: every
// answer is the whole feed), 'first' (ignores PageIndex: every answer is page 1); `pastLastPage`
// 'repeat' | 'empty'; `pagePositions` false (units without PageIndex/Count); `xml` 'compact' (no
// namespaces, no line ends, no self-closing elements); `changesAllowed` false (403 on the change lists).
//
// Reelly (`/projects`, `/projects/{id}`, `/developers`, header X-API-Key): JSON `{ count, next,
// previous, results }`, in the shape the live API sends (`state.shape` 'observed') or the one its
// documentation shows ('documented'). The list holds the list fields only; the detail adds overview,
// typical units, amenities, payment plans and media. `country` filters the catalogue (without it, or
// with `ignoreCountry`, projects abroad come back too); `/developers` is paged (at most
// `developersPageLimit` a page);
// `afterProjectsPage(offset)` lets a test change the catalogue while a client pages through it.
//
// Both can be told to fail: slow answers, error statuses (with Retry-After), malformed bodies, a page
// missing mid-way. They record what they were asked, and whether the client hung up mid-answer.
'use strict';

const http = require('http');
const { setTimeout: sleep } = require('timers/promises');

function startServer(handler) {
  const server = http.createServer((req, res) => {
    void handler(req, res, new URL(req.url || '/', 'http://127.0.0.1'));
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

/** Applies the first matching fault; resolves true when it answered the request. */
async function applyFaults(faults, res, path, page, malformedBody, language = null) {
  const fault = faults.find(
    (candidate) =>
      (candidate.path === undefined || candidate.path === path) &&
      (candidate.page === undefined || candidate.page === page) &&
      (candidate.language === undefined || candidate.language === language) &&
      (candidate.times === undefined || candidate.times > 0)
  );
  if (!fault) return false;
  if (fault.times !== undefined) fault.times -= 1;
  if (fault.delayMs) await sleep(fault.delayMs);
  if (res.destroyed) return true;
  if (fault.status) {
    res.writeHead(fault.status, fault.retryAfter ? { 'Retry-After': fault.retryAfter } : {});
    res.end('error');
    return true;
  }
  if (fault.malformed) {
    res.writeHead(200, { 'Content-Type': 'application/octet-stream' });
    res.end(malformedBody);
    return true;
  }
  return false;
}

/** Writes parts with backpressure; resolves false when the client hung up before the end. */
async function stream(res, parts) {
  for (const part of parts) {
    if (res.destroyed) return false;
    if (!res.write(part)) {
      const drained = await new Promise((resolve) => {
        const settle = (value) => {
          res.off('drain', onDrain);
          res.off('close', onClose);
          resolve(value);
        };
        const onDrain = () => settle(true);
        const onClose = () => settle(false);
        res.on('drain', onDrain);
        res.on('close', onClose);
      });
      if (!drained) return false;
    }
  }
  res.end();
  return !res.destroyed;
}

// ---------------------------------------------------------------- Goyzer

const GOYZER_CREDENTIALS = { accessCode: 'test-access-7f3a', groupCode: 'test-group-22' };

/** The parameters each method declares (an ASMX GET answers 500 "Missing parameter" without one). */
const GOYZER_METHODS = {
  SalesListings: { list: 'sales', params: ['AccessCode', 'GroupCode', 'Bedrooms', 'StartPriceRange', 'EndPriceRange', 'categoryID', 'SpecialProjects', 'CountryID', 'StateID', 'CommunityID', 'DistrictID', 'FloorAreaMin', 'FloorAreaMax', 'UnitCategory', 'UnitID', 'BedroomsMax', 'PropertyID', 'ReadyNow', 'PageIndex'] },
  RentListings: { list: 'rentals', params: ['AccessCode', 'GroupCode', 'PropertyType', 'Bedrooms', 'StartPriceRange', 'EndPriceRange', 'categoryID', 'CountryID', 'StateID', 'CommunityID', 'FloorAreaMin', 'FloorAreaMax', 'UnitCategory', 'UnitID', 'BedroomsMax', 'PropertyID', 'ReadyNow', 'PageIndex'] },
  GetUpdatedUnitsForSales: { changes: 'sales', params: ['AccessCode', 'GroupCode'] },
  GetUpdatedUnitsForLease: { changes: 'rentals', params: ['AccessCode', 'GroupCode'] },
};
const NAMESPACES = 'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns="http://tempuri.org/"';

const escapeXml = (value) => String(value).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** One element, nested objects and lists included; observed style indents with CRLF and self-closes empty ones. */
function element(name, value, style, depth) {
  const compact = style === 'compact';
  const pad = compact ? '' : `${'  '.repeat(depth)}`;
  const eol = compact ? '' : '\r\n';
  if (Array.isArray(value)) return value.map((item) => element(name, item, style, depth)).join('');
  if (value && typeof value === 'object') {
    const inner = Object.entries(value).map(([key, child]) => element(key, child, style, depth + 1)).join('');
    return `${pad}<${name}>${eol}${inner}${pad}</${name}>${eol}`;
  }
  const text = value === undefined || value === null ? '' : String(value);
  if (text === '') return compact ? `<${name}></${name}>` : `${pad}<${name} />${eol}`;
  return `${pad}<${name}>${escapeXml(text)}</${name}>${eol}`;
}

/** The document in slices, made as they are written: a client that stops reading stops the server too. */
function* documentParts(units, style) {
  const compact = style === 'compact';
  const head = compact ? '<?xml version="1.0" encoding="utf-8"?>' : '<?xml version="1.0" encoding="utf-8"?>\r\n';
  if (units.length === 0) {
    yield `${head}<ArrayOfUnitDTO${compact ? '' : ` ${NAMESPACES}`} />`;
    return;
  }
  yield head + (compact ? '<ArrayOfUnitDTO>' : `<ArrayOfUnitDTO ${NAMESPACES}>\r\n`);
  for (let start = 0; start < units.length; start += 50) {
    yield units.slice(start, start + 50).map((unit) => element('UnitDTO', unit, style, 1)).join('');
  }
  yield '</ArrayOfUnitDTO>';
}

/** Units of one page (from 1) with their positions; page 0 is the whole feed. */
function withPositions(units, pageSize, page, positions) {
  const pages = Math.max(1, Math.ceil(units.length / pageSize));
  const first = page === 0 ? 0 : (page - 1) * pageSize;
  const slice = page === 0 ? units : units.slice(first, first + pageSize);
  return slice.map((unit, offset) => {
    const index = first + offset;
    return positions
      ? { ...unit, PageIndex: `${Math.floor(index / pageSize) + 1}/${pages}`, Count: `${index + 1}/${units.length}` }
      : { ...unit, PageIndex: '', Count: '' };
  });
}

async function startFakeGoyzer(options = {}) {
  const state = {
    sales: [],
    rentals: [],
    changes: { sales: [], rentals: [] },
    pageSize: options.pageSize || 100,
    paging: 'numbered',
    pastLastPage: 'repeat',
    pagePositions: true,
    xml: 'observed',
    changesAllowed: true,
    faults: [],
    requests: [],
  };

  /** The units an answer holds, by the paging variant. */
  function answerUnits(units, pageParam) {
    const pages = Math.max(1, Math.ceil(units.length / state.pageSize));
    const asked = pageParam === '' ? 0 : Number(pageParam) || 1;
    const page = state.paging === 'whole' ? 0 : state.paging === 'first' ? 1 : asked;
    if (page > pages && (state.pastLastPage === 'empty' || units.length === 0)) return [];
    return withPositions(units, state.pageSize, Math.min(page, pages), state.pagePositions);
  }

  const server = await startServer(async (req, res, url) => {
    const path = url.pathname.replace(/^.*\//, '');
    const pageParam = url.searchParams.get('PageIndex');
    const record = { path, query: url.searchParams, headers: req.headers, completed: false };
    state.requests.push(record);
    if (await applyFaults(state.faults, res, path, Number(pageParam || '1'), '<ArrayOfUnitDTO><UnitDTO><RefNo>X</UnitDTO>')) return;
    const method = GOYZER_METHODS[path];
    const text = (status, body) => {
      res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end(body);
    };
    if (!method) return text(404, 'The resource cannot be found.');
    const missing = method.params.find((name) => !url.searchParams.has(name));
    if (missing) return text(500, `Missing parameter: ${missing}.`);
    if (url.searchParams.get('AccessCode') !== GOYZER_CREDENTIALS.accessCode || url.searchParams.get('GroupCode') !== GOYZER_CREDENTIALS.groupCode) {
      return text(401, 'invalid access code');
    }
    if (method.changes && !state.changesAllowed) return text(403, 'Access denied for this method.');
    const units = method.changes ? state.changes[method.changes].map((unit) => ({ ...unit, PageIndex: '', Count: '' })) : answerUnits(state[method.list], pageParam);
    res.writeHead(200, { 'Content-Type': 'text/xml; charset=utf-8' });
    record.completed = await stream(res, documentParts(units, state.xml));
  });
  const pagesRequested = (path) => state.requests.filter((request) => request.path === path).length;
  return { ...server, state, pagesRequested };
}

// ---------------------------------------------------------------- Reelly

const REELLY_API_KEY = 'reelly-test-key-91b';

/** Fields only the detail (`/projects/{id}`) carries. */
const DETAIL_FIELDS = ['overview', 'typical_units', 'project_amenities', 'payment_plans', 'architecture', 'interior', 'lobby', 'general_plan', 'buildings', 'escrow_number', 'post_handover', 'floor_plans', 'marketing_brochure'];

const listView = (project) => Object.fromEntries(Object.entries(project).filter(([key]) => !DETAIL_FIELDS.includes(key)));

const plainNumber = (value) => (value && typeof value === 'object' ? value.value : value);

/** The shape Reelly's documentation shows, made from an observed record. */
function documented(project, developers) {
  const location = project.location || {};
  const developer = developers.find((candidate) => candidate.id === project.developer || candidate.name === project.developer);
  const currency = project.price_currency || 'AED';
  const rate = currency === 'USD' ? 3.6725 : 1;
  const shaped = {
    id: project.id,
    name: project.name,
    // The documentation names the region; a live answer may give its id, with the city named beside it.
    region: typeof location.region === 'number' ? location.city : location.region,
    country: location.country,
    district: location.district,
    district_id: location.district_id,
    sub_district: location.sector === location.district ? '' : location.sector,
    coordinates: { lat: location.latitude, lng: location.longitude },
    developer: developer ? { id: developer.id, name: developer.name, logo: developer.logo } : { id: 0, name: String(project.developer) },
    completion_date: project.completion_datetime ? project.completion_datetime.slice(0, 10) : project.completion_date,
    // The documentation shows the display text alone, in English.
    sale_status: project.sale_status_display?.en ?? project.sale_status_display,
    min_price: plainNumber(project.min_price),
    max_price: plainNumber(project.max_price),
    currency,
    cover_image: project.cover_image,
    category: ((project.available_unit_types_display || [])[0] || '').replace(/s$/, ''),
  };
  if (!project.typical_units) return shaped;
  return {
    ...shaped,
    description: project.overview,
    unit_types: project.typical_units.map((unit) => ({
      bedrooms: unit.bedrooms === 0 ? 'studio' : unit.bedrooms,
      size_from: unit.from_size_sqft,
      size_to: unit.to_size_sqft,
      price_from: unit.from_price_aed === null ? null : Math.round(unit.from_price_aed / rate),
      price_to: unit.to_price_aed === null ? null : Math.round(unit.to_price_aed / rate),
    })),
    amenities: project.project_amenities.map((entry) => ({ name: entry.amenity.name })),
    payment_plans: project.payment_plans.map((plan) => ({ name: plan.name, steps: plan.steps.map((step) => ({ label: step.name, percent: step.percentage })) })),
    gallery: [...project.architecture, ...project.interior, ...project.lobby, project.general_plan],
  };
}

/**
 * Entries of `list` by id, made once per list and length (tests replace the lists, or add to them): a
 * 10,000-project feed is not searched per request.
 */
const indexes = new WeakMap();
function findById(list, id) {
  let index = indexes.get(list);
  if (!index || index.size !== list.length) {
    index = new Map(list.map((entry) => [String(entry.id), entry]));
    indexes.set(list, index);
  }
  return index.get(String(id));
}

async function startFakeReelly() {
  const state = {
    projects: [],
    /** The projects' Arabic texts (`projects_ar` of the generator): what `language=ar` answers with. */
    projectsAr: [],
    developers: [],
    shape: 'observed',
    maxLimit: 100,
    developersPageLimit: 10,
    ignoreCountry: false,
    afterProjectsPage: undefined,
    faults: [],
    requests: [],
    /** Every detail answer waits this long; how many were under way at once, at most. */
    detailDelayMs: 0,
    detailsInFlight: 0,
    maxDetailsInFlight: 0,
  };
  /** A project as asked for: in Arabic (its Arabic texts over the English record; English where it has none), in the shape played. */
  const inLanguage = (project, language) => {
    const arabic = language === 'ar' && findById(state.projectsAr, project.id);
    return arabic ? { ...project, ...arabic, location: { ...project.location, ...arabic.location } } : project;
  };
  /** `list`: the list entry, cut after the Arabic is laid over (so `overview` stays a detail field in either language). */
  const shaped = (project, url, list = false) => {
    const localized = inLanguage(project, url.searchParams.get('language'));
    const answered = list ? listView(localized) : localized;
    return state.shape === 'documented' ? documented(answered, state.developers) : answered;
  };

  /** One page of a list, with the offset `next` link Reelly sends. */
  function page(url, items, maxLimit) {
    const limit = Math.min(Number(url.searchParams.get('limit') || '100'), maxLimit);
    const offset = Number(url.searchParams.get('offset') || '0');
    const link = (at) => `${url.pathname}?limit=${limit}&offset=${at}`;
    return {
      count: items.length,
      next: offset + limit < items.length ? link(offset + limit) : null,
      previous: offset > 0 ? link(Math.max(0, offset - limit)) : null,
      results: items.slice(offset, offset + limit),
    };
  }

  const server = await startServer(async (req, res, url) => {
    const path = url.pathname;
    state.requests.push({ path, query: url.searchParams, headers: req.headers, at: Date.now() });
    if (await applyFaults(state.faults, res, path, undefined, '{"count": 3, "results": [', url.searchParams.get('language'))) return;
    const send = (status, body) => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.headers['x-api-key'] !== REELLY_API_KEY) return send(401, { detail: 'Invalid API key' });
    if (path === '/projects') {
      // Reelly documents filters that are not active on its backend: `ignoreCountry` plays one.
      const country = state.ignoreCountry ? '' : (url.searchParams.get('country') || '').toLowerCase();
      const inCountry = state.projects.filter((project) => !country || String(project.location?.country || project.country || '').toLowerCase() === country);
      const body = page(url, inCountry, state.maxLimit);
      send(200, { ...body, results: body.results.map((project) => shaped(project, url, true)) });
      state.afterProjectsPage?.(Number(url.searchParams.get('offset') || '0'));
      return undefined;
    }
    const detail = /^\/projects\/([^/]+)$/.exec(path);
    if (detail) {
      state.detailsInFlight += 1;
      state.maxDetailsInFlight = Math.max(state.maxDetailsInFlight, state.detailsInFlight);
      if (state.detailDelayMs) await sleep(state.detailDelayMs);
      state.detailsInFlight -= 1;
      const project = findById(state.projects, decodeURIComponent(detail[1]));
      return project ? send(200, shaped(project, url)) : send(404, { detail: 'Not found.' });
    }
    if (path === '/developers') return send(200, page(url, state.developers, state.developersPageLimit));
    return send(404, { detail: 'Not found.' });
  });
  return { ...server, state };
}

module.exports = { GOYZER_CREDENTIALS, REELLY_API_KEY, startFakeGoyzer, startFakeReelly, documented, listView };
