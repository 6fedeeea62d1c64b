// `npm run bench -- table`: the one table of docs/performance.md, each case against a bare node:http
// server sending the same answer (scripts/bench/measure.js `againstBare`: throughput and server CPU per
// request in interleaved rounds, each figure printed as its median with the rounds' least and greatest),
// written to bench/results.json; and `npm run bench -- locales`, its Arabic cases alone.
'use strict';

const http = require('http');
const os = require('os');
const path = require('path');
const { setTimeout: sleep } = require('timers/promises');
const autocannon = require('autocannon');
const { GOYZER_CREDENTIALS, REELLY_API_KEY, startFakeGoyzer, startFakeReelly } = require('../fakes/providers');
const { FEED_TOKEN, startFakePortalFeed } = require('../fakes/portal-feeds');
const { generate } = require('../generate-sample-data');
const cores = require('./cores');
const measure = require('./measure');
const { leadsFromNewPeople } = require('./lead-bodies');
const { writeResults } = require('./results');

/** The table's GET rows, each `againstBare`; the POST row takes about as long (two runs of 3,000 requests and its CPU rounds). */
const GET_ROWS = 22;
/**
 * Starting the table's four apps (about 10 s each; 18 s the one on 10,000 projects, which generates them
 * and reads its collection; 20 s the one on 12,000 listings, which syncs them), and the bare servers.
 */
const STARTS_S = 65;
/** What the whole table takes (s): about 20 minutes with the defaults (23 × 50 + 65 = 1,215). */
const TABLE_BUDGET_S = Math.round((GET_ROWS + 1) * measure.AGAINST_BARE_S + STARTS_S);

/** BENCH_ROWS: a pattern; only the GET rows whose names match it are measured (a quick look), and the comparisons of both. */
const ONLY_ROWS = process.env.BENCH_ROWS ? new RegExp(process.env.BENCH_ROWS, 'i') : null;

/** bench.js's child-process helpers and settings, handed over by `tableCases`. */
let bench;

