/**
 * The plugin's answers that are not successes, as Strapi's own HTTP errors (http-errors, which Strapi
 * exports as `errors.HttpError`): on the plugin's admin routes Strapi's error middleware answers them
 * with their status and message and, unlike an unknown error, does not log them as crashes. Each names
 * its error code (`code`) and, for a validation failure, the field errors (`details.errors`), which the
 * hosting app's API edge maps once into its response envelope on /api/extsource.
 */
import createError from 'http-errors';

export type ErrorCode = 'VALIDATION_FAILED' | 'NOT_FOUND' | 'SYNC_IN_PROGRESS' | 'PROVIDER_UNAVAILABLE';

export type FieldErrors = Record<string, string[]>;

function extsourceError(status: number, code: ErrorCode, message: string, fieldErrors?: FieldErrors) {
  // expose: the message is written for clients, a 503's too (http-errors hides 5xx messages by default).
  return createError(status, message, { code, expose: true, details: fieldErrors ? { errors: fieldErrors } : undefined });
}

export const validationFailed = (fieldErrors: FieldErrors) => extsourceError(422, 'VALIDATION_FAILED', 'Validation failed', fieldErrors);

export const notFound = (message: string) => extsourceError(404, 'NOT_FOUND', message);

export const syncInProgress = (message: string) => extsourceError(409, 'SYNC_IN_PROGRESS', message);

export const providerUnavailable = (message: string) => extsourceError(503, 'PROVIDER_UNAVAILABLE', message);

/** The message of anything thrown, for logs (a rejection's reason need not be an Error). */
export const errorMessage = (error: unknown): string => (error instanceof Error ? error.message : String(error));
