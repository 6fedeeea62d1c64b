import { describe, expect, it } from 'vitest';
import { errors as strapiErrors } from '@strapi/utils';
import { ApiError, defaultErrorFor, errorBody, isEnvelope, success } from '../../src/lib/envelope';
import { toApiError } from '../../src/lib/errors';

describe('success()', () => {
  it('builds the envelope, with the message only when given', () => {
    expect(success({ a: 1 })).toEqual({ success: true, status_code: 200, data: { a: 1 } });
    expect(success({ id: 3 }, 201, 'Saved')).toEqual({ success: true, status_code: 201, message: 'Saved', data: { id: 3 } });
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
