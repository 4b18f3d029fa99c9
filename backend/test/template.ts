/**
 * Prepared database templates for tests, so that no test file pays for migrations and directory imports:
 * - PGlite: one prepared instance dumped to a gzip tarball under .data/test; each test loads it (loadDataDir).
 * - PostgreSQL (when DATABASE_URL is set): one template database; each test clones it (CREATE DATABASE … TEMPLATE).
 * The key changes when migrations, importers, seed or the reference directory change.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync, renameSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { scryptCost } from '../src/accounts/passwords.js';
import { BACKEND_ROOT } from '../src/config.js';
import { openPglite, openPostgres } from '../src/db/client.js';
import { prepareDatabase } from '../src/db/prepare.js';

export const REPO_ROOT = resolve(BACKEND_ROOT, '..');
/** Reference directory used by tests: REFERENCE_DATA_DIR, else the real copies in ../shared/data. */
export const TEST_REFERENCE_DIR = resolve(process.env.REFERENCE_DATA_DIR ?? join(REPO_ROOT, '..', 'shared', 'data'));
const TEMPLATE_DIR = join(REPO_ROOT, '.data', 'test');

function hashTree(h: ReturnType<typeof createHash>, path: string): void {
  if (!existsSync(path)) return;
  const st = statSync(path);
  if (st.isDirectory()) {
    for (const name of readdirSync(path).sort()) {
      if (name.endsWith('.test.ts')) continue;
      hashTree(h, join(path, name));
    }
  } else {
    h.update(path);
    h.update(readFileSync(path));
  }
}

/** A short key over everything that shapes the prepared database. */
export function templateKey(): string {
  const h = createHash('sha256');
  for (const p of ['drizzle', 'src/db', 'src/reference', 'src/seed', 'src/domain']) hashTree(h, join(BACKEND_ROOT, p));
  h.update(TEST_REFERENCE_DIR);
  // The demo accounts' password hashes are made with this cost (vitest.config.ts lowers it for the suite).
  h.update(String(scryptCost()));
  return h.digest('hex').slice(0, 12);
}

export function pgliteTemplatePath(key = templateKey()): string {
  return join(TEMPLATE_DIR, `pglite-${key}.tar.gz`);
}

export function pgTemplateName(key = templateKey()): string {
  return `platform_tpl_${key}`;
}

/** Builds the PGlite template tarball unless it already exists. Returns its path. */
export async function ensurePgliteTemplate(log: (m: string) => void = () => {}): Promise<string> {
  const file = pgliteTemplatePath();
  if (existsSync(file)) return file;
  mkdirSync(TEMPLATE_DIR, { recursive: true });
  const started = Date.now();
  const handle = await openPglite();
  await prepareDatabase(handle, { referenceDataDir: TEST_REFERENCE_DIR, seed: true, log });
  const dump = await handle.pglite!.dumpDataDir('gzip');
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
  renameSync(tmp, file);
  await handle.close();
  log(`PGlite test template built in ${Date.now() - started} ms`);
  return file;
}

/** Connection string of `database` on the server of DATABASE_URL. */
export function urlForDatabase(databaseUrl: string, database: string): string {
  const u = new URL(databaseUrl);
  u.pathname = `/${database}`;
  return u.toString();
}

/** Builds the PostgreSQL template database unless it exists. Returns its name. */
export async function ensurePgTemplate(databaseUrl: string, log: (m: string) => void = () => {}): Promise<string> {
  const name = pgTemplateName();
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount) return name;
    const building = `${name}_build`;
    await admin.query(`drop database if exists "${building}"`);
    await admin.query(`create database "${building}"`);
    const handle = openPostgres(urlForDatabase(databaseUrl, building));
    await prepareDatabase(handle, { referenceDataDir: TEST_REFERENCE_DIR, seed: true, log });
    await handle.close();
    await admin.query(`alter database "${building}" rename to "${name}"`);
    log(`PostgreSQL test template ${name} built`);
    return name;
  } finally {
    await admin.end();
  }
}
