#!/usr/bin/env node
/**
 * Schema governance (issue 12 "Observability": a CI step): compares schema.graphql with the last released schema
 * (docs/schema/released.graphql) using @graphql-inspector/core `diff`, prints every change, and fails (exit 1) on a
 * BREAKING change unless it is declared in docs/schema/breaking-changes.json:
 *   [{ "path": "Query.oldField", "reason": "why clients are not hurt / how they migrate" }]
 * (`path` as printed by this script, e.g. `Order.status`, `OrderInput.amount`, `Query.orders.first`). DANGEROUS
 * changes (e.g. an enum value added) are printed, never fatal. Runs in `npm run lint`.
 *
 * Releasing (docs/architecture.md "Where to add … A GraphQL field"): copy schema.graphql to docs/schema/released.graphql
 * and empty breaking-changes.json (`[]`) in the release commit.
 *
 * Usage: node scripts/check-schema.mjs [--released <file>] [--current <file>] [--declared <file>]
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { CriticalityLevel, diff } from '@graphql-inspector/core';
import { buildSchema } from 'graphql/index.js'; // the build @graphql-inspector/core loads, also under vitest

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Compares two SDL texts. Returns every change ({ level, path, message }) and the breaking changes not declared.
 * @param {{ released: string, current: string, declared?: { path: string, reason: string }[] }} input
 */
export async function checkSchema({ released, current, declared = [] }) {
  for (const d of declared) {
    if (!d || typeof d.path !== 'string' || typeof d.reason !== 'string' || !d.reason.trim()) {
      throw new Error('breaking-changes.json: every entry needs a "path" and a non-empty "reason"');
    }
  }
  const raw = await diff(buildSchema(released), buildSchema(current));
  const changes = raw.map((c) => ({ level: c.criticality.level, path: c.path ?? '', message: c.message }));
  const paths = new Set(declared.map((d) => d.path));
  const undeclared = changes.filter((c) => c.level === CriticalityLevel.Breaking && !paths.has(c.path));
  return { changes, undeclared };
}

function arg(name, fallback) {
  const i = process.argv.indexOf(name);
  return i >= 0 && process.argv[i + 1] ? resolve(process.argv[i + 1]) : fallback;
}

async function main() {
  const releasedPath = arg('--released', resolve(root, 'docs/schema/released.graphql'));
  const currentPath = arg('--current', resolve(root, 'schema.graphql'));
  const declaredPath = arg('--declared', resolve(root, 'docs/schema/breaking-changes.json'));
  const { changes, undeclared } = await checkSchema({
    released: readFileSync(releasedPath, 'utf8'),
    current: readFileSync(currentPath, 'utf8'),
    declared: JSON.parse(readFileSync(declaredPath, 'utf8')),
  });
  const counts = { BREAKING: 0, DANGEROUS: 0, NON_BREAKING: 0 };
  for (const c of changes) {
    counts[c.level] = (counts[c.level] ?? 0) + 1;
    if (c.level !== CriticalityLevel.NonBreaking) console.log(`${c.level.padEnd(9)} ${c.path}: ${c.message}`);
  }
  console.log(
    `schema check: ${changes.length} change(s) since the released schema — ${counts.BREAKING} breaking, ` +
      `${counts.DANGEROUS} dangerous, ${counts.NON_BREAKING} non-breaking`,
  );
  if (undeclared.length) {
    console.error(`\n${undeclared.length} breaking change(s) not declared in docs/schema/breaking-changes.json:`);
    for (const c of undeclared) console.error(`  ${c.path}: ${c.message}`);
    console.error('Keep the old field (deprecate it), or declare the change with a reason.');
    process.exitCode = 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main();
}
