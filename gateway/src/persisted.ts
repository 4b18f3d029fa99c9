/**
 * Persisted queries written by the Relay compiler: web/persisted-queries.json is `{ "<id>": "<query text>" }`
 * and the web sends `{ "doc_id": "<id>", "variables": {...} }`. The gateway translates `doc_id` (or `id`)
 * into the query text before Apollo sees the request. With PERSISTED_QUERIES_ONLY=true a plain `query` is
 * accepted only when its text is one of the persisted documents.
 */
import { readFileSync, statSync } from 'node:fs';

export class PersistedQueries {
  private mtimeMs = -1;
  /** When the file's mtime was last read (ms since the epoch). */
  private checkedAt = 0;
  private byId = new Map<string, string>();
  private texts = new Set<string>();

  constructor(private readonly path: string) {}

  /**
   * Re-reads the file when it changed (the compiler rewrites it during development). Missing file → empty. The mtime
   * is read at most once a second (issue 15: a `stat` per request was on the hot path) unless `force`: a lookup that
   * misses checks again at once, so a document compiled a moment ago is found.
   */
  private refresh(force = false): void {
    const now = Date.now();
    if (!force && now - this.checkedAt < 1000) return;
    this.checkedAt = now;
    let mtime: number;
    try {
      mtime = statSync(this.path).mtimeMs;
    } catch {
      this.byId.clear();
      this.texts.clear();
      this.mtimeMs = -1;
      return;
    }
    if (mtime === this.mtimeMs) return;
    const map = JSON.parse(readFileSync(this.path, 'utf8')) as Record<string, string>;
    this.byId = new Map(Object.entries(map));
    this.texts = new Set(this.byId.values());
    this.mtimeMs = mtime;
  }

  /** The query text of a persisted id, or undefined. */
  get(id: string): string | undefined {
    this.refresh();
    if (!this.byId.has(id)) this.refresh(true);
    return this.byId.get(id);
  }

  /** Whether a query text is one of the persisted documents. */
  hasText(text: string): boolean {
    this.refresh();
    if (!this.texts.has(text)) this.refresh(true);
    return this.texts.has(text);
  }
}

/** Outcome of resolving a request's document. */
export type PersistedResolution =
  | { ok: true; query?: string }
  | { ok: false; code: 'PERSISTED_QUERY_NOT_FOUND' | 'PERSISTED_QUERY_REQUIRED'; message: string };

/**
 * Resolves `doc_id` / `id` / plain `query` of a request (HTTP body, GET params or a graphql-ws payload).
 * Returns the query text to execute (undefined: leave the request as it is).
 */
export function resolvePersisted(
  store: PersistedQueries,
  onlyPersisted: boolean,
  params: { doc_id?: unknown; id?: unknown; query?: unknown },
): PersistedResolution {
  const id = typeof params.doc_id === 'string' ? params.doc_id : typeof params.id === 'string' ? params.id : undefined;
  if (id !== undefined) {
    const text = store.get(id);
    if (!text) return { ok: false, code: 'PERSISTED_QUERY_NOT_FOUND', message: 'Unknown persisted query id' };
    return { ok: true, query: text };
  }
  if (onlyPersisted && !(typeof params.query === 'string' && store.hasText(params.query))) {
    return {
      ok: false,
      code: 'PERSISTED_QUERY_REQUIRED',
      message: 'This gateway accepts persisted queries only: send doc_id',
    };
  }
  return { ok: true };
}
