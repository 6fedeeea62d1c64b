#!/usr/bin/env node
// Benchmark child: boots the compiled app on a throw-away SQLite file (demo content seeded) and
// reports its port to the parent over IPC. Extra env (rate limits, drivers) comes from the parent, and
// so do the secrets and TMPDIR (scripts/bench/environment.js): everything this app writes, its
// database and its uploads included, is in a folder of its own there, removed when it stops.
'use strict';

const fs = require('fs');
const os = require('os');
const path = require('path');
const { monitorEventLoopDelay, performance } = require('perf_hooks');
const { mainThreadCpuS } = require('./thread-cpu');

const appDir = path.resolve(__dirname, '..', '..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-app-'));
Object.assign(process.env, {
  NODE_ENV: 'production',
  DATABASE_CLIENT: 'sqlite',
  DATABASE_FILENAME: path.join(dataDir, 'bench.db'),
  HOST: '127.0.0.1',
  PORT: '0',
  LOG_LEVEL: 'error',
  SEED_DEMO: 'true',
  EXTSOURCE_CRON: '',
  // One load generator on one address opens every connection: no per-address cap here.
  MAX_CONNECTIONS_PER_IP: '0',
  ...JSON.parse(process.env.BENCH_APP_ENV || '{}'),
});

/** Gaps over `overMs` between the turns of a 1 ms timer, from now until `end()`: how often, and how long at most, the loop was held. */
function longTurns(overMs = 20) {
  let count = 0;
  let longestMs = 0;
  let last = performance.now();
  const ticker = setInterval(() => {
    const gap = performance.now() - last;
    if (gap > overMs) count += 1;
    longestMs = Math.max(longestMs, gap);
    last = performance.now();
  }, 1);
  return () => {
    clearInterval(ticker);
    return { over_ms: overMs, count, longest_ms: Math.round(longestMs) };
  };
}

/** The app's listings service (compiled), to wait for the index a sync rebuilds. */
const listingsService = (strapi) => require(path.join(appDir, 'dist', 'src', 'api', 'properties', 'services', 'properties.js')).propertiesService(strapi);

/** The app's search box service (compiled): its suggestions built again after a sync, and what the build cost. */
const suggestService = (strapi) => require(path.join(appDir, 'dist', 'src', 'api', 'search', 'services', 'suggest.js')).suggestService(strapi);

/**
 * What a start builds from the feeds off the request path (every language's project index, the listings'
 * index, the search box's suggestions), done: a row measured meanwhile counts that work as its requests'.
 */
async function settled(strapi) {
  const offPlan = require(path.join(appDir, 'dist', 'src', 'api', 'off-plan', 'services', 'off-plan.js')).offPlanService(strapi);
  const { LOCALES } = require(path.join(appDir, 'dist', 'src', 'lib', 'locale.js'));
  for (const locale of LOCALES) await offPlan.projectIndex(locale);
  await listingsService(strapi).rebuilt();
  await suggestService(strapi).refresh();
}

/**
 * A public folder in dataDir, so the demo images the seed uploads land there and not in the project's
 * public/uploads; the demo scenes they are drawn from are read where they are.
 */
function publicDir() {
  const dir = path.join(dataDir, 'public');
  fs.mkdirSync(path.join(dir, 'uploads'), { recursive: true });
  fs.symlinkSync(path.join(appDir, 'public', 'images'), path.join(dir, 'images'));
  return dir;
}

/**
 * A refresh of the project collection as the hourly one runs (in the background, the collection held
 * served meanwhile), then the read-ahead of project details it starts, measured: its progress, how long
 * it took and the peak resident memory meanwhile. `sweep`: every detail is due (as once a day), not only
 * those never read; `rate`: the read-ahead's provider requests per second; `probe`: also the loop's long
 * turns meanwhile and whether detail rows were written (the read-ahead bench), a 1 ms timer and a scan of
 * every detail row, work of the bench's own that the latency bench would time as its visitors'.
 */
