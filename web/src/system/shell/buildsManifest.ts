/**
 * The builds manifest poll (spec core §7 "The app also polls a builds manifest periodically"; §8 "Manifest fetch fails:
 * only logged"; §9 "Reload guard time-to-live 10 s"). The build writes /builds-manifest.json `{ buildId, files }`
 * (web/vite.config.ts) and bakes the same `buildId` into the app; when the served manifest names another build, a new
 * version is available. Reloading for it passes the reload guard: no second reload within 10 s.
 */
import { browserEnv, reloadGuardAllows, type ChunkGuardEnv } from './chunkGuard';

/** Path of the builds manifest on the site root. */
export const BUILDS_MANIFEST_PATH = '/builds-manifest.json';
/** How often the manifest is polled while the tab is visible, ms (designed: 5 minutes; also on tab focus). */
export const BUILDS_MANIFEST_POLL_MS = 5 * 60_000;
/** Reload guard time-to-live (core §9), ms. */
export const RELOAD_GUARD_TTL_MS = 10_000;
/** sessionStorage key of the reload guard's marker. */
export const RELOAD_GUARD_KEY = 'platform.versionReloadAt';

/** The build id baked into this app (vite `define`); 'dev' when not built. */
export const CURRENT_BUILD_ID: string = import.meta.env.VITE_BUILD_ID ?? 'dev';

/**
 * Fetches the builds manifest and tells whether it names another build than `current`. A failed fetch or a malformed
 * answer is logged (core §8) and counts as no new version.
 */
export async function isNewVersionAvailable(
  current: string = CURRENT_BUILD_ID,
  fetchFn: typeof fetch = fetch,
  log: (message: string, error?: unknown) => void = (m, e) => console.warn(m, e),
): Promise<boolean> {
  try {
    const response = await fetchFn(BUILDS_MANIFEST_PATH, { cache: 'no-store' });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const body = (await response.json()) as { buildId?: unknown };
    if (typeof body.buildId !== 'string') throw new Error('no buildId');
    return current !== 'dev' && body.buildId !== current;
  } catch (error) {
    log('builds manifest fetch failed', error);
    return false;
  }
}

/**
 * Reloads for a new version unless the reload guard (10 s) forbids it: asks a waiting service worker to take over
 * first. Returns whether it reloaded.
 */
export function reloadForNewVersion(env: ChunkGuardEnv = browserEnv()): boolean {
  if (!reloadGuardAllows(env, RELOAD_GUARD_KEY, RELOAD_GUARD_TTL_MS)) return false;
  void (globalThis.navigator as Navigator | undefined)?.serviceWorker
    ?.getRegistration()
    .then((r) => r?.waiting?.postMessage({ type: 'SKIP_WAITING' }))
    .catch(() => undefined);
  env.reload();
  return true;
}
