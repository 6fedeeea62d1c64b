import { describe, expect, it } from 'vitest';
import type { IncomingMessage } from 'http';
import { Readable } from 'stream';
import { errors as strapiErrors } from '@strapi/utils';
import coBody from 'co-body';
import createError from 'http-errors';
import { ApiError, defaultErrorFor, encodedSuccess, enveloped, errorBody, isEnvelope, success } from '../../src/lib/envelope';
import { toApiError } from '../../src/lib/errors';

describe('success()', () => {
  it('builds the envelope, with the message only when given', () => {
    expect(success({ a: 1 })).toEqual({ success: true, status_code: 200, data: { a: 1 } });
    expect(success({ id: 3 }, 201, 'Saved')).toEqual({ success: true, status_code: 201, message: 'Saved', data: { id: 3 } });
  });
});

describe('encodedSuccess()', () => {
  it('is the envelope of success() as bytes, around data serialised elsewhere', () => {
    const { head, tail } = encodedSuccess('Projects retrieved');
    const data = { items: [1, 'two'], nested: { ok: true } };
    const bytes = Buffer.concat([head, Buffer.from(JSON.stringify(data)), tail]);
    expect(JSON.parse(bytes.toString('utf8'))).toEqual(success(data, 200, 'Projects retrieved'));
  });
});

describe('enveloped()', () => {
  it("puts a 2xx body in Strapi's shape in the envelope, meta after data", () => {
    expect(enveloped(200, { data: [1] })).toEqual({ success: true, status_code: 200, data: [1] });
    expect(JSON.stringify(enveloped(200, { meta: { total: 1 }, data: [1] }))).toBe('{"success":true,"status_code":200,"data":[1],"meta":{"total":1}}');
  });

  it('leaves every other body as it is', () => {
    const others = [success({ a: 1 }), { openapi: '3.1.0', paths: {} }, { data: 1, extra: true }, Buffer.from('{}'), null, 'text'];
    for (const body of others) expect(enveloped(200, body)).toBe(body);
    const error = { data: null, error: { status: 400 } };
    expect(enveloped(400, error)).toBe(error);
  });
});

describe('errorBody()', () => {
  it('includes errors only when there are field errors', () => {
    expect(errorBody(404, 'NOT_FOUND', 'Nope')).toEqual({ success: false, status_code: 404, message: 'Nope', error_code: 'NOT_FOUND' });
    expect(ApiError.validation({ email: ['Bad'] }).toBody()).toEqual({
      success: false,
      status_code: 422,
      message: 'Validation failed',
      error_code: 'VALIDATION_FAILED',
      errors: { email: ['Bad'] },
    });
  });
});

describe('toApiError()', () => {
  it("keeps the status, code, message and field errors of an HTTP error naming a contract code (the extsource plugin's)", () => {
    const busy = toApiError(createError(409, 'A sync of sales is already running', { code: 'SYNC_IN_PROGRESS', expose: true }));
    expect(busy.toBody()).toEqual({ success: false, status_code: 409, message: 'A sync of sales is already running', error_code: 'SYNC_IN_PROGRESS' });
    const down = toApiError(createError(503, 'Projects are unavailable', { code: 'PROVIDER_UNAVAILABLE', expose: true }));
    expect(down.toBody()).toMatchObject({ status_code: 503, message: 'Projects are unavailable', error_code: 'PROVIDER_UNAVAILABLE' });
    const invalid = toApiError(createError(422, 'Validation failed', { code: 'VALIDATION_FAILED', details: { errors: { page: ['Bad'] } } }));
    expect(invalid.toBody()).toMatchObject({ status_code: 422, error_code: 'VALIDATION_FAILED', errors: { page: ['Bad'] } });
    const foreign = toApiError(Object.assign(new Error('socket hang up'), { status: 502, code: 'ECONNRESET' }));
    expect(foreign.toBody()).toMatchObject({ status_code: 502, error_code: 'PROVIDER_UNAVAILABLE', message: 'The upstream provider is unavailable' });
  });

  const cases: Array<[string, unknown, number, string, string?]> = [
    ['our own error', new ApiError(409, 'SYNC_IN_PROGRESS', 'Busy'), 409, 'SYNC_IN_PROGRESS', 'Busy'],
    ['a JSON syntax error from the body parser', Object.assign(new SyntaxError('Unexpected end'), { status: 400 }), 400, 'MALFORMED_JSON', 'The request body is not valid JSON'],
    ['an entity.parse.failed error', Object.assign(new Error('x'), { status: 400, type: 'entity.parse.failed' }), 400, 'MALFORMED_JSON'],
    ['Strapi UnauthorizedError', new strapiErrors.UnauthorizedError('Missing or invalid credentials'), 401, 'UNAUTHORIZED', 'Missing or invalid credentials'],
    ['Strapi PolicyError', new strapiErrors.PolicyError('Policy failed'), 403, 'FORBIDDEN', 'Policy failed'],
    ['Strapi NotFoundError', new strapiErrors.NotFoundError('Gone'), 404, 'NOT_FOUND', 'Gone'],
    ['Strapi ValidationError', new strapiErrors.ValidationError('Bad'), 400, 'BAD_REQUEST', 'Bad'],
    ['an http error with a 4xx status', Object.assign(new Error('Too big'), { status: 413, expose: true }), 413, 'PAYLOAD_TOO_LARGE', 'Too big'],
    ['an http error with a 5xx status', Object.assign(new Error('upstream at 10.0.0.3 failed'), { status: 502 }), 502, 'PROVIDER_UNAVAILABLE', 'The upstream provider is unavailable'],
    ['a plain Error', new Error('select * from secrets'), 500, 'SERVER_ERROR', 'Internal server error'],
    ['a thrown string', 'boom', 500, 'SERVER_ERROR', 'Internal server error'],
  ];

  it.each(cases)('maps %s', (_label, thrown, status, code, message) => {
    const error = toApiError(thrown);
    expect(error.status).toBe(status);
    expect(error.code).toBe(code);
    if (message) expect(error.message).toBe(message);
  });
});

describe('a JSON body with a __proto__ key (issue 66)', () => {
  /** What Strapi's body parser (koa-body, on co-body) throws for `text`. */
  async function parseFailure(text: string): Promise<unknown> {
    const request = Object.assign(Readable.from([Buffer.from(text)]), { headers: { 'content-type': 'application/json' } });
    return coBody.json(request as unknown as IncomingMessage).then(() => new Error('parsed'), (error: unknown) => error);
  }

  it('is a 400 saying so, not "not valid JSON", however the key is spelt', async () => {
    for (const text of ['{"__proto__":{"admin":true}}', '{"a":{"\\u005f_proto__":1}}']) {
      expect(toApiError(await parseFailure(text)).toBody()).toEqual({
        success: false, status_code: 400, error_code: 'BAD_REQUEST', message: 'The request body has a key named __proto__, which is not accepted',
      });
    }
    expect(toApiError(await parseFailure('{"a":')).message).toBe('The request body is not valid JSON');
  });
});

describe('defaultErrorFor()', () => {
  it('covers unknown statuses by class', () => {
    expect(defaultErrorFor(418).code).toBe('BAD_REQUEST');
    expect(defaultErrorFor(599).code).toBe('SERVER_ERROR');
  });
});

describe('isEnvelope()', () => {
  it('recognises envelopes only', () => {
    expect(isEnvelope(success(1))).toBe(true);
    expect(isEnvelope({ data: null, error: {} })).toBe(false);
    expect(isEnvelope(Buffer.from('{}'))).toBe(false);
    expect(isEnvelope(null)).toBe(false);
  });
});
