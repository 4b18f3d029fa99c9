/**
 * The persisted-query store (persisted.ts; issue 15: its file is checked at most once a second instead of a `stat`
 * per request, and a lookup that misses checks at once).
 */
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PersistedQueries, resolvePersisted } from './persisted.js';

const dir = mkdtempSync(join(tmpdir(), 'gw-persisted-'));
const file = join(dir, 'persisted-queries.json');
const write = (map: Record<string, string>, mtimeSeconds: number) => {
  writeFileSync(file, JSON.stringify(map));
  utimesSync(file, mtimeSeconds, mtimeSeconds);
};

afterEach(() => {
  vi.useRealTimers();
  rmSync(file, { force: true });
});

describe('PersistedQueries', () => {
  it('answers the text of an id and whether a text is persisted; a missing file is empty', () => {
    const missing = new PersistedQueries(join(dir, 'none.json'));
    expect(missing.get('a')).toBeUndefined();
    write({ a: 'query A { x }' }, 1_000);
    const store = new PersistedQueries(file);
    expect(store.get('a')).toBe('query A { x }');
    expect(store.hasText('query A { x }')).toBe(true);
    expect(store.hasText('query B { y }')).toBe(false);
    expect(resolvePersisted(store, true, { doc_id: 'nope' })).toMatchObject({
      ok: false,
      code: 'PERSISTED_QUERY_NOT_FOUND',
    });
  });

  it('an id added to the file is found at once (a miss checks the file again)', () => {
    vi.useFakeTimers({ now: 1_000_000, toFake: ['Date'] });
    write({ a: 'query A { x }' }, 1_000);
    const store = new PersistedQueries(file);
    expect(store.get('a')).toBe('query A { x }');
    write({ a: 'query A { x }', b: 'query B { y }' }, 2_000);
    expect(store.get('b')).toBe('query B { y }');
    expect(store.hasText('query B { y }')).toBe(true);
  });

  it('a changed text of a known id is read within a second, not on every lookup', () => {
    vi.useFakeTimers({ now: 1_000_000, toFake: ['Date'] });
    write({ a: 'query A { x }' }, 1_000);
    const store = new PersistedQueries(file);
    expect(store.get('a')).toBe('query A { x }');
    write({ a: 'query A { x y }' }, 2_000);
    expect(store.get('a')).toBe('query A { x }'); // same second: the file is not read again
    vi.setSystemTime(1_001_001);
    expect(store.get('a')).toBe('query A { x y }');
  });
});
