// Fake provider servers on loopback that speak the providers' protocols, for the tests and the
// benchmarks: Goyzer-style XML listings (AccessCode/GroupCode, PageIndex) and Reelly-style JSON
// projects (X-API-Key, limit/offset, next). Each can be told to fail: slow answers, error statuses
// (with Retry-After), malformed bodies, a page missing mid-way. They record what they were asked.
'use strict';

const http = require('http');
const { XMLBuilder } = require('fast-xml-parser');

function startServer(handler) {
  const server = http.createServer((req, res) => {
    void handler(req, res, new URL(req.url || '/', 'http://127.0.0.1'));
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

/** Applies the first matching fault; resolves true when it answered the request. */
async function applyFaults(faults, res, path, page, malformedBody) {
  const fault = faults.find(
    (candidate) =>
      (candidate.path === undefined || candidate.path === path) &&
      (candidate.page === undefined || candidate.page === page) &&
      (candidate.times === undefined || candidate.times > 0)
  );
  if (!fault) return false;
  if (fault.times !== undefined) fault.times -= 1;
  if (fault.delayMs) await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
  if (res.destroyed) return true;
  if (fault.status) {
    res.writeHead(fault.status, fault.retryAfter ? { 'Retry-After': fault.retryAfter } : {});
    res.end('error');
    return true;
  }
  if (fault.malformed) {
    res.writeHead(200, { 'Content-Type': 'application/octet-stream' });
    res.end(malformedBody);
    return true;
  }
  return false;
}

const xml = new XMLBuilder({ ignoreAttributes: true, format: false, suppressEmptyNode: false });

const GOYZER_CREDENTIALS = { accessCode: 'test-access-7f3a', groupCode: 'test-group-22' };

async function startFakeGoyzer(options = {}) {
  const state = { sales: [], rentals: [], pageSize: options.pageSize || 100, faults: [], requests: [] };
  const server = await startServer(async (req, res, url) => {
    const path = url.pathname.replace(/^\//, '');
    const page = Number(url.searchParams.get('PageIndex') || '1');
    state.requests.push({ path, query: url.searchParams, headers: req.headers });
    if (await applyFaults(state.faults, res, path, page, '<ArrayOfUnitDTO><UnitDTO><RefNo>X</UnitDTO>')) return;
    if (url.searchParams.get('AccessCode') !== GOYZER_CREDENTIALS.accessCode || url.searchParams.get('GroupCode') !== GOYZER_CREDENTIALS.groupCode) {
      res.writeHead(401);
      res.end('invalid access code');
      return;
    }
    const units = path === 'SalesListings' ? state.sales : path === 'RentListings' ? state.rentals : undefined;
    if (!units) {
      res.writeHead(404);
      res.end();
      return;
    }
    const slice = units.slice((page - 1) * state.pageSize, page * state.pageSize);
    res.writeHead(200, { 'Content-Type': 'text/xml; charset=utf-8' });
    // A single unit is written as one element, as the real feed does; an empty page as an empty root.
    const root = slice.length ? { UnitDTO: slice.length === 1 ? slice[0] : slice } : '';
    res.end(`<?xml version="1.0" encoding="utf-8"?>${xml.build({ ArrayOfUnitDTO: root })}`);
  });
  const pagesRequested = (path) => state.requests.filter((request) => request.path === path).length;
  return { ...server, state, pagesRequested };
}

const REELLY_API_KEY = 'reelly-test-key-91b';

async function startFakeReelly() {
  const state = { projects: [], developers: [], faults: [], requests: [] };
  const server = await startServer(async (req, res, url) => {
    const path = url.pathname;
    state.requests.push({ path, query: url.searchParams, headers: req.headers });
    if (await applyFaults(state.faults, res, path, undefined, '{"count": 3, "results": [')) return;
    const send = (status, body) => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.headers['x-api-key'] !== REELLY_API_KEY) return send(401, { detail: 'Invalid API key' });
    if (path === '/projects') {
      const limit = Number(url.searchParams.get('limit') || '100');
      const offset = Number(url.searchParams.get('offset') || '0');
      const results = state.projects.slice(offset, offset + limit);
      const next = offset + limit < state.projects.length ? `/projects?limit=${limit}&offset=${offset + limit}` : null;
      return send(200, { count: state.projects.length, next, previous: null, results });
    }
    const detail = /^\/projects\/([^/]+)$/.exec(path);
    if (detail) {
      const project = state.projects.find((candidate) => String(candidate.id) === decodeURIComponent(detail[1]));
      return project ? send(200, project) : send(404, { detail: 'Not found.' });
    }
    if (path === '/developers') return send(200, { count: state.developers.length, next: null, previous: null, results: state.developers });
    return send(404, { detail: 'Not found.' });
  });
  return { ...server, state };
}

module.exports = { GOYZER_CREDENTIALS, REELLY_API_KEY, startFakeGoyzer, startFakeReelly };
