// The Node flags the app runs with, wherever it is started (npm start, the sync CLI, the test suites'
// app processes, the benchmark's), so that tests and figures are of what production runs. Decision 79.
//
// On Node 22, AsyncLocalStorage is built on async_hooks: once Strapi's request and transaction contexts
// use it, every tick, promise and socket write of every request, the fast lane's included, runs an init
// hook that copies the context along (measured: about 3 µs of a 20 µs cached answer). Node 24 made the
// cheaper AsyncContextFrame its default and refuses the flag that asks for it on 22. Node 20 does not know
// the flag and refuses to start with it: what a Node accepts decides, not only its major version.
//
// V8 lets its heap grow up to four times what survived the last full collection before it collects
// again; a sync or a read-ahead allocates fast enough that the app then held 450 MB of heap with 150 MB
// alive, and the process did not give the pages back. Half again over what is alive (decision 96) keeps
// the peak near 500 MB at 10,000 projects for a few more collections, most of them concurrent.
//
// With one core to run on, those concurrent collections are threads that take the core from the main
// thread in the scheduler's slices: answers waited 50 ms at a time, a quarter of a second in all, while
// nothing else ran (decision 171). There V8 collects on the main thread, in its own steps of a few ms.
//
// Beside the flags, one setting of the environment: glibc's malloc gives every thread that allocates an
// arena of its own, up to eight per core, and memory freed in one is kept for that thread. The app's
// threads (V8's collectors, libuv's pool, the thread reading a provider's answers) left 50 to 90 MB of
// such memory resident after a sync; two arenas give most of it back (decision 177). Other C libraries
// ignore the variable; an operator's own value is kept.
'use strict';

const os = require('os');

const CONTEXT_FRAME = '--experimental-async-context-frame';
const HEAP_GROWTH = '--heap-growing-percent=50';
const MAIN_THREAD_GC = '--single-threaded-gc';
const ENVIRONMENT = { MALLOC_ARENA_MAX: '2' };

/**
 * The flags this Node needs and accepts (AsyncContextFrame not on Node 24 and later, nor where it is not
 * a flag), for a process that may run on `cores` cores.
 */
function nodeFlags(version = process.versions.node, accepted = process.allowedNodeEnvironmentFlags, cores = os.availableParallelism()) {
  const contextFrame = Number(version.split('.')[0]) < 24 && accepted.has(CONTEXT_FRAME) ? [CONTEXT_FRAME] : [];
  const mainThreadGc = cores === 1 ? [MAIN_THREAD_GC] : [];
  return [...contextFrame, HEAP_GROWTH, ...mainThreadGc];
}

/** `env` with the app's settings of the environment it lacks (an operator's own are kept). */
const nodeEnvironment = (env = process.env) => ({ ...ENVIRONMENT, ...env });

/** The flags this Node needs that `given` (a command line's flags, NODE_OPTIONS split) lacks. */
const missingFrom = (given, flags = nodeFlags()) => flags.filter((flag) => !given.includes(flag));

const nodeOptionsList = (options = process.env.NODE_OPTIONS || '') => options.split(/\s+/);

/** The flags NODE_OPTIONS may carry (Node refuses V8's own flags there but for a few). */
const allowedInNodeOptions = (flag) => process.allowedNodeEnvironmentFlags.has(flag.split('=')[0]);

/**
 * NODE_OPTIONS with the flags it may carry added, for a tool that starts the app in processes of its own
 * (vitest); the heap's growth is left to the tool's default there (the suites measure no memory).
 */
function nodeOptionsWithFlags(current = process.env.NODE_OPTIONS || '') {
  return [current, ...missingFrom(nodeOptionsList(current), nodeFlags().filter(allowedInNodeOptions))].filter(Boolean).join(' ');
}

/**
 * Replaces this process with the same script under `flags` and with `environment`'s settings when it was
 * started without them (one process, same pid: signals and the exit status stay the caller's). Call
 * before anything else.
 */
function relaunchWith(script, flags, environment = {}) {
  const missing = missingFrom([...process.execArgv, ...nodeOptionsList()], flags);
  const lacking = Object.keys(environment).some((name) => process.env[name] === undefined);
  // Node 22.13 and 22.14 have no execve: there the script runs without them (slower, same behaviour).
  if ((missing.length === 0 && !lacking) || !process.execve) return;
  process.execve(process.execPath, [process.execPath, ...missing, ...process.execArgv, script, ...process.argv.slice(2)], { ...environment, ...process.env });
}

/** Replaces this process with the same script under the app's flags and environment when it lacks them. */
const relaunchWithNodeFlags = (script) => relaunchWith(script, nodeFlags(), ENVIRONMENT);

module.exports = { nodeFlags, nodeEnvironment, nodeOptionsWithFlags, relaunchWith, relaunchWithNodeFlags };
