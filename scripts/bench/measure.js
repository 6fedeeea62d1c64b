// How the bench measures a server it started: windows inside one autocannon run, each giving the
// responses received, the server's CPU time and what else ran on the servers' cores in that window; and
// rounds of such windows taken in turn on the servers compared (interleaved: what the machine does
// meanwhile falls on both alike), reported as their median with the least and greatest beside it.
'use strict';

const fs = require('fs');
const autocannon = require('autocannon');
const cores = require('./cores');

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 50);
/** Throughput: rounds, and each round's window (s); before the first, a longer warm-up (a fresh bare server's JIT). */
const LOAD_ROUNDS = Number(process.env.BENCH_LOAD_ROUNDS || 5);
const LOAD_DURATION_S = Number(process.env.BENCH_LOAD_DURATION_S || 1);
const LOAD_WARM_UP_S = 0.25;
const FIRST_WARM_UP_S = 1;
/**
 * Server CPU per request: rounds, and each round's window in whole seconds. At a rate, autocannon lets
 * each connection send its share of a second's requests at once at the start of each second (the server
 * busy for about half of each second at half its throughput): a window of whole seconds starting at
 * 0.75 s begins and ends while the server is idle, and holds one second's requests each second.
 */
const CPU_ROUNDS = Number(process.env.BENCH_CPU_ROUNDS || 9);
const CPU_DURATION_S = Number(process.env.BENCH_CPU_DURATION_S || 1);
const CPU_WARM_UP_S = 0.75;
/** What a run takes beyond its warm-up and window: starting autocannon, and its stop at its next sample (0.1 s). */
const RUN_OVERHEAD_S = 0.15;
const runS = (warmUpS, seconds) => warmUpS + seconds + RUN_OVERHEAD_S;
/** Seconds `againstBare` takes (two servers, LOAD_ROUNDS and CPU_ROUNDS each): 50 with the defaults (2 × (0.75 + 5 × 1.4 + 9 × 1.9)). */
const AGAINST_BARE_S =
  2 * (FIRST_WARM_UP_S - LOAD_WARM_UP_S + LOAD_ROUNDS * runS(LOAD_WARM_UP_S, LOAD_DURATION_S) + CPU_ROUNDS * runS(CPU_WARM_UP_S, CPU_DURATION_S));

/** Each thread's time on a CPU so far, in nanoseconds, by thread id (/proc/<pid>/task/<tid>/schedstat, Linux). */
function threadTimes(pid) {
  const times = new Map();
  for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
    try {
      times.set(tid, Number(fs.readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]));
    } catch {
      // A thread that ended since the folder was listed.
    }
  }
  return times;
}

/**
 * Starts counting the CPU time process `pid` uses: returns a function giving the µs its threads have
 * used since, to the nanosecond. /proc/<pid>/stat counts it in ticks of 10 ms, a tenth of what a server
 * spends in a one-second window. Summed per thread, so that a thread ending (sharp's idle workers do)
 * takes away only what it used since, not everything it ever used.
 */
function cpuSince(pid) {
  const before = threadTimes(pid);
  return () => {
    let ns = 0;
    for (const [tid, time] of threadTimes(pid)) ns += time - (before.get(tid) ?? 0);
    return ns / 1000;
  };
}

/** The servers' cores' busy and elapsed time so far, in µs (/proc/stat counts ticks of 10 ms; busy includes steal). */
function serverCoreTimes() {
  const times = { busy: 0, total: 0 };
  for (const line of fs.readFileSync('/proc/stat', 'utf8').split('\n')) {
    const match = /^cpu(\d+) (.*)$/.exec(line);
    if (!match || !cores.SERVER_CORES.includes(Number(match[1]))) continue;
    const [user, nice, system, idle, iowait, irq, softirq, steal] = match[2].split(' ').map(Number);
    const total = user + nice + system + idle + iowait + irq + softirq + steal;
    times.total += total * 10_000;
    times.busy += (total - idle - iowait) * 10_000;
  }
  return times;
}

/**
 * One autocannon run on `url` (more autocannon `options`: headers, a rate) measuring a window of
 * `seconds` after `warmUpS`: the responses received in it, its length, the server `pid`'s CPU time in
 * it (µs), so that neither opening the connections nor closing them is counted, and `other`, the share
 * of the servers' cores busy with anything but that server (the other server of the comparison, other
 * programs; null when not pinned). Also the run's autocannon result (latencies, status codes).
 */
function window(url, pid, { seconds, warmUpS, options = {} }) {
  return new Promise((resolve, reject) => {
    let responses = 0;
    let counting = false;
    let start;
    let measured;
    // sampleInt: autocannon ends a run at its next sample after stop(), by default up to a second later.
    const run = autocannon({ url, connections: CONNECTIONS, duration: warmUpS + seconds + 5, sampleInt: 100, ...options }, (error, result) =>
      error ? reject(error) : resolve({ ...measured, result }));
    run.on('response', () => {
      if (counting) responses += 1;
    });
    setTimeout(() => {
      start = { cpu: cpuSince(pid), cores: serverCoreTimes(), at: process.hrtime.bigint() };
      counting = true;
    }, warmUpS * 1000);
    setTimeout(() => {
      counting = false;
      const cpuUs = start.cpu();
      const coreTimes = serverCoreTimes();
      const total = coreTimes.total - start.cores.total;
      const other = total > 0 ? Math.max(0, coreTimes.busy - start.cores.busy - cpuUs) / total : null;
      measured = { responses, seconds: Number(process.hrtime.bigint() - start.at) / 1e9, cpuUs, other };
      run.stop();
    }, (warmUpS + seconds) * 1000);
  });
}

