/**
 * The compiled app in a child process of its own, with exactly the environment a test gives it (no
 * .env, nothing inherited but PATH and HOME): for starts in other environments and for kill -9.
 */
import { fork, type ChildProcess } from 'child_process';
import fs from 'fs';
import os from 'os';
import path from 'path';
import { nodeEnvironment, nodeFlags } from '../../scripts/lib/node-flags';

const CHILD = path.resolve(__dirname, 'app-child.js');

/** Secrets of the shape the .env generator writes, for children that need a complete configuration. */
export const TEST_SECRETS: Record<string, string> = {
  APP_KEYS: 'dGVzdGtleTE=,dGVzdGtleTI=',
  ADMIN_JWT_SECRET: 'dGVzdC1hZG1pbi1qd3Q=',
  API_TOKEN_SALT: 'dGVzdC1hcGktc2FsdA==',
  TRANSFER_TOKEN_SALT: 'dGVzdC10cmFuc2Zlcg==',
  JWT_SECRET: 'dGVzdC11c2Vycy1qd3Q=',
  ENCRYPTION_KEY: 'dGVzdC1lbmNyeXB0aW9u',
};

export interface AppProcess {
  child: ChildProcess;
  port: number;
  /** Everything the child wrote to stdout and stderr so far. */
  output(): string;
  exited: Promise<number | null>;
  request<T>(message: unknown, replyKey: string): Promise<T>;
  stop(): Promise<void>;
  kill(): Promise<void>;
}

/** A fresh SQLite file for a child, removed with its folder by the returned function. */
export function sqliteFile(): { env: Record<string, string>; remove: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'app-child-'));
  return {
    env: { DATABASE_CLIENT: 'sqlite', DATABASE_FILENAME: path.join(dir, 'app.db') },
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

/** The environment every child starts from: loopback, no .env, quiet cron, logs at info. */
export function baseEnvironment(): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? os.homedir(),
    TMPDIR: os.tmpdir(),
    ENV_PATH: path.join(os.tmpdir(), 'no-such-env-file'),
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'info',
    CRON_ENABLED: 'false',
  };
}

/** Provider drivers that are not the sample data, pointing nowhere (nothing is fetched unless asked). */
export const UNREACHABLE_DRIVERS: Record<string, string> = {
  EXTSOURCE_LISTINGS_DRIVER: 'goyzer',
  GOYZER_BASE_URL: 'http://127.0.0.1:9',
  EXTSOURCE_PROJECTS_DRIVER: 'reelly',
  REELLY_BASE_URL: 'http://127.0.0.1:9',
};

/** A complete production configuration on the given database: what a careful deploy sets. */
export function productionEnvironment(database: Record<string, string>, extra: Record<string, string> = {}): Record<string, string> {
  return { ...baseEnvironment(), ...TEST_SECRETS, ...UNREACHABLE_DRIVERS, ...database, NODE_ENV: 'production', LOG_LEVEL: 'warn', ...extra };
}

/** Forks the app; resolves once it listens, rejects with its output if it exits first. */
export function startAppProcess(env: Record<string, string>, { develop = false } = {}): Promise<AppProcess> {
  const child = fork(CHILD, [], {
    execArgv: nodeFlags(),
    env: nodeEnvironment({ ...env, APP_CHILD_DEVELOP: develop ? 'true' : 'false' }),
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  return new Promise((resolve, reject) => {
    exited.then((code) => reject(Object.assign(new Error(`app exited with ${code} before listening:\n${output}`), { code, output })));
    child.once('message', (message: { ready?: boolean; port?: number }) => {
      if (!message.ready || !message.port) return reject(new Error(`unexpected first message ${JSON.stringify(message)}`));
      resolve({
        child,
        port: message.port,
        output: () => output,
        exited,
        request: (request, replyKey) =>
          new Promise((answer) => {
            const onMessage = (reply: Record<string, unknown>) => {
              if (!(replyKey in reply)) return;
              child.off('message', onMessage);
              answer(reply[replyKey] as never);
            };
            child.on('message', onMessage);
            child.send(request as never);
          }),
        stop: async () => {
          child.send('stop');
          await exited;
        },
        kill: async () => {
          child.kill('SIGKILL');
          await exited;
        },
      });
    });
  });
}

/** Runs a command to its end with exactly `env`, giving its exit code and output. */
export function runToExit(command: string, args: string[], env: Record<string, string>, timeoutMs = 60_000): Promise<{ code: number | null; output: string }> {
  const child = fork(command, args, { env, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  return new Promise((resolve) =>
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    })
  );
}
