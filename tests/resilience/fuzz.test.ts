/**
 * Property-based fuzzing (fast-check) of every public endpoint's query and body, and of the contract
 * paths' spellings and methods, on the running app (SQLite, then PostgreSQL). For every input: never a
 * 5xx, always the envelope, nothing internal leaked (stack, SQL, paths, driver names), and for the contact
 * form exactly one complete row per 201 and none otherwise. RESILIENCE_FUZZ_RUNS scales the runs.
 */
import { request as httpRequest, Agent } from 'http';
import { gzipSync } from 'zlib';
import type { AddressInfo } from 'net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '@strapi/strapi';
import { apiToken, getStrapi, newClientIp } from '../helpers/app';
import { assertErrorEnvelope, assertMatchesContract } from '../helpers/contract';
import { validateContact } from '../../src/api/contact/lib/contact-validation';
import { isContractPath } from '../../src/lib/contract-paths';
import { recordFigures } from './figures';

const RUNS = Number(process.env.RESILIENCE_FUZZ_RUNS || 800);
const CONTACT = 'api::contact.contact';

let strapi: Core.Strapi;
let port = 0;
const agent = new Agent({ keepAlive: true, maxSockets: 4 });
const tried: Record<string, number> = {};
const statuses: Record<string, number> = {};
beforeAll(async () => {
  strapi = await getStrapi();
  port = (strapi.server.httpServer.address() as AddressInfo).port;
});
afterAll(() => {
  agent.destroy();
  recordFigures('fuzzing', { inputs: Object.values(tried).reduce((sum, n) => sum + n, 0), by_endpoint: tried, statuses, runs_per_property: RUNS });
});

interface Sent {
  method: string;
  path: string;
  query?: string;
  headers?: Record<string, string>;
  body?: Buffer;
}

interface Answer {
  status: number;
  contentType: string | undefined;
  text: string;
}

function send(request: Sent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { 'x-forwarded-for': newClientIp(), ...request.headers };
    if (request.body) headers['content-length'] = request.body.length;
    const path = request.query ? `${request.path}?${request.query}` : request.path;
    const outgoing = httpRequest({ host: '127.0.0.1', port, method: request.method, path, headers, agent }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () => resolve({ status: incoming.statusCode!, contentType: incoming.headers['content-type'], text: Buffer.concat(chunks).toString('utf8') }));
    });
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}

/** The methods Strapi's router knows; any other it answers 501 outside the contract paths. */
const ROUTER_METHODS = ['HEAD', 'OPTIONS', 'GET', 'PUT', 'PATCH', 'POST', 'DELETE'];

/** What an answer must never contain unless the request itself did (messages may echo a path). */
const LEAKS = [
  /node_modules/i, /\/work\//, /\bat [\w$.<>]+ \(/, /\bselect\s+(\*|[\w"`.]+(\s*,\s*[\w"`.]+)*)\s+from\s+["`\w]/i, /\binsert into\b/i,
  /sqlite/i, /postgres/i, /knex/i, /ECONNREFUSED/, /\.ts:\d+/, /\.js:\d+/,
];

function checkAnswer(label: string, request: Sent, answer: Answer): unknown {
  tried[label] = (tried[label] ?? 0) + 1;
  statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
  const where = `${label}: ${request.method} ${request.path}${request.query ? `?${request.query}` : ''} -> ${answer.status} ${answer.text.slice(0, 300)}`;
  const contract = isContractPath(request.path);
  // Outside the contract (e.g. `/api/v1.json`), Strapi's router answers a method it does not know
  // (PROPFIND) with its own 501; under the contract that is a 405 envelope.
  if (contract || ROUTER_METHODS.includes(request.method)) expect(answer.status, where).toBeLessThan(500);
  else expect(answer.status === 501 || answer.status < 500, where).toBe(true);
  const sentText = `${request.path} ${request.query ?? ''} ${request.body?.toString('utf8') ?? ''}`;
  for (const leak of LEAKS) {
    const found = leak.exec(answer.text);
    if (found && !sentText.toLowerCase().includes(found[0].toLowerCase())) expect.fail(`${where}: leaks ${found[0]}`);
  }
  // Outside the contract, Strapi's own answer; HEAD and OPTIONS carry no body.
  if (!contract || request.method === 'HEAD' || request.method === 'OPTIONS') return undefined;
  expect(answer.contentType, where).toBe('application/json; charset=utf-8');
  const body = JSON.parse(answer.text) as { success?: unknown };
  if (answer.status >= 400) assertErrorEnvelope(body, where);
  else if (request.path === '/api/v1/openapi.json') expect((body as { openapi?: unknown }).openapi, where).toBe('3.1.0');
  else expect(body.success, where).toBe(true);
  return body;
}

