import http from 'http';
import net from 'net';
import type { AddressInfo } from 'net';
import { setTimeout as sleep } from 'timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { limitConnectionsPerAddress } from '../../src/lib/http-server';

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
