#!/usr/bin/env node
/**
 * Benchmark: Lighthouse scores of /clients (guest) and /client/fea (signed in as client@example.com), issue 13 "Fast
 * first load" (targets: performance and accessibility at least 95 on both).
 *
 *   npm run build && node tests/bench/lighthouse.mjs
 *
 * Starts the built platform like tests/bench/first-load.mjs (tests/bench/lib/platform.mjs: fresh embedded database
 * with the demo world, ports 4500–4599), launches Debian's Chromium through playwright-core (headless, --no-sandbox,
 * --disable-gpu) with a remote debugging port of the same range, and runs Lighthouse (npm `lighthouse`, desktop
 * preset: localhost is not a phone on 4G) on it. For /client/fea the demo client signs in once in a separate browser
 * context and Lighthouse sends that session cookie as an extra header (its own storage reset stays on, so the cache
 * is empty). Prints the performance, accessibility, best-practices and SEO scores (0–100) and the key metrics (ms;
 * CLS unitless), and the audits that failed, and writes tests/bench/results/lighthouse.json. No assertion: the figures
 * are for reading.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
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

/** Runs Lighthouse on `url` through Chromium's debugging `port`; returns scores, metrics and failed audits. */
async function audit(url, port, extraHeaders) {
  const runner = await lighthouse(
    url,
    { port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES, extraHeaders },
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
  return {
    url: lhr.finalDisplayedUrl,
    scores,
    metrics,
    failed,
    consoleErrors,
    runtimeError: lhr.runtimeError?.message ?? null,
  };
}

const platform = await startPlatform();
const debugPort = await freePort([Number(new URL(platform.base).port)]);
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', `--remote-debugging-port=${debugPort}`],
});
try {
  const { base } = platform;
  const storageState = await signInDemoClient(browser, base);
  const cookie = storageState.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const clients = await audit(`${base}/clients`, debugPort);
  const clientFea = await audit(`${base}/client/fea`, debugPort, { Cookie: cookie });
  const result = {
    date: new Date().toISOString(),
    machine: `${process.platform} ${process.arch}, node ${process.version}`,
    preset: 'desktop',
    clients,
    clientFea,
  };
  for (const [name, r] of [
    ['/clients', clients],
    ['/client/fea', clientFea],
  ]) {
    const s = r.scores;
    console.log(
      `${name.padEnd(12)} performance ${s.performance}, accessibility ${s.accessibility}, best practices ${s['best-practices']}, SEO ${s.seo}; ${Object.entries(
        r.metrics,
      )
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}`,
    );
    if (r.runtimeError) console.log(`  runtime error: ${r.runtimeError}`);
    for (const f of r.failed) console.log(`  failed: ${f}`);
    for (const e of r.consoleErrors) console.log(`  console error: ${e}`);
  }
  console.log(
    `summary: /clients performance ${clients.scores.performance} accessibility ${clients.scores.accessibility}, /client/fea performance ${clientFea.scores.performance} accessibility ${clientFea.scores.accessibility} (targets ≥ 95)`,
  );
  mkdirSync(join(here, 'results'), { recursive: true });
  writeFileSync(join(here, 'results', 'lighthouse.json'), `${JSON.stringify(result, null, 2)}\n`);
} finally {
  await browser.close();
  await platform.stop();
}
