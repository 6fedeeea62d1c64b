// The native addons of node_modules that are compiled against one Node's ABI (its NODE_MODULE_VERSION,
// not Node-API), and whether each loads on the Node running this process (decision 130). `npm ci` on
// another Node (a newcomer's Node 20) leaves them loadable there only. better-sqlite3 is the one among the
// dependencies: sharp, @swc/core and esbuild ship Node-API or standalone binaries that any Node loads.
// Plain Node, no dependency: it runs before anything from node_modules does.
'use strict';

const fs = require('fs');
const path = require('path');

const ABI_BOUND = [{ name: 'better-sqlite3', file: path.join('build', 'Release', 'better_sqlite3.node') }];

/** Why `file` does not load here (Node's words, in one line), or null when it does. */
function loadFailure(file) {
  if (!fs.existsSync(file)) return 'it was never built';
  try {
    require(file);
    return null;
  } catch (error) {
    const versions = /NODE_MODULE_VERSION (\d+)[\s\S]*NODE_MODULE_VERSION (\d+)/.exec(error.message);
    if (versions) return `it was built for another Node (NODE_MODULE_VERSION ${versions[1]}; Node ${process.version} is ${versions[2]})`;
    return error.message.split('\n')[0];
  }
}

/**
 * The ABI-bound addons installed under `root`'s node_modules that this Node cannot load, each with why.
 * Loading one in this process is how Node itself decides, and costs a few milliseconds when it loads.
 */
function unloadableAddons(root) {
  return ABI_BOUND
    .filter((addon) => fs.existsSync(path.join(root, 'node_modules', addon.name, 'package.json')))
    .map((addon) => ({ name: addon.name, why: loadFailure(path.join(root, 'node_modules', addon.name, addon.file)) }))
    .filter((addon) => addon.why !== null);
}

module.exports = { unloadableAddons };
