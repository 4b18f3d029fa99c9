#!/usr/bin/env node
/**
 * Runs every benchmark of tests/bench/ (`npm run bench`): each `*.mjs` file here except this one, one after the
 * other, as its own process (they start their own servers and databases). Exit code 1 when one of them failed.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
let failed = 0;
for (const file of readdirSync(here)
  .filter((f) => f.endsWith('.mjs') && f !== 'run.mjs')
  .sort()) {
  console.log(`\n=== ${file}`);
  const run = spawnSync(process.execPath, [join(here, file)], { stdio: 'inherit' });
  if (run.status !== 0) {
    failed++;
    console.error(`=== ${file} failed (${run.status ?? run.signal})`);
  }
}
process.exit(failed ? 1 : 0);
