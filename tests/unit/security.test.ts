/** The pure parts of issue 11's defences: CORS grants, log throttling, date bounds, text, start-up checks. */
import http from 'http';
import net from 'net';
import type { AddressInfo } from 'net';
import { afterAll, describe, expect, it } from 'vitest';
import { setTimeout as sleep } from 'timers/promises';
import { corsGrant, strapiCorsOptions } from '../../src/lib/cors-policy';
import { throttledLog } from '../../src/lib/throttled-log';
import { exportRange, parseIsoDate } from '../../src/api/contact/lib/export-range';
import { hasUnstorableCharacters } from '../../src/plugins/extsource/server/src/public';
import { productionProblems, REQUIRED_SECRETS } from '../../src/bootstrap/production-checks';
import { demoContentEnabled } from '../../src/bootstrap/seed';
import { limitConnectionsPerAddress } from '../../src/lib/http-server';
import { isContractPath } from '../../src/lib/contract-paths';
import { isMultipartUploadRequest } from '../../src/lib/uploads';

describe('corsGrant', () => {
  const open = { siteOrigins: ['*'], ownOrigin: 'https://cms.example.ae' };
  const listed = { siteOrigins: ['https://www.example.ae'], ownOrigin: 'https://cms.example.ae' };

  it('opens the contract paths to any origin under "*", never with credentials', () => {
    expect(corsGrant('/api/v1/luxury', 'https://anyone.example', open)).toEqual({ allowOrigin: '*', credentials: false });
    expect(corsGrant('/API/EXTSOURCE/stats', 'https://anyone.example', open)).toEqual({ allowOrigin: '*', credentials: false });
  });

  it('opens the contract paths only to the listed site origins when CORS_ORIGINS lists them', () => {
    expect(corsGrant('/api/v1/contact-us', 'https://www.example.ae', listed)).toEqual({ allowOrigin: 'https://www.example.ae', credentials: false });
    expect(corsGrant('/api/v1/contact-us', 'https://evil.example', listed)).toBeUndefined();
  });

  it("gives everything else only to the service's own origin, with credentials", () => {
    for (const settings of [open, listed]) {
      expect(corsGrant('/admin/access-token', 'https://cms.example.ae', settings)).toEqual({ allowOrigin: 'https://cms.example.ae', credentials: true });
      expect(corsGrant('/admin/access-token', 'https://evil.example', settings)).toBeUndefined();
      expect(corsGrant('/contacts-export/contacts.csv', 'https://www.example.ae', settings)).toBeUndefined();
    }
  });

  it('grants nothing to a request without an Origin', () => {
    expect(corsGrant('/api/v1/luxury', '', open)).toBeUndefined();
  });
});

describe('strapiCorsOptions', () => {
  const request = (path: string, origin: string) => ({ path, get: (name: string) => (name === 'Origin' ? origin : '') });
  const options = strapiCorsOptions([' https://www.example.ae ', ''], () => 'https://cms.example.ae');

  it('hands Strapi the one allowed origin, and credentials only for the admin on its own origin', () => {
    expect(options.origin(request('/api/v1/luxury', 'https://www.example.ae'))).toEqual(['https://www.example.ae']);
    expect(options.credentials(request('/api/v1/luxury', 'https://www.example.ae'))).toBe(false);
    expect(options.origin(request('/api/v1/luxury', 'https://evil.example'))).toEqual([]);
    expect(options.origin(request('/admin/login', 'https://cms.example.ae'))).toEqual(['https://cms.example.ae']);
    expect(options.credentials(request('/admin/login', 'https://cms.example.ae'))).toBe(true);
    expect(options.credentials(request('/admin/login', 'https://evil.example'))).toBe(false);
  });
});

describe('contract paths and upload routes', () => {
  it('treats every spelling of a contract prefix as the contract', () => {
    for (const path of ['/api/v1', '/API/V1/health', '/Api/Extsource/stats']) expect(isContractPath(path)).toBe(true);
    for (const path of ['/api/v10', '/api/extsourcex', '/admin/api/v1']) expect(isContractPath(path)).toBe(false);
  });

  it("knows Strapi's multipart upload endpoints, and nothing else", () => {
    for (const path of ['/upload', '/upload/', '/UPLOAD', '/upload/files', '/upload/files/12/replace', '/api/upload']) {
      expect(isMultipartUploadRequest('POST', path), path).toBe(true);
    }
    for (const [method, path] of [['GET', '/upload'], ['POST', '/upload/folders'], ['POST', '/admin/login'], ['POST', '/api/upload/files']]) {
      expect(isMultipartUploadRequest(method, path), `${method} ${path}`).toBe(false);
    }
  });
});

