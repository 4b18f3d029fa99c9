/**
 * Brings a database to a usable state: migrations, reference directories (imported when their tables are
 * empty) and, on request, the demo accounts. Used by server start-up and by the test template.
 */
import type { DbHandle } from './client.js';
import { runMigrations } from './client.js';
import { importReferenceDataIfEmpty } from '../reference/import.js';
import { seedDemo } from '../seed/index.js';

export interface PrepareOptions {
  /** Directory in the layout of shared/data (cbr-bik-ed807/, swift-codes/, tnved-eaeu/). */
  referenceDataDir: string;
  /** Seed the demo accounts of the README when there are no users yet. */
  seed: boolean;
  log?: (msg: string) => void;
}

export async function prepareDatabase(handle: DbHandle, opts: PrepareOptions): Promise<void> {
  const log = opts.log ?? (() => {});
  await runMigrations(handle);
  await importReferenceDataIfEmpty(handle.db, opts.referenceDataDir, log);
  if (opts.seed) await seedDemo(handle.db, log);
}
