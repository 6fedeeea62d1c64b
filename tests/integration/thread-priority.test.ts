/**
 * The catalogue's reading thread runs behind the visitors' thread (decision 184): the compiled helper,
 * called in a thread, lowers that thread's priority alone, never the process's.
 */
import os from 'os';
import path from 'path';
import { Worker } from 'worker_threads';
import { describe, expect, it } from 'vitest';

const helper = path.resolve(__dirname, '../../src/plugins/extsource/dist/server/drivers/thread-priority.js');

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
});