describe('throttledLog', () => {
  it('writes one line per kind per window, then says how many it left out', () => {
    const lines: string[] = [];
    let time = 0;
    const log = throttledLog((line) => lines.push(line), 1000, () => time);
    for (let i = 0; i < 50; i += 1) log('a', 'kind a');
    log('b', 'kind b');
    time = 1500;
    log('a', 'kind a again');
    expect(lines).toEqual(['kind a', 'kind b', 'kind a again (49 more like it since the last line)']);
  });
});

describe('export date bounds', () => {
  it('takes a date-only `to` as the end of that day (UTC), and `from` as its start', () => {
    expect(exportRange('2026-01-31', '2026-01-31')).toEqual({
      ok: true,
      createdAt: { $gte: new Date('2026-01-31T00:00:00Z'), $lt: new Date('2026-02-01T00:00:00Z') },
    });
  });

  it('takes a date-time as given, in UTC when it names no zone', () => {
    expect(exportRange(undefined, '2026-01-31T10:30')).toEqual({ ok: true, createdAt: { $lte: new Date('2026-01-31T10:30:00Z') } });
    expect(exportRange('2026-01-31T10:30:00+04:00', '')).toEqual({ ok: true, createdAt: { $gte: new Date('2026-01-31T06:30:00Z') } });
  });

  it.each(['2026-02-30', '2026-13-01', 'yesterday', '31/01/2026', '2026-1-5'])('refuses %s', (text) => {
    expect(parseIsoDate(text)).toBeUndefined();
    expect(exportRange(text, undefined)).toEqual({ ok: false, message: 'The from date must be an ISO date, e.g. 2026-01-31' });
  });

  it('refuses a value that is not one string (a repeated parameter)', () => {
    expect(exportRange(undefined, ['2026-01-01', '2026-01-02'])).toMatchObject({ ok: false });
  });
});

describe('hasUnstorableCharacters', () => {
  it.each([
    ['a NUL byte', 'a\u0000b', true],
    ['a lone high surrogate', 'a\ud800b', true],
    ['a lone low surrogate', 'a\udc00', true],
    ['a surrogate pair (emoji)', 'villa 🏝️', false],
    ['Arabic and accents', 'محمد José', false],
    ['tabs, newlines and other controls', 'a\tb\nc\u0001', false],
  ])('%s: %s', (_what, text, expected) => expect(hasUnstorableCharacters(text)).toBe(expected));
});

describe('production start checks', () => {
  const complete: Record<string, unknown> = {
    'server.app.keys': ['a', 'b'],
    'admin.auth.secret': 's',
    'admin.apiToken.salt': 's',
    'admin.transfer.token.salt': 's',
    'admin.secrets.encryptionKey': 's',
    'plugin::users-permissions.jwtSecret': 's',
    'plugin::extsource.listingsDriver': 'goyzer',
    'plugin::extsource.projectsDriver': 'reelly',
  };
  const read = (overrides: Record<string, unknown>) => (path: string) => (path in overrides ? overrides[path] : complete[path]);

  it('finds nothing wrong with a complete configuration', () => {
    expect(productionProblems(read({}), false)).toEqual([]);
  });

  it('names every missing secret, empty ones included', () => {
    const none = Object.fromEntries(REQUIRED_SECRETS.map(([, path]) => [path, undefined]));
    const [problem] = productionProblems(read({ ...none, 'server.app.keys': [''] }), false);
    for (const [variable] of REQUIRED_SECRETS) expect(problem).toContain(variable);
  });

  it('refuses the sample drivers unless the demo is asked for', () => {
    const sample = read({ 'plugin::extsource.listingsDriver': 'sample' });
    expect(productionProblems(sample, false)).toEqual([
      'EXTSOURCE_LISTINGS_DRIVER is "sample" (demo data): set the provider drivers, or SEED_DEMO=true to run the demo',
    ]);
    expect(productionProblems(sample, true)).toEqual([]);
  });

  it('has demo content on in development only, unless SEED_DEMO says otherwise', () => {
    expect(demoContentEnabled('development', '')).toBe(true);
    expect(demoContentEnabled('production', '')).toBe(false);
    expect(demoContentEnabled('test', '')).toBe(false);
    expect(demoContentEnabled('production', 'true')).toBe(true);
    expect(demoContentEnabled('development', 'false')).toBe(false);
  });
});

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