/** One request with the bytes as sent (fetch would decompress them). */
function rawRequest(url, { method = 'GET', headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, rawHeaders: res.rawHeaders, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Headers node:http writes itself on every answer, the bare server's as the app's. */
const NODE_OWN_HEADERS = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

/**
 * A bare node:http server answering with exactly `sample`: its status, its bytes and every header the
 * app sent, spelled as sent (the security headers, CORS, caching headers; its X-Request-Id as a fixed
 * value of the same length), so the ratio measures what the app costs beyond writing the same answer.
 */
function startBare(sample) {
  const headers = [];
  for (let i = 0; i < sample.rawHeaders.length; i += 2) {
    if (!NODE_OWN_HEADERS.has(sample.rawHeaders[i].toLowerCase())) headers.push([sample.rawHeaders[i], sample.rawHeaders[i + 1]]);
  }
  return bench.startChild('serve-bare.js', {}, { body: sample.body.toString('base64'), status: sample.status, headers });
}

const rows = [];

const rounded = (value, digits) => Number(value.toFixed(digits));
const NO_CPU = { cpu_us: null, bare_cpu_us: null, cpu_rate: null, cpu_ratio: null };

/**
 * A row's figures from their rounds ({ key: [values, digits] }): each its median, and under `spread`
 * its least and greatest, under `rounds` every round's value.
 */
function fromRounds(figures) {
  const row = { spread: {}, rounds: {} };
  for (const [key, [values, digits]] of Object.entries(figures)) {
    const { median, min, max } = measure.spread(values);
    row[key] = rounded(median, digits);
    row.spread[key] = [rounded(min, digits), rounded(max, digits)];
    row.rounds[key] = values.map((value) => rounded(value, digits));
  }
  return row;
}

/** What a row's note says beside `note`: the other work on the servers' cores, rounds in which the app fell behind the rate. */
function disturbances(cpu) {
  const other = measure.median(cpu.other.filter((share) => share !== null));
  const said = [];
  if (other >= 0.05) said.push(`servers' core ${Math.round(other * 100)}% busy with other work`);
  if (cpu.kept < cpu.rounds.us.length) said.push(`app kept the CPU rate in ${cpu.kept} of ${cpu.rounds.us.length} rounds`);
  return { other: other === undefined ? null : rounded(other, 2), said };
}

/** A row of the app against bare node:http from `againstBare`'s `measured` (or the same shape). */
function addRow({ name, measured, target, note = '', cpuTarget }) {
  const { load, cpu } = measured;
  const figures = fromRounds({
    rps: [load.rps, 0], baseline_rps: [load.bare_rps, 0], ratio: [load.ratio, 2],
    cpu_us: [cpu.rounds.us, 1], bare_cpu_us: [cpu.rounds.bare_us, 1], cpu_ratio: [cpu.rounds.ratio, 2],
  });
  const { other, said } = disturbances(cpu);
  const row = {
    name, rps: figures.rps, p50_ms: measured.p50, p99_ms: measured.p99, baseline_rps: figures.baseline_rps, ratio: figures.ratio, target,
    cpu_us: figures.cpu_us, bare_cpu_us: figures.bare_cpu_us, cpu_rate: cpu.rate, cpu_ratio: figures.cpu_ratio, cpu_target: cpuTarget,
    note: [note, ...said].filter(Boolean).join('; '), servers_core_other: other, spread: figures.spread, rounds: figures.rounds,
  };
  rows.push(row);
  const targets = (value) => (value ? ` (target ${value})` : '');
  console.log(
    `${name}: ${withSpread(row, 'rps')} req/s (p50 ${row.p50_ms} ms, p99 ${row.p99_ms} ms) vs bare ${withSpread(row, 'baseline_rps')} -> ` +
      `${withSpread(row, 'ratio')}${targets(target)}; ${cpuText(row)} -> cpu ratio ${withSpread(row, 'cpu_ratio')}${targets(cpuTarget)}` +
      `${row.note ? `; ${row.note}` : ''}`
  );
  return row;
}

/** A row's `key` as `median (least–greatest)`, or the value alone when its rounds agree (or it has no spread). */
function withSpread(row, key) {
  const range = row.spread?.[key];
  if (row[key] === null || row[key] === undefined) return '';
  return range && range[0] !== range[1] ? `${row[key]} (${range[0]}–${range[1]})` : String(row[key]);
}

const cpuText = (row) => `server CPU ${withSpread(row, 'cpu_us')} us/request vs bare ${withSpread(row, 'bare_cpu_us')} at ${row.cpu_rate} req/s`;

/**
 * The quotient of two rows' figure `key`, `a` over `b`: of their medians, and as its spread, from the
 * least to the greatest quotient their rounds' extremes allow (their rounds are not paired).
 */
function quotient(a, b, key, digits = 2) {
  const [aMin, aMax] = a.spread?.[key] ?? [a[key], a[key]];
  const [bMin, bMax] = b.spread?.[key] ?? [b[key], b[key]];
  return { value: rounded(a[key] / b[key], digits), range: [rounded(aMin / bMax, digits), rounded(aMax / bMin, digits)] };
}

/**
 * A row comparing two measured rows of this run instead of one to bare node:http: the ratio of their
 * throughputs and, with `cpu`, of their server CPU per request (the baseline's µs over the measured's).
 */
function compareRows(name, measured, baseline, target, note = '', { cpu = false, cpuTarget } = {}) {
  if (!measured || !baseline) return;
  const ratio = quotient(measured, baseline, 'rps');
  const cpuRatio = cpu ? quotient(baseline, measured, 'cpu_us') : null;
  const row = {
    name, rps: measured.rps, p50_ms: null, p99_ms: null, baseline_rps: baseline.rps, ratio: ratio.value, target,
    ...NO_CPU, cpu_ratio: cpuRatio?.value ?? null, cpu_target: cpuTarget, note,
    spread: { rps: measured.spread.rps, baseline_rps: baseline.spread.rps, ratio: ratio.range, ...(cpuRatio ? { cpu_ratio: cpuRatio.range } : {}) },
  };
  rows.push(row);
  console.log(`${name}: ${withSpread(row, 'ratio')}${target ? ` (target ${target})` : ''}${cpu ? `; server CPU per request ${withSpread(row, 'cpu_ratio')}${cpuTarget ? ` (target ${cpuTarget})` : ''}` : ''}`);
  return row;
}

/**
 * A row comparing the Arabic answer of a route with the English one by the server's CPU per request
 * against bare node:http sending the same bytes (bare µs / our µs, Arabic's over English's): what the
 * app costs beyond writing the answer, in each language, from the two rows' own rounds (each at its own
 * rate, half its lower throughput). The raw µs are in the note: an Arabic answer has more bytes.
 */
function compareLocalesCpu(name, english, arabic, target) {
  if (!english || !arabic) return;
  const ratio = quotient(arabic, english, 'cpu_ratio');
  const us = (row) => `${row.cpu_us} us (bare ${row.bare_cpu_us}) at ${row.cpu_rate} req/s`;
  const note = `server CPU per request: English ${us(english)}, Arabic ${us(arabic)}`;
  const row = { name, rps: null, p50_ms: null, p99_ms: null, baseline_rps: null, ratio: ratio.value, target, ...NO_CPU, note, spread: { ratio: ratio.range } };
  rows.push(row);
  console.log(`${name}: ${withSpread(row, 'ratio')} (target ${target}); ${note}`);
  return row;
}

/** Every response of the run had `status`, else a note saying what else came back. */
function statusNote(statuses, status) {
  const other = Object.entries(statuses).filter(([code]) => Number(code) !== status);
  return other.length ? `other statuses: ${other.map(([code, count]) => `${code}x${count}`).join(', ')}` : '';
}

/** GET `path` on the app and on a bare server with the same answer, with `headers`: throughput and server CPU. */
async function measureGet(app, { name, path: route, headers = {}, status = 200, target, cpuTarget }) {
  if (ONLY_ROWS && !ONLY_ROWS.test(name)) return undefined;
  const url = `http://127.0.0.1:${app.port}${route}`;
  // Twice: the first request builds the cache and teaches the fast lane its headers.
  await rawRequest(url, { headers: { ...headers, 'if-none-match': '' } });
  const sample = await rawRequest(url, { headers });
  if (sample.status !== status) throw new Error(`${name}: GET ${route} answered ${sample.status}, expected ${status}`);
  const bare = await startBare(sample);
  try {
    const measured = await measure.againstBare(measure.served(app, route), measure.served(bare, route), { headers });
    return { ...addRow({ name, measured, target, note: statusNote(measured.statuses, status), cpuTarget }), path: route, sample };
  } finally {
    await bench.stopChild(bare);
  }
}

/**
 * Sustained POST /api/v1/contact-us: stored rows per second (each 201 a row) against a bare server's 201s.
 * `extra` adds fields to today's body (issue 42's enquiry fields); every request is a new person's lead.
 */
async function measureContactPost(app, { name = 'POST /contact-us', extra = {} } = {}) {
  const options = leadsFromNewPeople(extra);
  const amount = Number(process.env.BENCH_CONTACT_REQUESTS || 3000);
  const connections = Number(process.env.BENCH_CONTACT_CONNECTIONS || 20);
  const route = '/api/v1/contact-us';
  const url = `http://127.0.0.1:${app.port}${route}`;
  const sample = await rawRequest(url, { method: 'POST', headers: options.headers, body: options.body });
  const bare = await startBare(sample);
  try {
    // A fixed number of requests, not a window: autocannon then reads every response, so each committed row can be matched with its 201.
    const run = (target) => autocannon({ url: target, ...options, connections, amount });
    const base = await run(`http://127.0.0.1:${bare.port}${route}`);
    const before = await bench.ask(app.child, 'count-contacts', 'contacts');
    const result = await run(url);
    const stored = (await bench.ask(app.child, 'count-contacts', 'contacts')) - before;
    const created = result.statusCodeStats?.['201']?.count ?? 0;
    const load = { rps: [stored / result.duration], bare_rps: [amount / base.duration] };
    load.ratio = [load.rps[0] / load.bare_rps[0]];
    const cpu = await measure.cpuAgainstBare(measure.served(app, route), measure.served(bare, route), { ...options, connections }, [load.rps[0], load.bare_rps[0]]);
    const note = `stored per second, one run of ${amount}; ${created} 201s, ${stored} rows: ${created === stored ? 'equal' : 'MISMATCH'}`;
    return addRow({ name, measured: { load, p50: result.latency.p50, p99: result.latency.p99, cpu }, note });
  } finally {
    await bench.stopChild(bare);
  }
}

/**
 * An app on the fake Reelly feed holding `count` generated projects. Without the read-ahead of project
 * details: at its default pace it would read details (4 a second, 40 minutes for 10,000) all through
 * the table, on the servers' core while bare node:http is measured and counted in the app's own CPU
 * (a few ms a read); its cost is measured apart (`npm run bench -- sync`). Returned once what its start
 * builds off the request path is built, so that no row counts that work as its own.
 */
async function startProjectsApp(count, env = {}) {
  const reelly = await startFakeReelly();
  const generated = generate({ projects: count, sales: 0, rentals: 0, imageBase: bench.imageBase }).projects;
  reelly.state.projects = generated.projects;
  reelly.state.projectsAr = generated.projects_ar;
  reelly.state.developers = generated.developers;
  const app = await bench.startChild('serve-app.js', { EXTSOURCE_PROJECTS_DRIVER: 'reelly', REELLY_BASE_URL: reelly.url, REELLY_API_KEY, EXTSOURCE_DETAIL_RATE: '0', ...env });
  await bench.ask(app.child, 'settled', 'settled');
  return { app, reelly, firstId: String(generated.projects.find((project) => project.location?.country === 'UAE' || !project.location)?.id ?? generated.projects[0].id) };
}

/** Asks for a project until its detail is held (without the read-ahead, the first ask starts reading it). */
async function detailHeld(app, id) {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const { body } = await rawRequest(`http://127.0.0.1:${app.port}/api/v1/off-plan/projects/${id}`);
    if (!body.toString().includes('"detail_status":"pending"')) return;
    await sleep(50);
  }
  throw new Error(`project ${id}: its detail is still pending`);
}

/**
 * A buyer of `app` (serve-app.js makes the confirmed account), signed in through POST /api/auth/local
 * as the website does, with two favourites among the cards of `route`: the Authorization header of
 * their listing requests. Throws unless the signed-in page then flags them.
 */
async function signedInBuyer(app, route) {
  const base = `http://127.0.0.1:${app.port}`;
  const { email, password } = await bench.ask(app.child, 'buyer', 'buyer');
  const login = await rawRequest(`${base}/api/auth/local`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ identifier: email, password }),
  });
  if (login.status !== 200) throw new Error(`signed-in buyer: sign-in answered ${login.status} ${login.body}`);
  const headers = { authorization: `Bearer ${JSON.parse(login.body.toString()).jwt}` };
  const cards = JSON.parse((await rawRequest(`${base}${route}`)).body.toString()).data.properties.data;
  for (const card of cards.slice(0, 2)) {
    const favourite = await rawRequest(`${base}/api/v1/me/favorites/${encodeURIComponent(card.id)}`, { method: 'PUT', headers });
    if (favourite.status !== 200) throw new Error(`signed-in buyer: favourite ${card.id} answered ${favourite.status}`);
  }
  const page = await rawRequest(`${base}${route}`, { headers });
  const flagged = JSON.parse(page.body.toString()).data.properties.data.filter((card) => card.is_favorited === true).length;
  if (flagged !== Math.min(2, cards.length)) throw new Error(`signed-in buyer: ${flagged} cards flagged as favourites`);
  return headers;
}

