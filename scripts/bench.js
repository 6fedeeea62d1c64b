#!/usr/bin/env node
// `npm run bench`: throughput of our routes as a ratio to a baseline measured in the same run
// (a bare node:http server sending the same bytes), and beside it the servers' CPU time per request
// (the cpu ratio, bare µs / ours). Servers run in child processes, with throw-away secrets and one
// temporary folder removed at exit (scripts/bench/environment.js: needs no .env, leaves nothing), the
// load generator (autocannon) here. Usage: npm run bench [-- case ...]; cases: table (the one table of
// docs/performance.md, also written to bench/results.json: scripts/bench/table.js), locales (its Arabic
// cases alone), projects (its rows on 10,000 projects alone), leads (its two contact POST rows alone), signed-in (its signed-in buyer's row alone), map (its map rows alone), similar (its
// project row, with similar projects, alone), sitemap (its sitemap row alone), listings (its three sale and rent listing rows alone; BENCH_LISTINGS sets how many, BENCH_LISTINGS_FEED=pf-xml or bayut-xml reads them from a CRM's feed and syncs it again unchanged), suggest (its three search box rows alone), page (the composed page's row alone), luxury, contact, sync, off-plan,
// off-plan-search, alerts (buyers' saved searches matched after a 10,000-project change), cluster (needs
// PostgreSQL and haproxy: without a case named, run only when BENCH_DATABASE_URL or TEST_DATABASE_URL is set).
'use strict';

// The load generators (autocannon, the latency bench's paced load) run in this process and read every
// answer into buffers. From V8's first limit for a heap this small, the generator began marking again as
// soon as a collection ended: a pause of 5 to 9 ms every 130 ms, counted as the app's latency (decision 179).
const LOAD_GENERATOR_FLAGS = ['--initial-old-space-size=128'];
require('./lib/node-flags').relaunchWith(__filename, LOAD_GENERATOR_FLAGS);

const { fork } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');
const autocannon = require('autocannon');
const { Client } = require('pg');
const { freePort, startHaproxy, startInstance } = require('./cluster/processes');
const { GOYZER_CREDENTIALS, REELLY_API_KEY, startFakeGoyzer, startFakeReelly } = require('./fakes/providers');
const { generate } = require('./generate-sample-data');
const { nodeEnvironment, nodeFlags } = require('./lib/node-flags');
const cores = require('./bench/cores');
const { benchEnvironment } = require('./bench/environment');
const { alertsCase } = require('./bench/alerts');
const { latencyCase } = require('./bench/latency');
const { leadsFromNewPeople } = require('./bench/lead-bodies');
const { CONNECTIONS, cpuAgainstBare, cpuPerRequestRounds, served } = require('./bench/measure');
const { readAheadCase } = require('./bench/read-ahead');
const { rows, tableCases } = require('./bench/table');

/** Image URLs of the fake providers' data, absolute as a real provider sends them. */
const PROVIDER_MEDIA = 'https://media.provider.test';

const DURATION_S = Number(process.env.BENCH_DURATION_S || 10);
/** The off-plan table cases: a page 2 of a filtered, sorted listing, at this many projects. */
const OFFPLAN_QUERY = process.env.BENCH_OFFPLAN_QUERY || 'state_id=DU&sort=price_asc&page=2';
const OFFPLAN_PROJECTS = Number(process.env.BENCH_OFFPLAN_PROJECTS || 10000);

/**
 * The servers' Node flags: those of production on as many cores as a server gets here (and its environment,
 * nodeEnvironment), and BENCH_NODE_FLAGS's, e.g. `--cpu-prof --cpu-prof-dir=/tmp/profiles` to see where a row's time goes.
 */
const SERVER_FLAGS = [...nodeFlags(undefined, undefined, cores.SERVER_CORE_COUNT), ...(process.env.BENCH_NODE_FLAGS || '').split(/\s+/).filter(Boolean)];

/** Secrets and a temporary folder for every app of the run (made in main, once the app is compiled). */
let run;

const { table: tableCase, projects: projectsCase, leads: leadsCase, locales: localesCase, signedIn: signedInCase, map: mapCase, similar: similarCase, sitemap: sitemapCase, listings: listingsCase, suggest: suggestCase, page: pageCase } = tableCases({
  startChild, stopChild, ask, imageBase: PROVIDER_MEDIA, offPlan: { query: OFFPLAN_QUERY, projects: OFFPLAN_PROJECTS }, serverFlags: SERVER_FLAGS,
});

