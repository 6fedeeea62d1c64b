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
