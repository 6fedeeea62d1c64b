/**
 * What a hostile client can do to buyer accounts (issue 33, docs/security.md "Accounts"): bursts and
 * malformed, huge or mistyped bodies on the sign-in routes (429 with Retry-After or a 4xx in Strapi's
 * shape, never a 5xx or an internal detail), tokens replayed after logout and after a block, forged
 * and tampered access tokens, another buyer's favourites and saved searches, account fields a body
 * tries to set, and whether the answers' timing tells which e-mail addresses have an account.
 */
import { createHmac } from 'crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '@strapi/strapi';
import type { Response } from 'supertest';
import { appModule, getStrapi, http, newClientIp } from '../helpers/app';
import { mailedLink } from '../helpers/smtp';
import { recordFigures } from './figures';

const USER = 'plugin::users-permissions.user';
const PASSWORD = 'Jumeirah-Bay-Residence-5';
const RUNS = Math.max(20, Math.round(Number(process.env.RESILIENCE_FUZZ_RUNS || 800) / 8));

let strapi: Core.Strapi;
let projectIds: string[];
beforeAll(async () => {
  strapi = await getStrapi();
  const res = await (await http()).get('/api/v1/off-plan/projects?per_page=10');
  projectIds = res.body.data.properties.data.map((card: { id: string }) => String(card.id));
  expect(projectIds.length).toBeGreaterThan(1);
});

let made = 0;
const newEmail = (name = 'redteam') => `${name}.${Date.now()}.${(made += 1)}@example.com`;
const post = async (url: string, body: unknown, ip = newClientIp()) => (await http()).post(url).set('X-Forwarded-For', ip).send(body as object);
const asBuyer = async (method: 'get' | 'put' | 'patch' | 'post' | 'delete', url: string, jwt: string, body?: object) => {
  const request = (await http())[method](url).set('Authorization', `Bearer ${jwt}`).set('X-Forwarded-For', newClientIp());
  return body ? request.send(body) : request;
};

/** Registers, confirms through the mailed link and signs in. */
async function buyer() {
  const email = newEmail('buyer');
  expect((await post('/api/auth/local/register', { email, password: PASSWORD })).status).toBe(200);
  const code = (await mailedLink(email, 'confirmation')).url.searchParams.get('confirmation')!;
  expect((await (await http()).get(`/api/auth/email-confirmation?confirmation=${encodeURIComponent(code)}`).set('X-Forwarded-For', newClientIp())).status).toBe(302);
  const res = await post('/api/auth/local', { identifier: email, password: PASSWORD });
  expect(res.status).toBe(200);
  return { email, id: res.body.user.id as number, jwt: res.body.jwt as string, refreshToken: res.body.refreshToken as string };
}

