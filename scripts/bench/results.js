// bench/results.json: each case that keeps its figures writes its own part of it (the table its cases,
// `latency` its phases), so running one case leaves the others' last figures in place.
'use strict';

const fs = require('fs');
const path = require('path');

const FILE = path.join(__dirname, '..', '..', 'bench', 'results.json');

function readResults() {
  try {
    return JSON.parse(fs.readFileSync(FILE, 'utf8'));
  } catch {
    return {};
  }
}

/** Sets `parts` (top-level keys) in bench/results.json, keeping the rest; returns the file's path. */
function writeResults(parts) {
  fs.mkdirSync(path.dirname(FILE), { recursive: true });
  fs.writeFileSync(FILE, `${JSON.stringify({ ...readResults(), ...parts }, null, 2)}\n`);
  return FILE;
}

module.exports = { writeResults };
