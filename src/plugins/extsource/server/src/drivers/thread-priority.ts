/**
 * A provider's reading thread runs behind the visitors' (decision 184), and so do V8's helper threads
 * (decision 236). On Linux a thread is a task with its own nice value: at the lowest priority it takes
 * what the visitors' thread, and whatever else the machine runs, leave of the cores, and never keeps the
 * visitors' thread waiting for one.
 */
import { readdirSync, readFileSync, readlinkSync } from 'fs';
import { setPriority } from 'os';

export const BACKGROUND_NICE = 19;

/** The calling thread's id as the kernel knows it; undefined where threads cannot be told apart (not Linux). */
export function kernelThreadId(): number | undefined {
  try {
    // "<pid>/task/<tid>"
    const id = Number(readlinkSync('/proc/thread-self').split('/').pop());
    return Number.isInteger(id) && id > 0 ? id : undefined;
  } catch {
    return undefined;
  }
}

/** Lowers the calling thread's priority, where the kernel tells threads apart; elsewhere nothing changes. */
export function runBehindVisitors(): void {
  const id = kernelThreadId();
  if (id !== undefined) setPriority(id, BACKGROUND_NICE);
}

/**
 * Lowers the threads this process holds now beside its main thread and the calling one, but libuv's pool
 * (whose file reads the main thread may be waiting for): V8's compilers and its task scheduler, started
 * with the process. Threads started later (a provider's reader, the pool) keep their own priority.
 * Nothing elsewhere than Linux.
 */
export function helperThreadsBehindVisitors(): void {
  let threads: string[];
  try {
    threads = readdirSync('/proc/self/task');
  } catch {
    return;
  }
  const visitors = new Set([process.pid, kernelThreadId()]);
  for (const thread of threads) {
    const id = Number(thread);
    if (visitors.has(id) || threadName(id) === 'libuv-worker') continue;
    try {
      setPriority(id, BACKGROUND_NICE);
    } catch {
      // A thread that ended meanwhile.
    }
  }
}

function threadName(id: number): string | undefined {
  try {
    return readFileSync(`/proc/self/task/${id}/comm`, 'utf8').trim();
  } catch {
    return undefined;
  }
}
