/**
 * The shipped Prometheus alert rules (deploy/prometheus/alerts.yml) pass `promtool check rules`, and each
 * alert fires on the figures it is for, and only then, in `promtool test rules` (alerts.test.yml).
 * Debian's promtool (`apt-get install -y prometheus`): the `tools` project, so the unit tests need no Debian
 * binary; skipped where promtool is missing, except in CI (scripts/lib/system-tools.js).
 */
import { execFileSync } from 'child_process';
import path from 'path';
import { describe, expect, it } from 'vitest';
import { findExecutable, mayRun } from '../../scripts/lib/system-tools';

const dir = path.resolve(__dirname, '..', '..', 'deploy', 'prometheus');

function promtool(...args: string[]): string {
  const binary = findExecutable('promtool');
  if (!binary) throw new Error('promtool is not installed: `apt-get install -y prometheus`');
  try {
    return execFileSync(binary, args, { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string };
    throw new Error(`promtool ${args.join(' ')} failed:\n${failed.stdout ?? ''}${failed.stderr ?? ''}`);
  }
}

describe.skipIf(!mayRun('promtool'))('the alert rules', () => {
  it('are valid rules', () => {
    expect(promtool('check', 'rules', 'alerts.yml')).toMatch(/SUCCESS: 9 rules found/);
  });

  it('fire on what each is for, and stay quiet otherwise', () => {
    expect(promtool('test', 'rules', 'alerts.test.yml')).toMatch(/SUCCESS/);
  });
});
