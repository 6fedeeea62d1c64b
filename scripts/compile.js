#!/usr/bin/env node
// Compiles the app's TypeScript (config/, src/, schema JSON) into a clean dist/, as Strapi loads it.
'use strict';

const { execFileSync } = require('child_process');
const fs = require('fs');
const path = require('path');

const root = path.resolve(__dirname, '..');
fs.rmSync(path.join(root, 'dist'), { recursive: true, force: true });
execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', path.join(root, 'tsconfig.json')], {
  cwd: root,
  stdio: 'inherit',
});
