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
import type { Query, SQL } from 'drizzle-orm';
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
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

/** A task to run once a transaction's writes are committed; gets the database handle the transaction ran on. */
export type AfterCommitTask = (db: Db) => Promise<unknown>;

/** The outermost db.transaction() of the current async context: its handle and the tasks due after its commit. */
interface TxScope {
  db: Db;
  tasks: Set<AfterCommitTask>;
}
const txScope = new AsyncLocalStorage<TxScope>();
/** Database handles whose transaction() is hooked (hookTransactions). */
const hookedDbs = new WeakSet<object>();

/**
 * The central after-commit hook (issue 15, the chat event sequencer of src/chat/sequencer.ts): replaces
 * `db.transaction` by a wrapper that runs the original in a scope of its own and, once it has committed (resolved),
 * awaits the tasks registered with {@link afterCommit} in that scope, one after the other, before it returns — so
 * "after the call returns, its effects (and their after-commit work) are done" holds for every caller. A rolled-back
 * transaction (the callback or COMMIT threw) runs none of them. Nested savepoints (`tx.transaction`) share the scope
 * of their outermost transaction. A task's error is not the transaction's (it committed): tasks must handle their own.
 */
function hookTransactions(db: Db): Db {
  const original = db.transaction.bind(db) as (...args: unknown[]) => Promise<unknown>;
  const hooked = async (...args: unknown[]): Promise<unknown> => {
    const scope: TxScope = { db, tasks: new Set() };
    const result = await txScope.run(scope, () => original(...args));
    for (const task of scope.tasks) await task(db);
    return result;
  };
  (db as unknown as { transaction: typeof hooked }).transaction = hooked;
  hookedDbs.add(db);
  return db;
}

/**
 * Schedules `task` for when the writes made through `dbOrTx` are committed (issue 15; see hookTransactions):
 * - `dbOrTx` is a transaction of a hooked handle's transaction(): `task` runs after that outermost transaction commits,
 *   awaited by its transaction() call; the same task function registered twice in one transaction runs once;
 * - `dbOrTx` is a hooked database handle itself (the statement committed on its own): `task` runs now, awaited here;
 * - otherwise (a handle not opened by this module): nothing is scheduled and false is returned.
 * Never call it with a handle while a transaction of a single-connection PGlite is open (the task would wait for it).
 * @returns true when the task ran or is scheduled. Errors: those of `task` when it runs now.
 */
export async function afterCommit(dbOrTx: DbOrTx, task: AfterCommitTask): Promise<boolean> {
  if (hookedDbs.has(dbOrTx)) {
    await task(dbOrTx as Db);
    return true;
  }
  const scope = txScope.getStore();
  if (!scope) return false;
  scope.tasks.add(task);
  return true;
}

/**
 * Runs `query` as `db.execute` does, but on node-postgres as a named (server-side prepared) statement: each pooled
 * connection parses it once and PostgreSQL may keep its plan (plan_cache_mode auto: a generic plan after five custom
 * ones when it is not costlier). For the chat's large hand-written statements (repository/group-views.ts statRows,
 * previewRows) parsing and planning took 5–10 times their execution (issue 15: 0.6–1.2 ms of planning for 0.1 ms of
 * execution in the PostgreSQL log of a benchmark). The name is a hash of the statement's text, so each distinct text
 * (e.g. a different number of ids in an `in` list) is its own statement; use it for statements of a bounded number of
 * shapes. PGlite ignores the name. Answers `{ rows }` like `db.execute`.
 */
export async function executePrepared(db: DbOrTx, query: SQL): Promise<{ rows: unknown[] }> {
  const { dialect, session } = db as unknown as {
    dialect: { sqlToQuery(q: SQL): Query };
    session: {
      prepareQuery(q: Query, fields: undefined, name: string, arrayMode: boolean): { execute(): Promise<unknown> };
    };
  };
  const built = dialect.sqlToQuery(query);
  const name = `p_${createHash('sha1').update(built.sql).digest('hex').slice(0, 30)}`;
  return (await session.prepareQuery(built, undefined, name, false).execute()) as { rows: unknown[] };
}

/** Opens PostgreSQL at `databaseUrl`. */
export function openPostgres(databaseUrl: string): DbHandle {
  // JIT off (issue 15): the list and chat queries run in milliseconds; PostgreSQL's JIT, triggered by their cost
  // estimates on a large database, added 10–45 ms of compilation to single calls (docs/explain/).
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, options: '-c jit=off' });
  const db = hookTransactions(drizzlePg(pool, { schema }) as unknown as Db);
  return { db, driver: 'postgres', pool, close: () => pool.end() };
}

/** Opens PGlite in `dataDir` (a directory), in memory when undefined, or from a dump blob. */
export async function openPglite(opts: { dataDir?: string; loadDataDir?: Blob } = {}): Promise<DbHandle> {
  if (opts.dataDir) mkdirSync(opts.dataDir, { recursive: true });
  const client = await PGlite.create({ dataDir: opts.dataDir, loadDataDir: opts.loadDataDir });
  const db = hookTransactions(drizzlePglite(client, { schema }) as unknown as Db);
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