async function readAhead(strapi, { sweep, rate, probe }) {
  const projects = strapi.plugin('extsource').service('projects');
  const config = (key, value) => strapi.config.set(`plugin::extsource.${key}`, value);
  const rows = strapi.db.query('plugin::extsource.project-detail');
  if (sweep) await strapi.store({ type: 'plugin', name: 'extsource' }).delete({ key: `details-sweep:${process.env.EXTSOURCE_PROJECTS_DRIVER}` });
  const lastWrite = async () => (await rows.findOne({ select: ['updatedAt'], orderBy: { updatedAt: 'desc' } }))?.updatedAt ?? null;
  const writtenBefore = probe ? await lastWrite() : undefined;
  const rssBefore = process.memoryUsage().rss;
  let peakRss = rssBefore;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 50);
  const started = Date.now();
  const cpuAtStart = mainThreadCpuS();
  const turns = probe ? longTurns() : undefined;
  const held = projects.peek();
  if (held === undefined) {
    await projects.collection();
  } else {
    // Stale for the collection held (35 s old or more in the latency bench), fresh for the one the refresh
    // brings (a whole refresh took 4.9 to 7.3 s): a lifetime of 0 made the new one stale as well, and the
    // first visitor after it started a second refresh (decision 240).
    const ttl = strapi.config.get('plugin::extsource.projectsTtlSeconds');
    const heldForS = Math.floor((Date.now() - Date.parse(held.fetchedAt)) / 1000);
    config('projectsTtlSeconds', Math.max(0, heldForS - 1));
    while ((await projects.collection()).version === held.version) await new Promise((resolve) => setTimeout(resolve, 50));
    config('projectsTtlSeconds', ttl);
  }
  const collectionMs = Date.now() - started;
  const collectionCpuS = cpuAtStart === null ? null : mainThreadCpuS() - cpuAtStart;
  const collectionTurns = turns?.();
  // The read-ahead starts at the next read of the new collection, at this rate.
  if (rate !== undefined) config('detailRate', rate);
  await projects.collection();
  await projects.readAheadSettled();
  clearInterval(sampler);
  const measured = {
    ms: Date.now() - started,
    collectionMs,
    /** The main thread's CPU while the collection was read and prepared, visitors' requests included. */
    collectionCpuS,
    progress: await projects.readAheadProgress(),
    rssBeforeMb: Math.round(rssBefore / 1048576),
    peakRssMb: Math.round(peakRss / 1048576),
  };
  if (!probe) return measured;
  const writtenAfter = await lastWrite();
  /** collectionTurns: the turns of the loop over 20 ms while the collection was read and prepared (with no visitors: the refresh's own). */
  return { ...measured, collectionTurns, rows: await rows.count(), rowsWritten: String(writtenBefore) !== String(writtenAfter) };
}

/**
 * When the project collection is first served on this instance (an app started with none: its first
 * fill, made before it listens unless WARM_UP_MAX_SECONDS=0 leaves it to a visitor's read), polled every 5 ms; the loop delay is measured from then on.
 */
async function firstServed(strapi, monitor) {
  const projects = strapi.plugin('extsource').service('projects');
  while (!projects.peek()) await new Promise((resolve) => setTimeout(resolve, 5));
  const at = Date.now();
  monitor?.reset();
  return at;
}

/** Once the read-ahead under way ends: when, and its progress. */
async function readAheadEnd(strapi) {
  const projects = strapi.plugin('extsource').service('projects');
  await projects.readAheadSettled();
  return { at: Date.now(), progress: await projects.readAheadProgress() };
}

/** A confirmed account of the Buyer role (issue 33), for the parent to sign in through the account routes. */
async function buyer(strapi) {
  const role = await strapi.db.query('plugin::users-permissions.role').findOne({ where: { type: 'buyer' } });
  const account = { email: `bench.buyer.${Date.now()}@example.com`, password: 'Bench-Buyer-Passw0rd-1' };
  await strapi.plugin('users-permissions').service('user').add({
    ...account, username: account.email, provider: 'local', confirmed: true, blocked: false, role: role.id,
  });
  return account;
}

/** Every listing and the sync marks gone: the next sync is a first run again. */
async function wipeListings(strapi) {
  await strapi.db.query('plugin::extsource.property').deleteMany({});
  const store = strapi.store({ type: 'plugin', name: 'extsource' });
  for (const type of ['sale', 'rent']) await store.delete({ key: `sync-marks:${process.env.EXTSOURCE_LISTINGS_DRIVER}:${type}` });
  // The wipe is the bench's, not the service's: its pages are copied from the write-ahead log into the
  // database now, not by whichever commit of the next phase finds the log over SQLite's 1,000 pages.
  await strapi.db.connection.raw('PRAGMA wal_checkpoint(TRUNCATE)');
}

