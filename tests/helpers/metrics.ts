/**
 * The service's own metrics as Prometheus scrapes them (`GET /metrics` with the metrics token): how tests
 * read what was counted, with nothing in the app kept for tests.
 */
import http from 'http';
import type { AddressInfo } from 'net';
import { getStrapi, METRICS_TOKEN } from './app';

/** The metrics text of the app at `port` (metrics on, behind `token`). */
export function scrapeAt(port: number, token = METRICS_TOKEN): Promise<string> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: '/metrics', headers: { Authorization: `Bearer ${token}` } }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => (res.statusCode === 200 ? resolve(text) : reject(new Error(`GET /metrics answered ${res.statusCode}`))));
      })
      .on('error', reject);
  });
}

/** The same for the run's shared app. */
export async function scrape(): Promise<string> {
  return scrapeAt(((await getStrapi()).server.httpServer.address() as AddressInfo).port);
}

/** The value of the sample `name{labels}` (labels in any order; none for an unlabelled one), 0 when absent. */
export function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split('\n')) {
    const match = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((pair) => [pair[1], pair[2]]));
    if (Object.entries(labels).every(([key, value]) => present[key] === value)) return Number(match[3]);
  }
  return 0;
}
