#!/usr/bin/env node
// `npm run corpus -- record --app <checkout> --out <file>`: starts that checkout's compiled app (its dist/)
// on a fresh SQLite file with the sample provider data and the demo content, asks it a fixed, seeded
// sequence of public requests (scripts/corpus/requests.js: both catalogues' v1 routes and the routes that
// show them, both languages, both lanes, 304s, signed-in buyers) and writes every answer to <file>
// (gzipped JSON when it ends in .gz). `npm run corpus -- compare <fileA> <fileB>`: the number of requests
// and of answers that differ, and the first few differences; exits 1 when any does. Options of record:
// --seed N (67), --random N (random requests, each asked three times; 800).
'use strict';

const { execFileSync } = require('child_process');
const http = require('http');
const path = require('path');
const { startApp } = require('./corpus/app');
const { askAll } = require('./corpus/requests');
const { recorder, write, read } = require('./corpus/recording');
const { compare } = require('./corpus/compare');

const SHOWN_DIFFERENCES = 10;

function options(args) {
  const named = {};
  const positional = [];
  for (let i = 0; i < args.length; i += 1) {
    if (args[i].startsWith('--')) named[args[i].slice(2)] = args[(i += 1)];
    else positional.push(args[i]);
  }
  return { named, positional };
}

/** The checkout's commit, marked when its tracked files have changes of their own. */
function commitOf(dir) {
  const git = (...args) => execFileSync('git', ['-C', dir, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  try {
    return `${git('rev-parse', 'HEAD')}${git('status', '--porcelain', '--untracked-files=no') ? ' with local changes' : ''}`;
  } catch {
    return null;
  }
}

/** The app's count of answers its fast lane gave (its own metrics). */
function fastLaneAnswers(port, token) {
  return new Promise((resolve, reject) => {
    http.get({ host: '127.0.0.1', port, path: '/metrics', headers: { Authorization: `Bearer ${token}` } }, (res) => {
      let text = '';
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve([...text.matchAll(/^http_requests_total\{[^}]*lane="fast"[^}]*\} (\d+)$/gm)].reduce((sum, match) => sum + Number(match[1]), 0)));
    }).on('error', reject);
  });
}

async function record({ app, out, seed = '67', random = '800' }) {
  if (!app || !out) throw new Error('usage: record --app <checkout dir> --out <file> [--seed N] [--random N]');
  const appDir = path.resolve(app);
  const started = Date.now();
  const running = await startApp(appDir);
  const startedIn = Date.now() - started;
  try {
    const { ask, peek, requests, bodies } = recorder(running.port);
    const before = await fastLaneAnswers(running.port, running.metricsToken);
    const asking = Date.now();
    await askAll(ask, peek, running, { seed: Number(seed), randomRequests: Number(random) });
    const askedIn = Date.now() - asking;
    const onLane = (await fastLaneAnswers(running.port, running.metricsToken)) - before;
    const figures = { requests: requests.length, fast_lane_answers: onLane, start_ms: startedIn, requests_ms: askedIn, statuses: tally(requests.map((entry) => entry.status)) };
    write(out, { app: appDir, commit: commitOf(appDir), seed: Number(seed), figures, requests, bodies });
    console.log(JSON.stringify(figures));
  } catch (error) {
    console.error(running.output());
    throw error;
  } finally {
    await running.stop();
  }
}

function tally(values) {
  const counts = {};
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
  return counts;
}

function compareFiles([fileA, fileB]) {
  if (!fileA || !fileB) throw new Error('usage: compare <fileA> <fileB>');
  const [a, b] = [read(fileA), read(fileB)];
  const { requests, differences } = compare(a, b);
  console.log(`A: ${fileA} (${a.commit ?? a.app}), B: ${fileB} (${b.commit ?? b.app})`);
  console.log(`${requests} requests, ${differences.length} differences`);
  const byPath = tally(differences.map(({ n }) => (a.requests[n] ?? b.requests[n]).url.split('?')[0]));
  for (const [route, count] of Object.entries(byPath).sort(([, x], [, y]) => y - x).slice(0, SHOWN_DIFFERENCES)) console.log(`  ${count}\t${route}`);
  for (const { n, url, lines } of differences.slice(0, SHOWN_DIFFERENCES)) console.log(`\n#${n} ${url}\n    ${lines.join('\n    ')}`);
  if (differences.length > SHOWN_DIFFERENCES) console.log(`\n... and ${differences.length - SHOWN_DIFFERENCES} more`);
  return differences.length === 0;
}

async function main() {
  const [command, ...rest] = process.argv.slice(2);
  const { named, positional } = options(rest);
  if (command === 'record') return record(named);
  if (command === 'compare') {
    if (!compareFiles(positional)) process.exitCode = 1;
    return;
  }
  throw new Error('usage: answer-corpus record --app <checkout dir> --out <file> | compare <fileA> <fileB>');
}

main().catch((error) => {
  console.error(error.message);
  process.exit(2);
});
