/**
 * The reading threads run behind the visitors' thread (decisions 184, 234): the compiled helper, called
 * in a thread, lowers that thread's priority alone, never the process's; the listings feeds' threads
 * call it as they start.
 */
import fs from 'fs';
import os from 'os';
import path from 'path';
import { Worker } from 'worker_threads';
import { describe, expect, it } from 'vitest';

const drivers = path.resolve(__dirname, '../../src/plugins/extsource/dist/server/drivers');
const helper = path.join(drivers, 'thread-priority.js');

const threadIds = () => new Set(fs.readdirSync('/proc/self/task').map(Number));

/** A thread's name and priority, or undefined for one that ended meanwhile. */
function threadOf(id: number): { name: string; priority: number } | undefined {
  try {
    return { name: fs.readFileSync(`/proc/self/task/${id}/comm`, 'utf8').trim(), priority: os.getPriority(id) };
  } catch {
    return undefined;
  }
}

/**
 * The priorities of the JavaScript threads that appeared in this process while a started `file` (a
 * compiled reading thread) began to run: its own, and any other reading thread started meanwhile.
 */
async function prioritiesOfThread(file: string): Promise<number[]> {
  const before = threadIds();
  const worker = new Worker(path.join(drivers, file));
  try {
    await new Promise((resolve, reject) => worker.once('online', resolve).once('error', reject));
    // Its module has run once it answers: an ask it cannot read comes back as a failure.
    await new Promise((resolve) => {
      worker.once('message', resolve);
      worker.postMessage({ ask: 1, question: null });
    });
    const started = [...threadIds()].filter((id) => !before.has(id)).map(threadOf);
    return started.flatMap((thread) => (thread?.name === 'node' ? [thread.priority] : []));
  } finally {
    await worker.terminate();
  }
}

/** What a new thread saw after calling the helper: its kernel id and its priority then. */
function inThread(): Promise<{ id: number; priority: number }> {
  const code = `
    const { parentPort } = require('worker_threads');
    const os = require('os');
    const { kernelThreadId, runBehindVisitors } = require(${JSON.stringify(helper)});
    runBehindVisitors();
    parentPort.postMessage({ id: kernelThreadId(), priority: os.getPriority(kernelThreadId()) });`;
  return new Promise((resolve, reject) => {
    const worker = new Worker(code, { eval: true });
    worker.once('message', (seen) => void worker.terminate().then(() => resolve(seen)));
    worker.once('error', reject);
  });
}

describe.runIf(process.platform === 'linux')('a reading thread behind the visitors', () => {
  it('lowers its own thread to the lowest priority and leaves the main thread as it was', async () => {
    const before = os.getPriority(process.pid);
    const seen = await inThread();
    expect(seen.id).not.toBe(process.pid);
    expect(seen.priority).toBe(19);
    expect(os.getPriority(process.pid)).toBe(before);
  });

  it.each(['units-thread.js', 'feed-thread.js'])('%s, a listings feed\'s reading thread, runs at the lowest priority', async (file) => {
    const priorities = await prioritiesOfThread(file);
    expect(priorities.length).toBeGreaterThan(0);
    expect(priorities.every((priority) => priority === 19), String(priorities)).toBe(true);
  });
});