/**
 * The event loop's delay, sampled for the latency bench only (BENCH_LOOP_DELAY=on, scripts/bench/latency.js):
 * its timer wakes the app 100 times a second, some 6 ms of CPU a second when idle, which the table's rows
 * would count as the app's against a bare server that has no such timer.
 */
function loopMonitor() {
  if (process.env.BENCH_LOOP_DELAY !== 'on') return undefined;
  const monitor = monitorEventLoopDelay({ resolution: 10 });
  monitor.enable();
  return monitor;
}

/** The event loop's delay since the last ask, in milliseconds (what a request arriving then waited before its turn). */
function loopDelay(monitor) {
  if (!monitor) throw new Error('serve-app.js: the loop delay is sampled only with BENCH_LOOP_DELAY=on');
  const ms = (nanoseconds) => Math.round(nanoseconds / 1e5) / 10;
  const delay = { p99_ms: ms(monitor.percentile(99)), max_ms: ms(monitor.max) };
  monitor.reset();
  return delay;
}

/** Where this process's memory is, in MB: resident, V8's heap (used and reserved), and buffers outside it. */
function memoryMb() {
  const mb = (bytes) => Math.round(bytes / 1048576);
  const { rss, heapUsed, heapTotal, external, arrayBuffers } = process.memoryUsage();
  return { rss: mb(rss), peak_rss: Math.round(process.resourceUsage().maxRSS / 1024), heap_used: mb(heapUsed), heap_total: mb(heapTotal), external: mb(external), array_buffers: mb(arrayBuffers) };
}

async function main() {
  const loop = loopMonitor();
  const { createStrapi } = require('@strapi/strapi');
  const strapi = createStrapi({ appDir, distDir: path.join(appDir, 'dist') });
  strapi.config.set('dirs.static.public', publicDir());
  // Loaded, the app has mounted its routes itself (src/lib/strapi/mount-routes.ts): listening is all that is left.
  await strapi.load();
  await new Promise((resolve) => strapi.server.httpServer.listen(0, '127.0.0.1', resolve));
  process.send({ ready: true, port: strapi.server.httpServer.address().port });
  let stopping;
  const stop = () => {
    stopping ??= strapi.destroy().then(() => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    });
    return stopping;
  };
  // Without its parent (the bench failed or was stopped) nobody would ever stop it.
  process.once('disconnect', stop);
  process.on('message', async (message) => {
    if (message && message.sync) {
      // The whole process's CPU (the feed's reading thread included) over the run, and the peak resident memory so far.
      const cpuBefore = process.cpuUsage();
      const run = await strapi.plugin('extsource').service('sync').run(message.sync, message.trigger ?? 'cli');
      const { user, system } = process.cpuUsage(cpuBefore);
      run.cpu_s = (user + system) / 1e6;
      run.peak_rss = memoryMb().peak_rss;
      // The listings' index is built again off the request path after a sync (decision 155), and the search
      // box's suggestions after it (decision 166): answered once both are.
      const ended = Date.now();
      await listingsService(strapi).rebuilt();
      await suggestService(strapi).refresh();
      process.send({ run: { ...run, listings_built_ms: Date.now() - ended } });
    } else if (message && message.readAhead) {
      process.send({ readAhead: await readAhead(strapi, message.readAhead) });
    } else if (message === 'first-served') {
      process.send({ firstServed: await firstServed(strapi, loop) });
    } else if (message === 'read-ahead-end') {
      process.send({ readAheadEnd: await readAheadEnd(strapi) });
    } else if (message === 'wipe-listings') {
      process.send({ wiped: await wipeListings(strapi) ?? true });
    } else if (message === 'suggestions') {
      await suggestService(strapi).refresh();
      const { items, buildMs } = await suggestService(strapi).current();
      process.send({ suggestions: { items, build_ms: buildMs } });
    } else if (message && message.page) {
      // A composed page, published (issue 45): what the page row reads.
      const created = await strapi.documents('api::pages.page').create({ status: 'published', data: message.page });
      process.send({ page: { documentId: created.documentId } });
    } else if (message === 'settled') {
      await settled(strapi);
      process.send({ settled: true });
    } else if (message === 'memory') {
      process.send({ memory: memoryMb() });
    } else if (message === 'loop-delay') {
      process.send({ loopDelay: loopDelay(loop) });
    } else if (message === 'buyer') {
      process.send({ buyer: await buyer(strapi) });
    } else if (message === 'count-contacts') {
      process.send({ contacts: await strapi.db.query('api::contact.contact').count() });
    } else if (message === 'stop') {
      await stop();
    }
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