// ---- arbitraries ---------------------------------------------------------------------------------

const NASTY = [
  '', ' ', '\u0000', 'a\u0000b', '\ud800', '\udfff', '../../etc/passwd', "' OR 1=1 --", '"; DROP TABLE contacts; --', '<script>alert(1)</script>',
  '${7*7}', '{{7*7}}', '__proto__', 'constructor', 'null', 'undefined', 'NaN', 'Infinity', '-1', '0', '1e309', '0x1F', '9'.repeat(400),
  'x'.repeat(5000), 'DU', 'dxb', 'price_asc', '2027', 'villa,Apartment', '5+', 'Studio', 'pool', '2BR', '1500', 'dubai mar', 'USD', '%', '%zz', '\r\nX-Injected: 1', '🏝️', 'محمد', '\u202e', '\uffff',
];
const anyCodeUnit = fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code));
const text = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: anyCodeUnit, maxLength: 30 }) },
  { weight: 1, arbitrary: fc.integer({ min: -1e6, max: 1e12 }).map(String) },
  { weight: 1, arbitrary: fc.double().map(String) }
);

/** Percent-encodes every byte of the UTF-8 form that is not unreserved (lone surrogates become U+FFFD). */
const encode = (value: string) =>
  [...Buffer.from(value, 'utf8')].map((byte) => (/[A-Za-z0-9\-_.~]/.test(String.fromCharCode(byte)) ? String.fromCharCode(byte) : `%${byte.toString(16).padStart(2, '0').toUpperCase()}`)).join('');

/** Raw fragments a real client can put in a query string: invalid escapes, invalid UTF-8, separators. */
const RAW = ['%00', '%zz', '%ED%A0%80', '%C0%AF', '%FF%FE', '&&', '=', '==', '%', '+', '[', ']', '[]=', '[__proto__]=1', '[a][b][c][d][e][f]=1'];

function queryOf(knownKeys: string[]) {
  const key = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...knownKeys) }, { weight: 1, arbitrary: text });
  const pair = fc.oneof(
    { weight: 6, arbitrary: fc.tuple(key, text).map(([k, v]) => `${encode(k)}=${encode(v)}`) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...knownKeys), fc.constantFrom(...RAW)).map(([k, raw]) => `${k}${raw}`) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...knownKeys), text).map(([k, v]) => `${k}[${encode(v.slice(0, 5))}]=${encode(v)}`) }
  );
  return fc.array(pair, { maxLength: 8 }).map((pairs) => pairs.join('&'));
}

const OFF_PLAN_KEYS = [
  'page', 'per_page', 'sort', 'developer_id', 'completion_year', 'state_id', 'min_price', 'max_price', 'project_name',
  'property_type', 'bedrooms', 'amenities', 'area', 'min_area', 'max_area', 'location', 'currency',
];
const PROPERTY_KEYS = ['page', 'per_page', 'type', 'status', 'q'];
const CONTACT_FIELDS = ['first_name', 'last_name', 'email', 'mobile', 'method_of_contact', 'message', 'contact_type', 'id'];

const fieldValue = fc.oneof(
  { weight: 6, arbitrary: text },
  { weight: 1, arbitrary: fc.constantFrom('layla@example.ae', 'a@b.co', '+971 50 123 4567', '0501234567', 'Layla') },
  { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.boolean(), fc.constant(null), fc.array(text, { maxLength: 2 }), fc.dictionary(text, text, { maxKeys: 2 })) }
);
const VALID_LEAD = { first_name: 'Layla', email: 'layla@example.ae', mobile: '+971 50 123 4567' };
/**
 * Contact bodies: valid leads whose free-text fields carry anything (so many are stored and compared),
 * near-valid leads with fuzzed required fields, and anything at all.
 */
const contactObject = fc.oneof(
  { weight: 3, arbitrary: fc.record({ last_name: text, method_of_contact: text, message: text, contact_type: text }, { requiredKeys: [] }).map((fields) => ({ ...VALID_LEAD, ...fields })) },
  { weight: 3, arbitrary: fc.record({ first_name: fieldValue, email: fieldValue, mobile: fieldValue }, { requiredKeys: [] }).map((fields) => ({ ...VALID_LEAD, ...fields })) },
  { weight: 2, arbitrary: fc.dictionary(fc.constantFrom(...CONTACT_FIELDS), fieldValue, { maxKeys: 8 }) },
  { weight: 1, arbitrary: fc.dictionary(text, fieldValue, { maxKeys: 4 }) }
);

const CONTENT_TYPES = [
  'application/json', 'application/json; charset=utf-8', 'APPLICATION/JSON', 'application/vnd.api+json', 'application/x-www-form-urlencoded',
  'text/plain', 'application/xml', 'multipart/form-data; boundary=x', 'application/json; charset=latin1', '',
];

