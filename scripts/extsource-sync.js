#!/usr/bin/env node
// `npm run extsource:sync -- [all|sales|rentals]`: runs one listings sync with the configured driver
// (env, as the service uses it), showing a progress bar, then prints the run's figures.
// Exit status: 0 succeeded, 1 failed, 2 partial (finished with warnings or skipped records), 3 not started
// because a sync of the same listings is running (on a server instance or another CLI).
'use strict';

// A production command: on a Node the project does not support it stops saying what to install.
require('./lib/supported-node').requireSupportedNode();
require('./lib/node-flags').relaunchWithNodeFlags(__filename);

const fs = require('fs');
const path = require('path');
const cliProgress = require('cli-progress');

const TYPES = ['all', 'sales', 'rentals'];
const appDir = path.resolve(__dirname, '..');

async function main() {
  const type = process.argv[2] || 'all';
  if (!TYPES.includes(type)) {
    console.error(`usage: npm run extsource:sync -- [${TYPES.join('|')}]`);
    process.exit(64);
  }
  if (!fs.existsSync(path.join(appDir, 'dist', 'src', 'index.js'))) {
    console.error('The app is not compiled: run `npm run build` (or `npm run compile`) first.');
    process.exit(1);
  }
  process.env.LOG_LEVEL = process.env.LOG_LEVEL || 'warn';
  process.env.EXTSOURCE_CRON = '';
  // It answers no visitors: nothing to build before its sync (decision 175).
  process.env.WARM_UP_MAX_SECONDS = '0';
  const { createStrapi } = require('@strapi/strapi');
  const strapi = await createStrapi({ appDir, distDir: path.join(appDir, 'dist') }).load();
  const sync = strapi.plugin('extsource').service('sync');

  const bar = new cliProgress.SingleBar(
    { format: ' {phase} |{bar}| {value}/{total} {unit}', hideCursor: true, clearOnComplete: true },
    cliProgress.Presets.shades_classic
  );
  let shown = false;
  let done = false;
  let started;
  try {
    started = await sync.start(type, 'cli');
  } catch (error) {
    if (error && error.status === 409) {
      console.error(`${error.message} (on a server instance or another CLI); try again when it has finished.`);
      await strapi.destroy();
      process.exit(3);
    }
    throw error;
  }
  const { run, finished } = started;
  console.log(`sync run #${run.run_id} (${type}) started with the ${strapi.config.get('plugin::extsource.listingsDriver')} driver`);
  // Progress comes from the run's record, which the run updates about once a second.
  const timer = setInterval(async () => {
    const progress = (await sync.running()).find((entry) => entry.run_id === run.run_id);
    if (!progress || done) return;
    const what = progress.listing_type === 'sale' ? 'sales' : 'rentals';
    const writing = progress.phase === 'writing';
    const total = writing ? Math.max(progress.to_write, 1) : Math.max(progress.fetched, 1);
    const value = writing ? progress.written : progress.fetched;
    const payload = { phase: `${progress.phase} ${what}`.padEnd(20), unit: writing ? 'written' : 'fetched' };
    if (!shown) {
      bar.start(total, value, payload);
      shown = true;
    } else {
      bar.setTotal(total);
      bar.update(value, payload);
    }
  }, 500);

  const result = await finished;
  done = true;
  clearInterval(timer);
  if (shown) bar.stop();
  console.log(
    [
      `status:      ${result.status}`,
      `fetched:     ${result.fetched}`,
      `created:     ${result.created}`,
      `updated:     ${result.updated}`,
      `unchanged:   ${result.unchanged}`,
      `deactivated: ${result.deactivated}`,
      `failed:      ${result.failed}`,
      `duration:    ${result.duration_ms} ms`,
      ...result.warnings.map((warning) => `warning:     ${warning}`),
      ...(result.error ? [`error:       ${result.error}`] : []),
    ].join('\n')
  );
  await strapi.destroy();
  process.exit(result.status === 'succeeded' ? 0 : result.status === 'failed' ? 1 : 2);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
