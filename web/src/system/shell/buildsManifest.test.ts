/** Builds manifest poll and the reload guard (spec core §7 builds manifest, §8 manifest fetch failure, §9 10 s). */
import { describe, expect, it, vi } from 'vitest';
import type { ChunkGuardEnv } from './chunkGuard';
import { RELOAD_GUARD_KEY, RELOAD_GUARD_TTL_MS, isNewVersionAvailable, reloadForNewVersion } from './buildsManifest';

const answer = (body: unknown, status = 200) =>
  vi.fn(async () => new Response(JSON.stringify(body), { status })) as unknown as typeof fetch;

describe('builds manifest (core §7)', () => {
  it('reports a new version only when the served build id differs', async () => {
    const log = vi.fn();
    expect(await isNewVersionAvailable('b1', answer({ buildId: 'b2' }), log)).toBe(true);
    expect(await isNewVersionAvailable('b1', answer({ buildId: 'b1' }), log)).toBe(false);
    expect(await isNewVersionAvailable('dev', answer({ buildId: 'b2' }), log)).toBe(false);
    expect(log).not.toHaveBeenCalled();
  });

  it('only logs a failed or malformed manifest (core §8)', async () => {
    const log = vi.fn();
    expect(await isNewVersionAvailable('b1', answer({ buildId: 'b2' }, 404), log)).toBe(false);
    expect(await isNewVersionAvailable('b1', answer({ id: 3 }), log)).toBe(false);
    const offline = vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))) as unknown as typeof fetch;
    expect(await isNewVersionAvailable('b1', offline, log)).toBe(false);
    expect(log).toHaveBeenCalledTimes(3);
  });

  it('reloads for a new version at most once in 10 s (core §9 reload guard)', () => {
    expect(RELOAD_GUARD_TTL_MS).toBe(10_000);
    const items = new Map<string, string>();
    let now = 50_000;
    const env: ChunkGuardEnv = {
      storage: { getItem: (k) => items.get(k) ?? null, setItem: (k, v) => void items.set(k, v) },
      now: () => now,
      reload: vi.fn(),
    };
    expect(reloadForNewVersion(env)).toBe(true);
    expect(items.get(RELOAD_GUARD_KEY)).toBe('50000');
    now += 9_999;
    expect(reloadForNewVersion(env)).toBe(false);
    now += 1;
    expect(reloadForNewVersion(env)).toBe(true);
    expect(env.reload).toHaveBeenCalledTimes(2);
  });
});
