#!/usr/bin/env node
// `npm run generate:api-types`: writes types/api.d.ts, the website's TypeScript types of
// docs/openapi.yaml (openapi-typescript). With --check (a step of `npm test`) it writes nothing and fails
// when the committed file differs from what the document generates, so the types cannot drift from it.
'use strict';

const { spawnSync } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');

const root = path.resolve(__dirname, '..');
const DOCUMENT = 'docs/openapi.yaml';
const TYPES = 'types/api.d.ts';

/** Generates the types into `output`; openapi-typescript reads redocly.yaml from the root. */
function generate(output, stdout) {
  const bin = path.join(root, 'node_modules', '.bin', 'openapi-typescript');
  const result = spawnSync(bin, [DOCUMENT, '--output', output], { cwd: root, stdio: ['ignore', stdout, 'inherit'] });
  if (result.status !== 0) throw new Error(`openapi-typescript failed on ${DOCUMENT}`);
}

function check() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-types-'));
  try {
    const fresh = path.join(dir, 'api.d.ts');
    generate(fresh, 'ignore');
    const committed = path.join(root, TYPES);
    if (fs.existsSync(committed) && fs.readFileSync(fresh).equals(fs.readFileSync(committed))) {
      console.log(`${TYPES} is what ${DOCUMENT} generates`);
      return true;
    }
    console.error(`${TYPES} is not what ${DOCUMENT} generates: run \`npm run generate:api-types\` and commit ${TYPES}`);
    return false;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv.includes('--check')) {
  if (!check()) process.exitCode = 1;
} else {
  generate(path.join(root, TYPES), 'inherit');
}
