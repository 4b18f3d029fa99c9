/**
 * Shared start-up of the benchmarks that load the web app in a browser (tests/bench/first-load.mjs,
 * tests/bench/lighthouse.mjs): the built platform on a fresh embedded database, Debian's Chromium and the sign-in of
 * the demo client. Not a benchmark itself (tests/bench/run.mjs runs only the files directly under tests/bench/).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/** Debian's Chromium (`apt-get install -y chromium`), or CHROMIUM_PATH. */
export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** The demo client of the seeded database (README "Set-up"). */
export const DEMO_CLIENT = { email: 'client@example.com', password: 'Demo-2026!' };

/** First and last port the benchmarks start their platforms on (BENCH_PORTS=4500-4599 by default). */
const [FIRST_PORT, LAST_PORT] = (process.env.BENCH_PORTS ?? '4500-4599').split('-').map(Number);

function portIsFree(port) {
  return new Promise((resolve) => {
    const s = createServer()
      .once('error', () => resolve(false))
      .listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });
}

/** The first free port of the benchmark range (BENCH_PORTS) that is not in `taken`. */
export async function freePort(taken = []) {
  for (let port = FIRST_PORT; port <= LAST_PORT; port++) {
    if (!taken.includes(port) && (await portIsFree(port))) return port;
  }
  throw new Error(`no free port in ${FIRST_PORT}-${LAST_PORT}`);
}

async function waitHealthy(url, ms = 180_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      const r = await fetch(`${url}/health`);
      if (r.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the platform did not become healthy');
}

/**
 * Starts the built platform (`scripts/start.mjs`; run `npm run build` first) in a fresh temporary DATA_DIR (embedded
 * PGlite, demo accounts and the demo world) on two free ports of the benchmark range. Resolves when /health answers,
 * with `{ base, backendUrl, pids, stop }`: `base` is the web app's origin (http://127.0.0.1:<port>), `backendUrl` the
 * REST backend's (http://127.0.0.1:<backend port>), `pids()` reads `{ launcher, backend, gateway }` (the processes of
 * each tier, START_PID_FILE), `stop()` ends the platform's process group and removes the data directory.
 *
 * Options (all optional; the browser benchmarks call it without any): `env` — more environment for the platform
 * (e.g. `DATABASE_URL` for a PostgreSQL server instead of PGlite, rate limits); `empty` — start without the demo world
 * (`--empty`: only the demo accounts).
 */
export async function startPlatform({ env = {}, empty = false } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-platform-'));
  const port = await freePort();
  const backendPort = await freePort([port]);
  const base = `http://127.0.0.1:${port}`;
  const pidFile = join(dataDir, 'pids.json');
  const server = spawn(process.execPath, [join(root, 'scripts', 'start.mjs'), ...(empty ? ['--empty'] : [])], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      BACKEND_PORT: String(backendPort),
      PUBLIC_URL: base,
      START_PID_FILE: pidFile,
      ...env,
    },
    stdio: 'ignore',
    detached: true,
  });
  const stop = async () => {
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {
      // already gone
    }
    await new Promise((r) => setTimeout(r, 1500));
    rmSync(dataDir, { recursive: true, force: true });
  };
  const pids = () => JSON.parse(readFileSync(pidFile, 'utf8'));
  try {
    await waitHealthy(base);
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, backendUrl: `http://127.0.0.1:${backendPort}`, pids, stop };
}

/**
 * Signs the demo client in through the sign-in pages of `browser` (a playwright-core Browser) and returns the
 * context's storage state (the session cookie) for a fresh context with an empty cache.
 */
export async function signInDemoClient(browser, base) {
  const context = await browser.newContext({ baseURL: base, serviceWorkers: 'block', locale: 'ru-RU' });
  try {
    const page = await context.newPage();
    await page.goto('/client/auth');
    await page.getByLabel('Электронная почта').fill(DEMO_CLIENT.email);
    await page.getByRole('button', { name: 'Продолжить' }).click();
    await page.getByLabel('Пароль', { exact: true }).fill(DEMO_CLIENT.password);
    await page.getByRole('button', { name: 'Войти' }).click();
    await page.getByRole('heading', { name: 'Заявки' }).waitFor({ timeout: 60_000 });
    return await context.storageState();
  } finally {
    await context.close();
  }
}
