/**
 * Buyer accounts on Strapi's users-permissions routes (issue 33, part A): registration, confirmation and
 * reset through the e-mails the real SMTP sink receives, sessions, blocking, enumeration, rate limits.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '@strapi/strapi';
import { appModule, getStrapi, http, newClientIp, previewSite } from '../helpers/app';
import { mailedLink, mailText, smtp, waitForMail } from '../helpers/smtp';

const USER_UID = 'plugin::users-permissions.user';
const PASSWORD = 'Palm-Jumeirah-Villa-7';

let strapi: Core.Strapi;
let clientUrl: string;
beforeAll(async () => {
  strapi = await getStrapi();
  clientUrl = (await previewSite()).url;
});

let accounts = 0;
const newEmail = (name = 'buyer') => `${name}.${process.pid}.${Date.now()}.${(accounts += 1)}@example.com`;

const post = async (url: string, body: unknown, ip = newClientIp()) => (await http()).post(url).set('X-Forwarded-For', ip).send(body as object);
const register = (body: Record<string, unknown>, ip?: string) => post('/api/auth/local/register', body, ip);
const login = (identifier: string, password = PASSWORD, ip?: string) => post('/api/auth/local', { identifier, password }, ip);
const confirm = async (code: string) => (await http()).get(`/api/auth/email-confirmation?confirmation=${encodeURIComponent(code)}`).set('X-Forwarded-For', newClientIp());
/** 403 (signed in, not allowed there) or 401 (the token is not accepted): a probe of an access token. */
const probe = async (jwt: string) => (await (await http()).get('/api/users/me').set('Authorization', `Bearer ${jwt}`)).status;

/** Registers, confirms through the e-mail and signs in: the tokens of a ready buyer. */
async function confirmedBuyer(extra: Record<string, unknown> = {}) {
  const email = newEmail();
  expect((await register({ email, password: PASSWORD, ...extra })).status).toBe(200);
  const { url } = await mailedLink(email, 'confirmation');
  expect((await confirm(url.searchParams.get('confirmation')!)).status).toBe(302);
  const res = await login(email);
  expect(res.status).toBe(200);
  return { email, id: res.body.user.id as number, jwt: res.body.jwt as string, refreshToken: res.body.refreshToken as string };
}

describe('registration and confirmation', () => {
  it('registers a buyer who confirms through the English e-mail, then signs in', async () => {
    const email = newEmail();
    const res = await register({ email, password: PASSWORD, marketing_consent: true, marketing_consent_version: '2025-01' });
    expect(res.status).toBe(200);
    expect(res.body.jwt).toBeUndefined();
    expect(res.body.user).toMatchObject({ email, confirmed: false, blocked: false, language: 'en', marketing_consent: true, marketing_consent_version: '2025-01' });
    expect(res.body.user.password).toBeUndefined();

    const stored = await strapi.db.query(USER_UID).findOne({ where: { email }, populate: ['role'] });
    expect(stored.role.type).toBe('buyer');
    expect(stored.username).toMatch(/^buyer\./);

    const before = await login(email);
    expect(before.status).toBe(400);
    expect(before.body.error.message).toBe('Your account email is not confirmed');

    const { url, text } = await mailedLink(email, 'confirmation');
    expect(`${url.origin}${url.pathname}`).toBe(`${clientUrl.replace(/\/$/, '')}/account/confirm`);
    expect(text).toContain('Confirm your e-mail address');
    const code = url.searchParams.get('confirmation')!;
    // Only a hash is kept: the stored value is not the mailed code.
    expect(stored.confirmationToken ?? (await strapi.db.query(USER_UID).findOne({ where: { email } })).confirmationToken).not.toBe(code);

    const confirmed = await confirm(code);
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.location).toBe(`${clientUrl.replace(/\/$/, '')}/account/confirmed`);

    const signedIn = await login(email);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toMatchObject({ jwt: expect.any(String), refreshToken: expect.any(String), user: { email, confirmed: true } });
    expect(await probe(signedIn.body.jwt)).toBe(403);
  });

  it('writes the e-mail in Arabic for a buyer whose locale is ar', async () => {
    const email = newEmail();
    const res = await register({ email, password: PASSWORD, locale: 'ar' });
    expect(res.body.user.language).toBe('ar');
    const { text } = await mailedLink(email, 'confirmation');
    expect(text).toContain('تأكيد بريدي الإلكتروني');
    expect(text).toContain('dir="rtl"');
  });

  it.each(['role', 'confirmed', 'blocked', 'provider'])('refuses a body that sets %s, and creates nobody', async (field) => {
    const email = newEmail();
    const value = { role: 1, confirmed: true, blocked: false, provider: 'google' }[field];
    const res = await register({ email, password: PASSWORD, [field]: value });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ status: 400, name: 'ValidationError' });
    expect(res.body.error.message).toContain(`${field} cannot be set when registering`);
    expect(await strapi.db.query(USER_UID).count({ where: { email } })).toBe(0);
  });

  it('refuses a locale other than en and ar', async () => {
    const res = await register({ email: newEmail(), password: PASSWORD, locale: 'fr' });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('locale must be "en" or "ar"');
  });

  it('makes a unique username from the e-mail when none is given', async () => {
    const stamp = Date.now();
    const first = await register({ email: `samelocal${stamp}@one.example`, password: PASSWORD });
    const second = await register({ email: `samelocal${stamp}@two.example`, password: PASSWORD });
    expect(first.body.user.username).toBe(`samelocal${stamp}`);
    expect(second.body.user.username).toMatch(new RegExp(`^samelocal${stamp}-[0-9a-f]{6}$`));
  });

  it('a confirmation code works once, and not after its time', async () => {
    const email = newEmail();
    await register({ email, password: PASSWORD });
    const { url } = await mailedLink(email, 'confirmation');
    const code = url.searchParams.get('confirmation')!;
    expect((await confirm(code)).status).toBe(302);
    const again = await confirm(code);
    expect(again.status).toBe(400);
    expect(again.body.error.message).toBe('Invalid token');

    const { issueCode } = appModule<typeof import('../../src/api/account/lib/codes')>('src/api/account/lib/codes');
    const late = issueCode(Date.now(), -1);
    const other = newEmail();
    await register({ email: other, password: PASSWORD });
    await strapi.db.query(USER_UID).update({ where: { email: other }, data: { confirmationToken: late.stored } });
    expect((await confirm(late.code)).status).toBe(400);
    expect((await strapi.db.query(USER_UID).findOne({ where: { email: other } })).confirmed).toBe(false);
  });
});

