/**
 * The multi-process suite's world: a fresh PostgreSQL database, a redis-server of its own (so a test
 * can stop it), fake providers, and instances of the built app (`strapi start` child processes) with
 * haproxy in front (scripts/cluster/processes.js, shared with `npm run cluster` and the bench).
 */
import { spawn, type ChildProcess } from 'child_process';
import net from 'net';
import { Client } from 'pg';
import supertest from 'supertest';
import { eventually } from './eventually';
import { createPostgresDatabase, uploadsOfThisRun } from './global-setup';
import { freePort, startHaproxy, startInstance, type Instance, type LoadBalancer } from '../../scripts/cluster/processes';
import { findExecutable } from '../../scripts/lib/system-tools';

export { freePort, startHaproxy, startInstance, uploadsOfThisRun, type Instance, type LoadBalancer };

export const CLUSTER_ADMIN = { email: 'admin@cluster.test', password: 'Cluster-Admin-Passw0rd' };

/**
 * What every instance of the suite starts with: production on `databaseUrl` (and Redis at `redisUrl`,
 * none by default), the suite's administrator, the demo content (the sample projects are refused in
 * production without it). A test spreads it and adds what it is about.
 */
export const instanceBaseEnv = (databaseUrl: string, redisUrl = ''): Record<string, string> => ({
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  DATABASE_CLIENT: 'postgres',
  DATABASE_URL: databaseUrl,
  REDIS_URL: redisUrl,
  PUBLIC_URL: 'http://cms.test.local',
  ADMIN_EMAIL: CLUSTER_ADMIN.email,
  ADMIN_PASSWORD: CLUSTER_ADMIN.password,
  SEED_DEMO: 'true',
});

export async function freshDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const { env, drop } = await createPostgresDatabase();
  return { url: env.DATABASE_URL, drop };
}

/** A query on the shared database, as an operator would run it. */
export async function sql<T extends Record<string, unknown>>(databaseUrl: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

export interface RedisServer {
  port: number;
  url: string;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** A redis-server of the test's own on a free port (no persistence), which the test may stop and start again. */
export async function redisServer(): Promise<RedisServer> {
  const binary = findExecutable('redis-server');
  if (!binary) throw new Error('redis-server is not installed: `apt-get install -y redis-server`');
  const port = await freePort();
  let child: ChildProcess | undefined;
  const server: RedisServer = {
    port,
    url: `redis://127.0.0.1:${port}`,
    async start() {
      child = spawn(binary, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
      await eventually(async () => {
        if (!(await listening(port))) throw new Error(`redis-server: not listening on ${port}`);
      });
    },
    async stop() {
      const running = child;
      child = undefined;
      if (!running || running.exitCode !== null) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGTERM');
      await exited;
    },
  };
  await server.start();
  return server;
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export const agent = (base: { url: string }) => supertest(base.url);

/** Logs in to the admin API of one instance (the session works on every instance: one secret). */
export async function adminLogin(instance: { url: string }): Promise<string> {
  const res = await agent(instance).post('/admin/login').send(CLUSTER_ADMIN);
  if (res.status !== 200) throw new Error(`admin login failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.token as string;
}

/** A full-access API token made through the admin API. */
export async function createApiToken(instance: { url: string }, adminToken: string): Promise<string> {
  const res = await agent(instance)
    .post('/admin/api-tokens')
    .set('Authorization', `Bearer ${adminToken}`)
    .send({ name: `cluster ${Date.now()}`, type: 'full-access', lifespan: null, description: 'multi-process tests' });
  if (res.status !== 201) throw new Error(`API token: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.accessKey as string;
}
