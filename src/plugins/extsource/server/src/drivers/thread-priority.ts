/**
 * A background thread runs behind the visitors' (decisions 184, 238). On Linux a thread is a task with
 * its own nice value: at the lowest priority it takes what the visitors' thread, and whatever else the
 * machine runs, leave of the cores, and never keeps the visitors' thread waiting for one. The thread
 * that starts it lowers it the moment it exists: lowering itself, a thread ran Node's start of a worker
 * and its own modules first, 50 to 230 ms of a shared core at the visitors' priority, once per start.
 */
import { readdirSync } from 'fs';
import { setPriority } from 'os';
import { Worker, type WorkerOptions } from 'worker_threads';

const BACKGROUND_NICE = 19;

/** This process's threads as the kernel numbers them; none where it cannot tell them apart (not Linux). */
function threadIds(): Set<string> {
  try {
    return new Set(readdirSync('/proc/self/task'));
  } catch {
    return new Set();
  }
}

/**
 * A worker running `file`, started at the lowest priority: Node creates its thread within `new Worker`,
 * so the thread that appeared meanwhile is it. Elsewhere than Linux, a plain worker.
 */
export function backgroundThread(file: string, options?: WorkerOptions): Worker {
  const before = threadIds();
  const worker = new Worker(file, options);
  if (before.size > 0) {
    for (const id of threadIds()) if (!before.has(id)) setPriority(Number(id), BACKGROUND_NICE);
  }
  return worker;
}
