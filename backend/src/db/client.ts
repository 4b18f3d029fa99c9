/**
 * Database access: PGlite (embedded PostgreSQL in WASM) by default, node-postgres when DATABASE_URL is set.
 * Both speak the PostgreSQL dialect and share one set of migrations (./drizzle).
 */
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { BACKEND_ROOT } from '../config.js';
import * as schema from './schema/index.js';

export { schema };
/** A Drizzle database over either driver. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle, usable wherever a Db is. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface DbHandle {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** The PGlite instance when driver is pglite (for dumps in tests). */
  pglite?: PGlite;
  /** The node-postgres pool when driver is postgres (pool metrics and query instrumentation, src/observability). */
  pool?: pg.Pool;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = join(BACKEND_ROOT, 'drizzle');

/** Opens PostgreSQL at `databaseUrl`. */
export function openPostgres(databaseUrl: string): DbHandle {
  // JIT off (issue 15): the list and chat queries run in milliseconds; PostgreSQL's JIT, triggered by their cost
  // estimates on a large database, added 10–45 ms of compilation to single calls (docs/explain/).
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, options: '-c jit=off' });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return { db, driver: 'postgres', pool, close: () => pool.end() };
}

/** Opens PGlite in `dataDir` (a directory), in memory when undefined, or from a dump blob. */
export async function openPglite(opts: { dataDir?: string; loadDataDir?: Blob } = {}): Promise<DbHandle> {
  if (opts.dataDir) mkdirSync(opts.dataDir, { recursive: true });
  const client = await PGlite.create({ dataDir: opts.dataDir, loadDataDir: opts.loadDataDir });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return { db, driver: 'pglite', pglite: client, close: () => client.close() };
}

/** Opens the database the configuration asks for: DATABASE_URL, else PGlite under DATA_DIR/pgdata. */
export async function openDatabase(cfg: { databaseUrl?: string; dataDir: string }): Promise<DbHandle> {
  if (cfg.databaseUrl) return openPostgres(cfg.databaseUrl);
  return openPglite({ dataDir: join(cfg.dataDir, 'pgdata') });
}

/** Applies pending migrations from ./drizzle. Idempotent. */
export async function runMigrations(handle: DbHandle): Promise<void> {
  if (handle.driver === 'pglite') await migratePglite(handle.db as never, { migrationsFolder: MIGRATIONS_DIR });
  else await migratePg(handle.db as never, { migrationsFolder: MIGRATIONS_DIR });
}
