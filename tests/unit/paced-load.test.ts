// The latency bench's load (decision 170): requests leave at random moments at the stream's rate on
// average, whatever the server does, and each answer is timed from its request's departure.
import http from 'http';
import type { AddressInfo } from 'net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pacedLoad } from '../../scripts/bench/paced-load';

let server: http.Server;
let origin: string;
const SLOW_MS = 30;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const answer = () => res.writeHead(req.url === '/missing' ? 404 : 200).end('ok');
    if (req.url === '/slow') setTimeout(answer, SLOW_MS);
    else answer();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const run = async (streams: Parameters<typeof pacedLoad>[0], ms: number) => {
  const load = pacedLoad(streams);
  await new Promise((resolve) => setTimeout(resolve, ms));
  await load.stop();
  return load;
};

describe('paced load', () => {
  it('sends a stream at its rate, spread over the second at random moments, never its share at once', async () => {
    const load = await run({ fast: { origin, rate: 200, connections: 4, next: () => ({ path: '/fast' }) } }, 1000);
    const sent = load.answers('fast').map(({ sentAt }) => sentAt).sort((a, b) => a - b);
    // 200 on average: a Poisson count, within five of its standard deviations (14).
    expect(sent.length).toBeGreaterThanOrEqual(130);
    expect(sent.length).toBeLessThanOrEqual(270);
    // Ten in 50 ms on average: a burst would put the second's 200 there.
    const most = Math.max(...sent.map((at) => sent.filter((other) => other >= at && other < at + 50).length));
    expect(most).toBeLessThanOrEqual(40);
    // Random moments, not a fixed period: the gaps between requests vary.
    const gaps = sent.slice(1).map((at, index) => at - sent[index]);
    expect(new Set(gaps.map((gap) => Math.round(gap))).size).toBeGreaterThan(5);
  });

  it('keeps sending while answers are slow, and times each from its departure', async () => {
    const load = await run({ slow: { origin, rate: 200, connections: 2, next: () => ({ path: '/slow' }) } }, 1000);
    const answers = load.answers('slow');
    // Two connections answer 2 requests per 30 ms (66/s): the rest wait for a connection, and that wait counts.
    // 200 sent on average (a Poisson count, standard deviation 14); waiting for answers would have sent 66.
    expect(answers.length).toBeGreaterThanOrEqual(130);
    expect(Math.max(...answers.map(({ latencyMs }) => latencyMs))).toBeGreaterThan(3 * SLOW_MS);
    expect(answers.every(({ ok }) => ok)).toBe(true);
  });

  it('says which answers were not a 2xx', async () => {
    const load = await run({ mixed: { origin, rate: 100, connections: 2, next: (index) => ({ path: index % 2 ? '/missing' : '/fast' }) } }, 300);
    const answers = load.answers('mixed');
    expect(answers.filter(({ ok }) => !ok).length).toBeGreaterThan(0);
    expect(answers.filter(({ ok }) => ok).length).toBeGreaterThan(0);
    // What failed, for the bench to print: the status, or the request's error.
    expect(new Set(answers.filter(({ ok }) => !ok).map(({ failure }) => failure))).toEqual(new Set(['404']));
    expect(answers.filter(({ ok }) => ok).every(({ failure }) => failure === undefined)).toBe(true);
  });

  it('says a request that got no answer failed, and why', async () => {
    const load = await run({ refused: { origin: 'http://127.0.0.1:1', rate: 50, connections: 1, next: () => ({ path: '/' }) } }, 200);
    const answers = load.answers('refused');
    expect(answers.length).toBeGreaterThan(0);
    expect(answers.every(({ ok, failure }) => !ok && /ECONNREFUSED/.test(String(failure)))).toBe(true);
  });
});
