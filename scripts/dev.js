#!/usr/bin/env node
// `npm run dev`: `npm ci`, then `npm run develop`, on a supported Node. On any other Node it first re-runs
// itself on Node 22 from the npm registry (scripts/lib/supported-node.js), so that `npm ci` compiles
// better-sqlite3 for the Node that then runs it: its child processes find that Node first on PATH.
'use strict';

const { exitAs, passThrough, runOnSupportedNode } = require('./lib/supported-node');

async function main() {
  const extraArgs = process.argv.slice(2);
  for (const args of [['ci'], ['run', 'develop', ...(extraArgs.length ? ['--', ...extraArgs] : [])]]) {
    const ended = await passThrough('npm', args, process.env);
    if (ended.code !== 0) return exitAs(ended);
  }
}

// `npm ci` builds every addon for the Node that runs it: nothing to rebuild first.
runOnSupportedNode(__filename, () => main().catch((error) => {
  console.error(`npm run dev: ${error.message}`);
  process.exit(1);
}), { installs: true });
