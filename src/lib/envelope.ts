/**
 * The one response envelope of the public contract (decisions 1-3), and the only place that writes it.
 * Success bodies come from `success()` (or, for responses assembled from pre-encoded parts, from
 * `encodedSuccess()`); a Strapi-shaped `{ data, meta }` body on a contract path (the extsource plugin's
 * content API) is put in it by the api-edge middleware (`enveloped()`); errors are `ApiError`s that
 * the api-edge turns into `errorBody()`.
 */

export const ERROR_CODES = [
  'BAD_REQUEST',
  'VALIDATION_FAILED',
  'MALFORMED_JSON',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'GONE',
  'METHOD_NOT_ALLOWED',
  'LENGTH_REQUIRED',
  'CONFLICT',
  'SYNC_IN_PROGRESS',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'PROVIDER_UNAVAILABLE',
  'SERVICE_UNAVAILABLE',
  'SERVER_ERROR',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export const isErrorCode = (value: unknown): value is ErrorCode => (ERROR_CODES as readonly unknown[]).includes(value);

export type FieldErrors = Record<string, string[]>;

export interface SuccessBody<T> {
  success: true;
  status_code: number;
  message?: string;
  data: T;
  meta?: unknown;
}

export interface ErrorBody {
  success: false;
  status_code: number;
  message: string;
  error_code: ErrorCode;
  errors?: FieldErrors;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly fieldErrors?: FieldErrors,
    readonly headers: Record<string, string> = {}
  ) {
    super(message);
    this.name = 'ApiError';
  }

  static validation(fieldErrors: FieldErrors, message = 'Validation failed'): ApiError {
    return new ApiError(422, 'VALIDATION_FAILED', message, fieldErrors);
  }

  static notFound(message: string): ApiError {
    return new ApiError(404, 'NOT_FOUND', message);
  }

  toBody(): ErrorBody {
    return errorBody(this.status, this.code, this.message, this.fieldErrors);
  }
}

export function success<T>(data: T, statusCode = 200, message?: string): SuccessBody<T> {
  return message === undefined
    ? { success: true, status_code: statusCode, data }
    : { success: true, status_code: statusCode, message, data };
}

/** The success envelope as bytes around data serialised elsewhere: `head`, the data's JSON, `tail`. */
export interface EncodedEnvelope {
  head: Buffer;
  tail: Buffer;
}

/**
 * The 200 success envelope with `message`, encoded once, for responses assembled from parts encoded
 * once (the off-plan listing): `{"data":` ... `,"success":true,"status_code":200,"message":"..."}`.
 */
export function encodedSuccess(message: string): EncodedEnvelope {
  return {
    head: Buffer.from('{"data":'),
    tail: Buffer.from(`,"success":true,"status_code":200,"message":${JSON.stringify(message)}}`),
  };
}

/** A body in Strapi's own content API shape, `{ data }` or `{ data, meta }` (a plugin's answer). */
function isStrapiShaped(body: unknown): body is { data: unknown; meta?: unknown } {
  if (typeof body !== 'object' || body === null || Buffer.isBuffer(body) || !('data' in body)) return false;
  return Object.keys(body).every((key) => key === 'data' || key === 'meta');
}

/** A 2xx body in Strapi's shape, in the envelope (meta kept after data); any other body as it is. */
export function enveloped(status: number, body: unknown): unknown {
  if (status < 200 || status >= 300 || !isStrapiShaped(body)) return body;
  const wrapped = success(body.data, status);
  return body.meta === undefined ? wrapped : { ...wrapped, meta: body.meta };
}

export function errorBody(status: number, code: ErrorCode, message: string, fieldErrors?: FieldErrors): ErrorBody {
  const body: ErrorBody = { success: false, status_code: status, message, error_code: code };
  if (fieldErrors) body.errors = fieldErrors;
  return body;
}

/** The code and message used when a status arrives without one of ours (router, body parser, Strapi). */
const DEFAULTS_BY_STATUS: Record<number, [ErrorCode, string]> = {
  400: ['BAD_REQUEST', 'The request could not be understood'],
  401: ['UNAUTHORIZED', 'Authentication is required'],
  403: ['FORBIDDEN', 'You are not allowed to do this'],
  404: ['NOT_FOUND', 'Not found'],
  405: ['METHOD_NOT_ALLOWED', 'Method not allowed'],
  409: ['CONFLICT', 'The request conflicts with the current state'],
  413: ['PAYLOAD_TOO_LARGE', 'The request body is too large'],
  415: ['UNSUPPORTED_MEDIA_TYPE', 'Unsupported content type'],
  422: ['VALIDATION_FAILED', 'Validation failed'],
  429: ['RATE_LIMITED', 'Too many requests'],
  502: ['PROVIDER_UNAVAILABLE', 'The upstream provider is unavailable'],
  503: ['SERVICE_UNAVAILABLE', 'The service is temporarily unavailable'],
};

export function defaultErrorFor(status: number): ApiError {
  const [code, message] = DEFAULTS_BY_STATUS[status] ?? (status >= 500
    ? (['SERVER_ERROR', 'Internal server error'] as const)
    : (['BAD_REQUEST', 'The request could not be processed'] as const));
  return new ApiError(status, code, message);
}

export function isEnvelope(body: unknown): boolean {
  return typeof body === 'object' && body !== null && !Buffer.isBuffer(body) && 'success' in body;
}
