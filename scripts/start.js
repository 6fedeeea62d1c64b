#!/usr/bin/env node
// `npm start`: starts the built app as `strapi start` does, in production unless NODE_ENV names another
// environment, so a start that forgets NODE_ENV gets production's checks (secrets, no demo content, no
// generated admin) rather than development's defaults.
'use strict';

// A production command: on a Node the project does not support it stops saying what to install.
require('./lib/supported-node').requireSupportedNode();
require('./lib/node-flags').relaunchWithNodeFlags(__filename);

const fs = require('fs');
const path = require('path');

process.env.NODE_ENV = process.env.NODE_ENV || 'production';

const appDir = path.resolve(__dirname, '..');
const distDir = path.join(appDir, 'dist');
if (!fs.existsSync(path.join(distDir, 'src', 'index.js'))) {
  console.error('The app is not built: run `npm run build` first.');
  process.exit(1);
}
require('@strapi/strapi').createStrapi({ appDir, distDir }).start();
