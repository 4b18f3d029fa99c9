#!/usr/bin/env node
/**
 * Benchmark: the first load of the web app (issue 13 "Fast first load"), in Debian's Chromium via playwright-core.
 *
 *   npm run build && node tests/bench/first-load.mjs
 *
 * Starts the built platform (`scripts/start.mjs`, embedded PGlite in a fresh temporary DATA_DIR with the demo world),
 * then with an empty browser cache each time measures: the JavaScript of the first load of /clients and of /client/fea
 * after sign-in (client@example.com) — transferred bytes (as encoded on the wire, brotli) and decoded bytes, number
 * of files — and the largest contentful paint of /clients on localhost. Prints the figures and a one-line summary and
 * writes tests/bench/results/first-load.json. Targets (issue 13): /clients ≤ 150 KB and /client/fea ≤ 300 KB of
 * compressed JavaScript, LCP of /clients under 1 s. No assertion: the figures are for reading.
 * Lighthouse scores are not measured here yet (see docs/performance.md).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

function freePort() {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

async function waitHealthy(url, ms = 120_000) {
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

/** Loads `path` in `context` and sums the JavaScript responses: { files, transferred, decoded } in bytes. */
async function measureJs(context, url, before) {
  const page = await context.newPage();
  const scripts = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() === 'script') scripts.push(request);
  });
  if (before) await before(page);
  scripts.length = 0;
  await page.goto(url, { waitUntil: 'networkidle' });
  let transferred = 0;
  let decoded = 0;
  for (const request of scripts) {
    const sizes = await request.sizes();
    transferred += sizes.responseBodySize + sizes.responseHeadersSize;
    const response = await request.response();
    decoded += (await response?.body())?.length ?? 0;
  }
  return { page, result: { files: scripts.length, transferred, decoded } };
}

const dataDir = mkdtempSync(join(tmpdir(), 'bench-first-load-'));
const port = await freePort();
const backendPort = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, [join(root, 'scripts', 'start.mjs')], {
  cwd: root,
  env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), BACKEND_PORT: String(backendPort), PUBLIC_URL: base },
  stdio: 'ignore',
  detached: true,
});
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
try {
  await waitHealthy(base);
  // Public landing: empty cache, no service worker.
  const guest = await browser.newContext({ baseURL: base, serviceWorkers: 'block', locale: 'ru-RU' });
  const clients = await measureJs(guest, '/clients');
  const lcp = await clients.page.evaluate(
    () =>
      new Promise((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          resolve(entries[entries.length - 1]?.startTime ?? null);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        setTimeout(() => resolve(null), 3000);
      }),
  );
  await guest.close();

  // Signed in: sign in once, then a fresh context with the session cookie only (empty cache).
  const signIn = await browser.newContext({ baseURL: base, serviceWorkers: 'block', locale: 'ru-RU' });
  const page = await signIn.newPage();
  await page.goto('/client/auth');
  await page.getByLabel('Электронная почта').fill('client@example.com');
  await page.getByRole('button', { name: 'Продолжить' }).click();
  await page.getByLabel('Пароль', { exact: true }).fill('Demo-2026!');
  await page.getByRole('button', { name: 'Войти' }).click();
  await page.getByRole('heading', { name: 'Заявки' }).waitFor({ timeout: 30_000 });
  const state = await signIn.storageState();
  await signIn.close();
  const client = await browser.newContext({
    baseURL: base,
    serviceWorkers: 'block',
    locale: 'ru-RU',
    storageState: state,
  });
  const fea = await measureJs(client, '/client/fea');
  await fea.page.getByRole('heading', { name: 'Заявки' }).waitFor();
  await client.close();

  const kb = (n) => Math.round(n / 102.4) / 10;
  const result = {
    date: new Date().toISOString(),
    machine: `${process.platform} ${process.arch}, node ${process.version}`,
    clients: { ...clients.result, lcpMs: lcp === null ? null : Math.round(lcp) },
    clientFea: fea.result,
  };
  console.log(
    `/clients     JS: ${result.clients.files} files, ${kb(result.clients.transferred)} KB transferred, ${kb(result.clients.decoded)} KB decoded; LCP ${result.clients.lcpMs} ms`,
  );
  console.log(
    `/client/fea  JS: ${result.clientFea.files} files, ${kb(result.clientFea.transferred)} KB transferred, ${kb(result.clientFea.decoded)} KB decoded`,
  );
  console.log(
    `summary: /clients ${kb(result.clients.transferred)} KB (target ≤ 150), /client/fea ${kb(result.clientFea.transferred)} KB (target ≤ 300), LCP ${result.clients.lcpMs} ms (target < 1000)`,
  );
  mkdirSync(join(here, 'results'), { recursive: true });
  writeFileSync(join(here, 'results', 'first-load.json'), `${JSON.stringify(result, null, 2)}\n`);
} finally {
  await browser.close();
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {
    // already gone
  }
  await new Promise((r) => setTimeout(r, 1000));
  rmSync(dataDir, { recursive: true, force: true });
}