describe('passwords', () => {
  const cases: Array<[string, (email: string) => string, string]> = [
    ['too short', () => 'Short-pw1', 'Password must be at least 10 characters long'],
    ['the e-mail', (email) => email.toUpperCase(), 'Password must not be your e-mail address or its name part'],
    ['the e-mail name part', (email) => email.split('@')[0], 'Password must not be your e-mail address or its name part'],
    ['a common password', () => 'Password1234', 'Password is one of the most common passwords: choose another'],
  ];

  it.each(cases)('refuses %s on register', async (_, password, message) => {
    const email = newEmail('a-long-name-part');
    const res = await register({ email, password: password(email) });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(message);
  });

  it('applies the rules on change-password, which then ends the other sessions', async () => {
    const buyer = await confirmedBuyer();
    const other = await login(buyer.email);
    const change = async (password: string) =>
      (await http())
        .post('/api/auth/change-password')
        .set('Authorization', `Bearer ${buyer.jwt}`)
        .send({ currentPassword: PASSWORD, password, passwordConfirmation: password });
    const weak = await change('qwertyuiop');
    expect(weak.status).toBe(400);
    expect(weak.body.error.message).toBe('Password is one of the most common passwords: choose another');
    const changed = await change('Burj-Khalifa-Sunset-9');
    expect(changed.status).toBe(200);
    expect(await probe(other.body.jwt)).toBe(401);
    expect(await probe(changed.body.jwt)).toBe(403);
  });
});

