// `npm run bench -- alerts`: the match of buyers' saved searches after a sync that changed every one of
// 10,000 off-plan projects (a fifth new, two fifths cheaper, the rest otherwise changed), for 50,000
// saved searches of 100,000 buyers over a few thousand distinct queries, on the listing's own index
// (src/api/account/lib/alert-matching.ts over the off-plan catalogue's search of its alerts, its items
// keyed as the alerts' matcher keys them, as compiled in dist/). Run in a child process of its own, so its peak RSS is the match's; the figures go to
// bench/results.json (`alerts`). Database reads and writes are not in it: the told marks are in memory.
'use strict';

const { fork } = require('child_process');
const path = require('path');
const { nodeEnvironment, nodeFlags } = require('../lib/node-flags');
const { writeResults } = require('./results');

const PROJECTS = Number(process.env.BENCH_ALERT_PROJECTS || 10000);
const SEARCHES = Number(process.env.BENCH_ALERT_SEARCHES || 50000);
const BUYERS = Number(process.env.BENCH_ALERT_BUYERS || 100000);

/** A seeded generator (mulberry32), so every run matches the same searches. */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function child() {
  const dist = (file) => require(path.join(__dirname, '..', '..', 'dist', file));
  const { generate } = require('../generate-sample-data');
  const { mapReellyProject } = dist('src/plugins/extsource/server/src/mapping/reelly');
  const { projectAlerts, projectSearchOf } = dist('src/api/off-plan/services/listing-match');
  const { groupByQuery, searchAlerts } = dist('src/api/account/lib/alert-matching');
  const rand = random(33);
  const pick = (list) => list[Math.floor(rand() * list.length)];
  const defaults = { agent: { name: 'Agent', phone: '+971' }, currency: 'AED', currencyRates: { USD: 3.6725, GBP: 4.95 } };
  const rates = defaults.currencyRates;
  const keyOf = (id) => `${projectAlerts.keyPrefix}${id}`;

  const raw = generate({ projects: PROJECTS, sales: 0, rentals: 0, imageBase: 'https://media.provider.test' }).projects.projects;
  const current = raw.map((record) => mapReellyProject(record, defaults)).filter((project) => project.id);
  // Before the sync: a fifth of the projects did not exist, two fifths cost more, the rest read differently.
  const previous = [];
  const previousPrice = new Map();
  current.forEach((project, i) => {
    if (i % 5 === 0) return;
    const price = project.price.starting_from;
    const dearer = i % 5 < 3 && price !== null ? Math.round(price * 1.08) : price;
    previousPrice.set(keyOf(project.id), dearer);
    previous.push({ ...project, price: { ...project.price, starting_from: dearer }, description: `${project.description ?? ''} (before)` });
  });

  // Distinct queries as buyers save them: an emirate, bedrooms, a type and a budget, some by developer or place.
  const emirates = ['DU', 'AZ', 'SH', 'AJ', 'RK'];
  const developers = [...new Set(current.map((project) => project.developer.id).filter(Boolean))];
  const queryOf = () => {
    const parts = [`state_id=${pick(emirates)}`];
    if (rand() < 0.7) parts.push(`bedrooms=${pick(['Studio', '1', '2', '3', '4', '5+'])}`);
    if (rand() < 0.5) parts.push(`property_type=${pick(['Apartment', 'Villa', 'Townhouse', 'Penthouse'])}`);
    // Budgets in steps of AED 50,000: most searches' queries are their own.
    const low = 250000 + 50000 * Math.floor(rand() * 200);
    if (rand() < 0.8) parts.push(`min_price=${low}`, `max_price=${low + 50000 * (1 + Math.floor(rand() * 100))}`);
    if (rand() < 0.2 && developers.length) parts.push(`developer_id=${pick(developers)}`);
    if (rand() < 0.05) parts.push('currency=USD');
    return parts.join('&');
  };
  const searches = Array.from({ length: SEARCHES }, (_, i) => ({
    subject: `search:${i + 1}`, buyerId: 1 + Math.floor(rand() * BUYERS), name: `Search ${i + 1}`, frequency: pick(['instant', 'daily', 'weekly']), query: queryOf(),
  }));
  // What the searches were told: every tenth alert found is remembered as it would be.
  const told = new Map();
  const keysOf = (ids) => (projectAlerts.keyPrefix && ids ? ids.map(keyOf) : ids);
  const priceNow = new Map(current.map((project) => [keyOf(project.id), project.price.starting_from]));

  process.send({ ready: true });
  const rssBefore = process.memoryUsage().rss;
  const started = performance.now();
  (async () => {
    const now = await projectSearchOf(current, rates);
    const indexed = performance.now();
    const before = await projectSearchOf(previous, rates);
    const changedSet = now.setOf();
    const beforeAll = before.setOf();
    const groups = groupByQuery(searches);
    let alerts = 0;
    for (const found of searchAlerts(groups, {
      matchesNow: (query) => keysOf(now.matching(query, changedSet)),
      matchedBefore: (query) => new Set(keysOf(before.matching(query, beforeAll))),
      change: (key) => ({ price: priceNow.get(key), previousPrice: previousPrice.get(key) ?? null }),
      told: (subject, id) => told.get(`${subject}|${id}`),
    })) {
      alerts += found.length;
      for (const alert of found) if (alerts % 10 === 0) told.set(`${alert.subject}|${alert.projectId}`, { price: alert.price });
    }
    const done = performance.now();
    process.send({
      result: {
        projects: current.length, searches: SEARCHES, buyers: BUYERS, distinctQueries: groups.size, alerts,
        indexSeconds: Number(((indexed - started) / 1000).toFixed(2)),
        matchSeconds: Number(((done - indexed) / 1000).toFixed(2)),
        peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
        rssBeforeMb: Math.round(rssBefore / 1024 / 1024),
      },
    });
  })().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}

async function alertsCase() {
  const worker = fork(__filename, [], { env: nodeEnvironment({ ...process.env, BENCH_ALERTS_CHILD: '1' }), execArgv: nodeFlags(), stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const result = await new Promise((resolve, reject) => {
    worker.on('message', (message) => {
      if (message.ready) console.log(`alerts: ${PROJECTS} projects changed, ${SEARCHES} saved searches of ${BUYERS} buyers, matching...`);
      if (message.result) resolve(message.result);
    });
    worker.once('exit', (code) => reject(new Error(`the alerts bench child exited with ${code}`)));
  });
  worker.kill();
  console.log(
    `alerts: ${result.distinctQueries} distinct queries, ${result.alerts} alerts; match ${result.matchSeconds} s ` +
      `(the listing's index of the new collection, built at its adoption anyway: ${result.indexSeconds} s); peak RSS ${result.peakRssMb} MB (${result.rssBeforeMb} MB before)`
  );
  console.log(`results written to ${writeResults({ alerts: { ...result, measuredAt: new Date().toISOString() } })}`);
}

if (process.env.BENCH_ALERTS_CHILD) child();

module.exports = { alertsCase };
