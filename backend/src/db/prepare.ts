/**
 * Brings a database to a usable state: migrations, reference directories (imported when their tables are
 * empty) and, on request, the demo accounts. Used by server start-up and by the test template. The demo world
 * (seed/world, README "Set-up") needs the app's routes, so server.ts seeds it after building the app when
 * `accountsSeeded` says this start created the demo accounts on a database without users.
 */
import { sql } from 'drizzle-orm';
import type { DbHandle } from './client.js';
import { runMigrations } from './client.js';
import { importReferenceDataIfEmpty } from '../reference/import.js';
import { seedDemo } from '../seed/index.js';
import { users } from './schema/core.js';

export interface PrepareOptions {
  /** Directory in the layout of shared/data (cbr-bik-ed807/, swift-codes/, tnved-eaeu/). */
  referenceDataDir: string;
  /** Seed the demo accounts of the README when there are no users yet. */
  seed: boolean;
  log?: (msg: string) => void;
}

/** What prepareDatabase did. */
export interface PrepareResult {
  /** True when the database had no users and the demo accounts were seeded now (the demo world may follow). */
  accountsSeeded: boolean;
}

/** Migrates, imports the reference directories and (with `seed`) seeds the demo accounts; see the module header. */
export async function prepareDatabase(handle: DbHandle, opts: PrepareOptions): Promise<PrepareResult> {
  const log = opts.log ?? (() => {});
  await runMigrations(handle);
  await importReferenceDataIfEmpty(handle.db, opts.referenceDataDir, log);
  if (!opts.seed) return { accountsSeeded: false };
  const [{ count }] = await handle.db.select({ count: sql<number>`count(*)::int` }).from(users);
  await seedDemo(handle.db, log);
  return { accountsSeeded: count === 0 };
}
