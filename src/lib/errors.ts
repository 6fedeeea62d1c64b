import { errors as strapiErrors } from '@strapi/utils';
import { ApiError, defaultErrorFor, isErrorCode, type FieldErrors } from './envelope';

/** The message of anything thrown, for logs (a rejection's reason need not be an Error). */
export const errorMessage = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** Status of each Strapi application error, as Strapi's own error middleware would answer it. */
const STRAPI_ERROR_STATUS: Array<[new (...args: never[]) => Error, number]> = [
  [strapiErrors.UnauthorizedError, 401],
  [strapiErrors.ForbiddenError, 403],
  [strapiErrors.NotFoundError, 404],
  [strapiErrors.PayloadTooLargeError, 413],
  [strapiErrors.RateLimitError, 429],
  [strapiErrors.NotImplementedError, 501],
  [strapiErrors.ApplicationError, 400],
];

interface HttpLikeError {
  status?: unknown;
  statusCode?: unknown;
  type?: unknown;
  expose?: unknown;
  code?: unknown;
  details?: { errors?: FieldErrors };
}

function httpStatusOf(error: HttpLikeError): number | undefined {
  const status = error.status ?? error.statusCode;
  return typeof status === 'number' && status >= 400 && status <= 599 ? status : undefined;
}

/** The body parser reports unparsable JSON as a 400 SyntaxError (co-body) or `entity.parse.failed`. */
function isJsonParseFailure(error: Error & HttpLikeError): boolean {
  return httpStatusOf(error) === 400 && (error instanceof SyntaxError || error.type === 'entity.parse.failed');
}

/** What co-body's JSON.parse (@hapi/bourne) throws for a `__proto__` key, however escaped: valid JSON, refused on purpose. */
const PROTO_KEY_REFUSAL = 'Object contains forbidden prototype property';
export const PROTO_KEY_MESSAGE = 'The request body has a key named __proto__, which is not accepted';

/** A body refused for a `__proto__` key, which is not a syntax error and must not be told as one (issue 66). */
export function isProtoKeyRefusal(thrown: unknown): boolean {
  return thrown instanceof Error && isJsonParseFailure(thrown) && thrown.message === PROTO_KEY_REFUSAL;
}

/**
 * An HTTP error that names one of the contract's error codes: the extsource plugin's errors (Strapi's
 * HttpError with `code` and `details.errors`, see the plugin's errors.ts). Its status, code, message
 * and field errors are the answer, a 5xx's message included (it was written for clients).
 */
function codedHttpError(thrown: unknown): ApiError | undefined {
  if (!(thrown instanceof Error)) return undefined;
  const error = thrown as Error & HttpLikeError;
  const status = httpStatusOf(error);
  if (status === undefined || !isErrorCode(error.code)) return undefined;
  return new ApiError(status, error.code, error.message, error.details?.errors);
}

/** An answer decided on purpose (ours or the plugin's), as opposed to a failure: logged without a stack. */
export function isDeliberate(thrown: unknown): boolean {
  return thrown instanceof ApiError || codedHttpError(thrown) !== undefined;
}

/**
 * Turns anything thrown below the api-edge into an ApiError. Only 4xx messages written for clients
 * are kept; a 5xx always gets the generic message (its cause goes to the log, never to the client).
 */
export function toApiError(thrown: unknown): ApiError {
  if (thrown instanceof ApiError) return thrown;
  if (!(thrown instanceof Error)) return defaultErrorFor(500);
  const coded = codedHttpError(thrown);
  if (coded) return coded;

  const error = thrown as Error & HttpLikeError;
  if (isProtoKeyRefusal(error)) return new ApiError(400, 'BAD_REQUEST', PROTO_KEY_MESSAGE);
  if (isJsonParseFailure(error)) {
    return new ApiError(400, 'MALFORMED_JSON', 'The request body is not valid JSON');
  }
  for (const [ErrorClass, status] of STRAPI_ERROR_STATUS) {
    if (error instanceof ErrorClass) return withClientMessage(status, error.message);
  }
  const status = httpStatusOf(error);
  if (status && status < 500 && error.expose !== false) return withClientMessage(status, error.message);
  return defaultErrorFor(status && status >= 500 ? status : 500);
}

function withClientMessage(status: number, message: string): ApiError {
  const fallback = defaultErrorFor(status);
  if (status >= 500 || !message) return fallback;
  return new ApiError(status, fallback.code, message);
}
