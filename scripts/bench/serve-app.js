#!/usr/bin/env node
// Benchmark child: boots the compiled app on a throw-away SQLite file (demo content seeded) and
// reports its port to the parent over IPC. Extra env (rate limits, drivers) comes from the parent, and
// so do the secrets and TMPDIR (scripts/bench/environment.js): everything this app writes, its
// database and its uploads included, is in a folder of its own there, removed when it stops.
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
 * A public folder in dataDir, so the demo images the seed uploads land there and not in the project's
 * public/uploads; the demo scenes they are drawn from are read where they are.
 */
function publicDir() {
  const dir = path.join(dataDir, 'public');
  fs.mkdirSync(path.join(dir, 'uploads'), { recursive: true });
  fs.symlinkSync(path.join(appDir, 'public', 'images'), path.join(dir, 'images'));
  return dir;
}

async function main() {
  const { createStrapi } = require('@strapi/strapi');
  const strapi = createStrapi({ appDir, distDir: path.join(appDir, 'dist') });
  strapi.config.set('dirs.static.public', publicDir());
  await strapi.load();
  strapi.server.mount();
  await new Promise((resolve) => strapi.server.httpServer.listen(0, '127.0.0.1', resolve));
  process.send({ ready: true, port: strapi.server.httpServer.address().port });
  let stopping;
  const stop = () => {
    stopping ??= strapi.destroy().then(() => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    });
    return stopping;
  };
  // Without its parent (the bench failed or was stopped) nobody would ever stop it.
  process.once('disconnect', stop);
  process.on('message', async (message) => {
    if (message && message.sync) {
      const run = await strapi.plugin('extsource').service('sync').run(message.sync, 'cli');
      process.send({ run });
    } else if (message === 'count-contacts') {
      process.send({ contacts: await strapi.db.query('api::contact.contact').count() });
    } else if (message === 'stop') {
      await stop();
    }
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
