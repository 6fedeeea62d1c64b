// `npm run bench -- latency`: what visitors feel while the service works (issue 32). One production app
// on SQLite with a fake Goyzer (12,000 listings) and a fake Reelly (10,000 projects) in a process of
// their own, under a steady load as visitors arrive (scripts/bench/paced-load.js): the cached luxury page
// and a filtered off-plan page at 1,000 requests/s each, contact submissions at 20/s, a filtered sale page
// of the agency's listings and the search box's suggestions (a handful of queries typed in turn) at 500/s
// each. Phases: quiet; a full Goyzer sync (a first
// run, after the same sync was timed alone); the projects refresh and an unthrottled read-ahead of every
// project detail; quiet again. Then a second app, started with no collection and its read-ahead on
// (issue 41): from the moment its collection is first served (its first fill, which a start makes
// before it listens, decision 175: WARM_UP_MAX_SECONDS=0 leaves it to the load's first off-plan
// requests) until the read-ahead of every detail ends; quiet; a refresh that brings
// 2,000 new projects and the read-ahead of their details; quiet again. BENCH_LATENCY_PHASES=start runs
// only the second app's, =service only the first's. Each phase: p99 per page, the share of the offered
// rate served, errors, the event loop's delay in the app, the CPU its main thread ran; the run's peak RSS
// over the app's processes; and the sync and refresh phases' p99 second by second (a phase's p99 may be a few stalls').
// Written to bench/results.json (`latency`). BENCH_PIN=off leaves the processes unpinned (cores.js).
'use strict';

const fs = require('fs');
const path = require('path');
const { fork } = require('child_process');
const { monitorEventLoopDelay } = require('perf_hooks');
const { GOYZER_CREDENTIALS, REELLY_API_KEY } = require('../fakes/providers');
const { writeResults } = require('./results');
const { LEAD_HEADERS, newLead } = require('./lead-bodies');
const { pacedLoad } = require('./paced-load');
const { mainThreadCpuS } = require('./thread-cpu');
const cores = require('./cores');

const RATE = Number(process.env.BENCH_LATENCY_RATE || 1000);
const CONTACT_RATE = Number(process.env.BENCH_LATENCY_CONTACT_RATE || 20);
const LISTINGS_RATE = Number(process.env.BENCH_LATENCY_LISTINGS_RATE || 500);
const SUGGEST_RATE = Number(process.env.BENCH_LATENCY_SUGGEST_RATE || 500);
/** The sale listings a buyer filters (sales: the phases sync sales). */
const LISTINGS_PATH = '/api/v1/properties?purpose=sale&state_id=DU&bedrooms=1,2&sort=price_asc&page=2';
/** What is typed into the search box, in turn: prefixes, a typo, Arabic, an abbreviation, a reference. */
const SUGGEST_PATHS = ['mar', 'Downtwon', 'مرسى دبي', 'jvc', 'emaar', 'palm', 'isl', 'ls-1'].map((q) => `/api/v1/search/suggest?q=${encodeURIComponent(q)}`);
/** The quiet phase's p99 the search box must keep under (issue 44), ms. */
const SUGGEST_P99_MS = 5;
/** The pages whose p99 a phase is held to (against the quiet phase's): luxury, off-plan, sale listings. */
const BOUNDED = ['luxury', 'off_plan', 'listings'];
const QUIET_S = Number(process.env.BENCH_LATENCY_QUIET_S || 10);
/** The steady load before the first quiet phase, not measured (s). */
const WARM_UP_S = 3;
const LISTINGS = Number(process.env.BENCH_LATENCY_LISTINGS || 12000);
const PROJECTS = Number(process.env.BENCH_LATENCY_PROJECTS || 10000);
const NEW_PROJECTS = Number(process.env.BENCH_LATENCY_NEW_PROJECTS || 2000);
const PHASES = process.env.BENCH_LATENCY_PHASES || 'all';
const OFFPLAN_PATH = `/api/v1/off-plan/projects?${process.env.BENCH_OFFPLAN_QUERY || 'state_id=DU&sort=price_asc&page=2'}`;
/** The fakes in a child process on the load generator's core (never the app's), behind the load generator. */
function startFakes(imageBase) {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(__dirname, 'serve-fakes.js'), [], {
      env: { ...process.env, BENCH_FAKES: JSON.stringify({ listings: LISTINGS, projects: PROJECTS, newProjects: NEW_PROJECTS, imageBase }) },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.once('message', (reply) => {
      if (!reply.ready) return reject(new Error('fakes not ready'));
      cores.behindLoadGenerator(child.pid);
      resolve({ child, ...reply });
    });
    child.once('exit', (code) => reject(new Error(`serve-fakes.js exited with ${code}`)));
  });
}

