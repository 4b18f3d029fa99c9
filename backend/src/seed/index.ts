import type { Db } from '../db/client.js';

/** Seeds the demo accounts of the README on an empty database (accounts module fills this). */
export async function seedDemo(_db: Db, _log: (m: string) => void): Promise<void> {}
