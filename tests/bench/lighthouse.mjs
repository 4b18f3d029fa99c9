#!/usr/bin/env node
/**
 * Benchmark: Lighthouse scores of /clients (guest) and /client/fea (signed in as client@example.com), issue 13 "Fast
 * first load" (targets: performance and accessibility at least 95 on both).
 *
 *   npm run build && node tests/bench/lighthouse.mjs [--runs N]
 *
 * Starts the built platform like tests/bench/first-load.mjs (tests/bench/lib/platform.mjs: fresh embedded database
 * with the demo world, ports 4500–4599) and runs Lighthouse (npm `lighthouse`, desktop preset: localhost is not a phone
 * on 4G) N times per page (default 3; the machine is shared, so the median is the figure to read). Each run uses a new
 * Debian Chromium profile started by playwright-core (headless, --no-sandbox, --disable-gpu, a remote debugging port of
 * the same range), so the cache is empty and no service worker is installed. For /client/fea the demo client signs in
 * once in a separate browser and the session cookies (HttpOnly session, readable XSRF-TOKEN and USER_TYPE) are put
 * into each fresh profile; Lighthouse's own storage reset is off there, since it would delete those cookies and the
 * page would redirect to the sign-in page (an extra Cookie header is not enough: the app reads XSRF-TOKEN and USER_TYPE
 * from document.cookie). The final URL of each run is checked to be the page asked for. Prints per run and as medians
 * the performance, accessibility, best-practices and SEO scores (0–100) and the key metrics (ms; CLS unitless), the
 * failed audits and console errors of the median run, and the machine's load average; writes
 * tests/bench/results/lighthouse.json. No assertion: the figures are for reading.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';
import { CHROMIUM, freePort, signInDemoClient, startPlatform } from './lib/platform.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const METRICS = {
  'first-contentful-paint': 'FCP',
  'largest-contentful-paint': 'LCP',
  'total-blocking-time': 'TBT',
  'cumulative-layout-shift': 'CLS',
  'speed-index': 'SI',
  interactive: 'TTI',
};

const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Math.max(1, Number(process.argv[runsArg + 1]) || 3) : 3;

/**
 * Runs Lighthouse once on `url` in a new Chromium profile (empty cache, no service worker) with `cookies` (playwright
 * cookie objects) set in it first; returns scores, metrics, failed audits and console errors.
 */
async function audit(url, cookies = []) {
  const userDataDir = mkdtempSync(join(tmpdir(), 'bench-lighthouse-'));
  const port = await freePort([Number(new URL(url).port)]);
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    serviceWorkers: 'allow',
    args: ['--no-sandbox', '--disable-gpu', `--remote-debugging-port=${port}`],
  });
  try {
    if (cookies.length) await context.addCookies(cookies);
    const runner = await lighthouse(
      url,
      // With cookies the storage reset stays off: it would delete them (the profile is new, so the cache is empty).
      { port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES, disableStorageReset: cookies.length > 0 },
      desktopConfig,
    );
    const lhr = runner.lhr;
    const scores = Object.fromEntries(
      CATEGORIES.map((c) => [c, lhr.categories[c]?.score == null ? null : Math.round(lhr.categories[c].score * 100)]),
    );
    const metrics = Object.fromEntries(
      Object.entries(METRICS).map(([id, name]) => {
        const value = lhr.audits[id]?.numericValue;
        return [
          name,
          value == null ? null : id === 'cumulative-layout-shift' ? Number(value.toFixed(3)) : Math.round(value),
        ];
      }),
    );
    const failed = Object.values(lhr.audits)
      .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative')
      .map((a) => `${a.id} (${a.score})${a.displayValue ? `: ${a.displayValue}` : ''}`);
    const consoleErrors = (lhr.audits['errors-in-console']?.details?.items ?? []).map((item) =>
      `${item.source ?? ''} ${item.description ?? ''} ${item.sourceLocation?.url ?? ''}`.trim(),
    );
    const finalUrl = lhr.finalDisplayedUrl;
    if (new URL(finalUrl).pathname !== new URL(url).pathname)
      throw new Error(`Lighthouse ended on ${finalUrl} instead of ${url} (not signed in?)`);
    return { url: finalUrl, scores, metrics, failed, consoleErrors, runtimeError: lhr.runtimeError?.message ?? null };
  } finally {
    await context.close();
    rmSync(userDataDir, { recursive: true, force: true });
  }
}

const median = (xs) => {
  const s = xs.filter((x) => x != null).sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)] : null;
};

/** Runs `audit` RUNS times; returns the median scores and metrics, every run, and the median run's details. */
async function audits(url, cookies) {
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push({ ...(await audit(url, cookies)), loadAverage: loadavg()[0] });
  const pick = (group) =>
    Object.fromEntries(Object.keys(runs[0][group]).map((k) => [k, median(runs.map((r) => r[group][k]))]));
  const scores = pick('scores');
  const medianRun = runs.find((r) => r.scores.performance === scores.performance) ?? runs[0];
  return {
    url: medianRun.url,
    scores,
    metrics: pick('metrics'),
    failed: medianRun.failed,
    consoleErrors: medianRun.consoleErrors,
    runs: runs.map((r) => ({
      scores: r.scores,
      metrics: r.metrics,
      loadAverage: Number(r.loadAverage.toFixed(2)),
      runtimeError: r.runtimeError,
    })),
  };
}

const platform = await startPlatform();
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
try {
  const { base } = platform;
  const { cookies } = await signInDemoClient(browser, base);
  await browser.close();
  const clients = await audits(`${base}/clients`);
  const clientFea = await audits(`${base}/client/fea`, cookies);
  const result = {
    date: new Date().toISOString(),
    machine: `${process.platform} ${process.arch}, node ${process.version}`,
    preset: 'desktop',
    runs: RUNS,
    clients,
    clientFea,
  };
  const line = (r) =>
    `performance ${r.scores.performance}, accessibility ${r.scores.accessibility}, best practices ${r.scores['best-practices']}, SEO ${r.scores.seo}; ${Object.entries(
      r.metrics,
    )
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`;
  for (const [name, r] of [
    ['/clients', clients],
    ['/client/fea', clientFea],
  ]) {
    r.runs.forEach((run, i) =>
      console.log(`${name.padEnd(12)} run ${i + 1}: ${line(run)} (load average ${run.loadAverage})`),
    );
    console.log(`${name.padEnd(12)} median: ${line(r)}`);
    for (const run of r.runs) if (run.runtimeError) console.log(`  runtime error: ${run.runtimeError}`);
    for (const f of r.failed) console.log(`  failed: ${f}`);
    for (const e of r.consoleErrors) console.log(`  console error: ${e}`);
  }
  console.log(
    `summary (median of ${RUNS}): /clients performance ${clients.scores.performance} accessibility ${clients.scores.accessibility}, /client/fea performance ${clientFea.scores.performance} accessibility ${clientFea.scores.accessibility} (targets ≥ 95); load average ${loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}`,
  );
  mkdirSync(join(here, 'results'), { recursive: true });
  writeFileSync(join(here, 'results', 'lighthouse.json'), `${JSON.stringify(result, null, 2)}\n`);
} finally {
  if (browser.isConnected()) await browser.close();
  await platform.stop();
}