/** `rounds` rounds, each calling `measure(target, round)` on every target in turn: each target's results. */
async function interleaved(targets, rounds, measure) {
  const samples = targets.map(() => []);
  for (let round = 0; round < rounds; round += 1) {
    for (const [index, target] of targets.entries()) samples[index].push(await measure(target, round));
  }
  return samples;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
/** The median of `values` and their least and greatest. */
const spread = (values) => ({ median: median(values), min: Math.min(...values), max: Math.max(...values) });

/** The { url, pid } of a started child's `route`. */
const served = (started, route) => ({ url: `http://127.0.0.1:${started.port}${route}`, pid: started.child.pid });

/**
 * Windows of server CPU time at `rate` requests per second on each target ({ url, pid, options }), in
 * `rounds` interleaved rounds: each target's windows, one a round, with `us`, its µs per request. One
 * window of 1 s moves by about a fifth on this machine even with nothing else on the servers' core, and
 * slower moves over tens of seconds fall on both targets of a round alike (docs/performance.md).
 */
function cpuRounds(targets, rate, rounds = CPU_ROUNDS) {
  return interleaved(targets, rounds, async ({ url, pid, options }) => {
    const measured = await window(url, pid, { seconds: CPU_DURATION_S, warmUpS: CPU_WARM_UP_S, options: { ...options, overallRate: rate } });
    return { ...measured, us: measured.cpuUs / measured.responses };
  });
}

/** The median µs per request of each target's cpuRounds. */
async function cpuPerRequestRounds(targets, rate, rounds = CPU_ROUNDS) {
  return (await cpuRounds(targets, rate, rounds)).map((windows) => median(windows.map(({ us }) => us)));
}

/**
 * The server CPU per request of the app and of bare node:http sending the same answer ({ url, pid }
 * each), driven alike (autocannon `options`), at one rate both sustain (half the lower of `throughputs`),
 * and its ratio bare / ours: medians, and `rounds`, each round's figures (the ratio of the two windows of
 * one round). Throughput also measures the load generator, which shares the machine's cores with the
 * servers; CPU per request is the servers' own cost, so it moves far less between runs.
 */
async function cpuAgainstBare(app, bare, options, throughputs) {
  const rate = Math.max(1, Math.round(Math.min(...throughputs) / 2));
  const [ours, bares] = await cpuRounds([{ ...app, options }, { ...bare, options }], rate);
  const rounds = { us: ours.map(({ us }) => us), bare_us: bares.map(({ us }) => us) };
  rounds.ratio = rounds.bare_us.map((bareUs, round) => bareUs / rounds.us[round]);
  const kept = ours.filter(({ responses }) => responses >= 0.9 * rate * CPU_DURATION_S).length;
  const other = [...ours, ...bares].map((measured) => measured.other);
  return { rate, us: median(rounds.us), bare_us: median(rounds.bare_us), ratio: median(rounds.ratio), rounds, kept, other };
}

/**
 * One answer of the app against bare node:http sending the same ({ url, pid } each), driven alike: the
 * throughput of each in LOAD_ROUNDS interleaved rounds at full load (bare, then ours), then cpuAgainstBare
 * at half the lower of the two medians. Each figure is its rounds' values; the ratios are per round.
 */
async function againstBare(ours, bare, options = {}) {
  const [bareLoads, ourLoads] = await interleaved([bare, ours], LOAD_ROUNDS, ({ url, pid }, round) =>
    window(url, pid, { seconds: LOAD_DURATION_S, warmUpS: round === 0 ? FIRST_WARM_UP_S : LOAD_WARM_UP_S, options }));
  const rps = (loads) => loads.map(({ responses, seconds }) => responses / seconds);
  const load = { rps: rps(ourLoads), bare_rps: rps(bareLoads) };
  load.ratio = load.rps.map((value, round) => value / load.bare_rps[round]);
  const cpu = await cpuAgainstBare(ours, bare, options, [median(load.rps), median(load.bare_rps)]);
  const results = ourLoads.map(({ result }) => result);
  return {
    load,
    p50: median(results.map(({ latency }) => latency.p50)),
    p99: median(results.map(({ latency }) => latency.p99)),
    statuses: statusCounts(results),
    cpu,
  };
}

/** Responses by status over autocannon `results`: { '200': count, ... }. */
function statusCounts(results) {
  const counts = {};
  for (const { statusCodeStats = {} } of results) {
    for (const [status, { count }] of Object.entries(statusCodeStats)) counts[status] = (counts[status] ?? 0) + count;
  }
  return counts;
}

module.exports = {
  CONNECTIONS, LOAD_ROUNDS, LOAD_DURATION_S, CPU_ROUNDS, CPU_DURATION_S, AGAINST_BARE_S,
  cpuSince, window, interleaved, median, spread, served, cpuRounds, cpuPerRequestRounds, cpuAgainstBare, againstBare,
};
