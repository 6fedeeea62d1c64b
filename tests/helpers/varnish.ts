/**
 * A real Varnish (Debian's varnishd with the xkey vmod of varnish-modules) in front of one instance,
 * running the VCL shipped in deploy/varnish/default.vcl with the backend's port and the purge secret
 * filled in, as docs/deploy.md tells an operator to.
 */
import { spawn } from 'child_process';
import fs from 'fs';
import os from 'os';
import path from 'path';
import { setTimeout as sleep } from 'timers/promises';
import { findExecutable } from '../../scripts/lib/system-tools';
import { REELLY_API_KEY } from '../../scripts/fakes/providers';
import { freePort, startInstance, type Instance } from './cluster';

const SHIPPED_VCL = path.resolve(__dirname, '..', '..', 'deploy', 'varnish', 'default.vcl');

export interface Varnish {
  url: string;
  stop(): Promise<void>;
}

export async function startVarnish({ port, backendPort, purgeSecret }: { port: number; backendPort: number; purgeSecret: string }): Promise<Varnish> {
  const binary = findExecutable('varnishd');
  if (!binary) throw new Error('varnishd is not installed: `apt-get install -y varnish varnish-modules`');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'varnish-'));
  fs.chmodSync(dir, 0o755);
  const vcl = fs
    .readFileSync(SHIPPED_VCL, 'utf8')
    .replace('.port = "1337";', `.port = "${backendPort}";`)
    .replaceAll('__CDN_PURGE_SECRET__', purgeSecret);
  const vclPath = path.join(dir, 'default.vcl');
  fs.writeFileSync(vclPath, vcl);
  fs.chmodSync(vclPath, 0o644);
  const child = spawn(binary, ['-F', '-n', path.join(dir, 'work'), '-a', `127.0.0.1:${port}`, '-f', vclPath, '-s', 'malloc,64m'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  const giveUpAt = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`varnishd exited (${child.exitCode}):\n${output}`);
    const answered = await fetch(`${url}/api/v1/health`, { signal: AbortSignal.timeout(2000) }).then((res) => res.status, () => 0);
    if (answered === 200) break;
    if (Date.now() > giveUpAt) throw new Error(`varnishd: not answering after 30 s:\n${output}`);
    await sleep(200);
  }
  return {
    url,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * One production instance on its own PostgreSQL database, reading the fake Reelly at `reellyUrl`, with a
 * real Varnish in front that it purges (the edge suites' setup); `env` adds to or overrides its settings.
 */
export async function appBehindVarnish({ name, databaseUrl, reellyUrl, purgeSecret, env = {} }: { name: string; databaseUrl: string; reellyUrl: string; purgeSecret: string; env?: Record<string, string> }): Promise<{ app: Instance; varnish: Varnish }> {
  const [appPort, varnishPort] = [await freePort(), await freePort()];
  const app = await startInstance({
    name,
    port: appPort,
    env: {
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      DATABASE_CLIENT: 'postgres',
      DATABASE_URL: databaseUrl,
      REDIS_URL: '',
      PUBLIC_URL: 'http://cms.test.local',
      SEED_DEMO: 'true',
      CONTACT_NOTIFY_EMAIL: '',
      EXTSOURCE_CRON: '',
      CDN_PURGE_URLS: `http://127.0.0.1:${varnishPort}/`,
      CDN_PURGE_SECRET: purgeSecret,
      EXTSOURCE_PROJECTS_DRIVER: 'reelly',
      REELLY_BASE_URL: reellyUrl,
      REELLY_API_KEY,
      EXTSOURCE_HTTP_RETRIES: '0',
      ...env,
    },
  });
  return { app, varnish: await startVarnish({ port: varnishPort, backendPort: appPort, purgeSecret }) };
}
