// The programs besides Node and npm that the `tools` tests drive, the Debian packages that bring them,
// and what a run does without them (decision 132): `npm test` must pass on a machine that has only Node
// and npm, so there those tests are skipped and its summary says how to run them; in CI (CI=true) they
// run, and fail, since `.ci/run` installs these packages (`node scripts/lib/system-tools.js packages`).
// Plain Node, no dependency: `.ci/run` reads it on whatever Node the machine has.
'use strict';

const fs = require('fs');
const path = require('path');

const TOOLS = {
  promtool: {
    programs: ['promtool'],
    packages: ['prometheus'],
    tests: 'the alert rules through promtool (tests/tools/alert-rules.test.ts)',
  },
  compiler: {
    programs: ['make', 'g++', 'python3'],
    packages: ['build-essential', 'python3'],
    tests: 'the entry points rebuilding a native addon (tests/tools/entry-points.test.ts)',
  },
};

/** The path of an executable on PATH (or in /usr/sbin, where Debian puts haproxy), or undefined. */
function findExecutable(name) {
  const dirs = [...(process.env.PATH || '').split(path.delimiter), '/usr/sbin', '/usr/local/sbin'];
  for (const dir of dirs) {
    const candidate = path.join(dir, name);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

const missingPrograms = (tool) => TOOLS[tool].programs.filter((program) => !findExecutable(program));

const inCI = () => process.env.CI === 'true';

/** Whether the tests of `tool` run here: where its programs are, and always in CI, where a missing one fails them. */
const mayRun = (tool) => inCI() || missingPrograms(tool).length === 0;

/** One line for each tool whose tests this machine skips: which tests, what is missing, how to run them. */
function skippedHere() {
  return Object.keys(TOOLS).filter((tool) => !mayRun(tool)).map((tool) => {
    const { packages, tests } = TOOLS[tool];
    return `${tests}: no ${missingPrograms(tool).join(', ')} here; \`apt-get install -y ${packages.join(' ')}\` (what .ci/run does), then npm test`;
  });
}

// `node scripts/lib/system-tools.js packages` (.ci/run): the Debian packages of the tools missing here.
if (require.main === module) {
  if (process.argv[2] !== 'packages') {
    console.error('usage: node scripts/lib/system-tools.js packages');
    process.exit(1);
  }
  const tools = Object.keys(TOOLS).filter((tool) => missingPrograms(tool).length > 0);
  console.log([...new Set(tools.flatMap((tool) => TOOLS[tool].packages))].join(' '));
}

module.exports = { findExecutable, mayRun, skippedHere };