describe('password reset', () => {
  const forgot = (email: string) => post('/api/auth/forgot-password', { email });
  const reset = (code: string, password: string) => post('/api/auth/reset-password', { code, password, passwordConfirmation: password });

  it('mails a link to the website; the code sets a new password once and signs the buyer in', async () => {
    const buyer = await confirmedBuyer({ locale: 'ar' });
    const res = await forgot(buyer.email);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    const { url, text } = await mailedLink(buyer.email, 'code');
    expect(`${url.origin}${url.pathname}`).toBe(`${clientUrl.replace(/\/$/, '')}/account/reset-password`);
    expect(text).toContain('اختيار كلمة مرور جديدة');
    const code = url.searchParams.get('code')!;

    const weak = await reset(code, buyer.email);
    expect(weak.status).toBe(400);
    expect(weak.body.error.message).toBe('Password must not be your e-mail address or its name part');

    const done = await reset(code, 'Dubai-Creek-Harbour-3');
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ jwt: expect.any(String), refreshToken: expect.any(String), user: { email: buyer.email } });
    expect(await probe(buyer.jwt)).toBe(401);
    expect((await login(buyer.email, 'Dubai-Creek-Harbour-3')).status).toBe(200);

    const twice = await reset(code, 'Another-Long-Passw0rd');
    expect(twice.status).toBe(400);
    expect(twice.body.error.message).toBe('Incorrect code provided');
  });

  it('refuses an expired or altered code', async () => {
    const buyer = await confirmedBuyer();
    const { issueCode } = appModule<typeof import('../../src/api/account/lib/codes')>('src/api/account/lib/codes');
    const late = issueCode(Date.now(), -1);
    await strapi.db.query(USER_UID).update({ where: { id: buyer.id }, data: { resetPasswordToken: late.stored } });
    expect((await reset(late.code, 'Dubai-Creek-Harbour-3')).status).toBe(400);
    const [, random] = late.code.split('.');
    const extended = `${(Date.now() + 3_600_000).toString(36)}.${random}`;
    expect((await reset(extended, 'Dubai-Creek-Harbour-3')).status).toBe(400);
    expect((await login(buyer.email)).status).toBe(200);
  });
});

describe('no answer tells whether an address has an account', () => {
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

  it.each([
    ['/api/auth/forgot-password', { ok: true }],
    ['/api/auth/send-email-confirmation', undefined],
  ] as const)('%s: same status, same body, similar time; only the account gets mail', async (url, shape) => {
    const known = newEmail();
    await register({ email: known, password: PASSWORD });
    await mailedLink(known, 'confirmation');
    const unknown = newEmail('nobody');
    const times: Record<string, number[]> = { known: [], unknown: [] };
    const bodies: Record<string, unknown[]> = { known: [], unknown: [] };
    for (let round = 0; round < 5; round += 1) {
      for (const [who, email] of [['known', known], ['unknown', unknown]] as const) {
        const started = performance.now();
        const res = await post(url, { email });
        times[who].push(performance.now() - started);
        expect(res.status).toBe(200);
        bodies[who].push(res.body);
      }
    }
    expect(bodies.known[0]).toEqual(shape ?? { email: known, sent: true });
    expect(bodies.unknown[0]).toEqual(shape ?? { email: unknown, sent: true });
    expect(Math.abs(median(times.known) - median(times.unknown))).toBeLessThan(25);
    const count = smtp.received.length;
    await mailedLink(known, url.includes('forgot') ? 'code' : 'confirmation', count - 10);
    expect(smtp.received.some((m) => m.to.includes(unknown))).toBe(false);
  });
});

