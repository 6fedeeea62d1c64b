// Shared by `npm test` and `npm run test:e2e`: run steps in order (stop at the first failure), run
// vitest with a JSON report beside the console one, and end with one plain line of totals.
'use strict';

const { spawnSync } = require('child_process');
const fs = require('fs');
const path = require('path');
const { nodeOptionsWithFlags } = require('./node-flags');

const root = path.resolve(__dirname, '..', '..');
const reports = path.join(root, '.tmp', 'test-reports');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

function createRunner(summaryLabel) {
  const totals = { passed: 0, failed: 0, skipped: 0 };

  function summary() {
    const skipped = totals.skipped ? `, ${totals.skipped} skipped` : '';
    console.log(`\n${summaryLabel}: ${totals.passed} passed, ${totals.failed} failed${skipped}`);
  }

  function run(label, command, args, env = {}) {
    console.log(`\n== ${label}`);
    const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
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
    // The Strapi the suites load in vitest's worker runs with the app's Node flags, as production does.
    const status = run(label, bin('vitest'), ['run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], { NODE_OPTIONS: nodeOptionsWithFlags(), ...env });
    if (fs.existsSync(report)) {
      const counts = JSON.parse(fs.readFileSync(report, 'utf8'));
      totals.passed += counts.numPassedTests;
      totals.failed += counts.numFailedTests;
      totals.skipped += counts.numPendingTests + counts.numTodoTests;
    }
    if (status !== 0) {
      console.error(`\n== ${label} failed`);
      summary();
      process.exit(status);
    }
  }

  return { root, bin, run, step, tests, summary };
}

module.exports = { createRunner };
