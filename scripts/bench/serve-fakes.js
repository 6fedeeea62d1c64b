#!/usr/bin/env node
// Benchmark child: the fake Goyzer and Reelly servers with generated data, in a process of their own,
// so their work (10,000 project details answered as fast as they are asked for) is not done by the load
// generator's process. The parent says how much data (BENCH_FAKES over the environment) and gets the URLs;
// `newProjects` more are generated but listed only once the parent says 'grow' (a refresh that brings them).
'use strict';

const { startFakeGoyzer, startFakeReelly } = require('../fakes/providers');
const { generate } = require('../generate-sample-data');

async function main() {
  const { listings, projects, newProjects = 0, imageBase } = JSON.parse(process.env.BENCH_FAKES || '{}');
  const goyzer = await startFakeGoyzer({ pageSize: 200 });
  goyzer.state.sales = generate({ projects: 0, sales: listings, rentals: 0, imageBase }).listings.sales;
  const reelly = await startFakeReelly();
  const data = generate({ projects: projects + newProjects, sales: 0, rentals: 0, imageBase }).projects;
  Object.assign(reelly.state, { projects: data.projects.slice(0, projects), projectsAr: data.projects_ar, developers: data.developers, maxLimit: 500 });
  process.send({ ready: true, goyzer: goyzer.url, reelly: reelly.url });
  const stop = async () => {
    await Promise.all([goyzer.close(), reelly.close()]);
    process.exit(0);
  };
  process.once('disconnect', stop);
  process.on('message', (message) => {
    if (message === 'stop') stop();
    if (message === 'grow') {
      reelly.state.projects = data.projects;
      process.send({ grown: data.projects.length });
    }
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
