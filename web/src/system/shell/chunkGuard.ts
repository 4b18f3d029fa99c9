/**
 * The page chunk failure guard (spec chat-and-shell §4 "Page chunk failure", §8, §9 "Page chunk reload time-to-live
 * 60 s"): when a dynamically loaded page chunk fails (typically a stale chunk after a deploy: the old hashed file is
 * gone and answers 404), the app reloads once so that the browser fetches the new index.html and chunks. A marker with
 * the time of that reload lives in sessionStorage; within 60 s of it a second failure is not reloaded again (no reload
 * loop) but thrown to the error page.
 */

/** Time-to-live of the reload marker (chat §9), ms. */
export const CHUNK_RELOAD_TTL_MS = 60_000;
/** sessionStorage key of the marker: the epoch milliseconds of the last guarded reload. */
export const CHUNK_RELOAD_KEY = 'platform.chunkReloadAt';

/** What the guard needs from the browser (injected in tests). */
export interface ChunkGuardEnv {
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  now: () => number;
  reload: () => void;
}

/** The guard's environment in the browser: sessionStorage (null when disabled), the clock, location.reload. */
export function browserEnv(): ChunkGuardEnv {
  let storage: ChunkGuardEnv['storage'] = null;
  try {
    storage = window.sessionStorage;
  } catch {
    storage = null; // storage disabled: never reload (a loop could not be prevented)
  }
  return { storage, now: () => Date.now(), reload: () => window.location.reload() };
}

/**
 * A reload guard: true when the page may reload now — no marker under `key`, or one older than `ttlMs` (a marker in
 * the future counts as absent) — and then records the time. Without storage it returns false (no loop can be
 * prevented, so no reload). Used with 60 s for chunk failures (chat §9) and 10 s for a new version (core §9).
 */
export function reloadGuardAllows(env: ChunkGuardEnv, key: string, ttlMs: number): boolean {
  if (!env.storage) return false;
  const last = Number(env.storage.getItem(key) ?? 'NaN');
  const now = env.now();
  if (Number.isFinite(last) && now - last >= 0 && now - last < ttlMs) return false;
  env.storage.setItem(key, String(now));
  return true;
}

/** True when a failed chunk load should reload the page now (60 s guard, see `reloadGuardAllows`). */
export function shouldReloadForChunkFailure(env: ChunkGuardEnv): boolean {
  return reloadGuardAllows(env, CHUNK_RELOAD_KEY, CHUNK_RELOAD_TTL_MS);
}

/** True for the errors browsers raise when a dynamic import or its module script cannot be fetched. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported|Failed to fetch|MIME type|Unable to preload CSS/i.test(
    message,
  );
}

/**
 * Runs `load` (a dynamic import); when it fails with a chunk load error and the guard allows, reloads the page and
 * returns a promise that never settles (the page is going away). Otherwise the error is re-thrown.
 */
export async function guardChunkLoad<T>(load: () => Promise<T>, env: ChunkGuardEnv = browserEnv()): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (isChunkLoadError(error) && shouldReloadForChunkFailure(env)) {
      env.reload();
      return new Promise<T>(() => undefined);
    }
    throw error;
  }
}