/** The filtered page at `count` projects as a signed-in buyer with two favourites on it sees it: private, flagged, never cached. */
async function measureSignedIn(app, query, count) {
  const route = `/api/v1/off-plan/projects?${query}`;
  return measureGet(app, {
    name: `signed-in buyer's filtered and sorted page at ${count.toLocaleString('en')} projects`, path: route, headers: await signedInBuyer(app, route), cpuTarget: 0.5,
  });
}

/**
 * One project's page at `count` projects, its detail held, ending with its similar projects' cards (decision
 * 126; throws if it shows none): ranked when the collection was indexed, so a request only sends the bytes.
 */
async function measureProject(big, count) {
  await detailHeld(big.app, big.firstId);
  const route = `/api/v1/off-plan/projects/${big.firstId}`;
  const similar = JSON.parse((await rawRequest(`http://127.0.0.1:${big.app.port}${route}`)).body.toString()).data.similar;
  if (!similar?.length) throw new Error(`one project: ${route} shows no similar projects`);
  return measureGet(big.app, { name: `one project with similar projects at ${count.toLocaleString('en')} projects`, path: route, cpuTarget: 0.5 });
}

/** Sale and rent listings in the table: 12,000, the fake Goyzer's, half of each purpose (issue 43). */
const LISTINGS = Number(process.env.BENCH_LISTINGS || 12000);
/** Where the listings come from: `goyzer` (the default), or a CRM's `pf-xml` or `bayut-xml` feed of the same homes (issue 69). */
const LISTINGS_SOURCE = process.env.BENCH_LISTINGS_FEED || 'goyzer';
/** A rent page as a tenant asks for it: an emirate, two bedroom counts, a yearly budget, cheapest first, page 2. */
const RENT_QUERY = 'purpose=rent&state_id=DU&bedrooms=1,2&max_price=400000&sort=price_asc&page=2';

