/**
 * A careless deploy (issue 11, item 8): how the app starts in each environment, in child processes
 * with exactly the environment given (no .env). SQLite only: nothing here depends on the database.
 */
import fs from 'fs';
import os from 'os';
import path from 'path';
import supertest from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { baseEnvironment, runToExit, sqliteFile, startAppProcess, TEST_SECRETS, UNREACHABLE_DRIVERS, type AppProcess } from '../helpers/app-process';

const ROOT = path.resolve(__dirname, '..', '..');
const SECRET_NAMES = Object.keys(TEST_SECRETS);
const PASSWORD_LINE = /Admin login:\s+\S+@\S+ \/ \S+/;

const running: AppProcess[] = [];
const cleanups: Array<() => void> = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((app) => app.stop()));
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function database() {
  const file = sqliteFile();
  cleanups.push(file.remove);
  return file.env;
}

async function started(env: Record<string, string>, options?: { develop?: boolean }) {
  const app = await startAppProcess(env, options);
  running.push(app);
  return app;
}

describe.skipIf(process.env.TEST_DB_CLIENT === 'postgres')('starting the app', () => {
  it('`npm start` without NODE_ENV runs as production, and refuses to run without its secrets, naming each', async () => {
    const { code, output } = await runToExit(path.join(ROOT, 'scripts', 'start.js'), [], { ...baseEnvironment(), ...database(), ...UNREACHABLE_DRIVERS });
    expect(code).toBe(1);
    expect(output).toContain('Refusing to start in production');
    for (const name of SECRET_NAMES) expect(output).toContain(name);
    expect(output).not.toMatch(PASSWORD_LINE);
  });

  it('refuses the sample provider (demo data) in production unless SEED_DEMO=true', async () => {
    const { code, output } = await runToExit(path.join(ROOT, 'scripts', 'start.js'), [], { ...baseEnvironment(), ...database(), ...TEST_SECRETS });
    expect(code).toBe(1);
    expect(output).toContain('EXTSOURCE_LISTINGS_DRIVER and EXTSOURCE_PROJECTS_DRIVER are "sample" (demo data)');
    expect(output).not.toMatch(/missing secrets/);
  });

  it('refuses a misspelt provider driver in production and in development, naming the setting and the known drivers', async () => {
    const sentence = 'EXTSOURCE_LISTINGS_DRIVER is "goyzr", which is no listings driver: set it to sample, goyzer, pf-xml or bayut-xml';
    const production = await runToExit(path.join(ROOT, 'scripts', 'start.js'), [], { ...baseEnvironment(), ...database(), ...TEST_SECRETS, ...UNREACHABLE_DRIVERS, EXTSOURCE_LISTINGS_DRIVER: 'goyzr' });
    expect(production.code).toBe(1);
    expect(production.output).toContain(`Refusing to start in production (see the production checklist in README.md):\n  - ${sentence}\n`);
    const development = await started({ ...baseEnvironment(), ...database(), ...TEST_SECRETS, NODE_ENV: 'development', EXTSOURCE_LISTINGS_DRIVER: 'goyzr' }).catch((error: { code: number; output: string }) => error);
    expect(development).toMatchObject({ code: 1, output: expect.stringContaining(`Refusing to start:\n  - ${sentence}\n`) });
    for (const { output } of [production, development as { output: string }]) expect(output).not.toMatch(/^\s+at /m);
  });

  it('starts in production with its configuration: no demo content, no generated admin, no password printed', async () => {
    const app = await started({ ...baseEnvironment(), ...database(), ...TEST_SECRETS, ...UNREACHABLE_DRIVERS, NODE_ENV: 'production' });
    const agent = supertest(`http://127.0.0.1:${app.port}`);
    expect((await agent.get('/api/v1/health')).status).toBe(200);
    expect((await agent.get('/admin/init')).body.data.hasAdmin).toBe(false);
    const luxury = await agent.get('/api/v1/luxury');
    expect(luxury.body.data.testimonials).toEqual([]);
    expect(luxury.body.data.hero).toBeNull();
    expect(app.output()).not.toMatch(PASSWORD_LINE);
    expect(app.output()).not.toContain('seed: loaded demo');
  });

  it('never generates an admin nor prints a password on a non-interactive development start', async () => {
    const app = await started({ ...baseEnvironment(), ...database(), ...TEST_SECRETS, NODE_ENV: 'development' });
    expect((await supertest(`http://127.0.0.1:${app.port}`).get('/admin/init')).body.data.hasAdmin).toBe(false);
    expect(app.output()).not.toMatch(PASSWORD_LINE);
    expect(app.output()).toContain('Admin login:   none yet');
  });

  it('prints the generated admin login on an interactive development start (`npm run dev`), once, and it works', async () => {
    const app = await started({ ...baseEnvironment(), ...database(), ...TEST_SECRETS, NODE_ENV: 'development' }, { develop: true });
    const line = PASSWORD_LINE.exec(app.output());
    expect(line).not.toBeNull();
    const [, email, password] = /Admin login:\s+(\S+) \/ (\S+)/.exec(line![0])!;
    expect(email).toBe('admin@example.com');
    const login = await supertest(`http://127.0.0.1:${app.port}`).post('/admin/login').send({ email, password });
    expect(login.status).toBe(200);
    expect(app.output()).toContain('seed: loaded demo');
  });
});

describe('the .env generator', () => {
  it('writes no secrets in production, and `npm run build` does not run it', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'setup-env-'));
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    const envFile = path.join(dir, '.env');
    const production = await runToExit(path.join(ROOT, 'scripts', 'setup-env.js'), [], { ...baseEnvironment(), ENV_PATH: envFile, NODE_ENV: 'production' });
    expect(production.code).toBe(0);
    expect(fs.existsSync(envFile)).toBe(false);

    const development = await runToExit(path.join(ROOT, 'scripts', 'setup-env.js'), [], { ...baseEnvironment(), ENV_PATH: envFile, NODE_ENV: 'development' });
    expect(development.code).toBe(0);
    for (const name of SECRET_NAMES) expect(fs.readFileSync(envFile, 'utf8')).toMatch(new RegExp(`^${name}=.+$`, 'm'));

    const scripts = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts as Record<string, string>;
    expect(scripts.build).not.toContain('setup-env');
  });
});
