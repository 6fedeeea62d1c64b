// Several instances of the compiled app behind haproxy, for `npm run cluster`, the multi-process tests
// and `npm run bench -- cluster`. Each instance is a real `strapi start` child process; haproxy
// (Debian's package) balances them on one port and appends the client address to X-Forwarded-For.
'use strict';

const { execFileSync, spawn } = require('child_process');
const fs = require('fs');
const net = require('net');
const os = require('os');
const path = require('path');
const { setTimeout: sleep } = require('timers/promises');
const { nodeEnvironment, nodeFlags } = require('../lib/node-flags');
const { findExecutable } = require('../lib/system-tools');

const appDir = path.resolve(__dirname, '..', '..');
const STRAPI_BIN = path.join(appDir, 'node_modules', '@strapi', 'strapi', 'bin', 'strapi.js');

/** A free TCP port on loopback (listen on 0, read it, close). */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function haproxyPath() {
  const found = findExecutable('haproxy');
  if (!found) {
    throw new Error('haproxy is not installed: `apt-get install -y haproxy` (Debian/Ubuntu; `brew install haproxy` on macOS)');
  }
  return found;
}

/** The instances run the compiled app (dist/); the API needs no admin panel build, /admin does. */
function assertCompiled() {
  if (!fs.existsSync(path.join(appDir, 'dist', 'src', 'index.js'))) {
    throw new Error('The app is not compiled: run `npm run compile` (the API) or `npm run build` (the API and the admin panel) first.');
  }
}

const adminPanelBuilt = () => fs.existsSync(path.join(appDir, 'dist', 'build', 'index.html'));

async function waitFor(what, check, { timeoutMs, intervalMs = 250, failed }) {
  const giveUpAt = Date.now() + timeoutMs;
  for (;;) {
    const failure = failed?.();
    if (failure) throw failure;
    if (await check().catch(() => false)) return;
    if (Date.now() > giveUpAt) throw new Error(`${what}: not ready after ${timeoutMs / 1000} s`);
    await sleep(intervalMs);
  }
}

async function answers(url, status) {
  const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
  await response.arrayBuffer();
  return response.status === status;
}

/**
 * Starts `strapi start` with `env` on `port`. Resolves once GET /_health answers (Strapi listens after
 * its bootstrap: schema, first admin and seeding are done). `onLine(line)` sees every output line.
 */
async function startInstance({ name, port, env = {}, onLine, timeoutMs = 240000 }) {
  assertCompiled();
  const child = spawn(process.execPath, [...nodeFlags(), STRAPI_BIN, 'start'], {
    cwd: appDir,
    env: nodeEnvironment({ ...process.env, HOST: '127.0.0.1', ...env, PORT: String(port) }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines = [];
  let exit;
  const read = (stream) => {
    let rest = '';
    stream.on('data', (chunk) => {
      const parts = (rest + chunk.toString('utf8')).split('\n');
      rest = parts.pop();
      for (const line of parts) {
        lines.push(line);
        onLine?.(line);
      }
    });
  };
  read(child.stdout);
  read(child.stderr);
  const exited = new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      exit = { code, signal };
      resolve(exit);
    });
  });
  const instance = {
    name,
    port,
    url: `http://127.0.0.1:${port}`,
    child,
    lines,
    exited,
    exitStatus: () => exit,
    /** SIGTERM (Strapi shuts down cleanly), SIGKILL after 15 s. */
    async stop() {
      if (exit) return exit;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15000);
      await exited;
      clearTimeout(timer);
      return exit;
    },
  };
  await waitFor(`instance ${name}`, () => answers(`${instance.url}/_health`, 204), {
    timeoutMs,
    failed: () => exit && new Error(`instance ${name} exited (${exit.code ?? exit.signal}) before it was ready:\n${lines.slice(-40).join('\n')}`),
  });
  return instance;
}

/** haproxy's configuration: round robin over the instances, health-checked, X-Forwarded-For appended. */
function haproxyConfig(port, backends) {
  return [
    'global',
    '  maxconn 4096',
    'defaults',
    '  mode http',
    '  timeout connect 5s',
    '  timeout client 120s',
    '  timeout server 120s',
    '  option forwardfor',
    'frontend web',
    `  bind 127.0.0.1:${port}`,
    '  default_backend app',
    'backend app',
    '  balance roundrobin',
    '  option httpchk GET /_health',
    '  http-check expect status 204',
    ...backends.map((backend) => `  server ${backend.name} 127.0.0.1:${backend.port} check inter 2s`),
    '',
  ].join('\n');
}

/**
 * Starts haproxy in the foreground on `port` in front of `backends` ({ name, port }); its own messages
 * (a backend going down or up) are shown with `showOutput`.
 */
async function startHaproxy({ port, backends, showOutput = false, timeoutMs = 30000 }) {
  const binary = haproxyPath();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'haproxy-'));
  const configPath = path.join(dir, 'haproxy.cfg');
  fs.writeFileSync(configPath, haproxyConfig(port, backends));
  execFileSync(binary, ['-c', '-q', '-f', configPath]);
  const child = spawn(binary, ['-db', '-f', configPath], { stdio: showOutput ? ['ignore', 'inherit', 'inherit'] : 'ignore' });
  let exit;
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve((exit = { code, signal }))));
  const proxy = {
    port,
    url: `http://127.0.0.1:${port}`,
    configPath,
    async stop() {
      if (!exit) child.kill('SIGTERM');
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  await waitFor('haproxy', () => answers(`${proxy.url}/_health`, 204), {
    timeoutMs,
    failed: () => exit && new Error(`haproxy exited (${exit.code ?? exit.signal})`),
  });
  return proxy;
}

module.exports = { adminPanelBuilt, appDir, freePort, haproxyConfig, startHaproxy, startInstance };