/** The fake Goyzer serving `units`, and the settings an app reads it with. */
async function goyzerSource(units, count) {
  const goyzer = await startFakeGoyzer({ pageSize: 500 });
  Object.assign(goyzer.state, units);
  const env = {
    EXTSOURCE_LISTINGS_DRIVER: 'goyzer',
    GOYZER_BASE_URL: goyzer.url,
    GOYZER_ACCESS_CODE: GOYZER_CREDENTIALS.accessCode,
    GOYZER_GROUP_CODE: GOYZER_CREDENTIALS.groupCode,
    // A network's feed (BENCH_LISTINGS=100000) is past the defaults' 50,000 units and 128 MB a feed: an operator raises them so.
    GOYZER_MAX_ITEMS: String(Math.max(50000, count)),
    GOYZER_MAX_BYTES: String(Math.max(128, Math.ceil(count / 100)) * 1024 * 1024),
  };
  return { env, close: () => goyzer.close() };
}

/** A fake CRM publishing `units` as one `format` feed (ETag and 304 included), and the settings an app reads it with. */
async function portalSource(format, units) {
  const feed = await startFakePortalFeed({ format, token: FEED_TOKEN });
  Object.assign(feed.state, units);
  const env = { EXTSOURCE_LISTINGS_DRIVER: format, LISTINGS_FEED_URL: feed.url, LISTINGS_FEED_HEADERS: JSON.stringify({ Authorization: `Bearer ${FEED_TOKEN}` }) };
  return { env, close: () => feed.close(), requests: () => feed.state.requests.length };
}

/**
 * A CRM feed synced again unchanged, as the schedule runs it (one request with the validators, a 304) and
 * as an editor's button runs it (the file read whole, nothing written): what each costs the app.
 */
async function resyncUnchanged(app, source) {
  for (const trigger of ['cron', 'admin']) {
    const before = source.requests();
    const run = await bench.ask(app.child, { sync: 'all', trigger }, 'run');
    if (run.status !== 'succeeded') throw new Error(`listings: the unchanged feed's ${trigger} sync ended ${run.status}`);
    console.log(`listings: the unchanged feed synced again (${trigger}) in ${(run.duration_ms / 1000).toFixed(1)} s, ${run.cpu_s.toFixed(2)} s of CPU, ${source.requests() - before} request(s); fetched ${run.fetched}, ${run.created} created, ${run.updated} updated, ${run.unchanged} unchanged`);
  }
}

