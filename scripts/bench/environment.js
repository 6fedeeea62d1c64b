// What every app the benchmark starts runs with, so that `npm run bench` works from a fresh clone and
// leaves nothing behind: throw-away secrets in its environment (a production start refuses to run
// without them; no .env is read or written), and one temporary folder for the whole run, removed when
// the bench exits, holding each app's SQLite file, uploads and temporary files. Strapi writes its
// update checker's .strapi-updater.json into the project at every start: removed too if it was not there.
'use strict';

const crypto = require('crypto');
const fs = require('fs');
const os = require('os');
const path = require('path');

const appDir = path.resolve(__dirname, '..', '..');

/** The secrets a production start checks for, each a fresh random value (the list is the app's own). */
function throwAwaySecrets() {
  const { REQUIRED_SECRETS } = require(path.join(appDir, 'dist', 'src', 'bootstrap', 'production-checks.js'));
  const random = () => crypto.randomBytes(24).toString('base64');
  return Object.fromEntries(REQUIRED_SECRETS.map(([variable]) => [variable, variable === 'APP_KEYS' ? `${random()},${random()}` : random()]));
}

/** Creates the run's folder (removed at exit, also after an error or Ctrl-C) and the apps' base environment. */
function benchEnvironment() {
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-run-'));
  const updater = path.join(appDir, '.strapi-updater.json');
  const keepUpdater = fs.existsSync(updater);
  process.once('exit', () => {
    fs.rmSync(runDir, { recursive: true, force: true });
    if (!keepUpdater) fs.rmSync(updater, { force: true });
  });
  process.once('SIGINT', () => process.exit(130));
  process.once('SIGTERM', () => process.exit(143));
  return {
    runDir,
    env: { ...throwAwaySecrets(), ENV_PATH: path.join(runDir, 'no-env-file'), TMPDIR: runDir },
  };
}

module.exports = { benchEnvironment };
