#!/usr/bin/env node
/**
 * Benchmark: the first load of the web app (issue 13 "Fast first load"), in Debian's Chromium via playwright-core.
 *
 *   npm run build && node tests/bench/first-load.mjs [--files]
 *
 * Starts the built platform (tests/bench/lib/platform.mjs: `scripts/start.mjs`, embedded PGlite in a fresh temporary
 * DATA_DIR with the demo world, ports 4500–4599), then with an empty browser cache each time measures: the JavaScript
 * of the first load of /clients and of /client/fea after sign-in (client@example.com) — number of files, bytes
 * transferred (as encoded on the wire: brotli, which Chromium asks for), the same files gzipped (gzip level 9 of the
 * decoded bodies, what the build's `.gz` copies hold and what a browser without brotli receives; the issue's targets
 * are in gzip) and decoded — and the largest contentful paint of /clients on localhost (median of 5 fresh loads).
 * For /client/fea it also sums the scripts requested before the list was shown (heading and tab counts on screen):
 * what the page needed to show, while the rest (the chat badges' code, loaded after the first paint) came later.
 * `--files` lists every script with its sizes. Prints the figures and a one-line summary and writes
 * tests/bench/results/first-load.json. Targets (issue 13): /clients ≤ 150 KB and /client/fea ≤ 300 KB of gzipped
 * JavaScript, LCP of /clients under 1 s. No assertion: the figures are for reading. Lighthouse scores:
 * tests/bench/lighthouse.mjs.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM, signInDemoClient, startPlatform } from './lib/platform.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const listFiles = process.argv.includes('--files');
const LCP_RUNS = 5;

/**
 * Loads `url` in a new page of `context` until the network is idle and sums its JavaScript responses (bytes): all of
 * them, and with `shown` (a function of the page resolving when the page's content is on screen) also those requested
 * before that moment (`beforeShown`: what the page needed to show; the rest loaded after its first paint).
 */
async function measureJs(context, url, shown) {
  const page = await context.newPage();
  const scripts = [];
  const requestedBeforeShown = new Set();
  let isShown = false;
  page.on('request', (request) => {
    if (!isShown && request.resourceType() === 'script') requestedBeforeShown.add(request);
  });
  page.on('requestfinished', (request) => {
    if (request.resourceType() === 'script') scripts.push(request);
  });
  const shownDone = shown?.(page).then(() => {
    isShown = true;
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await shownDone;
  const files = [];
  for (const request of scripts) {
    const sizes = await request.sizes();
    const body = (await (await request.response())?.body()) ?? Buffer.alloc(0);
    files.push({
      url: new URL(request.url()).pathname,
      transferred: sizes.responseBodySize + sizes.responseHeadersSize,
      gzip: gzipSync(body, { level: 9 }).length,
      decoded: body.length,
      beforeShown: requestedBeforeShown.has(request),
    });
  }
  const sumOf = (list, key) => list.reduce((n, f) => n + f[key], 0);
  const totals = (list) => ({
    files: list.length,
    transferred: sumOf(list, 'transferred'),
    gzip: sumOf(list, 'gzip'),
    decoded: sumOf(list, 'decoded'),
  });
  const early = files.filter((f) => f.beforeShown);
  return {
    page,
    result: { ...totals(files), ...(shown ? { beforeShown: totals(early) } : {}) },
    list: files.sort((a, b) => b.gzip - a.gzip),
  };
}

/** The largest contentful paint (ms from navigation start) of `path` in a fresh context, or null. */
async function lcpOf(browser, base, path) {
  const context = await browser.newContext({ baseURL: base, serviceWorkers: 'block', locale: 'ru-RU' });
  try {
    const page = await context.newPage();
    await page.goto(path, { waitUntil: 'networkidle' });
    return await page.evaluate(
      () =>
        new Promise((resolve) => {
          new PerformanceObserver((list) => {
            const entries = list.getEntries();
            resolve(entries[entries.length - 1]?.startTime ?? null);
          }).observe({ type: 'largest-contentful-paint', buffered: true });
          setTimeout(() => resolve(null), 3000);
        }),
    );
  } finally {
    await context.close();
  }
}

const median = (xs) => {
  const s = xs.filter((x) => x !== null).sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)] : null;
};
const kb = (n) => Math.round(n / 102.4) / 10;
const printList = (name, list) => {
  if (!listFiles) return;
  console.log(`${name}: gzip / transferred / decoded KB`);
  for (const f of list)
    console.log(
      `  ${kb(f.gzip)} / ${kb(f.transferred)} / ${kb(f.decoded)}  ${f.url}${f.beforeShown === false ? ' (after shown)' : ''}`,
    );
};

const platform = await startPlatform();
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
try {
  const { base } = platform;
  // Public landing: empty cache, no service worker.
  const guest = await browser.newContext({ baseURL: base, serviceWorkers: 'block', locale: 'ru-RU' });
  const clients = await measureJs(guest, '/clients');
  await guest.close();
  const lcps = [];
  for (let i = 0; i < LCP_RUNS; i++) lcps.push(await lcpOf(browser, base, '/clients'));

  // Signed in: sign in once, then a fresh context with the session cookie only (empty cache).
  const storageState = await signInDemoClient(browser, base);
  const client = await browser.newContext({ baseURL: base, serviceWorkers: 'block', locale: 'ru-RU', storageState });
  // Shown: the heading and the list's tab counts (they come with the list query).
  const fea = await measureJs(client, '/client/fea', async (page) => {
    await page.getByRole('heading', { name: 'Заявки' }).waitFor({ timeout: 60_000 });
    await page.getByTestId('tab-count-current').waitFor({ timeout: 60_000 });
  });
  await client.close();

  const result = {
    date: new Date().toISOString(),
    machine: `${process.platform} ${process.arch}, node ${process.version}`,
    clients: {
      ...clients.result,
      lcpMs: median(lcps) === null ? null : Math.round(median(lcps)),
      lcpRunsMs: lcps.map((x) => (x === null ? null : Math.round(x))),
    },
    clientFea: fea.result,
  };
  printList('/clients', clients.list);
  printList('/client/fea', fea.list);
  const line = (r) =>
    `${r.files} files, ${kb(r.gzip)} KB gzip, ${kb(r.transferred)} KB transferred (brotli), ${kb(r.decoded)} KB decoded`;
  console.log(
    `/clients     JS: ${line(result.clients)}; LCP ${result.clients.lcpMs} ms (runs ${lcps.map(Math.round)})`,
  );
  console.log(`/client/fea  JS: ${line(result.clientFea)}`);
  console.log(`/client/fea  JS requested before the list was shown: ${line(result.clientFea.beforeShown)}`);
  console.log(
    `summary: /clients ${kb(result.clients.gzip)} KB gzip (target ≤ 150), /client/fea ${kb(result.clientFea.gzip)} KB gzip until network idle (${kb(result.clientFea.beforeShown.gzip)} KB before the list was shown; target ≤ 300), LCP ${result.clients.lcpMs} ms (target < 1000)`,
  );
  mkdirSync(join(here, 'results'), { recursive: true });
  writeFileSync(join(here, 'results', 'first-load.json'), `${JSON.stringify(result, null, 2)}\n`);
} finally {
  await browser.close();
  await platform.stop();
}
