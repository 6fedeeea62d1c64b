// Shared by `npm test`, `npm run test:e2e` and `npm run test:resilience`: run steps in order (stop at the
// first failure), run vitest with a JSON report beside the console one, and end with one plain line of
// totals, below the tests skipped on this machine and the test files that failed.
'use strict';

const { spawnSync } = require('child_process');
const fs = require('fs');
const path = require('path');
const { nodeEnvironment, nodeOptionsWithFlags } = require('./node-flags');

const root = path.resolve(__dirname, '..', '..');
const reports = path.join(root, '.tmp', 'test-reports');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

const firstLine = (text) => (text || '').trim().split('\n')[0];

/**
 * The counts of one vitest JSON report. vitest counts the tests of a file that failed to load, or whose
 * beforeAll or afterAll failed, as skipped (or none): each such file counts as one failed test here, so
 * the totals cannot read "0 failed" over a broken suite. `failedFiles` names every failed file and why.
 */
function countReport(report) {
  const counts = { passed: report.numPassedTests, failed: report.numFailedTests, skipped: report.numPendingTests + report.numTodoTests, failedFiles: [] };
  for (const file of report.testResults) {
    if (file.status !== 'failed') continue;
    const failedTests = file.assertionResults.filter((test) => test.status === 'failed').length;
    if (failedTests === 0) counts.failed += 1;
    const why = failedTests ? `${failedTests} failed test${failedTests === 1 ? '' : 's'}` : firstLine(file.message) || 'failed';
    counts.failedFiles.push(`${path.relative(root, file.name)}: ${why}`);
  }
  return counts;
}

function createRunner(summaryLabel) {
  const totals = { passed: 0, failed: 0, skipped: 0, failedFiles: [] };
  const skippedParts = [];

  function summary() {
    if (skippedParts.length) console.log(`\nSkipped here:\n${skippedParts.map((line) => `  ${line}`).join('\n')}`);
    if (totals.failedFiles.length) console.log(`\nFailed:\n${totals.failedFiles.map((line) => `  ${line}`).join('\n')}`);
    const skipped = totals.skipped ? `, ${totals.skipped} skipped` : '';
    console.log(`\n${summaryLabel}: ${totals.passed} passed, ${totals.failed} failed${skipped}`);
  }

  function run(label, command, args, env = {}) {
    console.log(`\n== ${label}`);
    const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: nodeEnvironment({ ...process.env, ...env }) });
    return result.status ?? 1;
  }

  function step(label, command, args, env) {
    if (run(label, command, args, env) !== 0) {
      console.error(`\n== ${label} failed`);
      process.exit(1);
    }
  }

  /** Runs vitest and adds its counts to the totals; a failure ends the run with the summary. */
  function tests(label, args, env) {
    fs.mkdirSync(reports, { recursive: true });
    const report = path.join(reports, `${label.replace(/\W+/g, '-')}.json`);
    fs.rmSync(report, { force: true });
    // The Strapi the suites load in vitest's worker runs with the app's Node flags and environment, as production does.
    const status = run(label, bin('vitest'), ['run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], { NODE_OPTIONS: nodeOptionsWithFlags(), ...env });
    if (fs.existsSync(report)) {
      const counts = countReport(JSON.parse(fs.readFileSync(report, 'utf8')));
      totals.passed += counts.passed;
      totals.failed += counts.failed;
      totals.skipped += counts.skipped;
      totals.failedFiles.push(...counts.failedFiles);
    } else if (status !== 0) {
      // vitest ended before it wrote a report (its configuration, or Node refusing to start it).
      totals.failed += 1;
      totals.failedFiles.push(`${label}: vitest exited with ${status} before reporting`);
    }
    if (status !== 0) {
      console.error(`\n== ${label} failed`);
      summary();
      process.exit(status);
    }
  }

  /** Names, above the totals, tests this run skipped and how to run them. */
  function skipped(lines) {
    skippedParts.push(...lines);
  }

  return { root, bin, run, step, tests, skipped, summary };
}

module.exports = { countReport, createRunner };
