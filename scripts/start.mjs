#!/usr/bin/env node
/**
 * Starts the platform on one machine: the REST backend (BACKEND_PORT, default 8080) and the GraphQL gateway,
 * which also serves the built web app (PORT, default 4000). Embedded PGlite under DATA_DIR unless DATABASE_URL
 * is set; demo accounts and the living demo world (backend/src/seed/world) seeded on an empty database. `--dev` runs
 * both from TypeScript sources with tsx and the web app through Vite's dev server. `--empty` starts without the demo
 * world (DEMO_WORLD=false: only the demo accounts, so that an operator can sign in; README "Set-up").
 *
 * Supervision (issue 14 defect 8; README "Operations"): a tier that stops on its own (crash, kill) is restarted
 * after a back-off of 1 s, 2 s, 4 s … capped at 30 s; the back-off starts again at 1 s once a tier has run 60 s.
 * The other tier keeps running meanwhile (the gateway answers /health 503 "degraded" while the backend is down).
 * Each stop and restart is logged as `[start] <tier> …`. SIGINT / SIGTERM stop every tier (SIGTERM, then SIGKILL
 * after 10 s) and end the launcher. START_PID_FILE=<path>: the launcher writes `{ "launcher": pid, "backend": pid,
 * "gateway": pid }` (JSON) there at every (re)start, for process tools and tests.
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { nextRestart } from './lib/restart-policy.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dev = process.argv.includes('--dev');
const empty = process.argv.includes('--empty');
const port = process.env.PORT ?? '4000';
const backendPort = process.env.BACKEND_PORT ?? '8080';
const env = {
  ...process.env,
  PORT: port,
  BACKEND_PORT: backendPort,
  BACKEND_URL: process.env.BACKEND_URL ?? `http://127.0.0.1:${backendPort}`,
  PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${port}`,
  ...(empty ? { DEMO_WORLD: 'false' } : {}),
};

const pidFile = process.env.START_PID_FILE;
/** Supervised tiers by name: `{ child, startedAt, failures, timer }`. */
const tiers = new Map();

function writePids() {
  if (!pidFile) return;
  const pids = { launcher: process.pid };
  for (const [name, t] of tiers) pids[name] = t.child && t.child.exitCode === null ? t.child.pid : null;
  try {
    writeFileSync(pidFile, JSON.stringify(pids));
  } catch (e) {
    console.error(`[start] cannot write START_PID_FILE ${pidFile}: ${e.message}`);
  }
}

/** Starts tier `name` (`cmd args` in `cwd`) and restarts it with back-off whenever it stops unless shutting down. */
function run(name, cmd, args, cwd) {
  const tier = tiers.get(name) ?? { child: null, startedAt: 0, failures: 0, timer: null };
  tiers.set(name, tier);
  const child = spawn(cmd, args, { cwd: join(root, cwd), env, stdio: ['ignore', 'inherit', 'inherit'] });
  tier.child = child;
  tier.startedAt = Date.now();
  let ended = false;
  const onEnd = (how) => {
    if (ended) return;
    ended = true;
    writePids();
    if (shuttingDown) return;
    // Back-off (lib/restart-policy.mjs): doubling from 1 s to 30 s, from 1 s again after a run of 60 s.
    const next = nextRestart(tier.failures, Date.now() - tier.startedAt);
    tier.failures = next.failures;
    const delay = next.delayMs;
    console.error(
      `[start] ${name} stopped (${how}); restarting in ${delay / 1000} s (restart ${tier.failures} in a row)`,
    );
    tier.timer = setTimeout(() => {
      tier.timer = null;
      if (shuttingDown) return;
      const restarted = run(name, cmd, args, cwd);
      console.error(`[start] ${name} restarted (pid ${restarted.pid})`);
    }, delay);
  };
  child.on('exit', (code, signal) => onEnd(signal ?? `exit code ${code}`));
  child.on('error', (e) => onEnd(`error: ${e.message}`));
  writePids();
  return child;
}

let shuttingDown = false;
/** Stops every tier (SIGTERM, SIGKILL after 10 s) and exits with `code` once they are gone. */
function shutdown(code = 0) {
  if (shuttingDown) return;
  shuttingDown = true;
  const running = [];
  for (const t of tiers.values()) {
    if (t.timer) clearTimeout(t.timer);
    if (t.child && t.child.exitCode === null && t.child.signalCode === null) running.push(t.child);
  }
  for (const c of running) c.kill('SIGTERM');
  const killer = setTimeout(() => {
    for (const c of running) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  }, 10_000);
  killer.unref();
  Promise.all(
    running.map((c) => (c.exitCode !== null || c.signalCode !== null ? null : new Promise((r) => c.once('exit', r)))),
  ).then(() => process.exit(code));
}
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));

async function waitFor(url, label, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  console.error(`[start] ${label} did not become healthy at ${url}; stopping`);
  shutdown(1);
  await new Promise(() => {});
}

if (dev) {
  run('backend', 'npx', ['tsx', 'watch', 'src/server.ts'], 'backend');
  await waitFor(`${env.BACKEND_URL}/api/health`, 'backend');
  run('gateway', 'npx', ['tsx', 'watch', 'src/server.ts'], 'gateway');
  run('web', 'npx', ['vite', '--port', '5173'], 'web');
} else {
  run('backend', process.execPath, ['dist/src/server.js'], 'backend');
  await waitFor(`${env.BACKEND_URL}/api/health`, 'backend');
  run('gateway', process.execPath, ['dist/src/server.js'], 'gateway');
  await waitFor(`http://127.0.0.1:${port}/health`, 'gateway');
}

const url = dev ? 'http://localhost:5173' : env.PUBLIC_URL;
// The OpenAPI UI is served unless OPENAPI_DOCS says off, or production leaves it unset (README "Configuration").
const docsFlag = env.OPENAPI_DOCS?.trim().toLowerCase();
const docsOn = docsFlag ? !['false', '0', 'no', 'off'].includes(docsFlag) : env.NODE_ENV !== 'production';
console.log(`
Платформа запущена: ${url}
  GraphQL:        http://localhost:${port}/graphql
${docsOn ? `  REST API docs:  http://localhost:${port}/api/docs\n` : ''}  Mail outbox:    http://localhost:${port}/api/dev/outbox   (links of confirmation and reset mails)
Demo sign-ins (password Demo-2026!):
  client@example.com      client of a verified company
  newclient@example.com   client of a company not yet verified
  operator@example.com    operator, role Администратор (every right)
  support@example.com     operator, role Поддержка (requests and support chats)
  partner1@example.com    payment agent
  partner2@example.com    payment agent
  agent@example.com       referral partner
${
  empty
    ? 'Started without the demo world (--empty): lists stay empty until you create requests.'
    : 'A first start on an empty database also seeds a demo world: requests in every status, chats, inbox.'
}
Stop with Ctrl+C.`);
