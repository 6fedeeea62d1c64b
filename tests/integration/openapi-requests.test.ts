/**
 * Requests generated from docs/openapi.yaml (issue 66, decision 188): what a schema-driven client builds
 * from the document alone must be what the service accepts. For every operation that needs no
 * admin-issued credentials, openapi-sampler (Redocly's, the sampler Redoc shows) fills the request body
 * with every optional field (one sample per alternative of a `oneOf` body), each example of the body is
 * sent too, in each documented media type, and every parameter takes its documented example. Each body
 * must match its schema, and each request be answered 2xx with an answer the document describes.
 *
 * A buyer's operations run in the order they need each other (registered first, deleted last), with the
 * document's examples for the buyer's address and passwords. What no document can hold for every run is
 * taken from the run (RUN_VALUES): the access and refresh tokens, the e-mailed reset code, the saved
 * search's id and an unsubscribe token signed for it.
 */
import fs from 'fs';
import path from 'path';
import { sample } from 'openapi-sampler';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '@strapi/strapi';
import type { Response, Test } from 'supertest';
import { appModule, getStrapi, http, newClientIp } from '../helpers/app';
import { assertMatchesContract, assertRequestMatchesContract } from '../helpers/contract';
import { mailedLink, smtp } from '../helpers/smtp';

type Schema = Record<string, unknown>;
type Ref = { $ref: string };
interface Parameter { name: string; in: string; explode?: boolean; example?: unknown }
interface MediaType { schema?: Schema; example?: unknown; examples?: Record<string, { value: unknown }> }
interface Operation {
  operationId: string;
  security?: Array<Record<string, string[]>>;
  parameters?: Array<Parameter | Ref>;
  requestBody?: { content: Record<string, MediaType> };
  responses: Record<string, { content?: Record<string, unknown> } | Ref>;
}
interface Documented { method: string; template: string; operation: Operation }
interface GeneratedRequest { method: string; url: string; label: string; mediaType?: string; body?: unknown; auth?: string }

/** What the run learns as it goes, for the values RUN_VALUES puts into requests. */
interface Run { jwt?: string; refreshToken?: string; buyerId?: number; resetCode?: string; savedSearchId?: number; unsubscribeToken?: string }

const document = parse(fs.readFileSync(path.resolve(__dirname, '../../docs/openapi.yaml'), 'utf8')) as { paths: Record<string, Record<string, Operation>> };

/** The provider's endpoints need a Strapi API token, which only an admin issues: no public client calls them. */
const ADMIN_ONLY = ['testProviders', 'listSyncedProperties', 'syncStats', 'syncAll', 'syncSales', 'syncRentals'];

/** A buyer's life, in the order its steps need each other: registered and signed in first, deleted last. */
const ACCOUNT_FLOW = [
  'registerBuyer', 'signIn', 'refreshSession', 'getMe', 'updateMe',
  'listFavorites', 'putFavorite', 'deleteFavorite', 'putListingFavorite', 'deleteListingFavorite',
  'createSavedSearch', 'listSavedSearches', 'getSavedSearch', 'updateSavedSearch', 'showUnsubscribe', 'unsubscribe', 'deleteSavedSearch',
  'signOut', 'sendEmailConfirmation', 'forgotPassword', 'resetPassword', 'changePassword', 'deleteMe',
];

type Values = { path?: Record<string, unknown>; query?: Record<string, unknown>; body?: Record<string, unknown> };
/** The values that differ per run, by operation; every other value of every request is the document's. */
const RUN_VALUES: Record<string, (run: Run) => Values> = {
  refreshSession: (run) => ({ body: { refreshToken: run.refreshToken } }),
  signOut: (run) => ({ body: { refreshToken: run.refreshToken } }),
  resetPassword: (run) => ({ body: { code: run.resetCode } }),
  getSavedSearch: (run) => ({ path: { id: run.savedSearchId } }),
  updateSavedSearch: (run) => ({ path: { id: run.savedSearchId } }),
  deleteSavedSearch: (run) => ({ path: { id: run.savedSearchId } }),
  showUnsubscribe: (run) => ({ query: { token: run.unsubscribeToken } }),
  unsubscribe: (run) => ({ query: { token: run.unsubscribeToken } }),
};

