#!/usr/bin/env node
// `npm run cluster [-- N]`: N instances (default 2) of the built app on the ports after PORT, behind
// haproxy on PORT (default 1337), against the configured PostgreSQL and Redis: the production layout
// of docs/deploy.md on one machine, for trials. Needs haproxy and `npm run build` (`npm run compile`
// is enough for the API alone: the admin panel then does not load). Ctrl-C stops it all.
'use strict';

const { execFileSync } = require('child_process');
const fs = require('fs');
const path = require('path');
const { adminPanelBuilt, appDir, startHaproxy, startInstance } = require('./cluster/processes');
const { findExecutable } = require('./lib/system-tools');

// Strapi reads .env in each instance; this reads it too, only to check the settings before starting.
const dotenv = require(require.resolve('dotenv', { paths: [require.resolve('@strapi/strapi')] }));

function settings() {
  const file = path.join(appDir, '.env');
  return { ...(fs.existsSync(file) ? dotenv.parse(fs.readFileSync(file)) : {}), ...process.env };
}

function fail(message) {
  console.error(`cluster: ${message}`);
  process.exit(1);
}

async function main() {
  // A development .env with generated secrets, as `npm run dev` and `npm test` make it (none in production).
  execFileSync(process.execPath, [path.join(__dirname, 'setup-env.js')], { stdio: 'inherit' });
  const count = Number(process.argv[2] || 2);
  if (!Number.isInteger(count) || count < 1 || count > 16) fail('usage: npm run cluster -- [number of instances, 1 to 16]');
  const env = settings();
  if (env.DATABASE_CLIENT !== 'postgres') {
    fail('instances share one PostgreSQL database: set DATABASE_CLIENT=postgres and DATABASE_URL (SQLite is one process only)');
  }
  if (!findExecutable('haproxy')) fail('haproxy is not installed: `apt-get install -y haproxy` (Debian/Ubuntu; `brew install haproxy` on macOS)');
  if (!env.REDIS_URL) console.warn('cluster: REDIS_URL is not set: each instance counts contact rate limits on its own');
  if (!adminPanelBuilt()) console.warn('cluster: the admin panel is not built (`npm run build`): the instances serve the API only');

  const port = Number(env.PORT || 1337);
  const publicUrl = env.PUBLIC_URL || `http://localhost:${port}`;
  const names = Array.from({ length: count }, (_, index) => String.fromCharCode(97 + index));
  const instances = [];
  let proxy;
  let stopping = false;

  const stopAll = async () => {
    if (stopping) return;
    stopping = true;
    console.log('\ncluster: stopping');
    await proxy?.stop();
    await Promise.all(instances.map((instance) => instance.stop()));
    process.exit(0);
  };
  process.on('SIGINT', stopAll);
  process.on('SIGTERM', stopAll);

  // All at once, as an autoscaler would: they take turns for start-up work on the database.
  const results = await Promise.allSettled(
    names.map((name, index) =>
      startInstance({
        name,
        port: port + 1 + index,
        // haproxy is the one proxy in front: it appends the client address to X-Forwarded-For.
        env: { TRUST_PROXY: 'true', TRUST_PROXY_HOPS: '1', PUBLIC_URL: publicUrl },
        onLine: (line) => console.log(`[${name}] ${line}`),
      })
    )
  );
  instances.push(...results.filter((result) => result.status === 'fulfilled').map((result) => result.value));
  const failure = results.find((result) => result.status === 'rejected');
  if (failure) {
    await Promise.all(instances.map((instance) => instance.stop()));
    fail(failure.reason instanceof Error ? failure.reason.message : String(failure.reason));
  }
  for (const instance of instances) {
    instance.exited.then((status) => !stopping && console.error(`cluster: instance ${instance.name} exited (${status.code ?? status.signal}); haproxy routes around it`));
  }
  proxy = await startHaproxy({ port, backends: instances, showOutput: true });
  console.log(
    [
      '',
      `cluster: ${count} instance(s) behind haproxy`,
      `  load balancer: http://localhost:${port}   (PUBLIC_URL ${publicUrl})`,
      ...instances.map((instance) => `  instance ${instance.name}:   ${instance.url}`),
      '  Ctrl-C stops everything.',
      '',
    ].join('\n')
  );
}

main().catch((error) => fail(error instanceof Error ? error.message : String(error)));
