#!/usr/bin/env node
/**
 * Starts the platform on several replicas on one machine (issue 15; `npm run start:replicas`; docs/deployment.md):
 * BACKEND_REPLICAS backends and GATEWAY_REPLICAS gateways (default REPLICAS, default 2) on one PostgreSQL
 * (DATABASE_URL, required: PGlite is one process's database) and one Redis (REDIS_URL, default
 * redis://127.0.0.1:6379: the rate-limit counters every replica shares), behind HAProxy (Debian's `haproxy`,
 * HAPROXY_BIN, default `haproxy` on the PATH; configuration from scripts/lib/haproxy-config.mjs, as in
 * deploy/haproxy.cfg).
 *
 * Ports: PORT (default 4000) is the public one (HAProxy → gateways); the gateways listen on PORT+1 … PORT+N;
 * BACKEND_PORT (default 8080) is HAProxy's frontend for the gateways (→ backends); the backends listen on
 * BACKEND_PORT+1 … BACKEND_PORT+N. Every gateway reaches the backends through HAProxy (BACKEND_URL), so its REST calls
 * and its upstream event streams land on any backend.
 *
 * The first backend starts alone (it applies the migrations and seeds an empty database: demo accounts and, unless
 * `--empty`, the demo world), then the other backends, then the gateways, then HAProxy. Every process is supervised
 * (scripts/lib/supervisor.mjs): one that stops on its own is restarted with back-off while the others keep serving.
 * START_PID_FILE=<path>: `{ "launcher", "backend1", "backend2", …, "gateway1", …, "haproxy" }` pids (JSON).
 * `--print-config` prints the HAProxy configuration for these settings and exits.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { haproxyConfig } from './lib/haproxy-config.mjs';
import { createSupervisor } from './lib/supervisor.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const empty = process.argv.includes('--empty');
const port = Number(process.env.PORT ?? 4000);
const backendPort = Number(process.env.BACKEND_PORT ?? 8080);
const replicas = (name) => {
  const n = Number(process.env[name] ?? process.env.REPLICAS ?? 2);
  if (!Number.isInteger(n) || n < 1 || n > 32) {
    console.error(`[start] ${name} must be an integer from 1 to 32`);
    process.exit(2);
  }
  return n;
};
const gatewayPorts = Array.from({ length: replicas('GATEWAY_REPLICAS') }, (_, i) => port + 1 + i);
const backendPorts = Array.from({ length: replicas('BACKEND_REPLICAS') }, (_, i) => backendPort + 1 + i);
const config = haproxyConfig({
  port,
  backendPort,
  gateways: gatewayPorts,
  backends: backendPorts,
  ...(process.env.HAPROXY_MAXCONN ? { maxconn: Number(process.env.HAPROXY_MAXCONN) } : {}),
});

if (process.argv.includes('--print-config')) {
  process.stdout.write(config);
  process.exit(0);
}
if (!process.env.DATABASE_URL) {
  console.error(
    '[start] several replicas share one PostgreSQL: set DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/platform)',
  );
  process.exit(2);
}
const haproxy = process.env.HAPROXY_BIN ?? 'haproxy';
if (spawnSync(haproxy, ['-v'], { stdio: 'ignore' }).status !== 0) {
  console.error(`[start] ${haproxy} not found: apt-get install -y haproxy (or set HAPROXY_BIN)`);
  process.exit(2);
}

const publicUrl = process.env.PUBLIC_URL ?? `http://localhost:${port}`;
const common = {
  ...process.env,
  PUBLIC_URL: publicUrl,
  REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  ...(empty ? { DEMO_WORLD: 'false' } : {}),
};
const supervisor = createSupervisor({ pidFile: process.env.START_PID_FILE });

const cfgDir = mkdtempSync(join(tmpdir(), 'platform-haproxy-'));
const cfgFile = join(cfgDir, 'haproxy.cfg');
writeFileSync(cfgFile, config);

const startBackend = (i) =>
  supervisor.run(`backend${i + 1}`, process.execPath, ['dist/src/server.js'], {
    cwd: join(root, 'backend'),
    env: { ...common, BACKEND_PORT: String(backendPorts[i]) },
  });
startBackend(0);
await supervisor.waitFor(`http://127.0.0.1:${backendPorts[0]}/api/health`, 'backend1', 300_000);
for (let i = 1; i < backendPorts.length; i++) startBackend(i);
for (let i = 1; i < backendPorts.length; i++)
  await supervisor.waitFor(`http://127.0.0.1:${backendPorts[i]}/api/health`, `backend${i + 1}`);

// HAProxy before the gateways: their health reaches the backends through it.
supervisor.run('haproxy', haproxy, ['-db', '-f', cfgFile], { cwd: root, env: process.env });
await supervisor.waitFor(`http://127.0.0.1:${backendPort}/api/health`, 'haproxy (backends)');
gatewayPorts.forEach((p, i) =>
  supervisor.run(`gateway${i + 1}`, process.execPath, ['dist/src/server.js'], {
    cwd: join(root, 'gateway'),
    env: { ...common, PORT: String(p), BACKEND_URL: `http://127.0.0.1:${backendPort}` },
  }),
);
for (const p of gatewayPorts) await supervisor.waitFor(`http://127.0.0.1:${p}/health`, `gateway on ${p}`);
await supervisor.waitFor(`http://127.0.0.1:${port}/health`, 'haproxy (gateways)');

console.log(`
Платформа запущена на репликах: ${publicUrl}
  HAProxy:   ${port} → gateways ${gatewayPorts.join(', ')}; ${backendPort} → backends ${backendPorts.join(', ')}
  Database:  ${new URL(process.env.DATABASE_URL).pathname.slice(1)} (PostgreSQL), Redis: ${common.REDIS_URL}
Stop with Ctrl+C.`);
