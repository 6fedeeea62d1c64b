/**
 * The reading threads run behind the visitors' thread (decisions 184, 234): the compiled helper, called
 * in a thread, lowers that thread's priority alone, never the process's; the listings feeds' threads
 * call it as they start.
 */
import { execFileSync } from 'child_process';
import fs from 'fs';
import os from 'os';
import path from 'path';
import { Worker } from 'worker_threads';
import { describe, expect, it } from 'vitest';
import { getStrapi } from '../helpers/app';

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

/** The priorities of the threads a started `file` (a compiled reading thread) added to this process, once it runs. */
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
    return [...threadIds()].filter((id) => !before.has(id)).map((id) => os.getPriority(id));
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

describe.runIf(process.platform === 'linux')('threads behind the visitors', () => {
  it('lowers its own thread to the lowest priority and leaves the main thread as it was', async () => {
    const before = os.getPriority(process.pid);
    const seen = await inThread();
    expect(seen.id).not.toBe(process.pid);
    expect(seen.priority).toBe(19);
    expect(os.getPriority(process.pid)).toBe(before);
  });

  it.each(['units-thread.js', 'feed-thread.js'])('%s, a listings feed\'s reading thread, runs at the lowest priority', async (file) => {
    expect(await prioritiesOfThread(file)).toEqual([19]);
  });

  it("lowers V8's helper threads of the process to the lowest priority, never the main thread nor libuv's pool", () => {
    const code = `
      const fs = require('fs');
      const os = require('os');
      // A file read starts libuv's pool first: its threads keep their priority.
      fs.readFile('/proc/self/stat', () => {
        require(${JSON.stringify(helper)}).helperThreadsBehindVisitors();
        const threads = fs.readdirSync('/proc/self/task').map(Number).map((id) => ({
          id, name: fs.readFileSync('/proc/self/task/' + id + '/comm', 'utf8').trim(), priority: os.getPriority(id),
        }));
        console.log(JSON.stringify({ pid: process.pid, threads }));
      });`;
    const { pid, threads } = JSON.parse(execFileSync(process.execPath, ['-e', code], { encoding: 'utf8' })) as { pid: number; threads: Array<{ id: number; name: string; priority: number }> };
    const helpers = threads.filter(({ id, name }) => id !== pid && name !== 'libuv-worker');
    expect(helpers.length).toBeGreaterThan(0);
    expect(helpers.every(({ priority }) => priority === 19)).toBe(true);
    const inherited = os.getPriority(process.pid);
    expect(threads.find(({ id }) => id === pid)?.priority).toBe(inherited);
    const pool = threads.filter(({ name }) => name === 'libuv-worker');
    expect(pool.length).toBeGreaterThan(0);
    expect(pool.every(({ priority }) => priority === inherited)).toBe(true);
  });

  it("the app lowers V8's helper threads as it registers: its four compilers' threads run at the lowest priority", async () => {
    await getStrapi();
    const lowered = [...threadIds()].filter((id) => id !== process.pid).map(threadOf).filter((thread) => thread?.name === 'node' && thread.priority === 19);
    expect(lowered.length).toBeGreaterThanOrEqual(4);
  });
});
