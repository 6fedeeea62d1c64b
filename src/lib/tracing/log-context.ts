/**
 * Log lines written while a request is handled name it: `[request <X-Request-Id>]` (the contract paths
 * give every request one) and, with tracing on, `[trace <trace id>]`, so a client's report, its log lines
 * and its trace can be matched. A line that already names its request is left as it is.
 */
import type { Core } from '@strapi/strapi';
import { currentTraceId } from './index';

interface Format {
  transform(info: Record<string, unknown>, options?: unknown): unknown;
  options?: unknown;
}

function contextOf(strapi: Core.Strapi, message: string): string {
  const requestId = (strapi.requestContext.get() as { state?: { requestId?: string } } | undefined)?.state?.requestId;
  const traceId = currentTraceId();
  const parts = [requestId && !message.includes(`[request ${requestId}]`) ? `[request ${requestId}]` : '', traceId ? `[trace ${traceId}]` : ''].filter(Boolean);
  return parts.length ? ` ${parts.join(' ')}` : '';
}

/** Puts the request's context in front of the logger's own format (at register). */
export function logRequestContext(strapi: Core.Strapi): void {
  const logger = strapi.log as unknown as { format: Format };
  const inner = logger.format;
  logger.format = {
    transform(info) {
      if (typeof info.message === 'string') info.message += contextOf(strapi, info.message);
      return inner.transform(info, inner.options);
    },
    options: inner.options,
  };
}
