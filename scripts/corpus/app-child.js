#!/usr/bin/env node
// The compiled app of the checkout named by CORPUS_APP_DIR (its own dist/ and node_modules), started as
// `strapi start` starts it, in a process of its own with exactly the environment the recorder gives it,
// its clock at CORPUS_CLOCK and its randomness seeded (steady-process.js), the sample provider's data
// read from CORPUS_SAMPLE_DIR. Tells the parent its port over IPC once listening; syncs the listings again
// on 'sync-listings' (the provider's `sync` service, as the sync CLI starts it); stops on 'stop'.
'use strict';

const path = require('path');
const { seedMathRandom, standStill, steadyMediaNames } = require('./steady-process');

standStill(Date.parse(process.env.CORPUS_CLOCK));
seedMathRandom(Number(process.env.CORPUS_RANDOM_SEED));

const appDir = path.resolve(process.env.CORPUS_APP_DIR);

async function main() {
  const { createStrapi } = require(require.resolve('@strapi/strapi', { paths: [appDir] }));
  const strapi = createStrapi({ appDir, distDir: path.join(appDir, 'dist') });
  // strapi.load() is these two steps; media names must be steady before the bootstrap seeds the demo content.
  await strapi.register();
  steadyMediaNames(strapi);
  // The sample provider reads a copy of the checkout's data, which the recorder changes for a second sync.
  strapi.config.set('plugin::extsource.sampleDataDir', process.env.CORPUS_SAMPLE_DIR);
  await strapi.bootstrap();
  strapi.isLoaded = true;
  await strapi.start();
  process.send({ ready: true, port: strapi.server.httpServer.address().port });
  process.on('message', async (message) => {
    if (message === 'sync-listings') {
      const started = await strapi.plugin('extsource').service('sync').start('all', 'cli');
      process.send({ synced: (await started.finished).status });
    } else if (message === 'stop') {
      await strapi.destroy();
      process.exit(0);
    }
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