function startChild(script, env = {}, message) {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(__dirname, 'bench', script), [], {
      env: nodeEnvironment({ ...process.env, ...run.env, BENCH_APP_ENV: JSON.stringify(env) }),
      execArgv: SERVER_FLAGS,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.once('message', (reply) => {
      if (!reply.ready) return reject(new Error('not ready'));
      cores.pinServer(child.pid);
      resolve({ child, port: reply.port });
    });
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
    if (message) child.send(message);
  });
}

function stopChild({ child }) {
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.once('exit', resolve);
    child.send('stop');
  });
}

async function load(url, options = {}) {
  await autocannon({ url, connections: CONNECTIONS, duration: 2, ...options }); // warm-up
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, ...options });
  const non2xx = result.non2xx + result.errors;
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, non2xx, statuses: result.statusCodeStats ?? {} };
}

async function fetchBytes(url) {
  const response = await fetch(url);
  return { status: response.status, contentType: response.headers.get('content-type'), body: Buffer.from(await response.arrayBuffer()) };
}

const cpuText = (cpu) =>
  `server CPU ${cpu.us.toFixed(1)} us/request vs bare ${cpu.bare_us.toFixed(1)} at ${cpu.rate} req/s -> cpu ratio ${cpu.ratio.toFixed(2)}`;

function report(name, measured, baseline, target, cpu) {
  const ratio = measured.rps / baseline.rps;
  const verdict = ratio >= target ? 'meets' : 'BELOW';
  console.log(
    `${name}: ${measured.rps.toFixed(0)} req/s (p99 ${measured.p99} ms, non-2xx ${measured.non2xx}) vs bare node ` +
      `${baseline.rps.toFixed(0)} req/s -> ratio ${ratio.toFixed(2)} (target >= ${target}: ${verdict}); ${cpuText(cpu)}`
  );
  return ratio;
}

/** Cached GET /api/v1/luxury against bare node:http sending the same bytes. */
async function luxuryCase() {
  const app = await startChild('serve-app.js');
  try {
    const url = `http://127.0.0.1:${app.port}/api/v1/luxury`;
    const sample = await fetchBytes(url);
    if (sample.status !== 200) throw new Error(`GET /api/v1/luxury answered ${sample.status}`);
    const bare = await startChild('serve-bare.js', {}, { body: sample.body.toString('base64'), contentType: sample.contentType });
    try {
      const baseline = await load(`http://127.0.0.1:${bare.port}/api/v1/luxury`);
      const measured = await load(url);
      const cpu = await cpuAgainstBare(served(app, '/api/v1/luxury'), served(bare, '/api/v1/luxury'), {}, [measured.rps, baseline.rps]);
      console.log(`luxury: response ${sample.body.length} bytes, ${CONNECTIONS} connections, ${DURATION_S} s each`);
      report('luxury GET /api/v1/luxury (cached)', measured, baseline, 0.5, cpu);
    } finally {
      await stopChild(bare);
    }
  } finally {
    await stopChild(app);
  }
}

function ask(child, message, key) {
  return new Promise((resolve) => {
    const onMessage = (reply) => {
      if (reply && key in reply) {
        child.off('message', onMessage);
        resolve(reply[key]);
      }
    };
    child.on('message', onMessage);
    child.send(message);
  });
}

