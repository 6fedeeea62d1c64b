#!/usr/bin/env node
// `npm run bench`: throughput of our routes as a ratio to a baseline measured in the same run
// (a bare node:http server sending the same bytes), and beside it the servers' CPU time per request
// (the cpu ratio, bare µs / ours). Servers run in child processes, with throw-away secrets and one
// temporary folder removed at exit (scripts/bench/environment.js: needs no .env, leaves nothing), the
// load generator (autocannon) here. Usage: npm run bench [-- case ...]; cases: table (the one table of
// docs/performance.md, also written to bench/results.json), locales (its Arabic cases alone), luxury,
// contact, sync, off-plan, off-plan-search, cluster (needs PostgreSQL and haproxy: without a case named,
// run only when BENCH_DATABASE_URL or TEST_DATABASE_URL is set).
'use strict';

const { fork } = require('child_process');
const fs = require('fs');
const http = require('http');
const os = require('os');
const path = require('path');
const autocannon = require('autocannon');
const { Client } = require('pg');
const { freePort, startHaproxy, startInstance } = require('./cluster/processes');
const { GOYZER_CREDENTIALS, REELLY_API_KEY, startFakeGoyzer, startFakeReelly } = require('./fakes/providers');
const { generate } = require('./generate-sample-data');
const { nodeFlags } = require('./lib/node-flags');
const cores = require('./bench/cores');
const { benchEnvironment } = require('./bench/environment');
const { latencyCase } = require('./bench/latency');
const { readAheadCase } = require('./bench/read-ahead');

/** Image URLs of the fake providers' data, absolute as a real provider sends them. */
const PROVIDER_MEDIA = 'https://media.provider.test';

const DURATION_S = Number(process.env.BENCH_DURATION_S || 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 50);
const CPU_DURATION_S = Number(process.env.BENCH_CPU_DURATION_S || 3);
const CPU_ROUNDS = Number(process.env.BENCH_CPU_ROUNDS || 9);
/** The off-plan table cases: a page 2 of a filtered, sorted listing, at this many projects. */
const OFFPLAN_QUERY = process.env.BENCH_OFFPLAN_QUERY || 'state_id=DU&sort=price_asc&page=2';
const OFFPLAN_PROJECTS = Number(process.env.BENCH_OFFPLAN_PROJECTS || 10000);

/** Secrets and a temporary folder for every app of the run (made in main, once the app is compiled). */
let run;

