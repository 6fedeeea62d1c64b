/**
 * Where Prometheus reads the metrics: GET /metrics on a listener of their own (METRICS_PORT), and/or on
 * the public port with `Authorization: Bearer <METRICS_TOKEN>`, answered in front of Strapi (a scrape is
 * no request of the site's, and is not counted as one). Without a valid token the public port answers
 * 404, as if there were nothing there.
 */
import { timingSafeEqual } from 'crypto';
import http, { type IncomingMessage, type Server, type ServerResponse } from 'http';
import { errorMessage } from '../errors';
import { inFrontOfRequestListener } from '../strapi/request-listener';
import { metrics } from './index';

export interface EndpointSettings {
  port: number;
  host: string;
  token: string;
}

const isMetricsPath = (url: string | undefined) => url === '/metrics' || (url?.startsWith('/metrics?') ?? false);

async function answer(res: ServerResponse): Promise<void> {
  try {
    const text = await metrics.text();
    res.writeHead(200, { 'Content-Type': metrics.registry.contentType, 'Cache-Control': 'no-store' });
    res.end(text);
  } catch (error) {
    res.writeHead(500, { 'Content-Type': 'text/plain' });
    res.end(`metrics unavailable: ${errorMessage(error)}\n`);
  }
}

function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header ?? '');
  const expected = Buffer.from(`Bearer ${token}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** On the public port: /metrics with the token, before Strapi sees the request. */
export function serveOnPublicPort(server: Server, token: string): void {
  inFrontOfRequestListener(server, (req, res, strapiListener) => {
    if (!isMetricsPath(req.url) || req.method !== 'GET') return strapiListener(req, res);
    if (!bearerMatches(req.headers.authorization, token)) {
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      res.end('Not Found\n');
      return;
    }
    void answer(res);
  });
}

/** A listener of its own; resolves once listening. */
export function startMetricsServer(settings: EndpointSettings): Promise<Server> {
  const server = http.createServer((req: IncomingMessage, res: ServerResponse) => {
    if (isMetricsPath(req.url) && req.method === 'GET') return void answer(res);
    res.writeHead(404, { 'Content-Type': 'text/plain' });
    res.end('Not Found: GET /metrics\n');
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(settings.port, settings.host, () => resolve(server));
  });
}
