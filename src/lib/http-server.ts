/**
 * What slow or broken clients may cost the HTTP server. The timeouts themselves are Node's own, set
 * through Strapi's `server.http.serverOptions` (config/server.ts); here: a cap on open connections per
 * client address, and one short, rate-limited log line for whatever a client breaks (an unparsable
 * request, a timed-out one, a connection dropped mid-request) instead of a stack trace each.
 */
import { STATUS_CODES, type Server } from 'http';
import type { Socket } from 'net';
import type { Core } from '@strapi/strapi';
import { throttledLog, type ThrottledLog } from './throttled-log';

let log: ThrottledLog | undefined;

/** The process's one log of client-caused failures: a line per kind per minute at most. */
export function clientFailureLog(strapi: Core.Strapi): ThrottledLog {
  log ??= throttledLog((line) => strapi.log.warn(line));
  return log;
}

/** Closes any connection beyond `max` open ones from the same address, at once. */
export function limitConnectionsPerAddress(server: Server, max: number): void {
  if (max <= 0) return;
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}

interface ClientError extends Error {
  code?: string;
}

/** Node's own answer to a request it could not parse or that timed out, with a short log line instead of none. */
function answerClientErrors(server: Server, report: ThrottledLog): void {
  server.on('clientError', (error: ClientError, socket: Socket) => {
    const code = error.code ?? 'UNKNOWN';
    report(`client-error:${code}`, `http: ${code} from ${socket.remoteAddress ?? 'unknown address'} (${error.message})`);
    if (code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const status = code === 'HPE_HEADER_OVERFLOW' ? 431 : code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
    // As Node's own handler: answer, then close without waiting for the client to close its side.
    socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`, () => socket.destroy());
  });
}

interface KoaErrorContext {
  method?: string;
  path?: string;
}

/**
 * Errors Koa reports after the middlewares are done: in practice a client that went away while its
 * answer was written. Koa's default prints each one's stack; one line per kind per minute is enough.
 */
function reportAbandonedResponses(strapi: Core.Strapi, report: ThrottledLog): void {
  strapi.server.app.on('error', (error: ClientError, ctx?: KoaErrorContext) => {
    const code = error.code ?? error.name;
    report(`response:${code}`, `http: ${ctx?.method ?? ''} ${ctx?.path ?? ''} ended early: ${code} (${error.message})`);
  });
}

export interface HttpServerLimits {
  /** Open connections allowed per client address; 0: no cap. */
  maxConnectionsPerAddress: number;
}

export function hardenHttpServer(strapi: Core.Strapi, limits: HttpServerLimits): void {
  const server = strapi.server.httpServer;
  const report = clientFailureLog(strapi);
  limitConnectionsPerAddress(server, limits.maxConnectionsPerAddress);
  answerClientErrors(server, report);
  reportAbandonedResponses(strapi, report);
}
