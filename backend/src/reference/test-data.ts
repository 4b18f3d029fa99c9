/**
 * Where tests find the real official directories: REFERENCE_DATA_DIR, else <repo>/../shared/data
 * (the same default as test/template.ts). Used by the importer tests only.
 */
import { join, resolve } from 'node:path';
import { BACKEND_ROOT } from '../config.js';

export const REAL_DATA_DIR = resolve(
  process.env.REFERENCE_DATA_DIR ?? join(BACKEND_ROOT, '..', '..', 'shared', 'data'),
);
