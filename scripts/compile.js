#!/usr/bin/env node
// Compiles the app's TypeScript (config/, src/, schema JSON) into dist/, as Strapi loads it, and the
// extsource plugin's server into its own dist/ (build-plugin.js). Stale compiled code is removed first;
// the built admin panel (dist/build) is kept.
'use strict';

const { execFileSync } = require('child_process');
const fs = require('fs');
const path = require('path');

const root = path.resolve(__dirname, '..');
const dist = path.join(root, 'dist');
for (const entry of fs.existsSync(dist) ? fs.readdirSync(dist) : []) {
  if (entry !== 'build') fs.rmSync(path.join(dist, entry), { recursive: true, force: true });
}
execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', path.join(root, 'tsconfig.json')], {
  cwd: root,
  stdio: 'inherit',
});
execFileSync(process.execPath, [path.join(__dirname, 'build-plugin.js')], { cwd: root, stdio: 'inherit' });
