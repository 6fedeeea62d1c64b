/**
 * A handler in front of Strapi's HTTP request listener (its Koa app), for what must answer before the
 * middleware stack (the fast lane, src/lib/fast-lane.ts).
 *
 * Strapi internals, checked against @strapi/core 5.54.0: `strapi.server.httpServer` is a node:http
 * server created with Koa's callback as its one 'request' listener, already at the app's register
 * (before listen). Strapi offers no hook here; after an upgrade, check this swap here and nowhere else.
 */
import type { IncomingMessage, Server, ServerResponse } from 'http';

export type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;

/** Replaces the server's one request listener by `front`, which gets it to pass requests on to. */
export function inFrontOfRequestListener(server: Server, front: (req: IncomingMessage, res: ServerResponse, strapiListener: RequestListener) => void): void {
  const [strapiListener] = server.listeners('request') as RequestListener[];
  if (!strapiListener) throw new Error('request listener: the HTTP server has none to put anything in front of');
  server.removeListener('request', strapiListener);
  const passOn: RequestListener = (req, res) => strapiListener.call(server, req, res);
  server.on('request', (req: IncomingMessage, res: ServerResponse) => front(req, res, passOn));
}
