import { describe, expect, it } from 'vitest';
import { getStrapi, http, TEST_ADMIN } from '../helpers/app';
import { checked, checkedError } from '../helpers/contract';
import { whileDatabaseDown } from '../helpers/database-down';

describe('health', () => {
  it('answers ok after a real database query', async () => {
    const res = await checked((await http()).get('/api/v1/health').set('Accept', 'application/json'));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, status_code: 200, data: { status: 'ok', database: 'ok' } });
  });

  it('answers 503 in the envelope while the database is down, and recovers', async () => {
    const res = await whileDatabaseDown(await getStrapi(), async () => checked((await http()).get('/api/v1/health')));
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ success: false, error_code: 'SERVICE_UNAVAILABLE', message: 'Database unavailable' });
    expect((await (await http()).get('/api/v1/health')).status).toBe(200);
  });

  it("keeps Strapi's own /_health", async () => {
    expect((await (await http()).get('/_health')).status).toBe(204);
  });
});

describe('the routes, mounted by the app before it listens (decision 182)', () => {
  it('are mounted once: a second mount, as `strapi routes:list` makes, adds nothing', async () => {
    const { server } = await getStrapi();
    const routes = server.listRoutes().length;
    const koaMiddlewares = server.app.middleware.length;
    expect(routes).toBeGreaterThan(0);
    server.mount();
    expect(server.listRoutes()).toHaveLength(routes);
    expect(server.app.middleware).toHaveLength(koaMiddlewares);
  });
});

describe('error envelope on contract paths', () => {
  it('answers an unknown /api/v1 path with a 404 envelope', async () => {
    const res = await checkedError((await http()).get('/api/v1/no-such-thing'), 404, 'NOT_FOUND');
    expect(res.body.message).toBe('No endpoint GET /api/v1/no-such-thing');
  });

  it('answers an unknown /api/extsource path with a 404 envelope', async () => {
    await checkedError((await http()).get('/api/extsource/no-such-thing'), 404, 'NOT_FOUND');
  });

  it('answers a known path with the wrong method with a 405 envelope', async () => {
    await checkedError((await http()).delete('/api/v1/health'), 405, 'METHOD_NOT_ALLOWED');
  });

  it('answers malformed JSON with 400 MALFORMED_JSON', async () => {
    const res = await checkedError(
      (await http()).post('/api/v1/health').set('Content-Type', 'application/json').send('{"first_name": '),
      400,
      'MALFORMED_JSON'
    );
    expect(res.body.message).toBe('The request body is not valid JSON');
  });

  it('refuses a body over 64 KiB with 413 before reading it', async () => {
    const body = JSON.stringify({ message: 'x'.repeat(64 * 1024) });
    await checkedError((await http()).post('/api/v1/health').set('Content-Type', 'application/json').send(body), 413, 'PAYLOAD_TOO_LARGE');
  });

  it('refuses other content types with 415', async () => {
    await checkedError((await http()).post('/api/v1/health').set('Content-Type', 'text/xml').send('<contact/>'), 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('leaves non-contract paths to Strapi', async () => {
    const res = await (await http()).get('/api/not-ours');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ data: null, error: { status: 404 } });
  });
});

describe('request ids', () => {
  it('returns a generated X-Request-Id on every contract response', async () => {
    const agent = await http();
    const [first, second] = await Promise.all([agent.get('/api/v1/health'), agent.get('/api/v1/nope')]);
    expect(first.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id']);
  });

  it('keeps a well-formed incoming X-Request-Id and replaces a malformed one', async () => {
    const agent = await http();
    expect((await agent.get('/api/v1/health').set('X-Request-Id', 'edge-abc.123')).headers['x-request-id']).toBe('edge-abc.123');
    expect((await agent.get('/api/v1/health').set('X-Request-Id', 'bad id\twith spaces')).headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('OpenAPI document', () => {
  it('is served as JSON and describes its own routes', async () => {
    const res = await checked((await http()).get('/api/v1/openapi.json'));
    expect(res.body.openapi).toBe('3.1.0');
    expect(Object.keys(res.body.paths)).toEqual(expect.arrayContaining(['/api/v1/health', '/api/v1/openapi.json']));
  });
});

describe('first admin', () => {
  it('is created from ADMIN_EMAIL and ADMIN_PASSWORD and can log in to the admin', async () => {
    const res = await (await http()).post('/admin/login').send(TEST_ADMIN);
    expect(res.status).toBe(200);
    expect(res.body.data.user.email).toBe(TEST_ADMIN.email);

    const strapi = await getStrapi();
    const admin = await strapi.db.query('admin::user').findOne({ where: { email: TEST_ADMIN.email }, populate: ['roles'] });
    expect(admin.roles.map((role: { code: string }) => role.code)).toEqual(['strapi-super-admin']);
  });
});