/** POSTs leads to a fresh app with `env` (SQLite, rate limit off): stored per second, and whether every 201 has its row. */
async function contactRun(label, env) {
  const app = await startChild('serve-app.js', { CONTACT_RATE_LIMIT_MAX: '0', CONTACT_NOTIFY_EMAIL: '', ...env });
  try {
    const before = await ask(app.child, 'count-contacts', 'contacts');
    // A fixed number of requests, not a duration: autocannon then reads every response, so each
    // committed row can be matched with its 201 (a timed run abandons the requests still in flight).
    const amount = Number(process.env.BENCH_CONTACT_REQUESTS || 3000);
    const result = await autocannon({
      url: `http://127.0.0.1:${app.port}/api/v1/contact-us`,
      // A new person's lead each time: a repeat of one person would get no e-mail delivery (decision 144).
      ...leadsFromNewPeople({}),
      connections: Number(process.env.BENCH_CONTACT_CONNECTIONS || 20),
      amount,
    });
    const created = result.statusCodeStats?.['201']?.count ?? result['2xx'];
    const rows = (await ask(app.child, 'count-contacts', 'contacts')) - before;
    const seconds = result.duration;
    const perSecond = rows / seconds;
    console.log(
      `contact POST /api/v1/contact-us, ${label}: ${perSecond.toFixed(0)} stored/s (${amount} requests in ${seconds.toFixed(1)} s, ` +
        `p99 ${result.latency.p99} ms); 201 responses ${created}, rows ${rows}, other ${result.non2xx + result.errors + result.timeouts}` +
        ` -> ${created === rows ? 'equal' : 'MISMATCH'}`
    );
    if (created !== rows) process.exitCode = 1;
    return perSecond;
  } finally {
    await stopChild(app);
  }
}

