/**
 * Fake provider servers on loopback that speak the providers' protocols, for the HTTP drivers:
 * Goyzer-style XML listings (AccessCode/GroupCode, PageIndex) and Reelly-style JSON projects
 * (X-API-Key, limit/offset, next). Each can be told to fail: slow answers, error statuses (with
 * Retry-After), malformed bodies, a page missing mid-way. They record what they were asked.
 */
import http from 'http';
import type { AddressInfo } from 'net';
import { XMLBuilder } from 'fast-xml-parser';

export type Unit = Record<string, unknown>;
export type Project = Record<string, unknown>;

export interface Fault {
  /** Answer this status (instead of the data) for the next `times` requests matching `path`. */
  status?: number;
  times?: number;
  retryAfter?: string;
  delayMs?: number;
  malformed?: boolean;
  /** Only requests whose path (and page, for Goyzer) match. */
  path?: string;
  page?: number;
}

interface Recorded {
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
}

function startServer(handler: (req: http.IncomingMessage, res: http.ServerResponse, url: URL) => void | Promise<void>) {
  const server = http.createServer((req, res) => {
    void handler(req, res, new URL(req.url ?? '/', 'http://127.0.0.1'));
  });
  return new Promise<{ url: string; close: () => Promise<void> }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () => new Promise<void>((done) => {
          server.closeAllConnections();
          server.close(() => done());
        }),
      });
    });
  });
}

/** Applies a matching fault; returns true when it answered the request. */
async function applyFaults(faults: Fault[], res: http.ServerResponse, path: string, page: number | undefined, malformedBody: string): Promise<boolean> {
  const fault = faults.find((candidate) => (candidate.path === undefined || candidate.path === path) && (candidate.page === undefined || candidate.page === page) && (candidate.times ?? 1) > 0);
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

export const GOYZER_CREDENTIALS = { accessCode: 'test-access-7f3a', groupCode: 'test-group-22' };

export async function startFakeGoyzer(options: { pageSize?: number } = {}) {
  const state = {
    sales: [] as Unit[],
    rentals: [] as Unit[],
    pageSize: options.pageSize ?? 100,
    faults: [] as Fault[],
    requests: [] as Recorded[],
  };
  const server = await startServer(async (req, res, url) => {
    const path = url.pathname.replace(/^\//, '');
    const page = Number(url.searchParams.get('PageIndex') ?? '1');
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
    res.end(`<?xml version="1.0" encoding="utf-8"?>${xml.build({ ArrayOfUnitDTO: slice.length ? { UnitDTO: slice.length === 1 ? slice[0] : slice } : '' })}`);
  });
  return { ...server, state, pagesRequested: (path: string) => state.requests.filter((request) => request.path === path).length };
}

export const REELLY_API_KEY = 'reelly-test-key-91b';

export async function startFakeReelly() {
  const state = {
    projects: [] as Project[],
    developers: [] as Record<string, unknown>[],
    faults: [] as Fault[],
    requests: [] as Recorded[],
  };
  const server = await startServer(async (req, res, url) => {
    const path = url.pathname;
    state.requests.push({ path, query: url.searchParams, headers: req.headers });
    if (await applyFaults(state.faults, res, path, undefined, '{"count": 3, "results": [')) return;
    if (req.headers['x-api-key'] !== REELLY_API_KEY) {
      res.writeHead(401, { 'Content-Type': 'application/json' });
      res.end('{"detail":"Invalid API key"}');
      return;
    }
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (path === '/projects') {
      const limit = Number(url.searchParams.get('limit') ?? '100');
      const offset = Number(url.searchParams.get('offset') ?? '0');
      const results = state.projects.slice(offset, offset + limit);
      const hasNext = offset + limit < state.projects.length;
      return send(200, { count: state.projects.length, next: hasNext ? `/projects?limit=${limit}&offset=${offset + limit}` : null, previous: null, results });
    }
    const detail = /^\/projects\/([^/]+)$/.exec(path);
    if (detail) {
      const project = state.projects.find((candidate) => String(candidate.id) === decodeURIComponent(detail[1]));
      return project ? send(200, project) : send(404, { detail: 'Not found.' });
    }
    if (path === '/developers') return send(200, { count: state.developers.length, next: null, previous: null, results: state.developers });
    send(404, { detail: 'Not found.' });
  });
  return { ...server, state };
}
