/**
 * A provider's reading thread runs behind the visitors' (decision 184). On Linux a thread is a task with
 * its own nice value: at the lowest priority it takes what the visitors' thread, and whatever else the
 * machine runs, leave of the cores, and never keeps the visitors' thread waiting for one.
 */
import { readlinkSync } from 'fs';
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
