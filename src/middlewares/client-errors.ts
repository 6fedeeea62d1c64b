/**
 * Client errors thrown by Strapi's dependencies, answered as Strapi answers its own. Several of them
 * (koa-static's path check, raw-body, Koa's ctx.throw) carry their own copy of `http-errors`, so
 * `strapi::errors` does not recognise them as HTTP errors: it logs each with its stack trace and a
 * file path, which lets any anonymous client write to the error log (`GET /%00`). A 4xx meant for the
 * client is the client's; it is answered, not logged.
 */
import type { Context, Next } from 'koa';

interface HttpLikeError {
  status?: unknown;
  expose?: unknown;
  name?: unknown;
  message?: unknown;
  details?: unknown;
}

function isClientError(error: unknown): error is HttpLikeError & { status: number } {
  const { status, expose } = (error ?? {}) as HttpLikeError;
  return typeof status === 'number' && status >= 400 && status < 500 && expose === true;
}

export default () =>
  async function clientErrors(ctx: Context, next: Next) {
    try {
      await next();
    } catch (error) {
      if (!isClientError(error)) throw error;
      ctx.status = error.status;
      // Strapi's own error format (its errors middleware writes the same for its HTTP errors), the field
      // errors of the app's own 422s (`details.errors`) included.
      const details = typeof error.details === 'object' && error.details !== null ? error.details : {};
      ctx.body = { data: null, error: { status: error.status, name: String(error.name), message: String(error.message), details } };
    }
  };