/** What an answer must never contain: a stack frame, a file path, SQL or the database driver's name. */
const LEAKS = [/node_modules/i, /\/work\//, /\bat [\w$.<>]+ \(/, /\bselect\s+\S+\s+from\b/i, /\binsert into\b/i, /sqlite/i, /postgres/i, /knex/i, /\.[jt]s:\d+/, /"stack"/];

/** A refusal in Strapi's error shape (the account routes) or the v1 envelope (/api/v1/me), nothing internal. */
function refusedCleanly(res: Response, where: string, sent = ''): void {
  expect(res.status, `${where}: ${res.status} ${res.text.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
  expect(res.status, `${where}: ${res.status} ${res.text.slice(0, 300)}`).toBeLessThan(500);
  for (const leak of LEAKS) {
    const found = leak.exec(res.text);
    if (found && !sent.toLowerCase().includes(found[0].toLowerCase())) expect.fail(`${where}: leaks ${found[0]} in ${res.text.slice(0, 300)}`);
  }
  const body = res.body as { error?: { status?: number; name?: string }; success?: boolean; status_code?: number };
  const strapiShape = body?.error?.status === res.status && typeof body.error.name === 'string';
  const envelope = body?.success === false && body.status_code === res.status;
  expect(strapiShape || envelope, `${where}: not an error shape: ${res.text.slice(0, 300)}`).toBe(true);
}

describe('register and sign-in abuse', () => {
  it('a burst of 40 registrations from one address: 429 with Retry-After past the limit, never a 5xx', async () => {
    const ip = newClientIp();
    const answers = await Promise.all(Array.from({ length: 40 }, () => post('/api/auth/local/register', { email: newEmail(), password: 'short' }, ip)));
    const statuses = answers.map((res) => res.status).sort();
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
    expect(statuses.filter((status) => status === 400)).toHaveLength(30);
    for (const res of answers) refusedCleanly(res, 'register burst');
    for (const res of answers.filter((answer) => answer.status === 429)) expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('a burst of 20 sign-ins on one address from 20 addresses: 10 answered, the rest 429', async () => {
    const email = newEmail('target');
    const answers = await Promise.all(Array.from({ length: 20 }, () => post('/api/auth/local', { identifier: email, password: 'Wrong-Password-00' })));
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((status) => status === 400)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
    for (const res of answers) refusedCleanly(res, 'sign-in burst');
  });

  const ROUTES = ['/api/auth/local/register', '/api/auth/local', '/api/auth/forgot-password', '/api/auth/send-email-confirmation', '/api/auth/reset-password', '/api/auth/refresh'];

  it.each(ROUTES)('%s: malformed, mistyped and huge bodies are 4xx in Strapi\'s shape, never a 5xx or a stack', async (route) => {
    const raw = async (contentType: string, text: string | Buffer) =>
      (await http()).post(route).set('X-Forwarded-For', newClientIp()).set('Content-Type', contentType).send(text);
    const cases: Array<[string, () => Promise<Response>]> = [
      ['broken JSON', () => raw('application/json', '{"email": "a@b.c", "password": ')],
      ['a JSON array', () => raw('application/json', '[{"email":"a@b.c"}]')],
      ['a JSON string', () => raw('application/json', '"a@b.c"')],
      ['JSON null', () => raw('application/json', 'null')],
      ['a form body', () => raw('application/x-www-form-urlencoded', 'email=a%40b.c&password[$ne]=x')],
      ['text', () => raw('text/plain', 'email=a@b.c')],
      ['2 MB of JSON', () => raw('application/json', JSON.stringify({ email: `${'a'.repeat(2_000_000)}@example.com`, password: PASSWORD }))],
      ['a 5,000-character e-mail', () => post(route, { email: `${'a'.repeat(5000)}@example.com`, identifier: `${'a'.repeat(5000)}@example.com`, password: PASSWORD })],
      ['operators instead of values', () => post(route, { email: { $ne: null }, identifier: { $ne: null }, password: { $gt: '' }, code: { $ne: '' }, refreshToken: { $ne: '' } })],
      ['arrays instead of values', () => post(route, { email: ['a@b.c'], identifier: ['a@b.c'], password: [PASSWORD], code: ['x'], refreshToken: ['x'] })],
      ['numbers instead of values', () => post(route, { email: 1, identifier: 1, password: 12345678901, code: 1, refreshToken: 1 })],
      ['a 100-byte password', () => post(route, { email: newEmail(), identifier: newEmail(), password: 'Ab-1'.repeat(25), passwordConfirmation: 'Ab-1'.repeat(25), code: 'x' })],
      ['a prototype key', () => raw('application/json', `{"email":"${newEmail()}","password":"${PASSWORD}","__proto__":{"role":1,"confirmed":true}}`)],
    ];
    for (const [name, send] of cases) {
      const res = await send();
      // send-email-confirmation and forgot-password answer every well-formed address alike; a string
      // that merely looks like one is fine here, what matters is that nothing else is a 2xx.
      if (res.status === 200) {
        expect(['/api/auth/forgot-password', '/api/auth/send-email-confirmation'], `${route} ${name}: 200`).toContain(route);
        continue;
      }
      refusedCleanly(res, `${route} ${name}`);
    }
  });

  it.each(ROUTES)('%s: property-based bodies of any JSON shape never get a 5xx or an internal detail', async (route) => {
    const value = fc.oneof(fc.string(), fc.emailAddress(), fc.integer(), fc.boolean(), fc.constant(null), fc.array(fc.string(), { maxLength: 3 }), fc.dictionary(fc.string({ maxLength: 5 }), fc.string(), { maxKeys: 3 }));
    const body = fc.oneof(
      fc.record({ email: value, identifier: value, password: value, passwordConfirmation: value, code: value, refreshToken: value, username: value, locale: value }, { requiredKeys: [] }),
      fc.jsonValue({ maxDepth: 3 })
    );
    let tried = 0;
    await fc.assert(
      fc.asyncProperty(body, async (sent) => {
        tried += 1;
        const res = await (await http()).post(route).set('X-Forwarded-For', newClientIp()).set('Content-Type', 'application/json').send(JSON.stringify(sent));
        if (res.status < 300) return;
        refusedCleanly(res, `${route} ${JSON.stringify(sent).slice(0, 200)}`, JSON.stringify(sent));
      }),
      { numRuns: RUNS, endOnFailure: true }
    );
    recordFigures(`accounts fuzzing ${route}`, { inputs: tried });
  });
});

describe('tokens after the session ended', () => {
  const refresh = (refreshToken: string) => post('/api/auth/refresh', { refreshToken });

  it('after logout: the access token is 401 on /me, favourites and the listing gets no flags; the refresh token is 401', async () => {
    const me = await buyer();
    expect((await asBuyer('put', `/api/v1/me/favorites/${projectIds[0]}`, me.jwt)).status).toBe(200);
    expect((await asBuyer('post', '/api/auth/logout', me.jwt, { refreshToken: me.refreshToken })).status).toBe(200);
    for (const [method, url] of [['get', '/api/v1/me'], ['get', '/api/v1/me/favorites'], ['put', `/api/v1/me/favorites/${projectIds[1]}`], ['get', '/api/v1/me/saved-searches']] as const) {
      const res = await asBuyer(method, url, me.jwt);
      expect(res.status, `${method} ${url}`).toBe(401);
      refusedCleanly(res, `${method} ${url}`);
    }
    const listing = await asBuyer('get', '/api/v1/off-plan/projects', me.jwt);
    expect(listing.text).not.toContain('is_favorited');
    expect((await refresh(me.refreshToken)).status).toBe(401);
    // Logging out again with the dead token changes nothing and breaks nothing.
    expect((await asBuyer('post', '/api/auth/logout', me.jwt, {})).status).toBe(401);
  });

  it('after a block: 401 at once, refresh 401, sign-in refused; the favourites stay untouched', async () => {
    const me = await buyer();
    expect((await asBuyer('put', `/api/v1/me/favorites/${projectIds[0]}`, me.jwt)).status).toBe(200);
    await strapi.db.query(USER).update({ where: { id: me.id }, data: { blocked: true } });
    expect((await asBuyer('get', '/api/v1/me', me.jwt)).status).toBe(401);
    expect((await asBuyer('delete', `/api/v1/me/favorites/${projectIds[0]}`, me.jwt)).status).toBe(401);
    expect((await refresh(me.refreshToken)).status).toBe(401);
    expect((await post('/api/auth/local', { identifier: me.email, password: PASSWORD })).status).toBe(400);
    expect(await strapi.db.query('api::account.favorite').count({ where: { buyer: { id: me.id } } })).toBe(1);
  });
});

describe('forged and tampered access tokens', () => {
  const b64 = (value: object | string) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
  const decode = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString('utf8')) as Record<string, unknown>;
  const sign = (header: object, payload: object, secret: string) => {
    const unsigned = `${b64(header)}.${b64(payload)}`;
    return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
  };

  it('alg none, another secret, an edited payload, a stretched expiry: every one 401', async () => {
    const victim = await buyer();
    const attacker = await buyer();
    expect((await asBuyer('get', '/api/v1/me', attacker.jwt)).status).toBe(200);
    const [header, , signature] = attacker.jwt.split('.');
    const payload = decode(attacker.jwt);
    const idField = 'userId' in payload ? 'userId' : 'id';
    const asVictim = { ...payload, [idField]: typeof payload[idField] === 'string' ? String(victim.id) : victim.id };
    const forged: Record<string, string> = {
      'alg none': `${b64({ alg: 'none', typ: 'JWT' })}.${b64(asVictim)}.`,
      'alg none, no dot': `${b64({ alg: 'none', typ: 'JWT' })}.${b64(asVictim)}`,
      'another secret': sign({ alg: 'HS256', typ: 'JWT' }, asVictim, 'not-the-service-secret'),
      'the victim in the payload, the signature kept': `${header}.${b64(asVictim)}.${signature}`,
      'a stretched expiry, the signature kept': `${header}.${b64({ ...payload, exp: Number(payload.exp ?? 0) + 86_400 * 365 })}.${signature}`,
      'HS512 header on the same signature': `${b64({ alg: 'HS512', typ: 'JWT' })}.${attacker.jwt.split('.')[1]}.${signature}`,
      'the refresh token as an access token': attacker.refreshToken,
      'an empty signature': `${header}.${attacker.jwt.split('.')[1]}.`,
    };
    for (const [name, token] of Object.entries(forged)) {
      for (const url of ['/api/v1/me', '/api/v1/me/favorites']) {
        const res = await asBuyer('get', url, token);
        expect(res.status, `${name} on ${url}`).toBe(401);
        refusedCleanly(res, `${name} on ${url}`);
      }
      const listing = await asBuyer('get', '/api/v1/off-plan/projects', token);
      expect(listing.status).toBe(200);
      expect(listing.text, name).not.toContain('is_favorited');
    }
    expect((await asBuyer('get', '/api/v1/me', victim.jwt)).body.data.email).toBe(victim.email);
  });
});

describe("another buyer's favourites and saved searches", () => {
  it('are unreachable and unchangeable', async () => {
    const owner = await buyer();
    const other = await buyer();
    expect((await asBuyer('put', `/api/v1/me/favorites/${projectIds[0]}`, owner.jwt)).status).toBe(200);
    const created = await asBuyer('post', '/api/v1/me/saved-searches', owner.jwt, { name: 'Owner search', query: 'min_price=1000000', frequency: 'weekly' });
    expect(created.status).toBe(201);
    const searchId = created.body.data.id;

    expect((await asBuyer('get', '/api/v1/me/favorites', other.jwt)).body.data).toEqual([]);
    expect((await asBuyer('get', '/api/v1/me/saved-searches', other.jwt)).body.data).toEqual([]);
    for (const [method, body] of [['get', undefined], ['patch', { name: 'Taken over', frequency: 'instant' }], ['delete', undefined]] as const) {
      const res = await asBuyer(method, `/api/v1/me/saved-searches/${searchId}`, other.jwt, body);
      expect(res.status, method).toBe(404);
      expect(res.body.message).toBe('No saved search with this id');
    }
    // Removing "the same" favourite removes only the caller's (none); the owner's stays.
    expect((await asBuyer('delete', `/api/v1/me/favorites/${projectIds[0]}`, other.jwt)).status).toBe(200);
    const otherListing = await asBuyer('get', '/api/v1/off-plan/projects?per_page=10', other.jwt);
    expect(otherListing.body.data.properties.data.every((card: { is_favorited: boolean }) => card.is_favorited === false)).toBe(true);

    const ownerFavourites = await asBuyer('get', '/api/v1/me/favorites', owner.jwt);
    expect(ownerFavourites.body.data.map((favourite: { project_id: string }) => favourite.project_id)).toEqual([projectIds[0]]);
    const ownerSearch = await asBuyer('get', `/api/v1/me/saved-searches/${searchId}`, owner.jwt);
    expect(ownerSearch.body.data).toMatchObject({ name: 'Owner search', frequency: 'weekly' });
    // Ids that are not numbers, or out of range, are a 404 too, never a 500.
    for (const id of ['0', '-1', '1e309', '99999999999999999999', 'abc', '%27%20or%201=1']) {
      const res = await asBuyer('get', `/api/v1/me/saved-searches/${id}`, other.jwt);
      expect(res.status, id).toBeLessThan(500);
      refusedCleanly(res, `saved search ${id}`, id);
    }
  });
});

describe('fields a body may not set', () => {
  it.each([
    ['role', { role: 1 }],
    ['role', { role: { connect: [{ id: 1 }] } }],
    ['confirmed', { confirmed: true }],
    ['confirmed', { confirmed: 'true' }],
    ['blocked', { blocked: false }],
    ['provider', { provider: 'google' }],
  ])('register with %s: refused, nobody created', async (field, extra) => {
    const email = newEmail();
    const res = await post('/api/auth/local/register', { email, password: PASSWORD, ...extra });
    expect(res.status).toBe(400);
    refusedCleanly(res, `register with ${field}`);
    expect(await strapi.db.query(USER).count({ where: { email } })).toBe(0);
  });

  it('PATCH /me ignores role, blocked, confirmed, email, provider and password', async () => {
    const me = await buyer();
    const before = await strapi.db.query(USER).findOne({ where: { id: me.id }, populate: ['role'] });
    const admin = await strapi.db.query('plugin::users-permissions.role').findOne({ where: { type: 'authenticated' } });
    const res = await asBuyer('patch', '/api/v1/me', me.jwt, {
      name: 'Renamed', role: admin.id, blocked: true, confirmed: false, email: 'taken-over@example.com', provider: 'google', password: 'Another-Passw0rd-xyz', username: 'admin',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'Renamed', email: me.email });
    const after = await strapi.db.query(USER).findOne({ where: { id: me.id }, populate: ['role'] });
    expect(after).toMatchObject({ email: before.email, username: before.username, blocked: false, confirmed: true, provider: 'local', password: before.password });
    expect(after.role.type).toBe('buyer');
    expect((await post('/api/auth/local', { identifier: me.email, password: PASSWORD })).status).toBe(200);
  });
});

describe('enumeration by timing', () => {
  const ROUNDS = 20;
  const median = (values: number[]) => {
    const sorted = [...values].sort((x, y) => x - y);
    return (sorted[ROUNDS / 2 - 1] + sorted[ROUNDS / 2]) / 2;
  };

  /**
   * The known-address work (find the account, store a code, send the e-mail) must happen after the
   * answer, so both answers cost one validation and nothing else. If it ran before the answer, the known
   * median would carry at least a database write and an SMTP conversation: about 150 ms more on this
   * machine (the check was watched failing that way), while the two medians of the same code path
   * differ by a few (background work of earlier requests lands on either). Medians of 20 interleaved requests shrug off a garbage collection or a neighbour's
   * burst; the margin (15 ms, or a third of the larger median on a busy machine) sits between the two.
   */
  it.each([
    ['/api/auth/forgot-password', (email: string) => ({ ok: true, email })],
    ['/api/auth/send-email-confirmation', (email: string) => ({ email, sent: true })],
  ] as const)('%s: same status and body, medians within the margin', async (route, shape) => {
    // Each address is asked once: the per-address limit (10) never answers in place of the route.
    const known = await Promise.all(Array.from({ length: ROUNDS }, async () => {
      const email = newEmail('known');
      expect((await post('/api/auth/local/register', { email, password: PASSWORD })).status).toBe(200);
      return email;
    }));
    const times = { known: [] as number[], unknown: [] as number[] };
    const headerNames = { known: '', unknown: '' };
    for (let round = 0; round < ROUNDS; round += 1) {
      const pair = [['known', known[round]], ['unknown', newEmail('nobody')]] as const;
      for (const [who, email] of round % 2 ? [...pair].reverse() : pair) {
        const started = performance.now();
        const res = await post(route, { email });
        times[who].push(performance.now() - started);
        expect(res.status).toBe(200);
        const expected = shape(email) as Record<string, unknown>;
        if (route.includes('forgot')) delete expected.email;
        expect(res.body).toEqual(expected);
        headerNames[who] = Object.keys(res.headers).sort().join(' ');
      }
    }
    expect(headerNames.known).toBe(headerNames.unknown);
    const [knownMedian, unknownMedian] = [median(times.known), median(times.unknown)];
    recordFigures(`enumeration timing ${route}`, { known_median_ms: knownMedian, unknown_median_ms: unknownMedian, rounds: ROUNDS });
    expect(Math.abs(knownMedian - unknownMedian), `known ${knownMedian.toFixed(1)} ms, unknown ${unknownMedian.toFixed(1)} ms`).toBeLessThan(Math.max(15, Math.max(knownMedian, unknownMedian) / 3));
  });
});

describe('unsubscribe-link forgery', () => {
  const SECRET = 'redteam-unsubscribe-secret';
  const UNSUBSCRIBE = '/api/v1/unsubscribe';
  type Claim = { buyerId: number; subjects: string[] };
  const sign = (secret: string, claim: Claim) =>
    appModule<{ signUnsubscribe(secret: string, claim: Claim): string }>('src/api/account/lib/unsubscribe-token').signUnsubscribe(secret, claim);
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const mutes = async () => ((await strapi.db.connection('app_alert_mutes').select('subject', 'buyer_id').orderBy('id')) as Array<{ subject: string; buyer_id: number }>).map((row) => `${row.buyer_id}:${row.subject}`);
  const link = (token: string, extra = '') => `${UNSUBSCRIBE}?token=${encodeURIComponent(token)}${extra}`;
  const ask = async (method: 'get' | 'post', url: string) => (await http())[method](url).set('X-Forwarded-For', newClientIp());

  let original: unknown;
  let attacker: Awaited<ReturnType<typeof buyer>>;
  let victim: Awaited<ReturnType<typeof buyer>>;
  let attackerSearch: number;
  let victimSearch: number;
  let own: string;

  beforeAll(async () => {
    original = strapi.config.get('alerts.unsubscribeSecret');
    strapi.config.set('alerts.unsubscribeSecret', SECRET);
    [attacker, victim] = [await buyer(), await buyer()];
    const search = async (who: typeof attacker, name: string) =>
      (await asBuyer('post', '/api/v1/me/saved-searches', who.jwt, { name, query: 'min_price=1000000', frequency: 'instant' })).body.data.id as number;
    attackerSearch = await search(attacker, 'Attacker search');
    victimSearch = await search(victim, 'Victim search');
    own = sign(SECRET, { buyerId: attacker.id, subjects: [`search:${attackerSearch}`] });
  });

  afterAll(() => {
    strapi.config.set('alerts.unsubscribeSecret', original);
  });

  /** A 403 envelope that says only that the link is not valid. */
  function forbidden(res: Response, what: string): void {
    refusedCleanly(res, what);
    expect(res.status, `${what}: ${res.text.slice(0, 200)}`).toBe(403);
    expect(res.body, what).toMatchObject({ success: false, status_code: 403, error_code: 'FORBIDDEN' });
    expect(res.body.message, what).toMatch(/^This unsubscribe link is not valid/);
  }

  it("another buyer's search, favourites or id in an edited payload, or signed with another secret: 403 on GET and POST, nothing muted", async () => {
    const [payload, signature] = own.split('.');
    const victimClaims: Claim[] = [
      { buyerId: victim.id, subjects: [`search:${victimSearch}`] },
      { buyerId: attacker.id, subjects: [`search:${victimSearch}`] },
      { buyerId: attacker.id, subjects: [`search:${attackerSearch}`, `search:${victimSearch}`] },
      { buyerId: attacker.id, subjects: [`favorites:${victim.id}`] },
      { buyerId: victim.id, subjects: [`favorites:${victim.id}`] },
    ];
    const forged: Record<string, string> = {};
    victimClaims.forEach((claim, i) => {
      const edited = encode({ b: claim.buyerId, s: claim.subjects });
      forged[`edited payload ${i}, the attacker's signature`] = `${edited}.${signature}`;
      forged[`edited payload ${i}, signed with another secret`] = sign('another-secret', claim);
      forged[`edited payload ${i}, a signature over the bare payload`] = `${edited}.${createHmac('sha256', SECRET).update(edited).digest('base64url')}`;
      // Even a token our secret signed (a leak of it would be worse) may only stop its own buyer's subjects.
      if (claim.buyerId === attacker.id) forged[`claim ${i} under the real secret`] = sign(SECRET, claim);
    });
    forged['the attacker payload with padding'] = `${payload}=.${signature}`;
    // The genuine signature written otherwise: still an altered link.
    forged['the genuine signature with padding'] = `${own}=`;
    forged['the genuine signature with a character base64url decoding skips'] = `${payload}.${signature.slice(0, 5)}!${signature.slice(5)}`;
    forged['the signature as hex'] = `${payload}.${Buffer.from(signature, 'base64url').toString('hex')}`;
    forged['the signature of another payload'] = `${encode({ b: victim.id, s: [`search:${victimSearch}`] })}.${sign(SECRET, { buyerId: attacker.id, subjects: [`search:${attackerSearch}`] }).split('.')[1]}`;

    const before = await mutes();
    for (const [what, token] of Object.entries(forged)) {
      forbidden(await ask('get', link(token)), `GET ${what}`);
      forbidden(await ask('post', link(token)), `POST ${what}`);
      forbidden(await ask('post', link(token, '&locale=en')), `POST ${what} (locale)`);
    }
    expect(await mutes()).toEqual(before);
    // What the forgeries aimed at still alerts: nothing of the victim's is muted.
    expect((await mutes()).filter((row) => row.startsWith(`${victim.id}:`) || row.endsWith(`:search:${victimSearch}`))).toEqual([]);
  });

  it('truncated, garbage, repeated and huge tokens: 403 (431 past the header limit), never a 5xx', async () => {
    const cases: Record<string, string> = {
      'no token': UNSUBSCRIBE,
      'an empty token': link(''),
      'the payload alone': link(own.split('.')[0]),
      'a trailing dot': link(`${own}.`),
      'three parts': link(`${own}.${own.split('.')[1]}`),
      'a repeated token parameter': `${link(own)}&token=${encodeURIComponent(own)}`,
      'token[] array': `${UNSUBSCRIBE}?token[]=${encodeURIComponent(own)}`,
      'token as an object': `${UNSUBSCRIBE}?token[a]=${encodeURIComponent(own)}`,
      'percent garbage': `${UNSUBSCRIBE}?token=%E0%A4%A`,
      'a NUL byte': `${UNSUBSCRIBE}?token=${encodeURIComponent(own)}%00`,
      '200 subjects (over 2 KB)': link(`${encode({ b: attacker.id, s: Array.from({ length: 200 }, (_, i) => `search:${i + 1}`) })}.${own.split('.')[1]}`),
      '8 KB': link('a'.repeat(8 * 1024)),
      '100 KB': link(`${'x'.repeat(100 * 1024)}.${own.split('.')[1]}`),
    };
    for (let cut = 1; cut < own.length; cut += Math.ceil(own.length / 12)) cases[`truncated to ${cut}`] = link(own.slice(0, cut));
    cases['the last character dropped'] = link(own.slice(0, -1));
    const before = await mutes();
    for (const [what, url] of Object.entries(cases)) {
      for (const method of ['get', 'post'] as const) {
        const res = await ask(method, url);
        if (what === '100 KB') {
          // Past Node's 16 KiB of headers: refused before the app.
          expect(res.status).toBe(431);
          continue;
        }
        forbidden(res, `${method.toUpperCase()} ${what}`);
      }
    }
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string(), fc.base64String(), fc.string({ unit: 'grapheme' }), fc.tuple(fc.base64String(), fc.base64String()).map(([x, y]) => `${x}.${y}`)), async (token) => {
        for (const method of ['get', 'post'] as const) forbidden(await ask(method, link(token)), `${method.toUpperCase()} ${JSON.stringify(token)}`);
      }),
      { numRuns: RUNS, endOnFailure: true }
    );
    expect(await mutes()).toEqual(before);
  });

  it('GET never changes anything; POST with any body or type stops only the link’s own search, once', async () => {
    const before = await mutes();
    for (let i = 0; i < 3; i += 1) {
      const shown = await ask('get', link(own));
      expect(shown.status).toBe(200);
      expect(shown.body.data).toEqual({ unsubscribed: false, subjects: [{ type: 'saved_search', id: attackerSearch, name: 'Attacker search' }] });
      expect(shown.headers['cache-control']).toBe('private, no-store');
    }
    expect((await ask('get', `${link(own)}&List-Unsubscribe=One-Click`)).body.data.unsubscribed).toBe(false);
    expect(await mutes()).toEqual(before);

    const url = link(own);
    const client = await http();
    // Not awaited: a supertest request is sent when awaited, after its body is set.
    const post = () => client.post(url).set('X-Forwarded-For', newClientIp());
    const bodies: Array<[string, () => Promise<Response>]> = [
      ['multipart', async () => post().field('List-Unsubscribe', 'One-Click')],
      ['multipart with a file', async () => post().attach('file', Buffer.from('x'.repeat(10_000)), 'x.bin')],
      ['urlencoded', async () => post().type('form').send('List-Unsubscribe=One-Click')],
      ['urlencoded, another value', async () => post().type('form').send('List-Unsubscribe=No&token=forged')],
      ['JSON', async () => post().send({ 'List-Unsubscribe': 'One-Click', token: 'forged', buyerId: victim.id })],
      ['broken JSON', async () => post().set('Content-Type', 'application/json').send('{"List-Unsubscribe":')],
      ['text/plain', async () => post().set('Content-Type', 'text/plain').send('List-Unsubscribe=One-Click')],
      ['XML', async () => post().set('Content-Type', 'application/xml').send('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>')],
      ['no type', async () => post().set('Content-Type', '').send(Buffer.from([0, 1, 2, 255]))],
      ['empty', async () => post()],
    ];
    for (const [what, send] of bodies) {
      const res = await send();
      expect(res.status, `${what}: ${res.text.slice(0, 200)}`).toBe(200);
      expect(res.body.data, what).toEqual({ unsubscribed: true, subjects: [{ type: 'saved_search', id: attackerSearch, name: 'Attacker search' }] });
      expect(res.text, what).not.toContain('root:');
    }
    // A body over the limit is refused before it is read (413 envelope), the link still works after.
    const huge = await (await http()).post(url).set('X-Forwarded-For', newClientIp()).type('form').send(`List-Unsubscribe=One-Click&x=${'a'.repeat(1024 * 1024)}`).catch((error: { response?: Response }) => error.response);
    expect(huge, '1 MB body: no answer').toBeDefined();
    refusedCleanly(huge!, '1 MB body');
    expect(huge!.status).toBe(413);
    expect((await mutes()).filter((row) => !before.includes(row))).toEqual([`${attacker.id}:search:${attackerSearch}`]);
    expect((await ask('get', link(own))).body.data.unsubscribed).toBe(true);
  });

  it('a link replayed after its search was deleted shows it nameless, mutes only that gone search, and reaches no later search', async () => {
    const created = await asBuyer('post', '/api/v1/me/saved-searches', attacker.jwt, { name: 'Soon deleted', query: 'min_price=2000000', frequency: 'daily' });
    const searchId = created.body.data.id as number;
    const token = sign(SECRET, { buyerId: attacker.id, subjects: [`search:${searchId}`] });
    expect((await asBuyer('delete', `/api/v1/me/saved-searches/${searchId}`, attacker.jwt)).status).toBe(200);
    const before = await mutes();
    const shown = await ask('get', link(token));
    expect(shown.status).toBe(200);
    expect(shown.body.data).toEqual({ unsubscribed: false, subjects: [{ type: 'saved_search', id: searchId, name: null }] });
    expect(await mutes()).toEqual(before);
    for (let i = 0; i < 3; i += 1) expect((await ask('post', link(token))).status).toBe(200);
    expect((await mutes()).filter((row) => !before.includes(row))).toEqual([`${attacker.id}:search:${searchId}`]);

    // A search made after the deletion has a new id: the replayed link does not reach it.
    const next = await asBuyer('post', '/api/v1/me/saved-searches', attacker.jwt, { name: 'Made after', query: 'min_price=2000000', frequency: 'daily' });
    expect(next.body.data.id).not.toBe(searchId);
    expect(await mutes()).not.toContain(`${attacker.id}:search:${next.body.data.id}`);
  });
});
