/**
 * A real Prometheus (Debian's `prometheus`) scraping instances' /metrics every second, with the alert
 * rules shipped in deploy/prometheus loaded, and its HTTP API for reading figures back.
 */
import { spawn } from 'child_process';
import fs from 'fs';
import os from 'os';
import path from 'path';
import { setTimeout as sleep } from 'timers/promises';
import { findExecutable } from '../../scripts/lib/system-tools';

export const SHIPPED_RULES = path.resolve(__dirname, '..', '..', 'deploy', 'prometheus', 'alerts.yml');

export interface Prometheus {
  url: string;
  /** The value of an instant query's one result; undefined when it has none. */
  value(query: string): Promise<number | undefined>;
  /** Names of the alerts firing or pending now. */
  alerts(): Promise<Array<{ name: string; state: string }>>;
  stop(): Promise<void>;
}

function configFor(targets: string[]): string {
  return [
    'global: { scrape_interval: 1s, evaluation_interval: 1s }',
    `rule_files: [${JSON.stringify(SHIPPED_RULES)}]`,
    'scrape_configs:',
    '  - job_name: luxury-backend',
    `    static_configs: [{ targets: ${JSON.stringify(targets)} }]`,
  ].join('\n');
}

async function api<T>(url: string): Promise<T> {
  const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
  const body = (await res.json()) as { status: string; data: T; error?: string };
  if (body.status !== 'success') throw new Error(`prometheus: ${body.error}`);
  return body.data;
}

export async function startPrometheus({ port, targets }: { port: number; targets: string[] }): Promise<Prometheus> {
  const binary = findExecutable('prometheus');
  if (!binary) throw new Error('prometheus is not installed: `apt-get install -y prometheus`');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'prometheus-'));
  fs.writeFileSync(path.join(dir, 'prometheus.yml'), configFor(targets));
  const child = spawn(binary, [`--config.file=${path.join(dir, 'prometheus.yml')}`, `--storage.tsdb.path=${path.join(dir, 'data')}`, `--web.listen-address=127.0.0.1:${port}`], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  const giveUpAt = Date.now() + 30_000;
  while ((await fetch(`${url}/-/ready`).then((res) => res.status, () => 0)) !== 200) {
    if (child.exitCode !== null || Date.now() > giveUpAt) throw new Error(`prometheus did not start:\n${output.slice(-3000)}`);
    await sleep(200);
  }
  return {
    url,
    async value(query) {
      const data = await api<{ result: Array<{ value: [number, string] }> }>(`${url}/api/v1/query?query=${encodeURIComponent(query)}`);
      return data.result.length === 0 ? undefined : Number(data.result[0].value[1]);
    },
    async alerts() {
      const data = await api<{ alerts: Array<{ labels: { alertname: string }; state: string }> }>(`${url}/api/v1/alerts`);
      return data.alerts.map((alert) => ({ name: alert.labels.alertname, state: alert.state }));
    },
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