/** A local server for the bench's delivery targets: `respond(req, res)` answers each request once read. */
async function listen(respond) {
  const server = require('http').createServer((req, res) => {
    req.resume();
    req.on('end', () => respond(req, res));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

/** An SMTP server on loopback that accepts every message (the healthy mail target). */
async function acceptingSmtp() {
  const { SMTPServer } = require('smtp-server');
  const server = new SMTPServer({ authOptional: true, disabledCommands: ['STARTTLS'], logger: false, onData: (stream, _session, done) => stream.on('end', () => done()).resume() });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

/**
 * Sustained contact POSTs without delivery targets, with both targets healthy (a CRM answering 200, a mail
 * server accepting), then with both failing (a CRM answering 503 after 200 ms, a mail server that refuses
 * connections). The deliveries are recorded with each lead and sent off the request path: failing/healthy
 * says whether a failing target slows the POST; healthy/none is what the outbox itself costs it.
 */
async function contactCase() {
  const none = await contactRun('no delivery targets', {});
  const crmOk = await listen((_req, res) => res.writeHead(200).end());
  const smtp = await acceptingSmtp();
  const crmFailing = await listen((_req, res) => setTimeout(() => res.writeHead(503).end(), 200));
  const targets = (crm, smtpPort) => ({
    CONTACT_NOTIFY_EMAIL: 'sales@bench.test',
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(smtpPort),
    LEAD_WEBHOOK_URL: `http://127.0.0.1:${crm.address().port}/leads`,
    LEAD_WEBHOOK_SECRET: 'bench-secret',
    // Retries as often as BENCH_DELIVERY_BACKOFF_MS says (default: the production default, 30 s).
    ...(process.env.BENCH_DELIVERY_BACKOFF_MS ? { LEAD_DELIVERY_BACKOFF_MS: process.env.BENCH_DELIVERY_BACKOFF_MS } : {}),
  });
  try {
    const healthy = await contactRun('e-mail and CRM webhook both healthy', targets(crmOk, smtp.server.address().port));
    const failing = await contactRun('e-mail and CRM webhook both failing', targets(crmFailing, 9));
    const failingRatio = failing / healthy;
    console.log(`contact POST with failing delivery targets vs healthy ones: ratio ${failingRatio.toFixed(2)} (1.00: a failing target costs the POST nothing more than a healthy one)`);
    console.log(`contact POST with healthy delivery targets vs none (the outbox's own cost): ratio ${(healthy / none).toFixed(2)}`);
  } finally {
    crmOk.close();
    crmFailing.close();
    smtp.close();
  }
}

/** Full sync of 10,000 listings from the fake Goyzer server over HTTP: first run, then unchanged re-run; then the read-ahead of 10,000 project details. */
async function syncCase() {
  const count = Number(process.env.BENCH_SYNC_LISTINGS || 10000);
  const goyzer = await startFakeGoyzer({ pageSize: 200 });
  goyzer.state.sales = generate({ projects: 0, sales: count, rentals: 0, imageBase: PROVIDER_MEDIA }).listings.sales;
  const app = await startChild('serve-app.js', {
    EXTSOURCE_LISTINGS_DRIVER: 'goyzer',
    GOYZER_BASE_URL: goyzer.url,
    GOYZER_ACCESS_CODE: GOYZER_CREDENTIALS.accessCode,
    GOYZER_GROUP_CODE: GOYZER_CREDENTIALS.groupCode,
  });
  try {
    const first = await ask(app.child, { sync: 'sales' }, 'run');
    const again = await ask(app.child, { sync: 'sales' }, 'run');
    const line = (label, run, targetMs) =>
      `${label}: ${(run.duration_ms / 1000).toFixed(2)} s (status ${run.status}, fetched ${run.fetched}, created ${run.created}, ` +
      `updated ${run.updated}, unchanged ${run.unchanged}) -> target < ${targetMs / 1000} s: ${run.duration_ms < targetMs ? 'meets' : 'MISSES'}`;
    console.log(`sync: ${count} sales listings, ${goyzer.pagesRequested('SalesListings')} XML pages of 200 fetched over HTTP in all, SQLite`);
    console.log(line('sync first run', first, 30000));
    console.log(line('sync unchanged re-run', again, 5000));
  } finally {
    await stopChild(app);
    await goyzer.close();
  }
  await readAheadCase({ startChild, stopChild, ask, imageBase: PROVIDER_MEDIA });
}

/**
 * Throughput of one listing URL on an app whose projects feed holds `count` generated projects; with
 * `varied` (a function giving a query string per request), also of a stream of queries that all differ.
 */
async function measureListing(count, query, varied) {
  const reelly = await startFakeReelly();
  const generated = generate({ projects: count, sales: 0, rentals: 0, imageBase: PROVIDER_MEDIA }).projects;
  reelly.state.projects = generated.projects;
  reelly.state.projectsAr = generated.projects_ar;
  reelly.state.developers = generated.developers;
  const app = await startChild('serve-app.js', {
    EXTSOURCE_PROJECTS_DRIVER: 'reelly',
    REELLY_BASE_URL: reelly.url,
    REELLY_API_KEY,
  });
  try {
    const url = `http://127.0.0.1:${app.port}/api/v1/off-plan/projects?${query}`;
    await fetchBytes(url); // the first request fetches the collection and builds the index
    const sample = await fetchBytes(url);
    if (sample.status !== 200) throw new Error(`listing answered ${sample.status}`);
    const bare = await startChild('serve-bare.js', {}, { body: sample.body.toString('base64'), contentType: sample.contentType });
    try {
      const route = `/api/v1/off-plan/projects?${query}`;
      const bareUrl = `http://127.0.0.1:${bare.port}${route}`;
      const baseline = await load(bareUrl);
      const measured = await load(url);
      const cpu = await cpuAgainstBare(served(app, route), served(bare, route), {}, [measured.rps, baseline.rps]);
      if (!varied) return { bytes: sample.body.length, baseline, measured, cpu };
      // The bare server is driven the same way (it answers every path with the sample's bytes).
      const requests = [{ setupRequest: (request) => ({ ...request, path: `/api/v1/off-plan/projects?${varied()}` }) }];
      const variedBaseline = await load(bareUrl, { requests });
      const variedMeasured = await load(url, { requests });
      const variedCpu = await cpuAgainstBare(served(app, route), served(bare, route), { requests }, [variedMeasured.rps, variedBaseline.rps]);
      return { bytes: sample.body.length, baseline, measured, cpu, variedBaseline, varied: variedMeasured, variedCpu };
    } finally {
      await stopChild(bare);
    }
  } finally {
    await stopChild(app);
    await reelly.close();
  }
}

/** A filtered, sorted listing page at 100 and at 10,000 projects. */
async function offPlanCase() {
  const query = OFFPLAN_QUERY;
  const small = await measureListing(100, query);
  const large = await measureListing(OFFPLAN_PROJECTS, query);
  console.log(`off-plan: GET /api/v1/off-plan/projects?${query}; responses ${small.bytes} and ${large.bytes} bytes`);
  report('off-plan at 100 projects', small.measured, small.baseline, 0.3, small.cpu);
  report('off-plan at 10,000 projects', large.measured, large.baseline, 0.3, large.cpu);
  const scaling = large.measured.rps / small.measured.rps;
  console.log(`off-plan 10,000-to-100 throughput ratio: ${scaling.toFixed(2)} (target >= 0.7: ${scaling >= 0.7 ? 'meets' : 'BELOW'})`);
}

/**
 * Portal search: property type, bedrooms, location and a price ceiling in the visitor's currency, at
 * 100 and 10,000 projects (the Reelly list feed, so amenities and unit-type sizes are absent), as
 * ratios to bare node:http with the same bytes, and the 10,000-to-100 throughput ratio. Both sizes
 * answer a full first page of 16 cards. The same search repeated finds its matches kept from the first
 * request; a second run gives every request another price ceiling, so each one is a new search.
 */
async function offPlanSearchCase() {
  const query =
    process.env.BENCH_OFFPLAN_SEARCH_QUERY ||
    'property_type=Apartment,Penthouse&bedrooms=1,2&location=dubai&max_price=1000000&currency=USD&sort=price_asc';
  let ceiling = 1000000;
  const everyOneNew = () => query.replace(/max_price=\d+/, `max_price=${(ceiling += 1)}`);
  const small = await measureListing(100, query, everyOneNew);
  const large = await measureListing(OFFPLAN_PROJECTS, query, everyOneNew);
  console.log(`off-plan-search: GET /api/v1/off-plan/projects?${query}; responses ${small.bytes} and ${large.bytes} bytes`);
  report('off-plan-search at 100 projects', small.measured, small.baseline, 0.4, small.cpu);
  report('off-plan-search at 10,000 projects', large.measured, large.baseline, 0.4, large.cpu);
  const scaling = large.measured.rps / small.measured.rps;
  console.log(`off-plan-search 10,000-to-100 throughput ratio: ${scaling.toFixed(2)} (target >= 0.8: ${scaling >= 0.8 ? 'meets' : 'BELOW'})`);
  report('off-plan-search, a new price ceiling each request, at 100 projects', small.varied, small.variedBaseline, 0.4, small.variedCpu);
  report('off-plan-search, a new price ceiling each request, at 10,000 projects', large.varied, large.variedBaseline, 0.4, large.variedCpu);
  console.log(`off-plan-search, every request new: 10,000-to-100 throughput ratio ${(large.varied.rps / small.varied.rps).toFixed(2)}`);
}

/** A throw-away PostgreSQL database on BENCH_DATABASE_URL's (or TEST_DATABASE_URL's) server. */
async function throwAwayDatabase() {
  const server = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
  const name = `bench_cluster_${process.pid}_${Date.now().toString(36)}`;
  const run = async (sql) => {
    const client = new Client({ connectionString: server });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE "${name}"`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}

/** Cached GET /api/v1/luxury through haproxy, with the given instances behind it. */
async function throughHaproxy(instances) {
  const proxy = await startHaproxy({ port: await freePort(), backends: instances });
  try {
    const url = `${proxy.url}/api/v1/luxury`;
    // Each instance builds its cache and learns the fast lane's headers on its first requests.
    for (let i = 0; i < instances.length * 3; i += 1) await fetchBytes(url);
    return await load(url);
  } finally {
    await proxy.stop();
  }
}

const UPLOADS = path.join(__dirname, '..', 'public', 'uploads');
const uploadNames = () => (fs.existsSync(UPLOADS) ? fs.readdirSync(UPLOADS) : []);

/** Returns a function removing what was added to public/uploads since (where `strapi start` puts the seeded demo images). */
function uploadsFromNow() {
  const before = new Set(uploadNames());
  return () => uploadNames().filter((name) => !before.has(name)).forEach((name) => fs.rmSync(path.join(UPLOADS, name), { recursive: true, force: true }));
}

/** Scale-out: the cached luxury page through haproxy in front of one, then two instances on PostgreSQL. */
async function clusterCase() {
  // Instances, haproxy and the load generator share every core here, as the line below says.
  cores.releaseLoadGenerator();
  const database = await throwAwayDatabase();
  const removeUploads = uploadsFromNow();
  const env = { ...run.env, NODE_ENV: 'production', DATABASE_CLIENT: 'postgres', DATABASE_URL: database.url, LOG_LEVEL: 'warn', EXTSOURCE_CRON: '', REDIS_URL: '', SEED_DEMO: 'true' };
  const instances = [];
  try {
    instances.push(await startInstance({ name: 'a', port: await freePort(), env }));
    const one = await throughHaproxy(instances);
    instances.push(await startInstance({ name: 'b', port: await freePort(), env }));
    const two = await throughHaproxy(instances);
    console.log(`cluster: ${os.cpus().length} cores on this machine (load generator, haproxy and instances share them), ${CONNECTIONS} connections, ${DURATION_S} s each`);
    console.log(`cluster 1 instance behind haproxy: ${one.rps.toFixed(0)} req/s (p99 ${one.p99} ms, non-2xx ${one.non2xx})`);
    console.log(`cluster 2 instances behind haproxy: ${two.rps.toFixed(0)} req/s (p99 ${two.p99} ms, non-2xx ${two.non2xx})`);
    console.log(`cluster 2-to-1 throughput ratio: ${(two.rps / one.rps).toFixed(2)}`);
  } finally {
    await Promise.all(instances.map((instance) => instance.stop()));
    await database.drop();
    removeUploads();
  }
}

/**
 * The fast lane's cost with metrics on against off: the server's CPU per cached GET /api/v1/luxury of two
 * apps, one with METRICS_ENABLED, in interleaved rounds at one rate both sustain (half the throughput of
 * the app without). The ratio is off's µs over on's: 0.95 or more keeps the cost within 5%.
 */
async function metricsCase() {
  const off = await startChild('serve-app.js');
  const on = await startChild('serve-app.js', { METRICS_ENABLED: 'true', METRICS_TOKEN: 'bench-metrics-token-0123456789' });
  try {
    const targets = [off, on].map((app) => ({ url: `http://127.0.0.1:${app.port}/api/v1/luxury`, pid: app.child.pid }));
    for (const { url } of targets) for (let i = 0; i < 2; i += 1) await fetchBytes(url); // builds the page, teaches the fast lane
    const rate = Math.round((await load(targets[0].url)).rps / 2);
    // More rounds than the other cases: the difference sought (5%) is within one round's noise on a busy machine.
    const [usOff, usOn] = await cpuPerRequestRounds(targets, rate, Number(process.env.BENCH_METRICS_ROUNDS || 13));
    const row = { name: 'fast lane with metrics on (GET /api/v1/luxury)', rps: null, p50_ms: null, p99_ms: null, baseline_rps: null, ratio: Number((usOff / usOn).toFixed(3)), target: 0.95 };
    row.note = `server CPU per request at ${rate} req/s: metrics off ${usOff.toFixed(1)} us, on ${usOn.toFixed(1)} us`;
    rows.push(row);
    console.log(`${row.name}: ${row.ratio} (target ${row.target}); ${row.note}`);
  } finally {
    await Promise.all([stopChild(off), stopChild(on)]);
  }
}

const CASES = {
  table: tableCase, projects: projectsCase, leads: leadsCase, locales: localesCase, 'signed-in': signedInCase, map: mapCase, similar: similarCase, sitemap: sitemapCase, listings: listingsCase, suggest: suggestCase, page: pageCase, metrics: metricsCase,
  latency: () => latencyCase({ startChild, stopChild, ask, imageBase: PROVIDER_MEDIA }),
  luxury: luxuryCase, contact: contactCase, sync: syncCase, 'off-plan': offPlanCase, 'off-plan-search': offPlanSearchCase, cluster: clusterCase,
  alerts: alertsCase,
};

/** Every case, but the cluster case only with a PostgreSQL server to use (it also needs haproxy). */
function defaultCases() {
  if (process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL) return Object.keys(CASES);
  console.log('== bench: cluster skipped: set BENCH_DATABASE_URL (a PostgreSQL server; haproxy installed) to run it');
  return Object.keys(CASES).filter((name) => name !== 'cluster');
}

async function main() {
  run = benchEnvironment();
  cores.pinLoadGenerator();
  console.log(`== bench: ${cores.describe()}`);
  const selected = process.argv.slice(2).length ? process.argv.slice(2) : defaultCases();
  for (const name of selected) {
    if (!CASES[name]) throw new Error(`unknown bench case "${name}"; cases: ${Object.keys(CASES).join(', ')}`);
    console.log(`\n== bench: ${name}`);
    await CASES[name]();
  }
}

// On a Node the project does not support the bench re-runs itself on Node 22 (scripts/lib/supported-node.js).
require('./lib/supported-node').runOnSupportedNode(__filename, () => main().catch((error) => {
  console.error(error);
  process.exit(1);
}));
