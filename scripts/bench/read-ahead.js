// `npm run bench -- sync`, its second half: the read-ahead of 10,000 off-plan project details from the
// fake Reelly over HTTP (no delay, no rate limit: the service's own cost), then a full re-read of
// the same, unchanged details (a daily sweep), which must write nothing.
'use strict';

const { REELLY_API_KEY, startFakeReelly } = require('../fakes/providers');
const { generate } = require('../generate-sample-data');

async function readAheadCase({ startChild, stopChild, ask, imageBase }) {
  const count = Number(process.env.BENCH_DETAIL_PROJECTS || 10000);
  const concurrency = process.env.BENCH_DETAIL_CONCURRENCY || '4';
  const reelly = await startFakeReelly();
  const data = generate({ projects: count, sales: 0, rentals: 0, imageBase }).projects;
  Object.assign(reelly.state, { projects: data.projects, projectsAr: data.projects_ar, developers: data.developers, maxLimit: 500 });
  const app = await startChild('serve-app.js', {
    EXTSOURCE_PROJECTS_DRIVER: 'reelly',
    REELLY_BASE_URL: reelly.url,
    REELLY_API_KEY,
    REELLY_PAGE_SIZE: '500',
    EXTSOURCE_DETAIL_RATE: '1000000',
    EXTSOURCE_DETAIL_CONCURRENCY: concurrency,
  });
  const detailRequests = () => reelly.state.requests.filter((request) => request.path.startsWith('/projects/')).length;
  const report = (label, result, requests) => {
    const { progress } = result;
    console.log(
      `${label}: ${(result.ms / 1000).toFixed(1)} s (collection ${(result.collectionMs / 1000).toFixed(1)} s, main thread CPU ${result.collectionCpuS?.toFixed(2) ?? '-'} s, ` +
        `${result.collectionTurns.count} turns over ${result.collectionTurns.over_ms} ms, the longest ${result.collectionTurns.longest_ms} ms), ` +
        `${progress.read} of ${progress.listed} details read, ` +
        `${progress.changed} stored, ${progress.unchanged} unchanged, ${progress.failed} failed; ${requests} provider detail requests; ` +
        `RSS ${result.rssBeforeMb} MB before, peak ${result.peakRssMb} MB; detail rows written: ${result.rowsWritten ? 'yes' : 'none'}`
    );
  };
  try {
    console.log(`read-ahead: ${count} Reelly projects, detail concurrency ${concurrency}, no rate limit, SQLite`);
    const first = await ask(app.child, { readAhead: { sweep: false, probe: true } }, 'readAhead');
    report('read-ahead first run', first, detailRequests());
    reelly.state.requests = [];
    const again = await ask(app.child, { readAhead: { sweep: true, probe: true } }, 'readAhead');
    report('read-ahead unchanged re-read', again, detailRequests());
  } finally {
    await stopChild(app);
    await reelly.close();
  }
}

module.exports = { readAheadCase };
