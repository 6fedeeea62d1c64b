/**
 * The programs the `tools` tests need besides Node (scripts/lib/system-tools.js, decision 132): where one
 * is missing its tests are skipped and `npm test`'s summary says how to run them, except in CI (CI=true),
 * where they run and fail; `.ci/run` installs the packages it names.
 */
import { spawnSync } from 'child_process';
import fs from 'fs';
import os from 'os';
import path from 'path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mayRun, skippedHere } from '../../scripts/lib/system-tools';
import { createRunner } from '../../scripts/lib/test-runner';

const ROOT = path.resolve(__dirname, '../..');
const folders: string[] = [];

/** A folder holding executables of these names, and nothing else, for PATH. */
function pathWith(...names: string[]): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'system-tools-'));
  folders.push(dir);
  for (const name of names) fs.writeFileSync(path.join(dir, name), '#!/bin/sh\n', { mode: 0o755 });
  return dir;
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  for (const dir of folders.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('a program the tools tests need', () => {
  it('lets them run where it is, and says how to get it where it is not', () => {
    vi.stubEnv('CI', '');
    vi.stubEnv('PATH', pathWith('promtool', 'make'));
    expect(mayRun('promtool')).toBe(true);
    expect(mayRun('compiler')).toBe(false);
    expect(skippedHere()).toEqual([
      'the entry points rebuilding a native addon (tests/tools/entry-points.test.ts): no g++, python3 here; `apt-get install -y build-essential python3` (what .ci/run does), then npm test',
    ]);
  });

  it('is never skipped in CI: its tests run and fail', () => {
    vi.stubEnv('CI', 'true');
    vi.stubEnv('PATH', pathWith());
    expect(mayRun('promtool')).toBe(true);
    expect(mayRun('compiler')).toBe(true);
    expect(skippedHere()).toEqual([]);
  });

  it('names its Debian packages for .ci/run', () => {
    const result = spawnSync(process.execPath, [path.join(ROOT, 'scripts/lib/system-tools.js'), 'packages'], { encoding: 'utf8', env: { PATH: pathWith('promtool') } });
    expect(result.stdout.trim()).toBe('build-essential python3');
  });

  it('missing is named in npm test\'s summary, above the totals', () => {
    const printed: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((line: string) => printed.push(line));
    const runner = createRunner('Tests');
    runner.skipped(['the alert rules through promtool: no promtool here']);
    runner.summary();
    expect(printed.join('\n')).toBe('\nSkipped here:\n  the alert rules through promtool: no promtool here\n\nTests: 0 passed, 0 failed');
  });
});
