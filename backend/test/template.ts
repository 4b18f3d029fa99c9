/**
 * Prepared database templates for tests, so that no test file pays for migrations and directory imports:
 * - PGlite: one prepared instance dumped to a gzip tarball under .data/test; each test loads it (loadDataDir).
 * - PostgreSQL (when DATABASE_URL is set): one template database; each test clones it (CREATE DATABASE … TEMPLATE).
 * The key changes when migrations, importers, seed or the reference directory change.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync, renameSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import * as tarStream from 'tar-stream';
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

let memoKey: string | undefined;

/**
 * A short key over everything that shapes the prepared database: computed once per process (it reads every migration
 * and the database, reference, seed and domain sources), since every test database asks for it.
 */
export function templateKey(): string {
  memoKey ??= computeTemplateKey();
  return memoKey;
}

function computeTemplateKey(): string {
  const h = createHash('sha256');
  for (const p of ['drizzle', 'src/db', 'src/reference', 'src/seed', 'src/domain']) hashTree(h, join(BACKEND_ROOT, p));
  h.update(TEST_REFERENCE_DIR);
  // The demo accounts' password hashes are made with this cost (vitest.config.ts lowers it for the suite).
  h.update(String(scryptCost()));
  // The tarball's own format (3: spare WAL segments left out, see withoutSpareWal; settings for throwaway copies).
  h.update('pglite tarball 3');
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
  // A checkpoint right before the dump leaves nothing to replay when a test opens the copy, and tells which WAL
  // segments the copy needs: from the checkpoint's redo segment to the one being written.
  const pglite = handle.pglite!;
  // Settings of the copies (postgresql.auto.conf travels in the tarball): a test database lives in memory and is
  // thrown away, so WAL that could repair a torn page after a crash is useless work — no zero-filled new segments, no
  // full-page images after each checkpoint.
  for (const setting of ['wal_init_zero = off', 'full_page_writes = off'])
    await pglite.query(`alter system set ${setting}`);
  await pglite.query('select pg_reload_conf()');
  await pglite.query('checkpoint');
  const wal = await pglite.query<{ first: string; last: string }>(
    'select redo_wal_file as first, pg_walfile_name(pg_current_wal_insert_lsn()) as last from pg_control_checkpoint()',
  );
  const dump = await pglite.dumpDataDir('none');
  const { first, last } = wal.rows[0];
  const tarball = await withoutSpareWal(Buffer.from(await dump.arrayBuffer()), first, last);
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, gzipSync(tarball, { level: 1 }));
  renameSync(tmp, file);
  await handle.close();
  log(`PGlite test template built in ${Date.now() - started} ms`);
  return file;
}

/**
 * The data directory tarball `tarball` without the WAL segments outside `first`..`last` (24-hex segment names of one
 * timeline, compared as text). PostgreSQL keeps recycled segments ahead of the one it writes (64 MB of the 148 MB
 * template in four spare 16 MB files); it creates a missing segment when it reaches it, and starting the copy reads
 * WAL only from the last checkpoint's redo segment on. Each test database unpacks the tarball into memory, so the
 * spare segments cost every test database their unpacking and memory (issue 15 "suite time").
 */
async function withoutSpareWal(tarball: Buffer, first: string, last: string): Promise<Buffer> {
  const extract = tarStream.extract();
  const pack = tarStream.pack();
  const chunks: Buffer[] = [];
  pack.on('data', (c: unknown) => chunks.push(c as Buffer));
  const packed = new Promise<void>((resolve, reject) => {
    pack.on('end', resolve);
    pack.on('error', reject);
    extract.on('error', reject);
  });
  extract.on('entry', (header, stream, next) => {
    const segment = /(?:^|\/)pg_wal\/([0-9A-F]{24})$/.exec(header.name)?.[1];
    if (segment && (segment < first || segment > last)) {
      stream.on('end', next);
      stream.resume();
      return;
    }
    stream.pipe(pack.entry(header, next));
  });
  extract.on('finish', () => pack.finalize());
  extract.end(tarball);
  await packed;
  return Buffer.concat(chunks);
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
