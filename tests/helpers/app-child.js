#!/usr/bin/env node
// A child process running the compiled app as `strapi start` does (createStrapi(...).start()), or as
// `strapi develop` does when APP_CHILD_DEVELOP=true (autoReload on). Its environment is exactly what the
// parent passes. Tells the parent its port over IPC once listening; answers a few IPC requests.
'use strict';

const path = require('path');

const appDir = path.resolve(__dirname, '..', '..');

async function main() {
  const { createStrapi } = require('@strapi/strapi');
  const app = createStrapi({ appDir, distDir: path.join(appDir, 'dist'), autoReload: process.env.APP_CHILD_DEVELOP === 'true' });
  const strapi = await app.start();
  process.send({ ready: true, port: strapi.server.httpServer.address().port });
  process.on('message', async (message) => {
    if (message === 'count-contacts') {
      process.send({ contacts: await strapi.db.query('api::contact.contact').count() });
    } else if (message && message.sync) {
      // A sync still held by a killed process is refused (409) until its lease expires: say so.
      const started = await strapi.plugin('extsource').service('sync').start(message.sync, 'cli').catch((error) => ({ refused: error.message }));
      if (started.refused) return process.send({ started: null, refused: started.refused });
      process.send({ started: started.run.run_id });
      process.send({ finished: await started.finished });
    } else if (message === 'clear-cache') {
      require(path.join(appDir, 'dist', 'src', 'lib', 'cache', 'index.js')).cache.clear();
      process.send({ cleared: true });
    } else if (message && message.deleteCacheKey) {
      require(path.join(appDir, 'dist', 'src', 'lib', 'cache', 'index.js')).cache.delete(message.deleteCacheKey);
      process.send({ deleted: true });
    } else if (message && message.holdDetail) {
      // A project's detail, read now as a visitor's request would start it in the background.
      const projects = strapi.plugin('extsource').service('projects');
      await projects.project(message.holdDetail);
      await projects.refreshDetail(message.holdDetail);
      process.send({ held: true });
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