describe('sessions', () => {
  const refresh = (refreshToken: string) => post('/api/auth/refresh', { refreshToken });

  it('refresh gives a new pair and retires the old; logout ends the session', async () => {
    const buyer = await confirmedBuyer();
    const ownPage = async (jwt: string) => (await (await http()).get('/api/v1/me').set('Authorization', `Bearer ${jwt}`)).status;
    // The instance now holds this buyer's token and session (services/buyer.ts).
    expect(await ownPage(buyer.jwt)).toBe(200);
    const renewed = await refresh(buyer.refreshToken);
    expect(renewed.status).toBe(200);
    expect(renewed.body).toEqual({ jwt: expect.any(String), refreshToken: expect.any(String) });
    expect(await probe(renewed.body.jwt)).toBe(403);
    // The session the old tokens belonged to is replaced: its access token stops at once, held or not.
    expect(await probe(buyer.jwt)).toBe(401);
    expect(await ownPage(buyer.jwt)).toBe(401);
    expect(await ownPage(renewed.body.jwt)).toBe(200);

    const out = await (await http()).post('/api/auth/logout').set('Authorization', `Bearer ${renewed.body.jwt}`).send({ refreshToken: renewed.body.refreshToken });
    expect(out.status).toBe(200);
    expect(await probe(renewed.body.jwt)).toBe(401);
    expect((await refresh(renewed.body.refreshToken)).status).toBe(401);
  });

  it('a replayed refresh token ends its whole sign-in at once, tells the buyer in their language, and leaves other sign-ins be', async () => {
    const buyer = await confirmedBuyer({ locale: 'ar' });
    const elsewhere = await login(buyer.email);
    const signedOutMails = () => smtp.received.filter((m) => m.to.includes(buyer.email) && mailText(m).includes('ربما نسخه شخص آخر'));
    const me = async (jwt: string) => (await (await http()).get('/api/v1/me').set('Authorization', `Bearer ${jwt}`)).status;

    const first = await refresh(buyer.refreshToken);
    const second = await refresh(first.body.refreshToken);
    expect(second.status).toBe(200);
    expect(await me(second.body.jwt)).toBe(200);

    const replay = await refresh(buyer.refreshToken);
    expect(replay.status).toBe(401);
    expect(replay.body).toEqual({ data: null, error: { status: 401, name: 'UnauthorizedError', message: 'Invalid refresh token', details: {} } });
    // The newest pair of that sign-in stops at once, on the plugin's routes and under /api/v1 (held per instance before).
    expect(await probe(second.body.jwt)).toBe(401);
    expect(await me(second.body.jwt)).toBe(401);
    expect((await refresh(second.body.refreshToken)).status).toBe(401);
    expect(await strapi.db.query('admin::session').count({ where: { userId: String(buyer.id), origin: 'users-permissions' } })).toBe(1);
    // Another sign-in is another family: it goes on.
    expect(await probe(elsewhere.body.jwt)).toBe(403);
    expect((await refresh(elsewhere.body.refreshToken)).status).toBe(200);

    const mail = await waitForMail((m) => signedOutMails().includes(m));
    expect(mailText(mail)).toContain('dir="rtl"');
    // The same stolen token again: refused, and nothing left to end or tell.
    expect((await refresh(first.body.refreshToken)).status).toBe(401);
    expect((await refresh(buyer.refreshToken)).status).toBe(401);
    // A mail queued after those replays has arrived: a second notice would have been queued before it.
    expect((await post('/api/auth/forgot-password', { email: buyer.email })).status).toBe(200);
    await mailedLink(buyer.email, 'code');
    expect(signedOutMails()).toHaveLength(1);
  });

  it.each([
    ['blocked through the query API', (id: number) => strapi.db.query(USER_UID).update({ where: { id }, data: { blocked: true } })],
    ['blocked by a plain SQL update (no lifecycle)', (id: number) => strapi.db.connection('up_users').where({ id }).update({ blocked: true })],
    ['deleted', (id: number) => strapi.db.query(USER_UID).delete({ where: { id } })],
  ])('a buyer %s: the old access token is refused (401) and refresh fails', async (_, end) => {
    const buyer = await confirmedBuyer();
    expect(await probe(buyer.jwt)).toBe(403);
    await end(buyer.id);
    expect(await probe(buyer.jwt)).toBe(401);
    const res = await refresh(buyer.refreshToken);
    expect(res.status).toBe(401);
    expect(res.body.error).toMatchObject({ status: 401, name: 'UnauthorizedError' });
  });
});

describe('rate limits', () => {
  it('per e-mail: the 11th sign-in attempt on one address in the window is refused, from any IP', async () => {
    const email = newEmail();
    for (let attempt = 0; attempt < 10; attempt += 1) expect((await login(email, 'Wrong-Password-00')).status).toBe(400);
    const refused = await login(email, 'Wrong-Password-00');
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatchObject({ status: 429, name: 'RateLimitError' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(newEmail(), 'Wrong-Password-00')).status).toBe(400);
  });

  it('per IP: the 31st registration from one address is refused, whatever the e-mail', async () => {
    const ip = newClientIp();
    for (let attempt = 0; attempt < 30; attempt += 1) expect((await register({ email: newEmail() }, ip)).status).toBe(400);
    expect((await register({ email: newEmail() }, ip)).status).toBe(429);
    expect((await register({ email: newEmail() })).status).toBe(400);
  });

  it('per e-mail on forgot-password, with the same answer for every address', async () => {
    const email = newEmail('nobody');
    for (let attempt = 0; attempt < 10; attempt += 1) expect((await post('/api/auth/forgot-password', { email })).status).toBe(200);
    expect((await post('/api/auth/forgot-password', { email })).status).toBe(429);
  });
});

describe('the rest of the plugin stays closed', () => {
  it.each([
    ['get', '/api/users'],
    ['get', '/api/users/me'],
    ['get', '/api/users/1'],
    ['get', '/api/users-permissions/roles'],
    ['get', '/api/auth/sessions'],
    ['get', '/api/connect/google'],
    ['post', '/api/users'],
  ] as const)('%s %s: 403 to anyone and to a buyer', async (method, url) => {
    const buyer = await confirmedBuyer();
    expect((await (await http())[method](url).set('X-Forwarded-For', newClientIp())).status).toBe(403);
    expect((await (await http())[method](url).set('X-Forwarded-For', newClientIp()).set('Authorization', `Bearer ${buyer.jwt}`)).status).toBe(403);
  });
});