/** An app holding `count` generated listings from LISTINGS_SOURCE, synced once. */
async function startListingsApp(count) {
  const units = generate({ projects: 0, sales: Math.ceil(count / 2), rentals: Math.floor(count / 2), imageBase: bench.imageBase }).listings;
  const source = LISTINGS_SOURCE === 'goyzer' ? await goyzerSource(units, count) : await portalSource(LISTINGS_SOURCE, units);
  const app = await bench.startChild('serve-app.js', source.env);
  const run = await bench.ask(app.child, { sync: 'all' }, 'run');
  if (run.status !== 'succeeded') throw new Error(`listings: the sync of ${count} listings ended ${run.status}`);
  const memory = await bench.ask(app.child, 'memory', 'memory');
  console.log(`listings: ${count} from ${LISTINGS_SOURCE} synced in ${(run.duration_ms / 1000).toFixed(1)} s (${run.cpu_s.toFixed(1)} s of CPU, peak RSS ${run.peak_rss} MB); both languages' index built ${(run.listings_built_ms / 1000).toFixed(1)} s after; RSS ${memory.rss} MB (peak ${memory.peak_rss} MB, heap ${memory.heap_used} MB)`);
  if (source.requests) await resyncUnchanged(app, source);
  return { app, source };
}

/** The listings' rows: a filtered and sorted rent page, one listing with its similar listings, the sale map of Dubai at zoom 12. */
async function listingRows(count = LISTINGS) {
  const { app, source } = await startListingsApp(count);
  try {
    const at = count.toLocaleString('en');
    await measureGet(app, { name: `filtered and sorted rent page at ${at} listings`, path: `/api/v1/properties?${RENT_QUERY}`, cpuTarget: 0.5 });
    const [home] = JSON.parse((await rawRequest(`http://127.0.0.1:${app.port}/api/v1/properties?purpose=sale&per_page=1`)).body.toString()).data.listings.data;
    const route = `/api/v1/properties/${home.slug}`;
    const similar = JSON.parse((await rawRequest(`http://127.0.0.1:${app.port}${route}`)).body.toString()).data.similar;
    if (!similar?.length) throw new Error(`one listing: ${route} shows no similar listings`);
    await measureGet(app, { name: `one listing with similar listings at ${at} listings`, path: route, cpuTarget: 0.5 });
    await measureGet(app, { name: `sale map of Dubai at zoom 12 at ${at} listings`, path: '/api/v1/properties/map?purpose=sale&bbox=54.9,24.8,55.6,25.4&zoom=12', cpuTarget: 0.5 });
  } finally {
    await bench.stopChild(app);
    await source.close();
  }
}

/** What is typed into the search box in the table: a 3-letter prefix, a typo, Arabic (issue 44). */
const SUGGEST_QUERIES = [
  ['a 3-letter prefix', 'mar'],
  ['a typo', 'Downtwon'],
  ['Arabic', 'مرسى دبي'],
];

/**
 * An app holding `projects` projects (the fake Reelly) and `listings` listings (the fake Goyzer, synced
 * once), its search box's suggestions built from both: the rows of the search box.
 */
async function suggestRows(projects = bench.offPlan.projects, listings = LISTINGS) {
  const goyzer = await startFakeGoyzer({ pageSize: 500 });
  Object.assign(goyzer.state, generate({ projects: 0, sales: Math.ceil(listings / 2), rentals: Math.floor(listings / 2), imageBase: bench.imageBase }).listings);
  const { app, reelly } = await startProjectsApp(projects, {
    EXTSOURCE_LISTINGS_DRIVER: 'goyzer', GOYZER_BASE_URL: goyzer.url, GOYZER_ACCESS_CODE: GOYZER_CREDENTIALS.accessCode, GOYZER_GROUP_CODE: GOYZER_CREDENTIALS.groupCode,
  });
  try {
    const base = `http://127.0.0.1:${app.port}`;
    // The collection is read on the first ask; the listings come with a sync to the fake Goyzer.
    await rawRequest(`${base}/api/v1/off-plan/projects?per_page=1`);
    const run = await bench.ask(app.child, { sync: 'all' }, 'run');
    if (run.status !== 'succeeded') throw new Error(`search box: the sync of ${listings} listings ended ${run.status}`);
    const built = await bench.ask(app.child, 'suggestions', 'suggestions');
    console.log(`search box: ${built.items} suggestions from ${projects} projects and ${listings} listings, built in ${built.build_ms} ms`);
    for (const [what, q] of SUGGEST_QUERIES) {
      const path = `/api/v1/search/suggest?q=${encodeURIComponent(q)}`;
      const groups = JSON.parse((await rawRequest(`${base}${path}`)).body.toString()).data.groups;
      if (!Object.values(groups).some((group) => group.length)) throw new Error(`search box: ${q} suggests nothing`);
      await measureGet(app, { name: `search box, ${what} (${q}), at ${projects.toLocaleString('en')} projects and ${listings.toLocaleString('en')} listings`, path, cpuTarget: 0.5 });
    }
  } finally {
    await bench.stopChild(app);
    await reelly.close();
    await goyzer.close();
  }
}

