#!/usr/bin/env node
/**
 * Benchmark: the full REST fuzz (issue 14 "Tests"): every malformed case of every route of the backend's OpenAPI
 * document (backend/test/fuzz-rest-cases.ts: NUL, huge and negative numbers, 23-digit ids, wrong types, 1 MB strings,
 * JSON nested 5 000 deep, broken multipart), as a role that may call the route and as a guest, on PGlite.
 *
 *   node tests/bench/fuzz-rest.mjs
 *
 * Runs backend/test/fuzz-rest.test.ts with FUZZ_FULL=1 (the same seeded generator `npm test` samples) and prints the
 * figures: calls, answers by class (2xx/4xx/5xx), failures (any answer that is not a 4xx with { message, code }), the
 * tables that changed and the time. Writes them to tests/bench/results/fuzz-rest.json. Exit code 1 when a call failed
 * or the database changed (the bar of issue 14: 0 × 5xx, nothing written).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const report = join(root, 'tests', 'bench', 'results', 'fuzz-rest.json');
mkdirSync(dirname(report), { recursive: true });
rmSync(report, { force: true });
const run = spawnSync(
  process.execPath,
  [join(root, 'node_modules', 'vitest', 'vitest.mjs'), 'run', '--project', 'backend', 'test/fuzz-rest.test.ts'],
  { cwd: root, stdio: 'inherit', env: { ...process.env, FUZZ_FULL: '1', FUZZ_REPORT: report } },
);
if (!existsSync(report)) {
  console.error(`fuzz-rest: no report (vitest exited with ${run.status ?? run.signal})`);
  process.exit(1);
}
const figures = JSON.parse(readFileSync(report, 'utf8'));
writeFileSync(report, `${JSON.stringify({ date: new Date().toISOString(), ...figures }, null, 2)}\n`);
console.log(
  `fuzz-rest: ${figures.calls} calls, 2xx ${figures['2xx']}, 4xx ${figures['4xx']}, 5xx ${figures['5xx']}, ` +
    `failures ${figures.failures.length}, tables changed ${figures.changed.length ? figures.changed.join(', ') : 'none'}, ` +
    `${(figures.ms / 1000).toFixed(1)} s (seed ${figures.seed})`,
);
for (const f of figures.failures.slice(0, 50)) console.log(`  ${f}`);
process.exit(figures.failures.length || figures.changed.length ? 1 : 0);
