#!/usr/bin/env node
/**
 * Starts the platform on one machine: the REST backend (BACKEND_PORT, default 8080) and the GraphQL gateway,
 * which also serves the built web app (PORT, default 4000). Embedded PGlite under DATA_DIR unless DATABASE_URL
 * is set; demo accounts and the living demo world (backend/src/seed/world) seeded on an empty database. `--dev` runs
 * both from TypeScript sources with tsx and the web app through Vite's dev server. `--empty` starts without the demo
 * world (DEMO_WORLD=false: only the demo accounts, so that an operator can sign in; README "Set-up").
 */
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

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

const children = [];
function run(name, cmd, args, cwd) {
  const child = spawn(cmd, args, { cwd: join(root, cwd), env, stdio: ['ignore', 'inherit', 'inherit'] });
  child.on('exit', (code, signal) => {
    if (!shuttingDown) {
      console.error(`[start] ${name} stopped (${signal ?? code}); stopping the rest`);
      shutdown(code ?? 1);
    }
  });
  children.push(child);
  return child;
}

let shuttingDown = false;
function shutdown(code = 0) {
  shuttingDown = true;
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  setTimeout(() => process.exit(code), 1500).unref();
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
  throw new Error(`${label} did not become healthy at ${url}`);
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
console.log(`
Платформа запущена: ${url}
  GraphQL:        http://localhost:${port}/graphql
  REST API docs:  http://localhost:${port}/api/docs
  Mail outbox:    http://localhost:${port}/api/dev/outbox   (links of confirmation and reset mails)
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
