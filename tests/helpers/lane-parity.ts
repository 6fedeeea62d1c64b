/**
 * The fast lane against the full path of one running app (decision 81): random query strings (encoded
 * keys, bracket forms, repeats, `status`, `locale`, filters) on every v1 route the lane serves, sent to
 * the app's server (the lane in front) and to the same Strapi app without it (its Koa callback on a
 * server of its own), compared by status, body and headers, with or without an Authorization header
 * (signed-in buyers' tokens, tokens that name no buyer). Used by the integration tests and the red-team
 * probe (more runs).
 */
import http, { type IncomingHttpHeaders } from 'http';
import type { AddressInfo } from 'net';
import fc from 'fast-check';
import { expect } from 'vitest';
import type { Core } from '@strapi/strapi';
import { fastLaneAnswersAt } from './lane-count';

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

export function get(port: number, target: string, authorization?: string): Promise<Answer> {
  const headers = { 'Accept-Encoding': 'identity', ...(authorization === undefined ? {} : { Authorization: authorization }) };
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: target, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
  });
}

/** Headers that differ per response whichever path answers. */
const stable = ({ date: _d, 'x-request-id': _r, connection: _c, 'keep-alive': _k, ...rest }: IncomingHttpHeaders) => rest;

/** A key as a client may spell it: plainly, with a letter percent-encoded, or in a bracket form. */
const spelledKey = fc
  .tuple(
    fc.constantFrom('locale', 'status', 'page', 'per_page', 'currency', 'sort', 'search', 'state_id', 'bedrooms', 'preview', 'bbox', 'zoom', 'near', 'other'),
    fc.constantFrom('plain', 'encoded-first', 'encoded-last', 'brackets', 'index', 'object', 'operator')
  )
  .map(([key, form]) => {
    const encode = (char: string) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`;
    switch (form) {
      case 'encoded-first': return `${encode(key[0])}${key.slice(1)}`;
      case 'encoded-last': return `${key.slice(0, -1)}${encode(key.at(-1)!)}`;
      case 'brackets': return `${key}[]`;
      case 'index': return `${key}[0]`;
      case 'object': return `${key}[x]`;
      case 'operator': return `${key}[$ne]`;
      default: return key;
    }
  });

const value = fc.constantFrom(
  'ar', 'en', 'AR', 'fr', '', 'draft', 'published', '1', '2', '50', 'AED', 'USD', 'price_asc', 'DU', '%D8%AF', '%FF', 'a+b', '%20ar',
  '12', '54.9,24.8,55.6,25.4', '25.08,55.14', 'distance'
);
const pair = fc.tuple(spelledKey, fc.option(value, { nil: undefined })).map(([key, text]) => (text === undefined ? key : `${key}=${text}`));
const queryString = fc.array(pair, { minLength: 1, maxLength: 4 }).map((pairs) => pairs.join('&'));

/** `route` with `query` added to the query string it may have. */
const withQuery = (route: string, query: string) => (query === '' ? route : `${route}${route.includes('?') ? '&' : '?'}${query}`);

export interface ParityFigures {
  requests: number;
  answered_by_lane: number;
  routes: number;
}

/** `text` with its digits in Arabic-Indic (U+0660-0669). */
const arabicIndic = (text: string) => text.replace(/\d/g, (digit) => String.fromCharCode(0x660 + Number(digit)));

/** Every v1 route the lane serves (a project by a real id, by its slug, by other spellings of both (decision 191) and an unknown one; a developer, real and unknown; listings of each purpose, their filters, a listing by slug and reference, other spellings of them, and an unknown one; the search box; composed pages, known, in a currency, a bad one and unknown; the sitemap's index and parts, an unknown part; robots.txt), warmed on the lane for each reader. */
async function laneRoutes(lanePort: number, authorizations: ReadonlyArray<string | undefined>): Promise<string[]> {
  const listing = JSON.parse((await get(lanePort, '/api/v1/off-plan/projects?per_page=2')).body) as {
    data: { properties: { data: Array<{ id: string | number; slug: string; developer: { slug: string } }> } };
  };
  const [project] = listing.data.properties.data;
  const homes = JSON.parse((await get(lanePort, '/api/v1/properties?purpose=sale&per_page=1')).body) as { data: { listings: { data: Array<{ slug: string; reference: string }> } } };
  const [home] = homes.data.listings.data;
  const routes = [
    '/api/v1/luxury', '/api/v1/contact-us-page', '/api/v1/off-plan', '/api/v1/off-plan/projects', '/api/v1/off-plan/projects/filters',
    `/api/v1/off-plan/projects/${project.id}`, `/api/v1/off-plan/projects/${project.slug}`, '/api/v1/off-plan/projects/no-such-project',
    `/api/v1/off-plan/projects/${project.slug.toUpperCase()}`, `/api/v1/off-plan/projects/${encodeURIComponent(arabicIndic(String(project.id)))}`, `/api/v1/off-plan/projects/0${project.id}`,
    '/api/v1/off-plan/projects/map?bbox=51,22,56.5,26.5&zoom=7',
    `/api/v1/off-plan/developers/${project.developer.slug}`, '/api/v1/off-plan/developers/no-such-developer',
    '/api/v1/properties?purpose=sale', '/api/v1/properties?purpose=rent&sort=price_asc', '/api/v1/properties/filters?purpose=rent',
    '/api/v1/properties?purpose=rent&near=25.08,55.14&sort=distance', '/api/v1/properties/map?purpose=sale&bbox=51,22,56.5,26.5&zoom=7',
    `/api/v1/properties/${home.slug}`, `/api/v1/properties/${home.reference}`, '/api/v1/properties/no-such-home',
    `/api/v1/properties/${home.slug.toUpperCase()}`, `/api/v1/properties/${home.reference.toLowerCase()}`,
    '/api/v1/search/suggest?q=marina', '/api/v1/search/suggest?q=Downtwon&limit=3', `/api/v1/search/suggest?q=${encodeURIComponent('مرسى دبي')}`, '/api/v1/search/suggest',
    '/api/v1/pages/dubai-marina', '/api/v1/pages/beachfront-launches?currency=USD', '/api/v1/pages/beachfront-launches?currency=EUR', '/api/v1/pages/no-such-page',
    '/api/v1/sitemap.xml', '/api/v1/sitemaps/pages-1.xml', '/api/v1/sitemaps/projects-1.xml', '/api/v1/sitemaps/no-such-part.xml', '/api/v1/robots.txt',
  ];
  // Each route once per language, twice: the full path teaches the lane its headers.
  for (const authorization of authorizations) {
    for (const route of routes) for (const query of ['', 'locale=ar', '', 'locale=ar']) await get(lanePort, withQuery(route, query), authorization);
  }
  return routes;
}

/**
 * Sends `runs` random requests to both paths and fails on the first that answers otherwise; each
 * carries one of `authorizations` (undefined: none) as its Authorization header.
 */
export async function assertLaneParity(strapi: Core.Strapi, runs: number, seed?: number, authorizations: ReadonlyArray<string | undefined> = [undefined]): Promise<ParityFigures> {
  const lanePort = (strapi.server.httpServer.address() as AddressInfo).port;
  const fullPath = http.createServer(strapi.server.app.callback());
  await new Promise<void>((resolve) => fullPath.listen(0, '127.0.0.1', resolve));
  const fullPort = (fullPath.address() as AddressInfo).port;
  try {
    const routes = await laneRoutes(lanePort, authorizations);
    const before = await fastLaneAnswersAt(lanePort);
    let requests = 0;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), queryString, fc.constantFrom(...authorizations), async (route, query, authorization) => {
        const target = withQuery(route, query);
        const lane = await get(lanePort, target, authorization);
        const full = await get(fullPort, target, authorization);
        requests += 1;
        expect({ status: lane.status, body: lane.body, headers: stable(lane.headers) }, `${target} ${authorization ?? ''}`).toEqual({
          status: full.status,
          body: full.body,
          headers: stable(full.headers),
        });
      }),
      { numRuns: runs, seed }
    );
    return { requests, answered_by_lane: (await fastLaneAnswersAt(lanePort)) - before, routes: routes.length };
  } finally {
    await new Promise<void>((resolve) => fullPath.close(() => resolve()));
  }
}
