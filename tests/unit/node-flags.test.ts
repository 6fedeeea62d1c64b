/**
 * The app's Node flags (scripts/lib/node-flags.js, decision 79): what Node 22 is given, and that an
 * entry point started without them becomes the same process under them.
 */
import { spawnSync } from 'child_process';
import fs from 'fs';
import os from 'os';
import path from 'path';
import { describe, expect, it } from 'vitest';
import { nodeFlags, nodeOptionsWithFlags } from '../../scripts/lib/node-flags';

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

  it.skipIf(NODE_MAJOR >= 24)('relaunch an entry point started without them as the same process, with its arguments and exit status', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'node-flags-'));
    const script = path.join(dir, 'entry.js');
    fs.writeFileSync(script, [
      `const startedAs = process.env.STARTED_AS || String(process.pid);`,
      `process.env.STARTED_AS = startedAs;`,
      `require(${JSON.stringify(HELPER)}).relaunchWithNodeFlags(__filename);`,
      `console.log(JSON.stringify({ startedAs, pid: String(process.pid), execArgv: process.execArgv, args: process.argv.slice(2) }));`,
      `process.exit(7);`,
    ].join('\n'));
    try {
      const result = spawnSync(process.execPath, [script, 'sales', '--verbose'], { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } });
      expect(result.status).toBe(7);
      const lines = result.stdout.trim().split('\n');
      expect(lines).toHaveLength(1);
      const seen = JSON.parse(lines[0]);
      expect(seen.pid).toBe(seen.startedAs);
      expect(seen.execArgv).toEqual(nodeFlags());
      expect(seen.args).toEqual(['sales', '--verbose']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it.skipIf(NODE_MAJOR >= 24).each([
    ['npm start', 'scripts/start.js', []],
    ['the sync CLI', 'scripts/extsource-sync.js', ['no-such-type']],
  ])('are what %s runs under, before it does anything else', (_name, script, args) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'node-flags-'));
    const preload = path.join(dir, 'report.js');
    // Loaded by each process image before the script: the last line is the flags the script ran under.
    fs.writeFileSync(preload, 'console.log("node-flags:" + JSON.stringify(process.execArgv.filter((flag) => flag.startsWith("--") && flag !== "--require")));');
    try {
      const env = { PATH: process.env.PATH ?? '', ENV_PATH: path.join(dir, 'no-env-file'), NODE_ENV: 'production' };
      const result = spawnSync(process.execPath, ['--require', preload, path.join(ROOT, script), ...args], { encoding: 'utf8', env, cwd: ROOT });
      const reports = result.stdout.split('\n').filter((line) => line.startsWith('node-flags:'));
      expect(reports.length).toBeGreaterThan(0);
      expect(JSON.parse(reports.at(-1)!.slice('node-flags:'.length))).toEqual(nodeFlags());
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    // npm start loads Strapi before its production checks refuse the start: seconds, more on a busy machine.
  }, 60_000);
});