/** The search box's rows alone. */
async function suggestCase() {
  await suggestRows();
  printTable();
}

/** The listings' rows alone. */
async function listingsCase() {
  await listingRows();
  printTable();
}

/** The project row alone, on its app of 10,000 projects. */
async function similarCase() {
  const { projects } = bench.offPlan;
  const big = await startProjectsApp(projects);
  try {
    await measureProject(big, projects);
  } finally {
    await bench.stopChild(big.app);
    await big.reelly.close();
  }
  printTable();
}

/** The sitemap's projects part at `count` projects (every project in both languages), once built: its bytes kept, as the index's. */
const measureSitemap = (app, count) =>
  measureGet(app, { name: `sitemap part of ${(count * 2).toLocaleString('en')} URLs at ${count.toLocaleString('en')} projects (built)`, path: '/api/v1/sitemaps/projects-1.xml', cpuTarget: 0.8 });

/** The sitemap's row alone, on its app of 10,000 projects. */
async function sitemapCase() {
  const big = await startProjectsApp(bench.offPlan.projects);
  try {
    await measureSitemap(big.app, bench.offPlan.projects);
  } finally {
    await bench.stopChild(big.app);
    await big.reelly.close();
  }
  printTable();
}

/** The signed-in buyer's row alone, on its app of 10,000 projects. */
async function signedInCase() {
  const { query, projects } = bench.offPlan;
  const big = await startProjectsApp(projects);
  try {
    await measureSignedIn(big.app, query, projects);
  } finally {
    await bench.stopChild(big.app);
    await big.reelly.close();
  }
  printTable();
}

/**
 * An English case and its Arabic twin (`locale=ar`), each against bare node:http, then compared: by
 * throughput (the load generator's cost included) and by server CPU per request (target 0.9).
 */
async function compareLocales(app, { name, english, arabic, target }) {
  const englishRow = await measureGet(app, english);
  const arabicRow = await measureGet(app, arabic);
  compareRows(`${name}: Arabic to English throughput (the load generator decodes Arabic slower)`, arabicRow, englishRow);
  compareLocalesCpu(`${name}: Arabic to English, server CPU per request beyond bare node:http`, englishRow, arabicRow, target);
  return englishRow;
}

const compareLuxuryLocales = (site) => compareLocales(site, {
  name: 'cached luxury',
  english: { name: 'cached luxury without Origin', path: '/api/v1/luxury', target: 0.75, cpuTarget: 0.8 },
  arabic: { name: 'cached Arabic luxury (locale=ar)', path: '/api/v1/luxury?locale=ar' },
  target: 0.9,
});

const compareListingLocales = (app, query, projects) => compareLocales(app, {
  name: `filtered page at ${projects.toLocaleString('en')}`,
  english: { name: `filtered and sorted page at ${projects.toLocaleString('en')} projects`, path: `/api/v1/off-plan/projects?${query}`, target: 0.5, cpuTarget: 0.5 },
  arabic: { name: `Arabic filtered and sorted page at ${projects.toLocaleString('en')} projects`, path: `/api/v1/off-plan/projects?${query}&locale=ar` },
  target: 0.9,
});

/** The table's Arabic cases alone: cached luxury and the filtered page at 10,000 projects, in both languages. */
async function localesCase() {
  const { query, projects } = bench.offPlan;
  const site = await bench.startChild('serve-app.js');
  try {
    await compareLuxuryLocales(site);
  } finally {
    await bench.stopChild(site);
  }
  const big = await startProjectsApp(projects);
  try {
    await compareListingLocales(big.app, query, projects);
  } finally {
    await bench.stopChild(big.app);
    await big.reelly.close();
  }
  printTable();
}

/** The map's rows on `count` projects (decision 124): the whole UAE at zoom 7, and Dubai at zoom 12 with a price filter. */
async function mapRows(app, count) {
  const at = count.toLocaleString('en');
  await measureGet(app, { name: `map of the whole UAE at zoom 7 at ${at} projects`, path: '/api/v1/off-plan/projects/map?bbox=51,22,56.5,26.5&zoom=7', cpuTarget: 0.5 });
  await measureGet(app, {
    name: `map of Dubai at zoom 12 with a price filter at ${at} projects`,
    path: '/api/v1/off-plan/projects/map?bbox=54.9,24.8,55.6,25.4&zoom=12&min_price=1000000&max_price=5000000',
    cpuTarget: 0.5,
  });
}

