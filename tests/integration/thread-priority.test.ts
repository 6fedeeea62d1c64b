/**
 * Background threads run behind the visitors' thread (decisions 184, 238): the thread that starts one
 * lowers it before its first line runs, never the process's own priority; every reading thread and the
 * map's clusters' thread is started so. Checked on the compiled modules, as the app runs them.
 */
import fs from 'fs';
import { createRequire } from 'module';
import os from 'os';
import path from 'path';
import { describe, expect, it } from 'vitest';

const requireCjs = createRequire(__filename);
const pluginDist = path.resolve(__dirname, '../../src/plugins/extsource/dist/server');
const fromDrivers = (file: string) => requireCjs(path.join(pluginDist, 'drivers', file));
const { backgroundThread } = fromDrivers('thread-priority.js');
const { defaultConfig } = requireCjs(path.join(pluginDist, 'config.js'));
const { zoomLevelsInThread } = requireCjs(path.resolve(__dirname, '../../dist/src/lib/catalogue/clusters-in-thread.js'));

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
 * What `start` returns, and the priorities of the JavaScript threads that appeared while it ran, read
 * as soon as it returns: before a thread started by it could have run a line of its own.
 */
function started<T>(start: () => T): { result: T; priorities: number[] } {
  const before = threadIds();
  const result = start();
  const priorities = [...threadIds()].filter((id) => !before.has(id)).flatMap((id) => {
    const thread = threadOf(id);
    return thread?.name === 'node' ? [thread.priority] : [];
  });
  return { result, priorities };
}

/** A reading thread's task with no provider configured: its read fails at once, without a request. */
const unconfiguredReelly = {
  settings: defaultConfig.reelly,
  policy: { ...defaultConfig.http, retries: 0 },
  defaults: { agent: defaultConfig.agent, currency: defaultConfig.currency, currencyRates: defaultConfig.currencyRates, developersTtlSeconds: 60 },
};

/** Each background thread the app starts, started as the app starts it; each settles once its thread is done. */
const starters: Record<string, () => Promise<unknown>> = {
  "Goyzer answers' reader": () => fromDrivers('units-reader.js').withUnitsReader(async () => undefined),
  "a CRM feed's reader": () => fromDrivers('feed-reader.js').withFeedReader('pf-xml', async () => undefined),
  "the Reelly catalogue's reader": () => fromDrivers('reelly-catalogue-reader.js').readCatalogueInThread({ ...unconfiguredReelly, known: undefined }).catch(() => undefined),
  "Reelly details' reader": () => {
    const { readDetailInThread, endDetailThreads } = fromDrivers('reelly-detail-reader.js');
    return readDetailInThread(unconfiguredReelly, 'p-1', undefined).catch(() => undefined).finally(endDetailThreads);
  },
  "a map layer's clusters": () => zoomLevelsInThread(Float64Array.of(55.27, 55.14), Float64Array.of(25.2, 25.08)),
};

describe.runIf(process.platform === 'linux')('a background thread behind the visitors', () => {
  it('is at the lowest priority from its first line, and the main thread stays as it was', async () => {
    const before = os.getPriority(process.pid);
    const firstLine = `
      const { parentPort } = require('worker_threads');
      const id = Number(require('fs').readlinkSync('/proc/thread-self').split('/').pop());
      parentPort.postMessage({ id, priority: require('os').getPriority(id) });`;
    const worker = backgroundThread(firstLine, { eval: true });
    const seen = await new Promise<{ id: number; priority: number }>((resolve, reject) => worker.once('message', resolve).once('error', reject));
    await worker.terminate();
    expect(seen.id).not.toBe(process.pid);
    expect(seen.priority).toBe(19);
    expect(os.getPriority(process.pid)).toBe(before);
  });

  it.each(Object.keys(starters))('%s starts its thread at the lowest priority', async (name) => {
    const { result, priorities } = started(starters[name]);
    await result;
    expect(priorities.length).toBeGreaterThan(0);
    expect(priorities.every((priority) => priority === 19), String(priorities)).toBe(true);
  });
});
