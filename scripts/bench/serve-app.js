#!/usr/bin/env node
// Benchmark child: boots the compiled app on a throw-away SQLite file (demo content seeded) and
// reports its port to the parent over IPC. Extra env (rate limits, drivers) comes from the parent.
'use strict';

const fs = require('fs');
const os = require('os');
const path = require('path');

const appDir = path.resolve(__dirname, '..', '..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-app-'));
Object.assign(process.env, {
  NODE_ENV: 'production',
  DATABASE_CLIENT: 'sqlite',
  DATABASE_FILENAME: path.join(dataDir, 'bench.db'),
  HOST: '127.0.0.1',
  PORT: '0',
  LOG_LEVEL: 'error',
  SEED_DEMO: 'true',
  EXTSOURCE_CRON: '',
  // One load generator on one address opens every connection: no per-address cap here.
  MAX_CONNECTIONS_PER_IP: '0',
  ...JSON.parse(process.env.BENCH_APP_ENV || '{}'),
});

/**
 * The read-ahead of project details after a collection refresh, measured: its progress, how long it
 * took, the peak resident memory meanwhile, and the detail rows it wrote. `sweep`: every detail is due
 * (as once a day), not only those never read.
 */
async function readAhead(strapi, { sweep }) {
  const projects = strapi.plugin('extsource').service('projects');
  const rows = strapi.db.query('plugin::extsource.project-detail');
  if (sweep) await strapi.store({ type: 'plugin', name: 'extsource' }).delete({ key: `details-sweep:${process.env.EXTSOURCE_PROJECTS_DRIVER}` });
  const lastWrite = async () => (await rows.findOne({ select: ['updatedAt'], orderBy: { updatedAt: 'desc' } }))?.updatedAt ?? null;
  const writtenBefore = await lastWrite();
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 50);
  const started = Date.now();
  projects.invalidate();
  await projects.collection();
  const collectionMs = Date.now() - started;
  await projects.readAheadSettled();
  clearInterval(sampler);
  const writtenAfter = await lastWrite();
  return {
    ms: Date.now() - started,
    collectionMs,
    progress: await projects.readAheadProgress(),
    rows: await rows.count(),
    rowsWritten: String(writtenBefore) !== String(writtenAfter),
    peakRssMb: Math.round(peakRss / 1048576),
  };
}

async function main() {
  const { createStrapi } = require('@strapi/strapi');
  const strapi = await createStrapi({ appDir, distDir: path.join(appDir, 'dist') }).load();
  strapi.server.mount();
  await new Promise((resolve) => strapi.server.httpServer.listen(0, '127.0.0.1', resolve));
  process.send({ ready: true, port: strapi.server.httpServer.address().port });
  process.on('message', async (message) => {
    if (message && message.sync) {
      const run = await strapi.plugin('extsource').service('sync').run(message.sync, 'cli');
      process.send({ run });
    } else if (message && message.readAhead) {
      process.send({ readAhead: await readAhead(strapi, message.readAhead) });
    } else if (message === 'count-contacts') {
      process.send({ contacts: await strapi.db.query('api::contact.contact').count() });
    } else if (message === 'stop') {
      await strapi.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    }
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
