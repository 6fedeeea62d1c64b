/**
 * The totals line of `npm test`, `npm run test:e2e` and `npm run test:resilience` (scripts/lib/test-runner.js):
 * a test file that fails without a failed test in it (it did not load, or a beforeAll/afterAll failed)
 * counts as failed, where vitest's own counts call its tests skipped. The reports are shaped as vitest 4's
 * JSON reporter writes them (one file failing to import, one failing in beforeAll, one with a failed test).
 */
import path from 'path';
import { describe, expect, it } from 'vitest';
import { countReport, type VitestReport } from '../../scripts/lib/test-runner';

const ROOT = path.resolve(__dirname, '../..');
const file = (name: string, status: string, tests: string[], message = '') => ({
  name: path.join(ROOT, name),
  status,
  message,
  assertionResults: tests.map((testStatus) => ({ status: testStatus })),
});

describe('the test totals', () => {
  it('count a file that failed to load or in a hook as failed, and name every failed file', () => {
    const report: VitestReport = {
      numPassedTests: 3,
      numFailedTests: 1,
      numPendingTests: 3,
      numTodoTests: 0,
      testResults: [
        file('tests/integration/imports.test.ts', 'failed', [], "Cannot find module './missing' imported from tests/integration/imports.test.ts"),
        file('tests/integration/hooks.test.ts', 'failed', ['skipped', 'skipped'], 'database did not start\n    at beforeAll'),
        file('tests/integration/mixed.test.ts', 'failed', ['passed', 'failed', 'skipped']),
        file('tests/integration/fine.test.ts', 'passed', ['passed', 'passed']),
      ],
    };
    expect(countReport(report)).toEqual({
      passed: 3,
      failed: 3,
      skipped: 3,
      failedFiles: [
        "tests/integration/imports.test.ts: Cannot find module './missing' imported from tests/integration/imports.test.ts",
        'tests/integration/hooks.test.ts: database did not start',
        'tests/integration/mixed.test.ts: 1 failed test',
      ],
    });
  });

  it('are vitest\'s own when every file ran', () => {
    const report: VitestReport = {
      numPassedTests: 4,
      numFailedTests: 2,
      numPendingTests: 1,
      numTodoTests: 1,
      testResults: [
        file('tests/unit/a.test.ts', 'passed', ['passed', 'passed', 'skipped', 'todo']),
        file('tests/unit/b.test.ts', 'failed', ['passed', 'passed', 'failed', 'failed']),
      ],
    };
    expect(countReport(report)).toEqual({ passed: 4, failed: 2, skipped: 2, failedFiles: ['tests/unit/b.test.ts: 2 failed tests'] });
  });

  it('count a file whose afterAll failed after its tests passed as failed', () => {
    const report: VitestReport = {
      numPassedTests: 2,
      numFailedTests: 0,
      numPendingTests: 0,
      numTodoTests: 0,
      testResults: [file('tests/cluster/teardown.test.ts', 'failed', ['passed', 'passed'], 'haproxy did not stop')],
    };
    expect(countReport(report)).toMatchObject({ passed: 2, failed: 1, failedFiles: ['tests/cluster/teardown.test.ts: haproxy did not stop'] });
  });
});