function startChild(script, env = {}, message) {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(__dirname, 'bench', script), [], {
      env: { ...process.env, ...run.env, BENCH_APP_ENV: JSON.stringify(env) },
      execArgv: nodeFlags(),
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

/** CPU time a process has used (user and system), in microseconds, from /proc (Linux). */
function cpuMicros(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // utime and stime, in clock ticks of 10 ms (USER_HZ is 100 on Linux).
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

/**
 * The server's CPU time per request (µs) while it answers `url` at `rate` requests per second. Throughput
 * cannot compare two answers whose cost to the load generator differs: autocannon decodes every body as
 * text, so a non-ASCII (Arabic) body caps its rate far below the server's. At one rate both sustain, the
 * server's own cost per request is what differs.
 */
async function serverCpuPerRequest(url, rate, pid, options = {}, warmUpS = 2) {
  await autocannon({ url, connections: CONNECTIONS, duration: warmUpS, overallRate: rate, ...options });
  const before = cpuMicros(pid);
  const result = await autocannon({ url, connections: CONNECTIONS, duration: CPU_DURATION_S, overallRate: rate, ...options });
  return (cpuMicros(pid) - before) / result.requests.total;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function fetchBytes(url) {
  const response = await fetch(url);
  return { status: response.status, contentType: response.headers.get('content-type'), body: Buffer.from(await response.arrayBuffer()) };
}

function report(name, measured, baseline, target, cpu) {
  const ratio = measured.rps / baseline.rps;
  const verdict = ratio >= target ? 'meets' : 'BELOW';
  console.log(
    `${name}: ${measured.rps.toFixed(0)} req/s (p99 ${measured.p99} ms, non-2xx ${measured.non2xx}) vs bare node ` +
      `${baseline.rps.toFixed(0)} req/s -> ratio ${ratio.toFixed(2)} (target >= ${target}: ${verdict}); ${cpuText(cpu)}`
  );
  return ratio;
}

/** The { url, pid } of a started child's `route`, for cpuAgainstBare. */
const served = (started, route) => ({ url: `http://127.0.0.1:${started.port}${route}`, pid: started.child.pid });

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
    const body = JSON.stringify({
      first_name: 'Bench', last_name: 'Lead', email: 'bench.lead+load@example.com', mobile: '+971 50 123 4567',
      method_of_contact: 'Benchmark', message: 'Interested in a 3 bedroom villa on Palm Jumeirah.',
    });
    // A fixed number of requests, not a duration: autocannon then reads every response, so each
    // committed row can be matched with its 201 (a timed run abandons the requests still in flight).
    const amount = Number(process.env.BENCH_CONTACT_REQUESTS || 3000);
    const result = await autocannon({
      url: `http://127.0.0.1:${app.port}/api/v1/contact-us`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
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
  return startChild('serve-bare.js', {}, { body: sample.body.toString('base64'), status: sample.status, headers });
}

const rows = [];

const rounded = (value, digits) => Number(value.toFixed(digits));

/** The server CPU figures of a row: ours and bare node:http's µs per request, the rate, bare / ours. */
const cpuFields = (cpu) => ({ cpu_us: rounded(cpu.us, 1), bare_cpu_us: rounded(cpu.bare_us, 1), cpu_rate: cpu.rate, cpu_ratio: rounded(cpu.ratio, 2) });
const NO_CPU = { cpu_us: null, bare_cpu_us: null, cpu_rate: null, cpu_ratio: null };

function addRow({ name, measured, baseline, target, note = '', cpu, cpuTarget }) {
  const ratio = measured.rps / baseline.rps;
  const row = {
    name, rps: Math.round(measured.rps), p50_ms: measured.p50, p99_ms: measured.p99, baseline_rps: Math.round(baseline.rps),
    ratio: rounded(ratio, 2), target, ...cpuFields(cpu), cpu_target: cpuTarget, note,
  };
  rows.push(row);
  const targets = (value) => (value ? ` (target ${value})` : '');
  console.log(
    `${name}: ${row.rps} req/s (p50 ${row.p50_ms} ms, p99 ${row.p99_ms} ms) vs bare ${row.baseline_rps} -> ${row.ratio}${targets(target)}; ` +
      `${cpuText(cpu)}${targets(cpuTarget)}${note ? `; ${note}` : ''}`
  );
  return row;
}

/**
 * A row comparing two measured rows of this run instead of one to bare node:http: the ratio of their
 * throughputs and, with `cpu`, of their server CPU per request (the baseline's µs over the measured's).
 */
function compareRows(name, measured, baseline, target, note = '', { cpu = false, cpuTarget } = {}) {
  const cpuRatio = cpu ? rounded(baseline.cpu_us / measured.cpu_us, 2) : null;
  const row = {
    name, rps: measured.rps, p50_ms: null, p99_ms: null, baseline_rps: baseline.rps, ratio: rounded(measured.rps / baseline.rps, 2), target,
    ...NO_CPU, cpu_ratio: cpuRatio, cpu_target: cpuTarget, note,
  };
  rows.push(row);
  console.log(`${name}: ${row.ratio}${target ? ` (target ${target})` : ''}${cpu ? `; server CPU per request ${cpuRatio}${cpuTarget ? ` (target ${cpuTarget})` : ''}` : ''}`);
  return row;
}

/**
 * Median server CPU µs per request of each target ({ url, pid, options }), measured in interleaved rounds
 * at `rate`: a 2 s warm-up before a target's first round, half a second before each later one (the
 * server back at the pace after the other's round). One round of a few seconds moves by up to a fifth on
 * a shared machine; the median of many short rounds moves by a few hundredths.
 */
async function cpuPerRequestRounds(targets, rate, rounds = CPU_ROUNDS) {
  const samples = targets.map(() => []);
  for (let round = 0; round < rounds; round += 1) {
    for (const [index, { url, pid, options }] of targets.entries()) {
      samples[index].push(await serverCpuPerRequest(url, rate, pid, options, round === 0 ? 2 : 0.5));
    }
  }
  return samples.map(median);
}

/**
 * The server CPU per request of the app and of bare node:http sending the same answer ({ url, pid }
 * each), driven alike (autocannon `options`), at one rate both sustain (half the lower of `throughputs`),
 * and its ratio bare / ours. Throughput also measures the load generator, which shares the machine's
 * cores with the servers; CPU per request is the servers' own cost, so it moves far less between runs.
 */
async function cpuAgainstBare(app, bare, options, throughputs) {
  const rate = Math.max(1, Math.round(Math.min(...throughputs) / 2));
  const [us, bareUs] = await cpuPerRequestRounds([{ ...app, options }, { ...bare, options }], rate);
  return { rate, us, bare_us: bareUs, ratio: bareUs / us };
}

const cpuText = (cpu) =>
  `server CPU ${cpu.us.toFixed(1)} us/request vs bare ${cpu.bare_us.toFixed(1)} at ${cpu.rate} req/s -> cpu ratio ${cpu.ratio.toFixed(2)}`;

/**
 * A row comparing the Arabic answer of a route with the English one by the server's CPU per request
 * against bare node:http sending the same bytes (bare µs / our µs, Arabic's over English's): what the
 * app costs beyond writing the answer, in each language, at one rate every server sustains (half the
 * lower of the two measured throughputs). The raw µs are in the note: an Arabic answer has more bytes.
 */
async function compareLocalesCpu(name, app, { english, arabic }, target) {
  const rate = Math.round(Math.min(english.rps, arabic.rps) / 2);
  const bares = [await startBare(english.sample), await startBare(arabic.sample)];
  try {
    const appAt = (route) => ({ url: `http://127.0.0.1:${app.port}${route}`, pid: app.child.pid });
    const bareAt = (bare, route) => ({ url: `http://127.0.0.1:${bare.port}${route}`, pid: bare.child.pid });
    const [appEn, bareEn, appAr, bareAr] = await cpuPerRequestRounds(
      [appAt(english.path), bareAt(bares[0], english.path), appAt(arabic.path), bareAt(bares[1], arabic.path)], rate);
    const ratio = (bareAr / appAr) / (bareEn / appEn);
    const us = (value) => value.toFixed(1);
    const note = `server CPU per request at ${rate} req/s: English ${us(appEn)} us (bare ${us(bareEn)}), Arabic ${us(appAr)} us (bare ${us(bareAr)})`;
    const row = { name, rps: null, p50_ms: null, p99_ms: null, baseline_rps: null, ratio: rounded(ratio, 2), target, ...NO_CPU, note };
    rows.push(row);
    console.log(`${name}: ${row.ratio} (target ${target}); ${note}`);
    return row;
  } finally {
    await Promise.all(bares.map(stopChild));
  }
}

/** Every response of the run had `status`, else a note saying what else came back. */
function statusNote(measured, status) {
  const other = Object.entries(measured.statuses).filter(([code]) => Number(code) !== status);
  return other.length ? `other statuses: ${other.map(([code, { count }]) => `${code}x${count}`).join(', ')}` : '';
}

/** GET `path` on the app and on a bare server with the same answer, with `headers`: throughput and server CPU. */
async function measureGet(app, { name, path: route, headers = {}, status = 200, target, cpuTarget }) {
  const url = `http://127.0.0.1:${app.port}${route}`;
  // Twice: the first request builds the cache and teaches the fast lane its headers.
  await rawRequest(url, { headers: { ...headers, 'if-none-match': '' } });
  const sample = await rawRequest(url, { headers });
  if (sample.status !== status) throw new Error(`${name}: GET ${route} answered ${sample.status}, expected ${status}`);
  const bare = await startBare(sample);
  try {
    const baseline = await load(`http://127.0.0.1:${bare.port}${route}`, { headers });
    const measured = await load(url, { headers });
    const cpu = await cpuAgainstBare(served(app, route), served(bare, route), { headers }, [measured.rps, baseline.rps]);
    return { ...addRow({ name, measured, baseline, target, note: statusNote(measured, status), cpu, cpuTarget }), path: route, sample };
  } finally {
    await stopChild(bare);
  }
}

/** Sustained POST /api/v1/contact-us: stored rows per second (each 201 a row) against a bare server's 201s. */
async function measureContactPost(app) {
  const body = JSON.stringify({
    first_name: 'Bench', last_name: 'Lead', email: 'bench.lead+load@example.com', mobile: '+971 50 123 4567',
    method_of_contact: 'Benchmark', message: 'Interested in a 3 bedroom villa on Palm Jumeirah.',
  });
  const headers = { 'content-type': 'application/json' };
  const amount = Number(process.env.BENCH_CONTACT_REQUESTS || 3000);
  const connections = Number(process.env.BENCH_CONTACT_CONNECTIONS || 20);
  const url = `http://127.0.0.1:${app.port}/api/v1/contact-us`;
  const sample = await rawRequest(url, { method: 'POST', headers, body });
  const bare = await startBare(sample);
  try {
    const run = (target) => autocannon({ url: target, method: 'POST', headers, body, connections, amount });
    const base = await run(`http://127.0.0.1:${bare.port}/api/v1/contact-us`);
    const before = await ask(app.child, 'count-contacts', 'contacts');
    const result = await run(url);
    const stored = (await ask(app.child, 'count-contacts', 'contacts')) - before;
    const created = result.statusCodeStats?.['201']?.count ?? 0;
    const measured = { rps: stored / result.duration, p50: result.latency.p50, p99: result.latency.p99 };
    const baseline = { rps: amount / base.duration };
    const route = '/api/v1/contact-us';
    const cpu = await cpuAgainstBare(served(app, route), served(bare, route), { method: 'POST', headers, body, connections }, [measured.rps, baseline.rps]);
    const note = `stored per second; ${created} 201s, ${stored} rows: ${created === stored ? 'equal' : 'MISMATCH'}`;
    return addRow({ name: 'POST /contact-us', measured, baseline, note, cpu });
  } finally {
    await stopChild(bare);
  }
}

/** An app on the fake Reelly feed holding `count` generated projects. */
async function startProjectsApp(count) {
  const reelly = await startFakeReelly();
  const generated = generate({ projects: count, sales: 0, rentals: 0, imageBase: PROVIDER_MEDIA }).projects;
  reelly.state.projects = generated.projects;
  reelly.state.projectsAr = generated.projects_ar;
  reelly.state.developers = generated.developers;
  const app = await startChild('serve-app.js', { EXTSOURCE_PROJECTS_DRIVER: 'reelly', REELLY_BASE_URL: reelly.url, REELLY_API_KEY });
  return { app, reelly, firstId: String(generated.projects.find((project) => project.location?.country === 'UAE' || !project.location)?.id ?? generated.projects[0].id) };
}

/**
 * An English case and its Arabic twin (`locale=ar`), each against bare node:http, then compared: by
 * throughput (the load generator's cost included) and by server CPU per request (target 0.9).
 */
async function compareLocales(app, { name, english, arabic, target }) {
  const englishRow = await measureGet(app, english);
  const arabicRow = await measureGet(app, arabic);
  compareRows(`${name}: Arabic to English throughput (the load generator decodes Arabic slower)`, arabicRow, englishRow);
  await compareLocalesCpu(`${name}: Arabic to English, server CPU per request beyond bare node:http`, app, { english: englishRow, arabic: arabicRow }, target);
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
  const site = await startChild('serve-app.js');
  try {
    await compareLuxuryLocales(site);
  } finally {
    await stopChild(site);
  }
  const big = await startProjectsApp(OFFPLAN_PROJECTS);
  try {
    await compareListingLocales(big.app, OFFPLAN_QUERY, OFFPLAN_PROJECTS);
  } finally {
    await stopChild(big.app);
    await big.reelly.close();
  }
  printTable();
}

/**
 * The one table (docs/performance.md): each case as req/s, p50, p99 and the ratio to a bare node:http
 * server sending the same status, headers and bytes in the same run; written to bench/results.json.
 */
async function tableCase() {
  const loadAtStart = os.loadavg()[0];
  const ORIGIN = { origin: 'https://www.example.com' };
  const query = OFFPLAN_QUERY;
  const large = OFFPLAN_PROJECTS;

  const site = await startChild('serve-app.js', { CONTACT_RATE_LIMIT_MAX: '0', CONTACT_NOTIFY_EMAIL: '' });
  try {
    await compareLuxuryLocales(site);
    await measureGet(site, { name: 'cached luxury with Origin', path: '/api/v1/luxury', headers: ORIGIN, target: 0.75, cpuTarget: 0.8 });
    await measureGet(site, { name: 'contact page without Origin', path: '/api/v1/contact-us-page', target: 0.75, cpuTarget: 0.8 });
    await measureGet(site, { name: 'contact page with Origin', path: '/api/v1/contact-us-page', headers: ORIGIN, target: 0.75, cpuTarget: 0.8 });
    const etag = (await rawRequest(`http://127.0.0.1:${site.port}/api/v1/luxury`)).headers.etag;
    await measureGet(site, { name: 'a 304 (luxury, If-None-Match)', path: '/api/v1/luxury', headers: { 'if-none-match': etag }, status: 304, target: 0.8, cpuTarget: 0.8 });
    await measureGet(site, { name: 'luxury with Accept-Encoding: br', path: '/api/v1/luxury', headers: { 'accept-encoding': 'br' } });
    await measureContactPost(site);
  } finally {
    await stopChild(site);
  }

  const big = await startProjectsApp(large);
  let filteredLarge;
  try {
    await measureGet(big.app, { name: `off-plan default page at ${large.toLocaleString('en')} projects`, path: '/api/v1/off-plan/projects', target: 0.5, cpuTarget: 0.5 });
    filteredLarge = await compareListingLocales(big.app, query, large);
    await measureGet(big.app, { name: `filters at ${large.toLocaleString('en')} projects`, path: '/api/v1/off-plan/projects/filters' });
    await measureGet(big.app, { name: 'one project', path: `/api/v1/off-plan/projects/${big.firstId}` });
  } finally {
    await stopChild(big.app);
    await big.reelly.close();
  }

  const small = await startProjectsApp(100);
  try {
    const filteredSmall = await measureGet(small.app, { name: 'filtered and sorted page at 100 projects', path: `/api/v1/off-plan/projects?${query}` });
    compareRows(`${large.toLocaleString('en')}-to-100 throughput`, filteredLarge, filteredSmall, 0.85, 'filtered page', { cpu: true });
  } finally {
    await stopChild(small.app);
    await small.reelly.close();
  }

  printTable();
  const file = path.join(__dirname, '..', 'bench', 'results.json');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const machine = { cores: os.cpus().length, load_average_start: loadAtStart, load_average_end: os.loadavg()[0] };
  const settings = { connections: CONNECTIONS, duration_s: DURATION_S, cpu_rounds: CPU_ROUNDS, cpu_duration_s: CPU_DURATION_S, pinning: cores.describe(), node: process.version, node_flags: nodeFlags() };
  fs.writeFileSync(file, `${JSON.stringify({ machine, settings, cases: rows }, null, 2)}\n`);
  console.log(`\nwritten to ${path.relative(process.cwd(), file)} (${machine.cores} cores, load average ${machine.load_average_start.toFixed(2)} at the start, ` +
    `${machine.load_average_end.toFixed(2)} at the end; ${CONNECTIONS} connections, ${DURATION_S} s per measurement)`);
}

function printTable() {
  console.log('\n| case | req/s | p50 ms | p99 ms | bare node:http req/s | ratio | target | server CPU µs/request, ours / bare | cpu ratio | cpu target |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  const cell = (value) => (value === null || value === undefined ? '' : String(value));
  const verdict = (ratio, target) => (target ? `${target} ${ratio >= target ? 'met' : 'missed'}` : '');
  for (const row of rows) {
    const cpu = row.cpu_us === null ? '' : `${row.cpu_us} / ${row.bare_cpu_us} at ${row.cpu_rate} req/s`;
    console.log(
      `| ${row.name}${row.note ? ` (${row.note})` : ''} | ${cell(row.rps)} | ${cell(row.p50_ms)} | ${cell(row.p99_ms)} | ${cell(row.baseline_rps)} | ` +
        `${row.ratio} | ${verdict(row.ratio, row.target)} | ${cpu} | ${cell(row.cpu_ratio)} | ${verdict(row.cpu_ratio, row.cpu_target)} |`
    );
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
  table: tableCase, locales: localesCase, metrics: metricsCase,
  latency: () => latencyCase({ startChild, stopChild, ask, imageBase: PROVIDER_MEDIA }),
  luxury: luxuryCase, contact: contactCase, sync: syncCase, 'off-plan': offPlanCase, 'off-plan-search': offPlanSearchCase, cluster: clusterCase,
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
