/** Purges sent to a real node:http server standing in for Varnish / a CDN (src/lib/cdn-purge.ts). */
import http, { type IncomingHttpHeaders } from 'http';
import type { AddressInfo } from 'net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CdnPurger, type PurgeSettings } from '../../src/lib/cdn-purge';

interface Received {
  method: string;
  headers: IncomingHttpHeaders;
}

let received: Received[] = [];
/** Statuses to answer, in order; then 200. */
let answers: number[] = [];
let url = '';
const server = http.createServer((req, res) => {
  received.push({ method: req.method ?? '', headers: req.headers });
  res.writeHead(answers.shift() ?? 200);
  res.end();
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  received = [];
  answers = [];
});

function collectingLog() {
  const lines: string[] = [];
  const push = (level: string) => (message: string) => lines.push(`${level}: ${message}`);
  return { lines, log: { info: push('info'), warn: push('warn'), error: push('error') } };
}

const settings = (extra: Partial<PurgeSettings> = {}): PurgeSettings => ({
  urls: [url], method: 'PURGE', secretHeader: 'X-Purge-Token', secret: 'shh', retryDelaysMs: [10, 20, 40], timeoutMs: 2000, ...extra,
});

describe('CDN purge', () => {
  it('sends the keys of one tick in one request, with the secret, without making the caller wait', async () => {
    const { log } = collectingLog();
    const purger = new CdnPurger(settings(), log);
    purger.purge(['luxury', 'media']);
    purger.purge(['media']);
    expect(received).toHaveLength(0);
    await purger.settle();
    expect(received).toHaveLength(1);
    expect(received[0].method).toBe('PURGE');
    expect(received[0].headers.xkey).toBe('luxury media');
    expect(received[0].headers['surrogate-key']).toBe('luxury media');
    expect(received[0].headers['x-purge-token']).toBe('shh');
  });

  it('retries a failing target with a growing delay, logging each failure, and gives up after the last', async () => {
    const { lines, log } = collectingLog();
    const purger = new CdnPurger(settings(), log);
    answers = [503, 500];
    purger.purge(['projects']);
    await purger.settle();
    expect(received).toHaveLength(3);
    expect(lines.filter((line) => line.startsWith('warn:'))).toHaveLength(2);
    expect(lines.at(-1)).toMatch(/^info: cdn purge: .* purged projects after 3 attempts$/);

    received = [];
    answers = [500, 500, 500, 500];
    purger.purge(['luxury']);
    await purger.settle();
    expect(received).toHaveLength(4);
    expect(lines.at(-1)).toMatch(/^error: cdn purge: gave up purging luxury .* after 4 attempts: answered 500$/);
  });

  it('purges every target, and a target that is down does not hold up the others', async () => {
    const { lines, log } = collectingLog();
    const purger = new CdnPurger(settings({ urls: ['http://127.0.0.1:9/', url], retryDelaysMs: [10] }), log);
    purger.purge(['contact-page']);
    await purger.settle();
    expect(received).toHaveLength(1);
    expect(lines.some((line) => line.startsWith('error: cdn purge: gave up purging contact-page at http://127.0.0.1:9/'))).toBe(true);
  });

  it('does nothing without targets', async () => {
    const purger = new CdnPurger(settings({ urls: [] }), collectingLog().log);
    expect(purger.enabled).toBe(false);
    purger.purge(['luxury']);
    await purger.settle();
    expect(received).toHaveLength(0);
  });
});
