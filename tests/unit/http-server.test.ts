/** The HTTP server's hardening (src/lib/http-server.ts): connections per address, and the answers to requests Node's parser refuses. */
import http from 'http';
import net from 'net';
import type { AddressInfo } from 'net';
import { setTimeout as sleep } from 'timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { clientErrorAnswer, limitConnectionsPerAddress } from '../../src/lib/http-server';

describe('limitConnectionsPerAddress', () => {
  const server = http.createServer((_req, res) => res.end('ok'));
  limitConnectionsPerAddress(server, 3);
  const listening = new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
  const sockets: net.Socket[] = [];
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  });

  const open = async () => {
    const socket = net.connect(await listening, '127.0.0.1');
    sockets.push(socket);
    const closed = new Promise<boolean>((resolve) => socket.once('close', () => resolve(true)));
    await new Promise((resolve) => socket.once('connect', resolve));
    return { socket, closedSoon: () => Promise.race([closed, new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 300))]) };
  };

  it('closes connections beyond the cap at once, and admits new ones when others close', async () => {
    const held = [await open(), await open(), await open()];
    const fourth = await open();
    expect(await fourth.closedSoon()).toBe(true);
    for (const connection of held) expect(await connection.closedSoon()).toBe(false);

    held[0].socket.destroy();
    await sleep(50);
    const replacement = await open();
    expect(await replacement.closedSoon()).toBe(false);
  });
});

/** The status line, the headers and the body of a raw HTTP/1.1 answer. */
function parsed(answer: string) {
  const [head, body] = answer.split('\r\n\r\n');
  const [statusLine, ...headerLines] = head.split('\r\n');
  const headers = Object.fromEntries(headerLines.map((line) => line.split(': ') as [string, string]));
  return { statusLine, headers, body };
}

describe('clientErrorAnswer', () => {
  it.each([
    ['HPE_INVALID_URL', 400, 'HTTP/1.1 400 Bad Request', 'The request could not be parsed'],
    ['HPE_INVALID_METHOD', 400, 'HTTP/1.1 400 Bad Request', 'The request could not be parsed'],
    ['HPE_HEADER_OVERFLOW', 431, 'HTTP/1.1 431 Request Header Fields Too Large', 'The request headers are too large'],
  ])('answers %s with the %i error envelope, closing the connection', (code, status, statusLine, message) => {
    const answer = parsed(clientErrorAnswer(code)!);
    expect(answer.statusLine).toBe(statusLine);
    expect(JSON.parse(answer.body)).toEqual({ success: false, status_code: status, message, error_code: 'BAD_REQUEST' });
    expect(answer.headers).toEqual({
      'Content-Type': 'application/json; charset=utf-8',
      Connection: 'close',
      'Content-Length': String(Buffer.byteLength(answer.body)),
    });
  });

  it("keeps Node's bare 408 for a request that timed out", () => {
    expect(clientErrorAnswer('ERR_HTTP_REQUEST_TIMEOUT')).toBe('HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
  });

  it('answers nothing to a client that reset the connection', () => {
    expect(clientErrorAnswer('ECONNRESET')).toBeUndefined();
  });
});
