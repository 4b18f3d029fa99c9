#!/usr/bin/env node
/**
 * One file-naming convention per tier (issue 9; README "Where things are"), checked by `npm run lint`:
 *   backend/, tests/           kebab-case            company-verification.ts, deal-flow.test.ts
 *   packages/domain/           camelCase             dealRules.ts, groupOrder.test.ts
 *   packages/observability/    camelCase             requestId.ts, serverSpan.ts
 *   gateway/                   camelCase             stubBackend.ts, dealStatus.ts
 *   web/src/                   PascalCase for React components (.tsx), camelCase for other modules and hooks
 *                              (useAppMutation.ts); a .tsx file that exports no component is camelCase too
 * Names may carry the suffixes .test, .d and .config. Generated files (__generated__, generated/) are not checked.
 * Prints every offending path and exits 1 when there is one.
 */
import { execFileSync } from 'node:child_process';

const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const CAMEL = /^[a-z][a-zA-Z0-9]*$/;
const PASCAL = /^[A-Z][a-zA-Z0-9]*$/;

/** The tier rule for a tracked path, or undefined when the path is not checked. */
function ruleFor(path) {
  if (!/\.(ts|tsx|mts|mjs|cjs)$/.test(path) || /(__generated__|\/generated\/|node_modules)/.test(path))
    return undefined;
  if (path.startsWith('backend/src/') || path.startsWith('backend/test/') || path.startsWith('tests/')) return 'kebab';
  if (path.startsWith('packages/domain/src/') || path.startsWith('packages/observability/src/')) return 'camel';
  if (path.startsWith('gateway/src/') || path.startsWith('gateway/test/')) return 'camel';
  if (path.startsWith('web/src/')) return path.endsWith('.tsx') ? 'pascal-or-camel' : 'camel';
  return undefined;
}

/** The base name without directory, the .test/.d/.config suffixes and the extension. */
function stem(path) {
  return path
    .split('/')
    .pop()
    .replace(/\.(ts|tsx|mts|mjs|cjs)$/, '')
    .replace(/\.(test|d|config)$/, '');
}

const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { encoding: 'utf8' })
  .split('\n')
  .filter(Boolean);
const bad = [];
for (const path of files) {
  const rule = ruleFor(path);
  if (!rule) continue;
  const name = stem(path);
  if (name === 'vite-env') continue; // Vite's own file name
  const ok =
    rule === 'kebab' ? KEBAB.test(name) : rule === 'camel' ? CAMEL.test(name) : PASCAL.test(name) || CAMEL.test(name);
  if (!ok) bad.push(`${path}: expected ${rule} file name`);
}
if (bad.length) {
  console.error(bad.join('\n'));
  process.exit(1);
}
console.log(`file names: ${files.length} tracked files checked, one convention per tier`);
