#!/usr/bin/env node
// The unit test of the fast lane's reliance on node:http's internals (src/lib/discarded-body.ts; docs/architecture.md,
// "Framework internals"), on whatever Node runs this: .ci/run runs it on Node 24, as engines allow, beside
// the whole suite on Node 22. Ends with the runner's closing line; exits non-zero when it fails.
'use strict';

const path = require('path');
const { spawnSync } = require('child_process');

const root = path.resolve(__dirname, '..');
const CHECKED = ['tests/unit/fast-lane.test.ts'];

console.log(`\n== node:http internals on Node ${process.version} (${CHECKED.join(', ')})`);
const vitest = path.join(root, 'node_modules', 'vitest', 'vitest.mjs');
const { status } = spawnSync(process.execPath, [vitest, 'run', '--project', 'unit', ...CHECKED], { cwd: root, stdio: 'inherit' });
process.exit(status === null ? 1 : status);
