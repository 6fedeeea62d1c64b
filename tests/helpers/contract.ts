/**
 * Checks responses against docs/openapi.yaml: the operation is found by method and path, the
 * response by status, and the body is validated with ajv (JSON Schema 2020-12, as OpenAPI 3.1 uses).
 * `checked()` wraps a supertest request so a test cannot forget the check.
 */
import fs from 'fs';
import path from 'path';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';
import type { Response, Test } from 'supertest';

type JsonObject = Record<string, unknown>;
interface OpenApiDocument {
  paths: Record<string, Record<string, { responses: Record<string, JsonObject> }>>;
}

const DOCUMENT_ID = 'openapi.json';
const document = parse(fs.readFileSync(path.resolve(__dirname, '../../docs/openapi.yaml'), 'utf8')) as OpenApiDocument;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema(document, DOCUMENT_ID);

const escapePointer = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

/** OpenAPI templates (`/api/v1/projects/{id}`) as regular expressions, most specific first. */
const templates = Object.keys(document.paths)
  .map((template) => ({
    template,
    pattern: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`),
    literalLength: template.replace(/\{[^}]+\}/g, '').length,
  }))
  .sort((a, b) => b.literalLength - a.literalLength);

function resolveResponse(response: JsonObject): { pointer: string; response: JsonObject } | undefined {
  const ref = response.$ref;
  if (typeof ref !== 'string') return undefined;
  const name = ref.replace('#/components/responses/', '');
  const components = (document as unknown as { components: { responses: Record<string, JsonObject> } }).components;
  return { pointer: `/components/responses/${escapePointer(name)}`, response: components.responses[name] };
}

export function assertMatchesContract(method: string, urlPath: string, status: number, contentType: string | undefined, body: unknown): void {
  const where = `${method} ${urlPath} -> ${status}`;
  const match = templates.find(({ pattern }) => pattern.test(urlPath));
  if (!match) throw new Error(`${where}: no path in docs/openapi.yaml matches`);
  const operation = document.paths[match.template][method.toLowerCase()];
  if (!operation) throw new Error(`${where}: ${match.template} has no ${method} operation in docs/openapi.yaml`);

  const statusKey = String(status) in operation.responses ? String(status) : 'default';
  const declared = operation.responses[statusKey];
  if (!declared) throw new Error(`${where}: status ${status} is not documented for ${match.template}`);

  const operationPointer = `/paths/${escapePointer(match.template)}/${method.toLowerCase()}/responses/${statusKey}`;
  const { pointer, response } = resolveResponse(declared) ?? { pointer: operationPointer, response: declared };
  if (!response.content) {
    if (body !== undefined && body !== '' && !(typeof body === 'object' && body !== null && Object.keys(body).length === 0)) {
      throw new Error(`${where}: documented without a body, but one was sent`);
    }
    return;
  }
  if (!contentType?.startsWith('application/json') || !/charset=utf-8/i.test(contentType)) {
    throw new Error(`${where}: content type is "${contentType}", expected application/json; charset=utf-8`);
  }
  const validate = ajv.getSchema(`${DOCUMENT_ID}#${pointer}/content/application~1json/schema`);
  if (!validate) throw new Error(`${where}: no JSON schema documented`);
  if (!validate(body)) {
    throw new Error(`${where}: body does not match docs/openapi.yaml:\n${ajv.errorsText(validate.errors, { separator: '\n' })}\nbody: ${JSON.stringify(body).slice(0, 2000)}`);
  }
}

/** Throws unless `body` is what the operation's request body documents for `mediaType`. */
export function assertRequestMatchesContract(method: string, template: string, mediaType: string, body: unknown): void {
  const pointer = `/paths/${escapePointer(template)}/${method.toLowerCase()}/requestBody/content/${escapePointer(mediaType)}/schema`;
  const validate = ajv.getSchema(`${DOCUMENT_ID}#${pointer}`);
  if (!validate) throw new Error(`${method.toUpperCase()} ${template}: no ${mediaType} request body documented`);
  if (!validate(body)) {
    throw new Error(`${method.toUpperCase()} ${template}: the ${mediaType} body does not match docs/openapi.yaml:\n${ajv.errorsText(validate.errors, { separator: '\n' })}\nbody: ${JSON.stringify(body).slice(0, 2000)}`);
  }
}

/** Awaits a supertest request and validates its response against the OpenAPI document. */
export async function checked(test: Test): Promise<Response> {
  const response = await test;
  const request = (response as unknown as { req: { method: string; path: string } }).req;
  const urlPath = new URL(request.path, 'http://localhost').pathname;
  assertMatchesContract(request.method, urlPath, response.status, response.headers['content-type'], response.body);
  return response;
}

const validateErrorEnvelope = ajv.getSchema(`${DOCUMENT_ID}#/components/schemas/ErrorEnvelope`)!;

/** Throws unless the body is the error envelope (decision 2). */
export function assertErrorEnvelope(body: unknown, where: string): void {
  if (!validateErrorEnvelope(body)) {
    throw new Error(`${where}: not the error envelope: ${ajv.errorsText(validateErrorEnvelope.errors)}; body ${JSON.stringify(body).slice(0, 1000)}`);
  }
}

/** Awaits a request that must fail, and checks it left in the error envelope with that status and code. */
export async function checkedError(test: Test, status: number, errorCode: string): Promise<Response> {
  const response = await test;
  const where = `${(response as unknown as { req: { method: string; path: string } }).req.method} -> ${response.status}`;
  if (response.status !== status) throw new Error(`${where}: expected status ${status}, body ${JSON.stringify(response.body).slice(0, 1000)}`);
  if (!/^application\/json; charset=utf-8$/i.test(String(response.headers['content-type']))) {
    throw new Error(`${where}: content type is "${response.headers['content-type']}"`);
  }
  assertErrorEnvelope(response.body, where);
  if (response.body.status_code !== status || response.body.error_code !== errorCode) {
    throw new Error(`${where}: expected ${status}/${errorCode}, got ${JSON.stringify(response.body).slice(0, 1000)}`);
  }
  return response;
}