const rawBody = fc.record({
  contentType: fc.constantFrom(...CONTENT_TYPES),
  payload: fc.oneof(
    fc.jsonValue().map((value) => JSON.stringify(value)),
    fc.string({ unit: anyCodeUnit, maxLength: 200 }),
    fc.constantFrom('{"first_name": ', '[]', 'null', '""', '{"a":1}{"b":2}', '--x\r\nContent-Disposition: form-data; name="f"; filename="a"\r\n\r\nA\r\n--x--', 'first_name=A&email=b'),
    contactObject.map((body) => new URLSearchParams(Object.entries(body).map(([k, v]) => [k, typeof v === 'object' ? JSON.stringify(v) : String(v)])).toString())
  ),
  encoding: fc.constantFrom(undefined, undefined, undefined, 'gzip', 'deflate', 'br', 'identity', 'x-unknown', 'gzip-but-plain'),
});

function withEncoding(payload: string, encoding: string | undefined): { body: Buffer; headers: Record<string, string> } {
  if (encoding === undefined) return { body: Buffer.from(payload, 'utf8'), headers: {} };
  if (encoding === 'gzip') return { body: gzipSync(payload), headers: { 'content-encoding': 'gzip' } };
  if (encoding === 'gzip-but-plain') return { body: Buffer.from(payload, 'utf8'), headers: { 'content-encoding': 'gzip' } };
  return { body: Buffer.from(payload, 'utf8'), headers: { 'content-encoding': encoding } };
}

const countContacts = () => strapi.db.query(CONTACT).count();

/** Posts a contact body; checks the answer, and that the database holds exactly what a 201 promised. */
async function postContact(label: string, body: Buffer, headers: Record<string, string>, expected?: ReturnType<typeof validateContact>) {
  const before = await countContacts();
  const request: Sent = { method: 'POST', path: '/api/v1/contact-us', headers, body };
  const answer = await send(request);
  const parsed = checkAnswer(label, request, answer) as { data?: { id: number } } | undefined;
  const after = await countContacts();
  if (answer.status !== 201) {
    expect(after, `${label}: a ${answer.status} stored a row`).toBe(before);
    if (expected?.ok) expect.fail(`${label}: a valid lead was refused with ${answer.status}: ${answer.text}`);
    return;
  }
  assertMatchesContract('POST', '/api/v1/contact-us', 201, answer.contentType, parsed);
  expect(after, `${label}: a 201 stored ${after - before} rows`).toBe(before + 1);
  const row = await strapi.db.query(CONTACT).findOne({ where: { id: parsed!.data!.id } });
  for (const field of ['first_name', 'email', 'mobile', 'contact_type']) expect(row[field], `${label}: half-written row ${field}`).toBeTruthy();
  if (expected) {
    expect(expected.ok, `${label}: stored a lead the rules refuse`).toBe(true);
    if (expected.ok) {
      for (const [field, value] of Object.entries(expected.value)) expect(row[field] ?? undefined, `${label}: ${field}`).toBe(value);
    }
  }
}

const property = <T>(arbitrary: fc.Arbitrary<T>, check: (value: T) => Promise<void>, runs = RUNS) =>
  fc.assert(fc.asyncProperty(arbitrary, check), { numRuns: runs, endOnFailure: true });

// ---- properties ----------------------------------------------------------------------------------

