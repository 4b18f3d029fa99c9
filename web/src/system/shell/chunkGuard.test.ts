/** The page chunk failure guard (spec chat-and-shell §4 "Page chunk failure", §9 "Page chunk reload time-to-live 60 s"). */
import { describe, expect, it, vi } from 'vitest';
import {
  CHUNK_RELOAD_KEY,
  CHUNK_RELOAD_TTL_MS,
  guardChunkLoad,
  isChunkLoadError,
  shouldReloadForChunkFailure,
  type ChunkGuardEnv,
} from './chunkGuard';

function env(now: number, initial?: string): ChunkGuardEnv & { items: Map<string, string>; reload: () => void } {
  const items = new Map<string, string>(initial === undefined ? [] : [[CHUNK_RELOAD_KEY, initial]]);
  return {
    items,
    storage: { getItem: (k) => items.get(k) ?? null, setItem: (k, v) => void items.set(k, v) },
    now: () => now,
    reload: vi.fn(),
  };
}

const chunkError = new TypeError('Failed to fetch dynamically imported module: http://x/assets/Page-abc.js');

describe('chunk failure guard (chat §4, §9: reload once, 60 s time-to-live)', () => {
  it('reloads on the first failure and records the time', () => {
    const e = env(1_000_000);
    expect(shouldReloadForChunkFailure(e)).toBe(true);
    expect(e.items.get(CHUNK_RELOAD_KEY)).toBe('1000000');
  });

  it('does not reload again within 60 s, and does after', () => {
    expect(CHUNK_RELOAD_TTL_MS).toBe(60_000);
    expect(shouldReloadForChunkFailure(env(1_059_999, '1000000'))).toBe(false);
    expect(shouldReloadForChunkFailure(env(1_060_000, '1000000'))).toBe(true);
  });

  it('treats a garbage or future marker as absent, and never reloads without storage', () => {
    expect(shouldReloadForChunkFailure(env(5, 'nonsense'))).toBe(true);
    expect(shouldReloadForChunkFailure(env(5, '999999'))).toBe(true);
    expect(shouldReloadForChunkFailure({ storage: null, now: () => 0, reload: () => undefined })).toBe(false);
  });

  it('recognises the browsers’ chunk errors only', () => {
    expect(isChunkLoadError(chunkError)).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(
      isChunkLoadError(
        new Error("Expected a JavaScript module script but the server responded with a MIME type of 'text/html'"),
      ),
    ).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });

  it('guardChunkLoad passes results through, reloads once on a chunk error and rethrows the second time', async () => {
    await expect(guardChunkLoad(async () => 42, env(0))).resolves.toBe(42);
    const e = env(10_000);
    const pending = guardChunkLoad(() => Promise.reject(chunkError), e);
    let settled = false;
    void pending.then(
      () => (settled = true),
      () => (settled = true),
    );
    await new Promise((r) => setTimeout(r, 10));
    expect(settled).toBe(false);
    expect(e.reload).toHaveBeenCalledTimes(1);
    await expect(guardChunkLoad(() => Promise.reject(chunkError), e)).rejects.toBe(chunkError);
    expect(e.reload).toHaveBeenCalledTimes(1);
    const other = new Error('boom');
    await expect(guardChunkLoad(() => Promise.reject(other), env(0))).rejects.toBe(other);
  });
});