/** The map's rows alone, on their app of 10,000 projects. */
async function mapCase() {
  const { projects } = bench.offPlan;
  const big = await startProjectsApp(projects);
  try {
    await mapRows(big.app, projects);
  } finally {
    await bench.stopChild(big.app);
    await big.reelly.close();
  }
  printTable();
}

/** Every field issue 42 added, about the first project of the app's feed (a brochure enquiry: the longest answer). */
async function enquiryFields(app) {
  const listing = await rawRequest(`http://127.0.0.1:${app.port}/api/v1/off-plan/projects?per_page=1`);
  const project = JSON.parse(listing.body.toString('utf8')).data.properties.data[0];
  return {
    project_id: String(project.id),
    enquiry_type: 'brochure',
    source: {
      page_url: `https://www.example.com/off-plan/${project.id}?utm_source=google&utm_medium=cpc&utm_campaign=spring-launch`,
      referrer: 'https://www.google.com/', utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'spring-launch',
      utm_term: 'off plan dubai', utm_content: 'ad-1', gclid: 'Cj0KCQiA-bench', fbclid: 'IwAR-bench',
    },
  };
}

/** The rows on the site app (SQLite, demo content): the cached pages, a 304, brotli, the contact POST. */
async function siteRows() {
  const ORIGIN = { origin: 'https://www.example.com' };
  const site = await bench.startChild('serve-app.js', { CONTACT_RATE_LIMIT_MAX: '0', CONTACT_NOTIFY_EMAIL: '' });
  try {
    await compareLuxuryLocales(site);
    await measureGet(site, { name: 'cached luxury with Origin', path: '/api/v1/luxury', headers: ORIGIN, target: 0.75, cpuTarget: 0.8 });
    await measureGet(site, { name: 'contact page without Origin', path: '/api/v1/contact-us-page', target: 0.75, cpuTarget: 0.8 });
    await measureGet(site, { name: 'contact page with Origin', path: '/api/v1/contact-us-page', headers: ORIGIN, target: 0.75, cpuTarget: 0.8 });
    const etag = (await rawRequest(`http://127.0.0.1:${site.port}/api/v1/luxury`)).headers.etag;
    await measureGet(site, { name: 'a 304 (luxury, If-None-Match)', path: '/api/v1/luxury', headers: { 'if-none-match': etag }, status: 304, target: 0.8, cpuTarget: 0.8 });
    await measureGet(site, { name: 'luxury with Accept-Encoding: br', path: '/api/v1/luxury', headers: { 'accept-encoding': 'br' } });
    await contactRows(site);
  } finally {
    await bench.stopChild(site);
  }
}

/** The contact POST as today's clients send it and with every field issue 42 added: CPU per stored lead, side by side. */
async function contactRows(site) {
  await measureContactPost(site);
  await measureContactPost(site, { name: 'POST /contact-us with project, type and source', extra: await enquiryFields(site) });
}

/** The two contact POST rows alone, on the site app. */
async function leadsCase() {
  const site = await bench.startChild('serve-app.js', { CONTACT_RATE_LIMIT_MAX: '0', CONTACT_NOTIFY_EMAIL: '' });
  try {
    await contactRows(site);
  } finally {
    await bench.stopChild(site);
  }
  printTable();
}

/** The rows on `count` projects (the default page, the filtered page in both languages and signed in, the filters, the map, one project with its similar projects, the sitemap): the filtered English row. */
async function offPlanRows(count, query) {
  const big = await startProjectsApp(count);
  try {
    const at = count.toLocaleString('en');
    await measureGet(big.app, { name: `off-plan default page at ${at} projects`, path: '/api/v1/off-plan/projects', target: 0.5, cpuTarget: 0.5 });
    const filtered = await compareListingLocales(big.app, query, count);
    await measureSignedIn(big.app, query, count);
    await measureGet(big.app, { name: `filters at ${at} projects`, path: '/api/v1/off-plan/projects/filters' });
    await mapRows(big.app, count);
    await measureProject(big, count);
    await measureSitemap(big.app, count);
    await pageRow(big.app, count);
    return filtered;
  } finally {
    await bench.stopChild(big.app);
    await big.reelly.close();
  }
}

/** A composed page of live sections (issue 45): its projects, figures and map read from the feed when built. */
const LIVE_PAGE = {
  title: 'Launches in Dubai',
  slug: 'bench-launches',
  kind: 'landing',
  sections: [
    { __component: 'sections.hero', title: 'Launches in Dubai' },
    { __component: 'sections.projects', title: 'Cheapest first', query: 'state_id=DU&sort=price_asc', limit: 6 },
    { __component: 'sections.figures', title: 'In figures', catalogue: 'off_plan', query: 'state_id=DU' },
    { __component: 'sections.map', title: 'On the map', catalogue: 'off_plan', query: 'state_id=DU' },
  ],
};

/** The composed page's row at `count` projects: once built, it is kept and answered as the other cached pages. */
async function pageRow(app, count) {
  await bench.ask(app.child, { page: LIVE_PAGE }, 'page');
  await measureGet(app, { name: `composed page with projects, figures and map at ${count.toLocaleString('en')} projects (built)`, path: `/api/v1/pages/${LIVE_PAGE.slug}`, cpuTarget: 0.8 });
}

