/**
 * The app's Node flags and environment (scripts/lib/node-flags.js, decisions 79 and 177): what Node 22
 * is given, and that an entry point started without them becomes the same process under them.
 */
import { spawnSync } from 'child_process';
import fs from 'fs';
import os from 'os';
import path from 'path';
import { describe, expect, it } from 'vitest';
import { nodeEnvironment, nodeFlags, nodeOptionsWithFlags } from '../../scripts/lib/node-flags';

const ROOT = path.resolve(__dirname, '../..');
const HELPER = path.join(ROOT, 'scripts/lib/node-flags.js');
const NODE_MAJOR = Number(process.versions.node.split('.')[0]);
const SYSTEM_NODE = '/usr/bin/node';
const SYSTEM_NODE_20 = fs.existsSync(SYSTEM_NODE) && spawnSync(SYSTEM_NODE, ['--version'], { encoding: 'utf8', env: {} }).stdout.startsWith('v20.');

describe('node flags', () => {
  it('ask Node 22 for AsyncContextFrame, and Node 24 (its default there, the flag refused) not; every Node for a heap that grows by half', () => {
    const accepted = new Set(['--experimental-async-context-frame']);
    expect(nodeFlags('22.23.3', accepted, 2)).toEqual(['--experimental-async-context-frame', '--heap-growing-percent=50']);
    expect(nodeFlags('24.1.0', accepted, 2)).toEqual(['--heap-growing-percent=50']);
  });

  it('collect on the main thread where the process has one core (concurrent collections would take it in long slices)', () => {
    expect(nodeFlags('24.1.0', new Set(), 1)).toEqual(['--heap-growing-percent=50', '--single-threaded-gc']);
    expect(nodeFlags('24.1.0', new Set(), 4)).not.toContain('--single-threaded-gc');
    const started = spawnSync(process.execPath, [...nodeFlags(undefined, undefined, 1), '-e', '1'], { encoding: 'utf8', env: {} });
    expect(started.stderr).toBe('');
  });

  it('are never one the Node refuses: no AsyncContextFrame on Node 20, which does not know the flag', () => {
    expect(nodeFlags('20.20.2', new Set(['--max-old-space-size']), 2)).toEqual(['--heap-growing-percent=50']);
  });

  it.skipIf(!SYSTEM_NODE_20)("are what the machine's Node 20 itself starts with, and none in its NODE_OPTIONS", () => {
    const script = `const flags = require(${JSON.stringify(HELPER)}); console.log(JSON.stringify([flags.nodeFlags(), flags.nodeOptionsWithFlags('')]))`;
    const result = spawnSync(SYSTEM_NODE, ['-e', script], { encoding: 'utf8', env: { PATH: process.env.PATH ?? '' } });
    expect(result.stderr).toBe('');
    expect(JSON.parse(result.stdout)).toEqual([['--heap-growing-percent=50'], '']);
    const started = spawnSync(SYSTEM_NODE, [...JSON.parse(result.stdout)[0], '-e', '1'], { encoding: 'utf8', env: {} });
    expect(started.status).toBe(0);
  });

  it('are added to NODE_OPTIONS once, beside what is there, but for V8 flags Node refuses there', () => {
    const once = nodeOptionsWithFlags('--max-old-space-size=4096');
    const allowed = nodeFlags().filter((flag) => !flag.startsWith('--heap-growing-percent') && flag !== '--single-threaded-gc');
    expect(once.split(' ')).toEqual(['--max-old-space-size=4096', ...allowed]);
    expect(nodeOptionsWithFlags(once)).toBe(once);
    const started = spawnSync(process.execPath, ['-e', '1'], { encoding: 'utf8', env: { PATH: process.env.PATH ?? '', NODE_OPTIONS: once } });
    expect(started.stderr).toBe('');
  });

  it('hold malloc to two arenas, unless the operator said otherwise', () => {
    expect(nodeEnvironment({ PATH: '/bin' })).toEqual({ PATH: '/bin', MALLOC_ARENA_MAX: '2' });
    expect(nodeEnvironment({ MALLOC_ARENA_MAX: '8' })).toEqual({ MALLOC_ARENA_MAX: '8' });
  });

  describe.skipIf(NODE_MAJOR >= 24)('relaunch an entry point', () => {
    /** Runs a throw-away entry point that relaunches itself: how many process images it took, what the last saw, its exit status. */
    function runEntry(args: string[], env: NodeJS.ProcessEnv, flags: string[] = []) {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'node-flags-'));
      const script = path.join(dir, 'entry.js');
      fs.writeFileSync(script, [
        `console.log('image');`,
        `const startedAs = process.env.STARTED_AS || String(process.pid);`,
        `process.env.STARTED_AS = startedAs;`,
        `require(${JSON.stringify(HELPER)}).relaunchWithNodeFlags(__filename);`,
        `console.log(JSON.stringify({ startedAs, pid: String(process.pid), execArgv: process.execArgv, args: process.argv.slice(2), arenas: process.env.MALLOC_ARENA_MAX }));`,
        `process.exit(7);`,
      ].join('\n'));
      try {
        // A relaunch that never sees what it set would replace itself for ever: the timeout makes that a failure.
        const result = spawnSync(process.execPath, [...flags, script, ...args], { encoding: 'utf8', env: { ...env, NODE_OPTIONS: '' }, timeout: 15_000 });
        const lines = result.stdout.trim().split('\n');
        return { status: result.status, images: lines.filter((line) => line === 'image').length, seen: lines.filter((line) => line !== 'image').map((line) => JSON.parse(line)) };
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    }
    const withoutArenas = () => Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'MALLOC_ARENA_MAX'));

    it('started without them, as the same process under them, with its arguments and exit status', () => {
      const { status, images, seen } = runEntry(['sales', '--verbose'], withoutArenas());
      expect(status).toBe(7);
      expect(images).toBe(2);
      expect(seen).toHaveLength(1);
      expect(seen[0].pid).toBe(seen[0].startedAs);
      expect(seen[0].execArgv).toEqual(nodeFlags());
      expect(seen[0].args).toEqual(['sales', '--verbose']);
      expect(seen[0].arenas).toBe('2');
    });

    it('started with the flags but not the environment, under both', () => {
      const { images, seen } = runEntry([], withoutArenas(), nodeFlags());
      expect(images).toBe(2);
      expect(seen[0].pid).toBe(seen[0].startedAs);
      expect(seen[0].execArgv).toEqual(nodeFlags());
      expect(seen[0].arenas).toBe('2');
    });

    it("started with both, not at all, the operator's own arenas kept", () => {
      const { images, seen } = runEntry([], { ...process.env, MALLOC_ARENA_MAX: '8' }, nodeFlags());
      expect(images).toBe(1);
      expect(seen[0].arenas).toBe('8');
    });
  });

  /** The flags and arenas each process image of `script` ran under (a preload reports them), the last the script's own. */
  function flagsRunUnder(script: string, args: string[]): Array<[string[], string | null]> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'node-flags-'));
    const preload = path.join(dir, 'report.js');
    fs.writeFileSync(preload, 'console.log("node-flags:" + JSON.stringify([process.execArgv.filter((flag) => flag.startsWith("--") && flag !== "--require"), process.env.MALLOC_ARENA_MAX]));');
    try {
      const env = { PATH: process.env.PATH ?? '', ENV_PATH: path.join(dir, 'no-env-file'), NODE_ENV: 'production' };
      const result = spawnSync(process.execPath, ['--require', preload, path.join(ROOT, script), ...args], { encoding: 'utf8', env, cwd: ROOT, timeout: 50_000 });
      return result.stdout.split('\n').filter((line) => line.startsWith('node-flags:')).map((line) => JSON.parse(line.slice('node-flags:'.length)));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }

  it.skipIf(NODE_MAJOR >= 24).each([
    ['npm start', 'scripts/start.js', []],
    ['the sync CLI', 'scripts/extsource-sync.js', ['no-such-type']],
  ])('and environment are what %s runs under, before it does anything else', (_name, script, args) => {
    const images = flagsRunUnder(script, args);
    expect(images.length).toBeGreaterThan(0);
    expect(images.at(-1)).toEqual([nodeFlags(), '2']);
    // npm start loads Strapi before its production checks refuse the start: seconds, more on a busy machine.
  }, 60_000);

  // Decision 179: the load generator's own collections were timed as the app's latency. Its flag is a
  // V8 flag every Node takes, so only a Node without execve (22.13, 22.14) cannot relaunch it.
  it.skipIf(!('execve' in process))("npm run bench runs under the load generator's flag, not the app's", () => {
    const images = flagsRunUnder('scripts/bench.js', ['no-such-case']);
    expect(images).toHaveLength(2);
    expect(images.at(-1)).toEqual([['--initial-old-space-size=128'], null]);
  }, 60_000);
});