function resolve<T>(node: T | Ref): T {
  if (!node || typeof node !== 'object' || !('$ref' in node)) return node as T;
  const found = node.$ref.replace(/^#\//, '').split('/').reduce<unknown>((at, key) => (at as Record<string, unknown>)[key.replace(/~1/g, '/').replace(/~0/g, '~')], document);
  return resolve(found as T | Ref);
}

const operations: Documented[] = Object.entries(document.paths).flatMap(([template, item]) =>
  Object.entries(item).filter(([, operation]) => operation && typeof operation === 'object' && 'responses' in operation).map(([method, operation]) => ({ method, template, operation })),
);
const needsAdmin = ({ operation }: Documented) => (operation.security ?? []).length > 0 && operation.security!.every((requirement) => 'apiToken' in requirement);
const needsBuyer = ({ operation }: Documented) => (operation.security ?? []).some((requirement) => 'buyerToken' in requirement);
const publicOperations = operations.filter((documented) => !needsAdmin(documented));
const byId = new Map(operations.map((documented) => [documented.operation.operationId, documented]));
const sequence = [
  ...publicOperations.filter(({ operation }) => !ACCOUNT_FLOW.includes(operation.operationId)),
  ...ACCOUNT_FLOW.map((id) => byId.get(id)!),
];

type SamplerSchema = Parameters<typeof sample>[0];

const parametersOf = (operation: Operation) => (operation.parameters ?? []).map((parameter) => resolve(parameter));

function bodyExamples(media: MediaType): Array<[string, unknown]> {
  if (media.example !== undefined) return [['example', media.example]];
  return Object.entries(media.examples ?? {}).map(([name, example]) => [`example ${name}`, resolve(example).value]);
}

/** Every optional field filled, by openapi-sampler; a body that is one of several shapes is sampled once per shape. */
function bodySamples(media: MediaType): Array<[string, unknown]> {
  const schema = resolve(media.schema ?? {});
  const shapes = Array.isArray(schema.oneOf) ? (schema.oneOf as Schema[]) : [undefined];
  return shapes.map((shape, index) => [
    shape ? `sample of "${shape.title ?? `shape ${index + 1}`}"` : 'sample',
    sample((shape ? { ...schema, oneOf: [shape] } : schema) as SamplerSchema, { skipReadOnly: true, quiet: true }, document),
  ]);
}

/** Each distinct body of the operation (a sample equal to an example is sent once), in each media type. */
function bodies(operation: Operation): Array<{ label: string; mediaType?: string; body?: unknown }> {
  if (!operation.requestBody) return [{ label: 'no body' }];
  return Object.entries(operation.requestBody.content).flatMap(([mediaType, media]) => {
    const distinct = new Map<string, { label: string; mediaType: string; body: unknown }>();
    for (const [label, body] of [...bodySamples(media), ...bodyExamples(media)]) {
      const key = JSON.stringify(body);
      if (!distinct.has(key)) distinct.set(key, { label: `${label} as ${mediaType}`, mediaType, body });
    }
    return [...distinct.values()];
  });
}

function urlOf({ template, operation }: Documented, values: Values): string {
  const search = new URLSearchParams();
  let url = template;
  for (const parameter of parametersOf(operation)) {
    const value = (parameter.in === 'path' ? values.path : values.query)?.[parameter.name] ?? parameter.example;
    if (parameter.in === 'path') url = url.replace(`{${parameter.name}}`, encodeURIComponent(String(value)));
    else if (Array.isArray(value) && parameter.explode !== false) value.forEach((item) => search.append(parameter.name, String(item)));
    else search.append(parameter.name, Array.isArray(value) ? value.join(',') : String(value));
  }
  return search.size ? `${url}?${search}` : url;
}

function requestsFor(documented: Documented, run: Run): GeneratedRequest[] {
  const values = RUN_VALUES[documented.operation.operationId]?.(run) ?? {};
  const url = urlOf(documented, values);
  return bodies(documented.operation).map(({ label, mediaType, body }) => ({
    method: documented.method,
    url,
    label,
    mediaType,
    body: values.body && body && typeof body === 'object' ? { ...body, ...values.body } : body,
    auth: needsBuyer(documented) ? run.jwt : undefined,
  }));
}

function withBody(test: Test, mediaType: string | undefined, body: unknown): Test {
  if (mediaType === undefined) return test;
  if (mediaType === 'multipart/form-data') {
    return Object.entries(body as Record<string, unknown>).reduce((form, [name, value]) => form.field(name, String(value)), test);
  }
  return test.type(mediaType === 'application/json' ? 'json' : 'form').send(body as object);
}

async function send(request: GeneratedRequest): Promise<Response> {
  const agent = await http();
  let test = (agent[request.method as 'get'] as (url: string) => Test)(request.url).set('X-Forwarded-For', newClientIp());
  if (request.auth) test = test.set('Authorization', `Bearer ${request.auth}`);
  return withBody(test, request.mediaType, request.body);
}

/** A 2xx the document describes: JSON through the contract check, other media types by their documented type. */
function expectDocumentedAnswer({ template, operation, method }: Documented, request: GeneratedRequest, res: Response): void {
  const where = `${operation.operationId} (${request.label}): ${method.toUpperCase()} ${request.url} ${JSON.stringify(request.body ?? null).slice(0, 600)}`;
  expect(res.status, `${where} -> ${res.status} ${JSON.stringify(res.body).slice(0, 1000)}`).toBeGreaterThanOrEqual(200);
  expect(res.status, `${where} -> ${res.status} ${JSON.stringify(res.body).slice(0, 1000)}`).toBeLessThan(300);
  const contentType = String(res.headers['content-type'] ?? '');
  if (contentType.startsWith('application/json') || !contentType) {
    assertMatchesContract(method, new URL(request.url, 'http://localhost').pathname, res.status, res.headers['content-type'], res.body);
    return;
  }
  const documented = resolve(operation.responses[String(res.status)]);
  expect(Object.keys(documented.content ?? {}), `${where}: ${template} answered ${contentType}`).toContain(contentType.split(';')[0]);
}

let strapi: Core.Strapi;
const run: Run = {};
let alertsConfig: Record<string, unknown>;

beforeAll(async () => {
  strapi = await getStrapi();
  // Unsubscribe tokens are signed with the alerts' secret, empty (alerts off) unless a test sets one.
  alertsConfig = strapi.config.get('alerts') as Record<string, unknown>;
  if (!alertsConfig.unsubscribeSecret) strapi.config.set('alerts', { ...alertsConfig, unsubscribeSecret: 'test-openapi-requests-secret' });
});

afterAll(() => {
  if (alertsConfig) strapi.config.set('alerts', alertsConfig);
});

function signUnsubscribe(buyerId: number, savedSearchId: number): string {
  const { signUnsubscribe: sign } = appModule<typeof import('../../src/api/account/lib/unsubscribe-token')>('src/api/account/lib/unsubscribe-token');
  return sign((strapi.config.get('alerts') as { unsubscribeSecret: string }).unsubscribeSecret, { buyerId, subjects: [`search:${savedSearchId}`] });
}

/** What the run keeps from an answer, and the steps between operations that are no request of the document (a mailed link). */
const AFTER_ANSWER: Record<string, (res: Response, request: GeneratedRequest, mailsBefore: number) => Promise<void>> = {
  registerBuyer: async (_res, request, mailsBefore) => {
    const { url } = await mailedLink((request.body as { email: string }).email, 'confirmation', mailsBefore);
    const confirmed = await (await http()).get(`/api/auth/email-confirmation?confirmation=${encodeURIComponent(url.searchParams.get('confirmation')!)}`).set('X-Forwarded-For', newClientIp());
    expect(confirmed.status).toBe(302);
  },
  createSavedSearch: async (res) => {
    run.savedSearchId = res.body.data.id;
    run.unsubscribeToken = signUnsubscribe(run.buyerId!, run.savedSearchId!);
  },
  forgotPassword: async (_res, request, mailsBefore) => {
    run.resetCode = (await mailedLink((request.body as { email: string }).email, 'code', mailsBefore)).url.searchParams.get('code')!;
  },
};

/** A session's tokens, from every answer that starts one (sign-in, refresh, reset, change of password). */
function keepSession(res: Response): void {
  if (typeof res.body?.jwt !== 'string') return;
  run.jwt = res.body.jwt;
  if (typeof res.body.refreshToken === 'string') run.refreshToken = res.body.refreshToken;
  if (res.body.user?.id) run.buyerId = res.body.user.id;
}

describe('requests generated from docs/openapi.yaml', () => {
  it('leaves out only the operations that need an admin-issued API token', () => {
    expect(operations.filter(needsAdmin).map(({ operation }) => operation.operationId)).toEqual(ADMIN_ONLY);
    expect(publicOperations.filter(needsBuyer).every(({ operation }) => ACCOUNT_FLOW.includes(operation.operationId))).toBe(true);
    expect(ACCOUNT_FLOW.every((id) => byId.has(id) && !needsAdmin(byId.get(id)!))).toBe(true);
  });

  it('documents an example for every parameter and every request body', () => {
    const missing = publicOperations.flatMap(({ operation }) => [
      ...parametersOf(operation).filter((parameter) => parameter.example === undefined).map((parameter) => `${operation.operationId}: parameter ${parameter.name}`),
      ...Object.entries(operation.requestBody?.content ?? {}).filter(([, media]) => bodyExamples(media).length === 0).map(([type]) => `${operation.operationId}: ${type} body`),
    ]);
    expect(missing).toEqual([]);
  });

  for (const documented of sequence) {
    const { method, template, operation } = documented;
    it(`${operation.operationId}: ${method.toUpperCase()} ${template} answers 2xx, as documented`, async () => {
      for (const request of requestsFor(documented, run)) {
        // A body the document refuses would test the generator, not the service.
        if (request.mediaType) assertRequestMatchesContract(method, template, request.mediaType, request.body);
        const mailsBefore = smtp.received.length;
        const res = await send(request);
        expectDocumentedAnswer(documented, request, res);
        keepSession(res);
        await AFTER_ANSWER[operation.operationId]?.(res, request, mailsBefore);
      }
    });
  }
});
