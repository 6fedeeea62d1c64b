// Which cores the bench's processes run on. With two cores or more (and util-linux's `taskset`), the
// load generator (the bench's own process) keeps core 0 and every server it starts runs on the others:
// left to the scheduler, a server shares a core with autocannon in some rounds and not in others, and
// its CPU time per request moved by a fifth between rounds of one run. Decision 80. BENCH_PIN=off leaves
// every process to the scheduler, as on a small VM where the app shares its cores (issue 41).
'use strict';

const { execFileSync } = require('child_process');
const fs = require('fs');
const os = require('os');

const CORES = os.cpus().length;

function tasksetWorks() {
  if (process.env.BENCH_PIN === 'off') return false;
  if (process.platform !== 'linux' || CORES < 2) return false;
  try {
    execFileSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const PINNING = tasksetWorks();
const ALL = `0-${CORES - 1}`;
const SERVERS = CORES === 2 ? '1' : `1-${CORES - 1}`;
const SERVER_CORES = PINNING ? Array.from({ length: CORES - 1 }, (_, index) => index + 1) : [];

const threadsOf = (pid) => fs.readdirSync(`/proc/${pid}/task`).map(Number);

/** `set` on each of `threads` of `pid`; a thread that ended meanwhile is passed over. */
function eachThread(pid, threads, set) {
  for (const thread of threads) {
    try {
      set(thread);
    } catch (error) {
      if (threadsOf(pid).includes(thread)) throw error;
    }
  }
}

/**
 * Sets the cores of `pid` and of each of its threads, its main thread first (threads it starts later
 * inherit them). A thread may end meanwhile (an app's map clusters are made in short-lived threads,
 * decision 237), which `taskset -a` took for a failure: each thread is set alone, one that ended passed over.
 */
function pin(pid, cores) {
  if (!PINNING) return;
  const setCores = (thread) => execFileSync('taskset', ['-cp', cores, String(thread)], { stdio: 'ignore' });
  setCores(pid);
  eachThread(pid, threadsOf(pid).filter((id) => id !== pid), setCores);
}

/**
 * Every thread of `pid` at the lowest priority (on Linux a priority is a thread's; threads it starts
 * later inherit it). For the fake providers, on the load generator's core: a provider is another
 * machine, and its turns there held the generator's loop for up to 124 ms, answers read that late timed
 * that late (decision 239).
 */
function behindLoadGenerator(pid) {
  if (process.platform !== 'linux') return;
  eachThread(pid, threadsOf(pid), (thread) => os.setPriority(thread, 19));
}

module.exports = {
  PINNING,
  behindLoadGenerator,
  /** The numbers of the cores the servers run on (none when not pinned). */
  SERVER_CORES,
  /** How many cores a server may run on (its Node flags depend on it: scripts/lib/node-flags.js). */
  SERVER_CORE_COUNT: PINNING ? SERVER_CORES.length : os.availableParallelism(),
  /** The load generator (this process) on core 0. */
  pinLoadGenerator: () => pin(process.pid, '0'),
  /** This process on every core again: what it starts from now on (haproxy, instances) inherits them. */
  releaseLoadGenerator: () => pin(process.pid, ALL),
  /** A server child on the cores the load generator leaves. */
  pinServer: (pid) => pin(pid, SERVERS),
  describe: () => (PINNING ? `load generator on core 0, servers on core${CORES === 2 ? '' : 's'} ${SERVERS}` : `not pinned (${process.env.BENCH_PIN === 'off' ? 'BENCH_PIN=off' : 'one core, or no taskset'})`),
};