/** The pids of `pid` and of every process under it. */
function processTree(pid) {
  const children = (id) => {
    try {
      return fs.readFileSync(`/proc/${id}/task/${id}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
    } catch {
      return [];
    }
  };
  const all = [pid];
  for (let i = 0; i < all.length; i += 1) all.push(...children(all[i]));
  return all;
}

const rssMb = (pid) => {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;
  } catch {
    return 0;
  }
};

/** Samples the summed RSS of the app's processes every 100 ms; `peak()` is the highest so far. */
function rssSampler(pid) {
  let peak = 0;
  let last = 0;
  const timer = setInterval(() => {
    last = processTree(pid).reduce((sum, id) => sum + rssMb(id), 0);
    peak = Math.max(peak, last);
  }, 100);
  return { peak: () => Math.round(peak), now: () => Math.round(last), stop: () => clearInterval(timer) };
}

const msOf = (nanoseconds) => Math.round(nanoseconds / 1e5) / 10;

/** The main thread's CPU seconds from now until `end()` is called, and that as a share of the time. */
function mainThreadCpu(pid) {
  const cpuAt = mainThreadCpuS(pid);
  const startedAt = Date.now();
  return () => {
    const cpuNow = mainThreadCpuS(pid);
    if (cpuAt === null || cpuNow === null) return null;
    const seconds = cpuNow - cpuAt;
    return { seconds: Math.round(seconds * 10) / 10, busy_pct: Math.round((100 * seconds * 1000) / (Date.now() - startedAt)) };
  };
}

/** How many failed answers said what (a status, or a request's error): { '503': 2, 'socket hang up': 1 }. */
function failuresOf(answers) {
  const counts = {};
  for (const { ok, failure } of answers) if (!ok) counts[failure] = (counts[failure] ?? 0) + 1;
  return counts;
}

/** Every stream's figures over the requests it sent between `from` and `to` (epoch ms). */
function figuresWithin(streams, answersOf, from, to) {
  const seconds = (to - from) / 1000;
  return Object.fromEntries(Object.entries(streams).map(([name, { rate }]) => {
    const inside = answersOf(name).filter(({ sentAt }) => sentAt >= from && sentAt < to);
    const latencies = inside.filter(({ ok }) => ok).map(({ latencyMs }) => latencyMs).sort((a, b) => a - b);
    const at = (share) => (latencies.length ? Math.round(10 * latencies[Math.min(latencies.length - 1, Math.floor(share * latencies.length))]) / 10 : null);
    return [name, {
      p50_ms: at(0.5), p99_ms: at(0.99), max_ms: at(1), served: latencies.length, offered: Math.round(rate * seconds),
      held_pct: Math.round((1000 * latencies.length) / (rate * seconds)) / 10, errors: inside.length - latencies.length,
      failures: failuresOf(inside),
    }];
  }));
}

/** A stream's requests: `paths` in turn (GET), or a new person's lead on every POST. */
const gets = (paths) => (index) => ({ path: paths[index % paths.length] });
const leads = () => ({ method: 'POST', path: '/api/v1/contact-us', headers: LEAD_HEADERS, body: newLead({}) });

/**
 * The steady load (scripts/bench/paced-load.js), started now (its streams named in `only`, else all):
 * `within(from, to)` gives each stream's figures over a window inside it; `stop()` ends it and gives them
 * over the whole load.
 */
function steadyLoad(port, only) {
  const origin = `http://127.0.0.1:${port}`;
  const all = {
    luxury: { rate: RATE, connections: 20, next: gets(['/api/v1/luxury']) },
    off_plan: { rate: RATE, connections: 20, next: gets([OFFPLAN_PATH]) },
    contact: { rate: CONTACT_RATE, connections: 4, next: leads },
    listings: { rate: LISTINGS_RATE, connections: 10, next: gets([LISTINGS_PATH]) },
    suggest: { rate: SUGGEST_RATE, connections: 10, next: gets(SUGGEST_PATHS) },
  };
  const streams = Object.fromEntries(Object.entries(all).filter(([name]) => !only || only.includes(name)).map(([name, stream]) => [name, { origin, ...stream }]));
  const startedAt = Date.now();
  const load = pacedLoad(streams);
  // The load generator's own turns: an answer it read late was timed late.
  const generator = monitorEventLoopDelay({ resolution: 10 });
  generator.enable();
  return {
    /** Each stream's figures over the requests sent between `from` and `to` (epoch ms). */
    within: (from, to) => figuresWithin(streams, load.answers, from, to),
    /** The load generator's event-loop delay so far (ms). */
    generatorDelay: () => ({ p99_ms: msOf(generator.percentile(99)), max_ms: msOf(generator.max) }),
    async stop() {
      const stoppedAt = Date.now();
      await load.stop();
      generator.disable();
      return figuresWithin(streams, load.answers, startedAt, stoppedAt);
    },
  };
}

/** Runs `work` under the steady load (at least `minSeconds` of load; `only` its streams): the load's figures, the work's result, the loop delay. */
async function underLoad(app, ask, work, minSeconds = 0, only = undefined) {
  await ask(app.child, 'loop-delay', 'loopDelay');
  const startedAt = Date.now();
  const cpu = mainThreadCpu(app.child.pid);
  const load = steadyLoad(app.port, only);
  const result = await work();
  const left = minSeconds * 1000 - (Date.now() - startedAt);
  if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
  const generator = load.generatorDelay();
  const mainThread = cpu();
  const streams = await load.stop();
  const endedAt = Date.now();
  return {
    seconds: Math.round((endedAt - startedAt) / 100) / 10, streams, loop: await ask(app.child, 'loop-delay', 'loopDelay'), generator, main_thread: mainThread, result,
    /** The streams' figures over `ms` from the load's start, and over the rest of it. */
    split: (ms) => [load.within(startedAt, startedAt + ms), load.within(startedAt + ms, endedAt)],
    /** The bounded pages' p99 (ms) over each whole second of the load: whether a phase's p99 is its every second's or a few stalls'. */
    bySecond: () => wholeSeconds(startedAt, endedAt).map((from) => BOUNDED.map((name) => load.within(from, from + 1000)[name].p99_ms)),
  };
}

async function warm(port) {
  for (const route of ['/api/v1/luxury', OFFPLAN_PATH, LISTINGS_PATH, ...SUGGEST_PATHS]) {
    for (let i = 0; i < 3; i += 1) {
      const response = await fetch(`http://127.0.0.1:${port}${route}`);
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`GET ${route} answered ${response.status}`);
    }
  }
}

const verdict = (p99) => (p99 === undefined ? 'not measured' : p99 < SUGGEST_P99_MS ? 'met' : 'missed');
/** The quiet phase of the search box's stream alone: what it costs with nothing else queued before it. */
const SUGGEST_ALONE = `quiet, the search box alone at ${SUGGEST_RATE} requests/s`;

function printPhases(phases, quiet) {
  const limit = (stream) => Math.max(3 * quiet.streams[stream].p99_ms, 25);
  const names = ['luxury', 'off_plan', 'contact', 'listings', 'suggest'];
  console.log('\n| phase | s | p99 luxury / off-plan / contact / sale listings / search box ms | rate held, same order % | errors | loop delay p99 / max ms, app; load generator | app main thread CPU s (busy %) | RSS at end MB (V8 heap, buffers) |');
  console.log('|---|---:|---|---|---:|---|---:|---:|');
  for (const phase of phases) {
    const streams = names.map((name) => phase.streams[name] ?? { p99_ms: '-', held_pct: '-', errors: 0 });
    const errors = streams.reduce((sum, stream) => sum + stream.errors, 0);
    console.log(`| ${phase.name} | ${phase.seconds} | ${streams.map((stream) => stream.p99_ms).join(' / ')} | ${streams.map((stream) => stream.held_pct).join(' / ')} | ${errors} | ${phase.loop.p99_ms} / ${phase.loop.max_ms}; ${phase.generator.p99_ms} / ${phase.generator.max_ms} | ${phase.main_thread ? `${phase.main_thread.seconds} (${phase.main_thread.busy_pct})` : '-'} | ${phase.rss_mb} (${phase.memory_mb.heap_total}, ${phase.memory_mb.external}) |`);
  }
  for (const phase of phases) {
    for (const name of names) {
      const failures = Object.entries(phase.streams[name]?.failures ?? {});
      if (failures.length) console.log(`errors in "${phase.name}", ${name}: ${failures.map(([what, count]) => `${count} x ${what}`).join(', ')}`);
    }
  }
  console.log(`(targets: p99 of each page <= max(3 x quiet p99, 25 ms) = ${BOUNDED.map((stream) => limit(stream).toFixed(1)).join(' / ')} ms for luxury / off-plan / sale listings; ` +
    `the search box's p99 < ${SUGGEST_P99_MS} ms, in the quiet phase ${verdict(quiet.streams.suggest.p99_ms)}, alone ${verdict(phases.find(({ name }) => name === SUGGEST_ALONE)?.streams.suggest.p99_ms)}; >= 95 % of the rate; 0 errors)`);
}

/** The app's settings against the fakes; `detailRate` of its read-ahead (0: none). */
const appEnv = (fakes, detailRate) => ({
  EXTSOURCE_LISTINGS_DRIVER: 'goyzer', GOYZER_BASE_URL: fakes.goyzer,
  GOYZER_ACCESS_CODE: GOYZER_CREDENTIALS.accessCode, GOYZER_GROUP_CODE: GOYZER_CREDENTIALS.groupCode,
  EXTSOURCE_PROJECTS_DRIVER: 'reelly', REELLY_BASE_URL: fakes.reelly, REELLY_API_KEY, REELLY_PAGE_SIZE: '500',
  EXTSOURCE_DETAIL_RATE: String(detailRate), EXTSOURCE_DETAIL_CONCURRENCY: process.env.BENCH_DETAIL_CONCURRENCY || '4',
  CONTACT_RATE_LIMIT_MAX: '0', CONTACT_NOTIFY_EMAIL: '',
  // Every phase reports the app's loop delay (scripts/bench/serve-app.js samples it only when asked to).
  BENCH_LOOP_DELAY: 'on',
});

/** A phase's p99 for luxury / off-plan / sale listings second by second, as one line. */
const bySecondLine = (phaseName, bySecond) => `${phaseName}, p99 luxury / off-plan / sale listings ms by second: ${bySecond.map((p99s, second) => `${second}: ${p99s.join('/')}`).join(', ')}`;

/** The start of each whole second from `from` to `to` (epoch ms). */
const wholeSeconds = (from, to) => Array.from({ length: Math.floor((to - from) / 1000) }, (_, second) => from + second * 1000);

/** Runs `phases(app, phase)` on a fresh app; prints the phases against the first (quiet) one named by `quietName`. */
async function onApp({ startChild, stopChild, ask }, env, quietName, phases) {
  const app = await startChild('serve-app.js', env);
  const rss = rssSampler(app.child.pid);
  const measured = [];
  const phase = async (name, figures) => measured.push({ name, ...figures, rss_mb: rss.now(), memory_mb: await ask(app.child, 'memory', 'memory') });
  try {
    const extra = await phases(app, phase);
    printPhases(measured, measured.find(({ name }) => name === quietName));
    console.log(`peak RSS of the app's processes: ${rss.peak()} MB (target <= 600)`);
    return { phases: measured.map(({ result, ...kept }) => kept), peak_rss_mb: rss.peak(), ...extra };
  } finally {
    rss.stop();
    await stopChild(app);
  }
}

/** The service's phases (issue 32): quiet, a full sync, a refresh and its read-ahead, quiet again. */
function servicePhases(ask) {
  return async (app, phase) => {
    await warm(app.port);
    // Both timed syncs find the database as a wipe leaves it (its freed pages, its write-ahead log).
    await ask(app.child, { sync: 'sales' }, 'run');
    await ask(app.child, 'wipe-listings', 'wiped');
    const alone = await ask(app.child, { sync: 'sales' }, 'run');
    await ask(app.child, 'wipe-listings', 'wiped');
    // Unmeasured: the load's routes compiled hot (the contact POST's first of the run among them).
    await underLoad(app, ask, async () => null, WARM_UP_S);
    await phase('quiet', await underLoad(app, ask, async () => null, QUIET_S));
    const sync = await underLoad(app, ask, () => ask(app.child, { sync: 'sales' }, 'run'));
    await phase(`full Goyzer sync (${LISTINGS.toLocaleString('en')} listings)`, sync);
    const readAhead = await underLoad(app, ask, () => ask(app.child, { readAhead: { sweep: false, rate: 1000000 } }, 'readAhead'));
    await phase(`projects refresh and read-ahead of ${PROJECTS.toLocaleString('en')} details, unthrottled`, readAhead);
    await phase('quiet again', await underLoad(app, ask, async () => null, QUIET_S));
    await phase(SUGGEST_ALONE, await underLoad(app, ask, async () => null, QUIET_S, ['suggest']));
    const syncRatio = sync.result.duration_ms / alone.duration_ms;
    const syncBySecond = sync.bySecond();
    const readAheadBySecond = readAhead.bySecond();
    console.log(bySecondLine('sync phase', syncBySecond));
    console.log(bySecondLine('refresh and read-ahead phase', readAheadBySecond));
    const progress = readAhead.result.progress;
    console.log(`sync alone ${(alone.duration_ms / 1000).toFixed(2)} s (created ${alone.created}), under load ${(sync.result.duration_ms / 1000).toFixed(2)} s ` +
      `(created ${sync.result.created}, status ${sync.result.status}): ${syncRatio.toFixed(2)} x (target <= 2)`);
    console.log(`read-ahead: ${progress.read} of ${progress.due} details read (${progress.changed} stored, ${progress.failed} failed) in ${(readAhead.result.ms / 1000).toFixed(1)} s`);
    return {
      sync: { alone_ms: alone.duration_ms, under_load_ms: sync.result.duration_ms, ratio: Number(syncRatio.toFixed(2)), status: sync.result.status, p99_by_second_ms: syncBySecond },
      read_ahead: { ms: readAhead.result.ms, read: progress.read, due: progress.due, failed: progress.failed, p99_by_second_ms: readAheadBySecond },
    };
  };
}

/**
 * A start (issue 41): the app has no collection and its read-ahead is on, unthrottled; the load begins
 * once it listens, which it does once its first fill is held (decision 175), the read-ahead then under
 * way. Measured from the moment the collection is first served until the read-ahead of its details
 * ends; then quiet; then a refresh that brings NEW_PROJECTS more (the fake's 'grow') and the read-ahead
 * of their details; quiet again.
 */
function startPhases(ask, fakes) {
  return async (app, phase) => {
    await ask(app.child, 'loop-delay', 'loopDelay');
    const load = steadyLoad(app.port);
    const startedAt = Date.now();
    const servedAt = await ask(app.child, 'first-served', 'firstServed');
    const cpu = mainThreadCpu(app.child.pid);
    const end = await ask(app.child, 'read-ahead-end', 'readAheadEnd');
    const mainThread = cpu();
    const loop = await ask(app.child, 'loop-delay', 'loopDelay');
    const generator = load.generatorDelay();
    await load.stop();
    const streams = load.within(servedAt, end.at);
    const { progress } = end;
    console.log(`first fill: the collection first served ${((servedAt - startedAt) / 1000).toFixed(1)} s after the load began; ` +
      `read-ahead: ${progress.read} of ${progress.due} details read (${progress.changed} stored, ${progress.failed} failed) in ${((end.at - servedAt) / 1000).toFixed(1)} s after`);
    await phase(`a start: from the collection first served until the read-ahead of ${PROJECTS.toLocaleString('en')} details ends`,
      { seconds: Math.round((end.at - servedAt) / 100) / 10, streams, loop, generator, main_thread: mainThread });
    await phase('quiet, after the start', await underLoad(app, ask, async () => null, QUIET_S));
    await ask(fakes.child, 'grow', 'grown');
    const refresh = await underLoad(app, ask, () => ask(app.child, { readAhead: { sweep: false } }, 'readAhead'));
    await phase(`a refresh bringing ${NEW_PROJECTS.toLocaleString('en')} new projects, and the read-ahead of their details`, refresh);
    const [preparing, after] = refresh.split(refresh.result.collectionMs).map((streams) => BOUNDED.map((name) => streams[name].p99_ms).join(' / '));
    console.log(`refresh: ${refresh.result.progress.read} of ${refresh.result.progress.due} details read in ${(refresh.result.ms / 1000).toFixed(1)} s (collection ${(refresh.result.collectionMs / 1000).toFixed(1)} s, ` +
      `the app's main thread ${refresh.result.collectionCpuS?.toFixed(1) ?? '-'} s of CPU meanwhile); ` +
      `p99 luxury / off-plan / sale listings ms while the collection was read and prepared ${preparing}, after it ${after}`);
    const refreshBySecond = refresh.bySecond();
    console.log(bySecondLine(`refresh bringing ${NEW_PROJECTS.toLocaleString('en')} projects`, refreshBySecond));
    await phase('quiet again', await underLoad(app, ask, async () => null, QUIET_S));
    return {
      first_fill: { served_after_ms: servedAt - startedAt, read_ahead_ms: end.at - servedAt, read: progress.read, failed: progress.failed },
      refresh: { ms: refresh.result.ms, collection_ms: refresh.result.collectionMs, p99_by_second_ms: refreshBySecond },
    };
  };
}

async function latencyCase(bench) {
  const fakes = await startFakes(bench.imageBase);
  const results = { settings: { rate_per_page: RATE, contact_rate: CONTACT_RATE, listings_rate: LISTINGS_RATE, suggest_rate: SUGGEST_RATE, listings_path: LISTINGS_PATH, suggest_paths: SUGGEST_PATHS, listings: LISTINGS, projects: PROJECTS, new_projects: NEW_PROJECTS, off_plan_path: OFFPLAN_PATH } };
  try {
    // No read-ahead until its phase turns it on, unthrottled.
    if (PHASES !== 'start') results.service = await onApp(bench, appEnv(fakes, 0), 'quiet', servicePhases(bench.ask));
    if (PHASES !== 'service') results.start = await onApp(bench, appEnv(fakes, 1000000), 'quiet, after the start', startPhases(bench.ask, fakes));
    writeResults({ latency: results });
  } finally {
    fakes.child.send('stop');
  }
}

module.exports = { latencyCase };
