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
    } else if (message && message.invalidateTag) {
      require(path.join(appDir, 'dist', 'src', 'lib', 'cache', 'index.js')).cache.invalidate([message.invalidateTag]);
      process.send({ invalidated: true });
    } else if (message && message.countRows) {
      const { uid, where } = message.countRows;
      process.send({ counted: await strapi.db.query(uid).count({ where }).catch((error) => ({ error: error.message })) });
    } else if (message && message.rows) {
      process.send({ rows: await strapi.db.connection(message.rows.table).where(message.rows.where || {}).select('*') });
    } else if (message && message.addBuyer) {
      const role = await strapi.db.query('plugin::users-permissions.role').findOne({ where: { type: 'buyer' } });
      const { email } = message.addBuyer;
      const user = await strapi.plugin('users-permissions').service('user').add({
        username: email, email, password: 'Buyer-Passw0rd-long', provider: 'local', confirmed: true, blocked: false, role: role.id, marketing_consent: true, language: 'en',
      });
      process.send({ buyer: { id: user.id, auth: `Bearer ${await strapi.plugin('users-permissions').service('jwt').issue({ id: user.id })}` } });
    } else if (message && message.createDocument) {
      const { uid, status, data } = message.createDocument;
      const created = await strapi.documents(uid).create({ status, data }).then((document) => ({ documentId: document.documentId }), (error) => ({ error: error.message }));
      process.send({ created });
    } else if (message && message.savedSearch) {
      // A buyer's saved search as the account domain reads it, then matched as the alerts' matcher matches one.
      const { readSavedSearch } = require(path.join(appDir, 'dist', 'src', 'api', 'account', 'services', 'saved-searches.js'));
      const registry = require(path.join(appDir, 'dist', 'src', 'api', 'catalogues', 'services', 'registry.js'));
      const read = readSavedSearch(message.savedSearch, 'en', false);
      const entry = read.ok && registry.catalogueNamed(read.fields.catalogue);
      const items = entry && entry.alerts.loaded(strapi);
      const search = items && (await items.search(async () => undefined));
      process.send({ saved: { read, keyPrefix: entry && entry.alerts.keyPrefix, matching: search ? search.matching(read.fields.query, search.setOf()) : null } });
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
