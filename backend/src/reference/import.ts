import type { Db } from '../db/client.js';

/** Imports the official directories from `dir` when the reference tables are empty (reference module fills this). */
export async function importReferenceDataIfEmpty(_db: Db, _dir: string, _log: (m: string) => void): Promise<void> {}
