// The native addons of node_modules that are compiled against one Node's ABI (its NODE_MODULE_VERSION,
// not Node-API), and whether each loads on the Node running this process (decision 130). `npm ci` on
// another Node (a newcomer's Node 20) leaves them loadable there only. better-sqlite3 is the one among the
// dependencies: sharp, @swc/core and esbuild ship Node-API or standalone binaries that any Node loads.
// Plain Node, no dependency: it runs before anything from node_modules does.
'use strict';

const { spawnSync } = require('child_process');
const fs = require('fs');
const path = require('path');

const ABI_BOUND = [{ name: 'better-sqlite3', file: path.join('build', 'Release', 'better_sqlite3.node') }];

/**
 * Why `file` does not load on this Node (Node's words, in one line), or null when it does. Loaded in a
 * child process: a C++ addon that failed to load stays mapped in the process that tried (glibc keeps a
 * library with unique symbols, as better-sqlite3's are), and a second load there, after a rebuild, gets
 * that copy ("Module did not self-register").
 */
function loadFailure(file) {
  if (!fs.existsSync(file)) return 'it was never built';
  const result = spawnSync(process.execPath, ['-e', 'require(process.argv[1])', file], { encoding: 'utf8' });
  if (result.status === 0) return null;
  const error = result.stderr.replace(/^[\s\S]*?^\w*Error: /m, '');
  const versions = /NODE_MODULE_VERSION (\d+)[\s\S]*NODE_MODULE_VERSION (\d+)/.exec(error);
  if (versions) return `it was built for another Node (NODE_MODULE_VERSION ${versions[1]}; Node ${process.version} is ${versions[2]})`;
  return error.split('\n')[0].replace(/\.$/, '');
}

/**
 * The ABI-bound addons installed under `root`'s node_modules that this Node cannot load, each with why:
 * loading one is how Node itself decides, whatever built it. Nothing to load when none is installed.
 */
function unloadableAddons(root) {
  return ABI_BOUND
    .filter((addon) => fs.existsSync(path.join(root, 'node_modules', addon.name, 'package.json')))
    .map((addon) => ({ name: addon.name, why: loadFailure(path.join(root, 'node_modules', addon.name, addon.file)) }))
    .filter((addon) => addon.why !== null);
}

module.exports = { unloadableAddons };
