/**
 * Boots the compiled app (dist/) once per integration run and serves it on an ephemeral port.
 * Strapi is a process singleton, so the instance lives on globalThis and every test file shares it.
 */
import fs from 'fs';
import { createRequire } from 'module';
import type { AddressInfo } from 'net';
import os from 'os';
import path from 'path';
import supertest from 'supertest';
import { inject } from 'vitest';
import type { Core } from '@strapi/strapi';
import { startPreviewSite, type PreviewSite } from './preview-site';
import { startSmtpServer } from './smtp';
import { startWebhookReceiver, WEBHOOK_SECRET, type WebhookReceiver } from './webhook-receiver';

const appDir = path.resolve(__dirname, '..', '..');
// Strapi's ESM build trips over lodash/fp under vitest; its CommonJS build does not.
const requireCjs = createRequire(__filename);

export const TEST_ADMIN = { email: 'admin@test.local', password: 'Test-Admin-Passw0rd' };
export const SALES_INBOX = 'sales@test.local';
export const METRICS_TOKEN = 'test-metrics-token-0123456789';


function runTempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'strapi-test-tmp-'));
  process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Settings every integration run uses, whatever the developer's own .env says. */
function testEnvironment(smtpPort: number, webhookUrl: string, site: PreviewSite): Record<string, string> {
  return {
    ...inject('testDatabaseEnv'),
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: '0',
    PUBLIC_URL: 'http://cms.test.local',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL || 'error',
    ADMIN_EMAIL: TEST_ADMIN.email,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    SEED_DEMO: 'true',
    // A schedule that exists (the sync dashboard shows its next run) but does not fire during a run: the
    // hourly default would start a sync in the middle of tests that count runs and provider requests.
    EXTSOURCE_CRON: '0 0 1 1 *',
    // Client IPs come from X-Forwarded-For, so each test can act as its own client for rate limits.
    TRUST_PROXY: 'true',
    CONTACT_RATE_LIMIT_MAX: '10',
    CONTACT_RATE_LIMIT_WINDOW_S: '600',
    CONTACT_NOTIFY_EMAIL: SALES_INBOX,
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(smtpPort),
    EMAIL_FROM: 'website@test.local',
    // Every lead also goes to the CRM receiver the run starts; retries come fast (tests wait for them).
    LEAD_WEBHOOK_URL: webhookUrl,
    LEAD_WEBHOOK_SECRET: WEBHOOK_SECRET,
    LEAD_DELIVERY_TIMEOUT_MS: '3000',
    LEAD_DELIVERY_BACKOFF_MS: '100',
    LEAD_DELIVERY_MAX_BACKOFF_MS: '400',
    LEAD_DELIVERY_MAX_ATTEMPTS: '6',
    LEAD_DELIVERY_POLL_MS: '100',
    REDIS_URL: '',
    // The website Strapi's Preview panel frames (tests/integration/preview.test.ts).
    CLIENT_URL: site.url,
    PREVIEW_SECRET: site.secret,
    // Scheduled publications run within a fifth of a second of their time.
    PUBLISH_SCHEDULE_POLL_MS: '200',
    // Many test files log in to the admin as the same user from one address.
    ADMIN_LOGIN_RATE_LIMIT_MAX: '100',
    // A temp folder of this run's own (Strapi's body parser writes multipart files to os.tmpdir()),
    // so a test can count what a request leaves behind.
    TMPDIR: runTempDir(),
    // Short enough for the slow-client tests to see a stalled connection closed.
    SERVER_HEADERS_TIMEOUT_MS: '3000',
    SERVER_REQUEST_TIMEOUT_MS: '5000',
    // Metrics on, behind a token on the public port (tests/integration/metrics.test.ts): every test runs with them counting.
    METRICS_ENABLED: 'true',
    METRICS_TOKEN: METRICS_TOKEN,
  };
}

const receiverHolder = globalThis as typeof globalThis & { __testWebhookReceiver?: Promise<WebhookReceiver> };

/** The run's CRM stand-in, which every lead's webhook delivery reaches. */
export function webhookReceiver(): Promise<WebhookReceiver> {
  receiverHolder.__testWebhookReceiver ??= startWebhookReceiver();
  return receiverHolder.__testWebhookReceiver;
}

const siteHolder = globalThis as typeof globalThis & { __testPreviewSite?: Promise<PreviewSite> };

/** The run's stand-in website, which Strapi's Preview panel frames (CLIENT_URL). */
export function previewSite(): Promise<PreviewSite> {
  siteHolder.__testPreviewSite ??= startPreviewSite();
  return siteHolder.__testPreviewSite;
}

