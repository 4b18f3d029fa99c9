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
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSupervisor } from './lib/supervisor.mjs';

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

// Restart with back-off, SIGINT/SIGTERM handling and START_PID_FILE: lib/supervisor.mjs.
const supervisor = createSupervisor({ pidFile: process.env.START_PID_FILE });
/** Starts tier `name` (`cmd args` in the workspace `cwd`) under supervision. */
const run = (name, cmd, args, cwd) => supervisor.run(name, cmd, args, { cwd: join(root, cwd), env });
const waitFor = supervisor.waitFor;

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