/** The composed page's row alone, on its app of 10,000 projects, beside the cached luxury page of the same app and run. */
async function pageCase() {
  const big = await startProjectsApp(bench.offPlan.projects);
  try {
    await pageRow(big.app, bench.offPlan.projects);
    await measureGet(big.app, { name: 'cached luxury page, the same app and run', path: '/api/v1/luxury', cpuTarget: 0.8 });
  } finally {
    await bench.stopChild(big.app);
    await big.reelly.close();
  }
  printTable();
}

/** The rows on the app of 10,000 projects alone (about 9 minutes): what issue 67's targets name. */
async function projectsCase() {
  await offPlanRows(bench.offPlan.projects, bench.offPlan.query);
  printTable();
}

/** The filtered page at 100 projects, and the 10,000-to-100 comparison with `filteredLarge`. */
async function smallRows(query, large, filteredLarge) {
  const small = await startProjectsApp(100);
  try {
    const filteredSmall = await measureGet(small.app, { name: 'filtered and sorted page at 100 projects', path: `/api/v1/off-plan/projects?${query}` });
    compareRows(`${large.toLocaleString('en')}-to-100 throughput`, filteredLarge, filteredSmall, 0.85, 'filtered page', { cpu: true });
  } finally {
    await bench.stopChild(small.app);
    await small.reelly.close();
  }
}

/**
 * The one table (docs/performance.md): each case as req/s, p50, p99 and the ratio to a bare node:http
 * server sending the same status, headers and bytes in the same run; written to bench/results.json.
 */
async function tableCase() {
  const started = Date.now();
  const loadAtStart = os.loadavg()[0];
  const { query, projects } = bench.offPlan;
  console.log(`table: about ${Math.round(TABLE_BUDGET_S / 60)} minutes (${TABLE_BUDGET_S} s) with these settings`);
  await siteRows();
  const filteredLarge = await offPlanRows(projects, query);
  await smallRows(query, projects, filteredLarge);
  await listingRows();
  await suggestRows();
  printTable();
  saveTable({ loadAtStart, seconds: Math.round((Date.now() - started) / 1000) });
}

function saveTable({ loadAtStart, seconds }) {
  const machine = { cores: os.cpus().length, load_average_start: loadAtStart, load_average_end: os.loadavg()[0] };
  const settings = {
    connections: measure.CONNECTIONS, load_rounds: measure.LOAD_ROUNDS, load_duration_s: measure.LOAD_DURATION_S,
    cpu_rounds: measure.CPU_ROUNDS, cpu_duration_s: measure.CPU_DURATION_S, pinning: cores.describe(), node: process.version, node_flags: bench.serverFlags,
  };
  const file = writeResults({ machine, settings, seconds, budget_s: TABLE_BUDGET_S, cases: rows });
  console.log(`\nwritten to ${path.relative(process.cwd(), file)} (${machine.cores} cores, load average ${machine.load_average_start.toFixed(2)} at the start, ` +
    `${machine.load_average_end.toFixed(2)} at the end; ${measure.CONNECTIONS} connections; ${seconds} s, budget ${TABLE_BUDGET_S} s)`);
}

/** The rows so far as markdown: each figure measured in rounds as `median (least–greatest)`. */
function printTable() {
  console.log('\n| case | req/s | p50 ms | p99 ms | bare node:http req/s | ratio | target | server CPU µs/request, ours / bare | cpu ratio | cpu target |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  const cell = (value) => (value === null || value === undefined ? '' : String(value));
  const verdict = (ratio, target) => (target ? `${target} ${ratio >= target ? 'met' : 'missed'}` : '');
  for (const row of rows) {
    const cpu = row.cpu_us === null ? '' : `${withSpread(row, 'cpu_us')} / ${withSpread(row, 'bare_cpu_us')} at ${row.cpu_rate} req/s`;
    console.log(
      `| ${row.name}${row.note ? ` (${row.note})` : ''} | ${withSpread(row, 'rps')} | ${cell(row.p50_ms)} | ${cell(row.p99_ms)} | ${withSpread(row, 'baseline_rps')} | ` +
        `${withSpread(row, 'ratio')} | ${verdict(row.ratio, row.target)} | ${cpu} | ${withSpread(row, 'cpu_ratio')} | ${verdict(row.cpu_ratio, row.cpu_target)} |`
    );
  }
}

/** The table's cases, with bench.js's { startChild, stopChild, ask, imageBase, offPlan: { query, projects } }. */
function tableCases(context) {
  bench = context;
  return { table: tableCase, projects: projectsCase, leads: leadsCase, locales: localesCase, signedIn: signedInCase, map: mapCase, similar: similarCase, sitemap: sitemapCase, listings: listingsCase, suggest: suggestCase, page: pageCase };
}

module.exports = { tableCases, rows, printTable };
