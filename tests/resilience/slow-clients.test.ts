/**
 * Slow and broken clients against the app in production mode (a child process): stalled headers, stalled
 * bodies and abandoned requests cost a bounded number of connections, for a bounded time, and a few
 * log lines; the app keeps answering throughout.
 */
import { get as httpGet } from 'http';
import net from 'net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setTimeout as sleep } from 'timers/promises';
import { productionEnvironment, sqliteFile, startAppProcess, type AppProcess } from '../helpers/app-process';
import { eventually } from '../helpers/eventually';
import { recordFigures } from './figures';

const CAP = 20;
const HEADERS_TIMEOUT_MS = 2000;
const REQUEST_TIMEOUT_MS = 3000;

const database = sqliteFile();
let app: AppProcess;
beforeAll(async () => {
  app = await startAppProcess(
    productionEnvironment(database.env, {
      LOG_LEVEL: 'info',
      MAX_CONNECTIONS_PER_IP: String(CAP),
      SERVER_HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
      SERVER_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
    })
  );
});
afterAll(async () => {
  await app?.stop();
  database.remove();
});

interface Tracked {
  socket: net.Socket;
  openedAt: number;
  closedAt?: number;
}

/** Opens `count` connections that each write `text` and then wait. */
async function stalled(count: number, text: string): Promise<Tracked[]> {
  return Promise.all(
    Array.from({ length: count }, () =>
      new Promise<Tracked>((resolve) => {
        const socket = net.connect(app.port, '127.0.0.1');
        const tracked: Tracked = { socket, openedAt: Date.now() };
        socket.on('error', () => undefined);
        socket.resume(); // read what the server sends, so its close is seen
        socket.on('close', () => (tracked.closedAt = Date.now()));
        socket.on('connect', () => {
          socket.write(text);
          resolve(tracked);
        });
        socket.on('close', () => resolve(tracked));
      })
    )
  );
}

const open = (connections: Tracked[]) => connections.filter((connection) => connection.closedAt === undefined).length;

/** Waits until the server has closed every connection, or the deadline passes (the test then counts those left open). */
async function allClosed(connections: Tracked[], deadlineMs: number): Promise<void> {
  await eventually(() => expect(open(connections)).toBe(0), { timeoutMs: deadlineMs, intervalMs: 50 }).catch(() => undefined);
}

/** GET /api/v1/health from another loopback address (127.0.0.2): another client than the stalling one. */
function healthMs(): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = httpGet({ host: '127.0.0.1', port: app.port, path: '/api/v1/health', localAddress: '127.0.0.2', agent: false }, (res) => {
      res.resume();
      res.on('end', () => (res.statusCode === 200 ? resolve(Math.round(performance.now() - started)) : reject(new Error(`health ${res.statusCode}`))));
    });
    request.on('error', reject);
  });
}

describe('slow clients', () => {
  it('holds at most the per-address cap of stalled connections, closes them by the timeouts, and logs a few short lines', async () => {
    // 1. Headers that never finish.
    const headers = await stalled(200, 'GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
    await sleep(300);
    const heldHeaders = open(headers);
    await allClosed(headers, HEADERS_TIMEOUT_MS + 5000);
    const headersLeft = open(headers);
    const headersClosedAfter = Math.max(...headers.map((c) => (c.closedAt ?? Date.now()) - c.openedAt));

    // 2. Bodies that stall after a few bytes.
    const bodies = await stalled(
      CAP,
      'POST /api/v1/contact-us HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"first_name":'
    );
    await sleep(300);
    const heldBodies = open(bodies);
    const healthDuringStall = await healthMs();
    await allClosed(bodies, REQUEST_TIMEOUT_MS + 5000);
    const bodiesLeft = open(bodies);
    const bodiesClosedAfter = Math.max(...bodies.map((c) => (c.closedAt ?? Date.now()) - c.openedAt));

    // 3. Requests abandoned mid-body, on Strapi's routes and ours, in waves under the cap.
    const logBefore = app.output().length;
    let abandoned = 0;
    for (let wave = 0; wave < 15; wave += 1) {
      const connections = await stalled(
        CAP,
        wave % 2
          ? 'POST /admin/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{"email":'
          : 'POST /api/v1/contact-us HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{"first_name":'
      );
      await sleep(50);
      for (const connection of connections) connection.socket.destroy();
      abandoned += connections.length;
      await sleep(50);
    }
    // 4. Requests the HTTP parser refuses.
    const garbage = await stalled(CAP, 'GARBAGE / HTTP/1.1\r\n\r\n');
    await sleep(500);
    for (const connection of garbage) connection.socket.destroy();
    await sleep(500);
    const logged = app.output().slice(logBefore).split('\n').filter((line) => line.trim() !== '');

    const figures = {
      stalled_header_connections: headers.length,
      held_at_once: heldHeaders,
      left_open_after_headers_timeout: headersLeft,
      stalled_headers_closed_after_ms: headersClosedAfter,
      stalled_bodies_held: heldBodies,
      left_open_after_request_timeout: bodiesLeft,
      stalled_bodies_closed_after_ms: bodiesClosedAfter,
      health_ms_during_stall: healthDuringStall,
      abandoned_requests: abandoned,
      unparsable_requests: garbage.length,
      log_lines: logged.length,
      stack_lines: logged.filter((line) => /^\s+at /.test(line)).length,
      health_ms_after: await healthMs(),
    };
    recordFigures('slow clients', figures);
    expect(heldHeaders).toBeLessThanOrEqual(CAP);
    expect(headersLeft).toBe(0);
    expect(bodiesLeft).toBe(0);
    expect(heldBodies).toBe(CAP);
    expect(figures.stack_lines).toBe(0);
    expect(logged.length).toBeLessThanOrEqual(10);
  });
});