describe('fuzzing the public endpoints', () => {
  it.each([
    ['/api/v1/off-plan/projects', OFF_PLAN_KEYS],
    ['/api/v1/off-plan/projects/filters', OFF_PLAN_KEYS],
    ['/api/v1/off-plan', OFF_PLAN_KEYS],
    ['/api/v1/luxury', ['locale', 'populate', 'page']],
    ['/api/v1/contact-us-page', ['locale', 'populate']],
    ['/api/v1/health', ['verbose']],
    ['/api/v1/openapi.json', ['format']],
  ])('GET %s with any query', async (path, keys) => {
    await property(queryOf(keys), async (query) => {
      checkAnswer(`GET ${path}`, { method: 'GET', path, query }, await send({ method: 'GET', path, query }));
    });
  });

  it('GET /api/v1/off-plan/projects/{projectId} with any id', async () => {
    const id = fc.oneof(text.map(encode), fc.constantFrom('..%2F..%2Fadmin', '%00', '%2e%2e', '1%20OR%201%3D1', '-1', '0', '99999999999999999999'));
    await property(id.filter((value) => value !== ''), async (projectId) => {
      const path = `/api/v1/off-plan/projects/${projectId}`;
      checkAnswer('GET /api/v1/off-plan/projects/{projectId}', { method: 'GET', path }, await send({ method: 'GET', path }));
    });
  });

  it('POST /api/v1/contact-us with any JSON object: a 201 exactly when the rules accept, with its whole row', async () => {
    await property(contactObject, async (body) => {
      const text = JSON.stringify(body);
      // The rules, applied to what the server will parse (NaN travels as null, -0 as 0).
      const expected = validateContact(JSON.parse(text));
      await postContact('POST /api/v1/contact-us (JSON object)', Buffer.from(text, 'utf8'), { 'content-type': 'application/json' }, expected);
    });
  });

  it('POST /api/v1/contact-us with any body, type and encoding', async () => {
    await property(rawBody, async ({ contentType, payload, encoding }) => {
      const { body, headers } = withEncoding(payload, encoding);
      await postContact('POST /api/v1/contact-us (any body)', body, { ...(contentType ? { 'content-type': contentType } : {}), ...headers });
    });
  });

  it('GET /api/extsource/properties with any query (read-only token)', async () => {
    const auth = `Bearer ${await apiToken('read-only')}`;
    await property(queryOf(PROPERTY_KEYS), async (query) => {
      const request = { method: 'GET', path: '/api/extsource/properties', query, headers: { authorization: auth } };
      checkAnswer('GET /api/extsource/properties', request, await send(request));
    });
  });

  it('the other provider endpoints with any query and body, and any credential', async () => {
    const readOnly = `Bearer ${await apiToken('read-only')}`;
    const endpoint = fc.constantFrom(['GET', '/api/extsource/test'], ['GET', '/api/extsource/stats'], ['POST', '/api/extsource/sync/all'], ['POST', '/api/extsource/sync/sales'], ['POST', '/api/extsource/sync/rentals']);
    const credential = fc.constantFrom(undefined, readOnly, 'Bearer not-a-token', 'Basic YTpi', `Bearer ${'x'.repeat(3000)}`, 'Bearer \u00e9');
    await property(fc.tuple(endpoint, credential, queryOf(['type', 'force', 'page']), rawBody), async ([[method, path], auth, query, raw]) => {
      const { body, headers } = withEncoding(raw.payload, raw.encoding);
      const sentHeaders: Record<string, string> = { ...headers };
      if (auth !== undefined) sentHeaders.authorization = Buffer.from(auth, 'utf8').toString('latin1');
      if (raw.contentType) sentHeaders['content-type'] = raw.contentType;
      const request: Sent = { method, path, query, headers: sentHeaders, body: method === 'POST' ? body : undefined };
      checkAnswer(`${method} ${path}`, request, await send(request));
    });
  });

  it('a full-access sync with any query and body still answers a run or a 4xx', async () => {
    const full = `Bearer ${await apiToken('full-access')}`;
    await property(
      fc.tuple(fc.constantFrom('/api/extsource/sync/sales', '/api/extsource/sync/rentals'), queryOf(['type', 'force']), rawBody),
      async ([path, query, raw]) => {
        const { body, headers } = withEncoding(raw.payload, raw.encoding);
        const request: Sent = { method: 'POST', path, query, headers: { authorization: full, ...(raw.contentType ? { 'content-type': raw.contentType } : {}), ...headers }, body };
        checkAnswer(`POST ${path} (full access)`, request, await send(request));
      },
      Math.min(RUNS, 8)
    );
  });

  it('every spelling and method on the contract paths', async () => {
    const base = fc.constantFrom('/api/v1/health', '/api/v1/luxury', '/api/v1/contact-us', '/api/v1/off-plan/projects', '/api/extsource/stats', '/api/v1', '/api/extsource', '/api/v1/no-such-thing');
    const spelling = fc.tuple(base, fc.array(fc.boolean(), { minLength: 30, maxLength: 30 }), fc.constantFrom('', '/', '//', '/.', '/..', '/%2e', '/x', '%00', '.json'))
      .map(([path, upper, suffix]) => `${[...path].map((char, index) => (upper[index % 30] ? char.toUpperCase() : char)).join('')}${suffix}`);
    const method = fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD', 'TRACE', 'PROPFIND', 'MKCOL', 'LOCK');
    await property(fc.tuple(method, spelling, rawBody), async ([verb, path, raw]) => {
      const { body, headers } = withEncoding(raw.payload, raw.encoding);
      const withBody = !['GET', 'HEAD', 'OPTIONS', 'TRACE'].includes(verb);
      const request: Sent = { method: verb, path, headers: { ...(raw.contentType && withBody ? { 'content-type': raw.contentType } : {}), ...(withBody ? headers : {}) }, body: withBody ? body : undefined };
      checkAnswer('any method, any spelling', request, await send(request));
    });
  });
});
