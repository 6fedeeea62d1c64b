// One checkout's compiled app, started for a recording: production settings, a fresh SQLite file, the
// sample provider data and the demo content (SEED_DEMO), no provider or mail server reached, fixed
// secrets and URLs, so two starts of one build answer alike. Leaves nothing behind (its folder, the
// media it uploaded into the checkout's public/uploads).
'use strict';

const { fork } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { nodeEnvironment, nodeFlags } = require('../lib/node-flags');

const CHILD = path.join(__dirname, 'app-child.js');
const METRICS_TOKEN = 'corpus-metrics-token-0123456789';

/** Fixed secrets: tokens and ETags must not depend on a generated .env. */
const SECRETS = {
  APP_KEYS: 'Y29ycHVza2V5MQ==,Y29ycHVza2V5Mg==',
  ADMIN_JWT_SECRET: 'Y29ycHVzLWFkbWluLWp3dA==',
  API_TOKEN_SALT: 'Y29ycHVzLWFwaS1zYWx0',
  TRANSFER_TOKEN_SALT: 'Y29ycHVzLXRyYW5zZmVy',
  JWT_SECRET: 'Y29ycHVzLXVzZXJzLWp3dA==',
  ENCRYPTION_KEY: 'Y29ycHVzLWVuY3J5cHRpb24=',
  PREVIEW_SECRET: 'corpus-preview-secret',
  ALERTS_UNSUBSCRIBE_SECRET: 'corpus-unsubscribe-secret',
};

function environment(dir) {
  return {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? os.homedir(),
    TMPDIR: dir,
    ENV_PATH: path.join(dir, 'no-such-env-file'),
    // The instant the app's clock stands at, and the seed of its Math.random (steady-process.js).
    CORPUS_CLOCK: '2026-12-01T08:00:00.000Z',
    CORPUS_RANDOM_SEED: '67',
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: '0',
    PUBLIC_URL: 'http://cms.corpus.test',
    CLIENT_URL: 'https://www.corpus.test',
    LOG_LEVEL: 'warn',
    TZ: 'UTC',
    DATABASE_CLIENT: 'sqlite',
    DATABASE_FILENAME: path.join(dir, 'app.db'),
    SEED_DEMO: 'true',
    EXTSOURCE_LISTINGS_DRIVER: 'sample',
    EXTSOURCE_PROJECTS_DRIVER: 'sample',
    // No scheduled sync, retention or alert run in the middle of a recording.
    CRON_ENABLED: 'false',
    REDIS_URL: '',
    // Buyers sign in at once (no e-mail to confirm), and the recorder's few sign-ins stay under any limit.
    ACCOUNT_EMAIL_CONFIRMATION: 'false',
    ACCOUNT_RATE_LIMIT_IP_MAX: '0',
    ACCOUNT_RATE_LIMIT_EMAIL_MAX: '0',
    // The fast lane's share is read from the app's own metrics.
    METRICS_ENABLED: 'true',
    METRICS_TOKEN,
    ...SECRETS,
  };
}

/** The media files under `uploads` now, so that those a start adds can be removed. */
function uploadsBefore(uploads) {
  return new Set(fs.existsSync(uploads) ? fs.readdirSync(uploads) : []);
}

function removeAdded(uploads, before) {
  for (const name of fs.existsSync(uploads) ? fs.readdirSync(uploads) : []) {
    if (!before.has(name)) fs.rmSync(path.join(uploads, name), { recursive: true, force: true });
  }
}

/** The sample provider's data in a checkout (the plugin's default `sampleDataDir`). */
const SAMPLE_DATA = path.join('src', 'plugins', 'extsource', 'data');

/** Changes the sample listings with `edit` ({ sales, rentals } of Goyzer units, changed in place) and syncs them; resolves with the run's status. */
function syncListings(child, file, edit) {
  const data = JSON.parse(fs.readFileSync(file, 'utf8'));
  edit(data);
  fs.writeFileSync(file, JSON.stringify(data));
  return new Promise((resolve, reject) => {
    const onExit = (code) => reject(new Error(`the app exited with ${code} during the sync`));
    const onMessage = (message) => {
      if (!message || message.synced === undefined) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(message.synced);
    };
    child.on('message', onMessage);
    child.once('exit', onExit);
    child.send('sync-listings');
  });
}

/** Starts the compiled app of `appDir`; resolves with its port once it listens, and how to stop it. */
function startApp(appDir) {
  if (!fs.existsSync(path.join(appDir, 'dist', 'src', 'index.js'))) throw new Error(`${appDir} has no compiled app (dist/src/index.js): run node scripts/compile.js there first`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'answer-corpus-'));
  const uploads = path.join(appDir, 'public', 'uploads');
  const before = uploadsBefore(uploads);
  const cleanUp = () => {
    removeAdded(uploads, before);
    fs.rmSync(dir, { recursive: true, force: true });
  };
  const sampleDir = path.join(dir, 'sample-data');
  fs.cpSync(path.join(appDir, SAMPLE_DATA), sampleDir, { recursive: true });
  const child = fork(CHILD, [], {
    cwd: appDir,
    execArgv: nodeFlags(),
    env: nodeEnvironment({ ...environment(dir), CORPUS_APP_DIR: appDir, CORPUS_SAMPLE_DIR: sampleDir }),
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let listening = false;
  return new Promise((resolve, reject) => {
    exited.then((code) => {
      if (listening) return;
      cleanUp();
      reject(new Error(`the app exited with ${code} before listening:\n${output}`));
    });
    child.once('message', (message) => {
      listening = true;
      resolve({
        port: message.port,
        metricsToken: METRICS_TOKEN,
        output: () => output,
        syncListings: (edit) => syncListings(child, path.join(sampleDir, 'sample-listings.json'), edit),
        stop: async () => {
          if (child.connected) child.send('stop');
          await exited;
          cleanUp();
        },
      });
    });
  });
}

module.exports = { startApp };
