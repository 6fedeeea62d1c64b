/**
 * What slow or broken clients may cost the HTTP server. The timeouts themselves are Node's own, set
 * through Strapi's `server.http.serverOptions` (config/server.ts); here: a cap on open connections per
 * client address, the error envelope for a request Node's parser refuses, and one short, rate-limited
 * log line for whatever a client breaks (an unparsable request, a timed-out one, a connection dropped
 * mid-request) instead of a stack trace each.
 */
import { STATUS_CODES, type Server } from 'http';
import type { Socket } from 'net';
import type { Core } from '@strapi/strapi';
import { errorBody } from './envelope';
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

/** A whole HTTP/1.1 answer for a socket with no request object, closing the connection. */
function rawAnswer(status: number, headers: string[], body = ''): string {
  const head = [`HTTP/1.1 ${status} ${STATUS_CODES[status]}`, ...headers, 'Connection: close', `Content-Length: ${Buffer.byteLength(body)}`];
  return `${head.join('\r\n')}\r\n\r\n${body}`;
}

const envelopeAnswer = (status: number, message: string) =>
  rawAnswer(status, ['Content-Type: application/json; charset=utf-8'], JSON.stringify(errorBody(status, 'BAD_REQUEST', message)));

/**
 * What the server writes to a client whose request Node's HTTP parser refused (`HPE_*`) or that timed
 * out, by the error's code: the error envelope, as every other answer (431 for headers too large);
 * a timeout keeps Node's bare 408; undefined when the client is gone (`ECONNRESET`).
 */
export function clientErrorAnswer(code: string): string | undefined {
  if (code === 'ECONNRESET') return undefined;
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return rawAnswer(408, []);
  if (code === 'HPE_HEADER_OVERFLOW') return envelopeAnswer(431, 'The request headers are too large');
  return envelopeAnswer(400, 'The request could not be parsed');
}

/**
 * Node's own guard (lib/_http_server.js `socketOnError`, Node 22): once an answer on this connection
 * has sent its head, bytes of ours would land inside it.
 */
function answerUnderWay(socket: Socket): boolean {
  const current = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  return current?.headersSent === true;
}

/** Answers a request the server could not read as `clientErrorAnswer` says, with a short log line instead of none. */
function answerClientErrors(server: Server, report: ThrottledLog): void {
  server.on('clientError', (error: ClientError, socket: Socket) => {
    const code = error.code ?? 'UNKNOWN';
    report(`client-error:${code}`, `http: ${code} from ${socket.remoteAddress ?? 'unknown address'} (${error.message})`);
    const answer = clientErrorAnswer(code);
    if (answer === undefined || !socket.writable || answerUnderWay(socket)) {
      socket.destroy();
      return;
    }
    // As Node's own handler: answer, then close without waiting for the client to close its side.
    socket.end(answer, () => socket.destroy());
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