async function boot(): Promise<Core.Strapi> {
  const site = await previewSite();
  Object.assign(process.env, testEnvironment(await startSmtpServer(), (await webhookReceiver()).url, site));
  const { createStrapi } = requireCjs('@strapi/strapi') as typeof import('@strapi/strapi');
  // Loaded, the app has mounted its routes itself (src/lib/strapi/mount-routes.ts): listening is all that is left.
  const strapi = await createStrapi({ appDir, distDir: path.join(appDir, 'dist') }).load();
  await new Promise<void>((resolve) => strapi.server.httpServer.listen(0, '127.0.0.1', resolve));
  site.connect({ cmsUrl: `http://127.0.0.1:${(strapi.server.httpServer.address() as AddressInfo).port}` });
  return strapi;
}

/** A module of the compiled app as the running app loaded it (the same instance), e.g. 'src/api/contact/deliveries/worker'. */
export function appModule<T>(relativePath: string): T {
  return requireCjs(path.join(appDir, 'dist', relativePath)) as T;
}

const holder = globalThis as typeof globalThis & { __testStrapi?: Promise<Core.Strapi> };

export function getStrapi(): Promise<Core.Strapi> {
  holder.__testStrapi ??= boot();
  return holder.__testStrapi;
}

/** A supertest agent on the running app. */
export async function http() {
  return supertest((await getStrapi()).server.httpServer);
}

let nextPerson = 0;
const personBase = Date.now() % 1e8;
/**
 * A person no other lead of the run is from: an address and a number of their own, so a lead is never
 * taken for a repeat of another test's (decision 144: the same address or number within the window).
 */
export function newPerson(tag = 'lead'): { email: string; mobile: string } {
  nextPerson += 1;
  return { email: `${tag}.${nextPerson}.${personBase}@example.com`, mobile: `+9715${String((personBase + nextPerson) % 1e8).padStart(8, '0')}` };
}

let nextClient = 0;
/**
 * A fresh client address for X-Forwarded-For per call (documentation prefix 2001:db8::/32, only ever a
 * header value), so rate limits never couple two tests.
 */
export function newClientIp(): string {
  nextClient += 1;
  return `2001:db8::${nextClient.toString(16)}`;
}

const adminTokens = new Map<string, string>();
/** Logs in to the admin panel's API (once per account) and returns the bearer token. */
export async function adminToken(credentials: { email: string; password: string } = TEST_ADMIN): Promise<string> {
  if (!adminTokens.has(credentials.email)) {
    const res = await (await http()).post('/admin/login').send(credentials);
    if (res.status !== 200) throw new Error(`admin login failed: ${res.status} ${JSON.stringify(res.body)}`);
    adminTokens.set(credentials.email, res.body.data.token as string);
  }
  return adminTokens.get(credentials.email)!;
}

export const TEST_EDITOR = { email: 'editor@test.local', password: 'Test-Editor-Passw0rd' };

let editorCreated: Promise<void> | undefined;
/** An admin account with Strapi's Editor role (as an agency's content editor has), created once per run. */
export async function editorAccount(): Promise<typeof TEST_EDITOR> {
  editorCreated ??= (async () => {
    const strapi = await getStrapi();
    const editorRole = await strapi.service('admin::role').findOne({ code: 'strapi-editor' });
    await strapi.service('admin::user').create({ ...TEST_EDITOR, firstname: 'Eda', lastname: 'Editor', isActive: true, roles: [editorRole.id] });
  })();
  await editorCreated;
  return TEST_EDITOR;
}

const tokens = new Map<string, string>();
/** A Strapi API token of that type, created once per run. */
export async function apiToken(type: 'full-access' | 'read-only'): Promise<string> {
  if (!tokens.has(type)) {
    const strapi = await getStrapi();
    const created = await strapi.service('admin::api-token').create({ name: `test ${type}`, type, lifespan: null, description: 'integration tests' });
    tokens.set(type, created.accessKey as string);
  }
  return tokens.get(type)!;
}

/**
 * The sample-data generator of the repository (the same code that made the shipped datasets), for the
 * fake providers: images as a provider sends them, absolute URLs on its own host.
 */
export function generatedData(counts: { projects: number; sales: number; rentals: number }) {
  const { generate } = requireCjs('../../scripts/generate-sample-data.js') as {
    generate(options: typeof counts & { imageBase: string }): {
      listings: { sales: Array<Record<string, unknown>>; rentals: Array<Record<string, unknown>> };
      projects: { developers: Array<Record<string, unknown>>; projects: Array<Record<string, unknown>>; projects_ar: Array<Record<string, unknown>> };
    };
  };
  return generate({ ...counts, imageBase: 'https://media.provider.test' });
}
