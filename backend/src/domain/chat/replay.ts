/**
 * Resuming a user's realtime stream from Last-Event-ID (DESIGN "Realtime"; spec chat §4 "Realtime
 * connection"). Pure: the caller reads the retained window from the event log and writes the answer.
 *
 * Event ids are monotonic at commit, but need not be contiguous (a sequence can skip on rollback, and a user's
 * stream is filtered to that user's events), so "nothing was lost" is decided by the retention bound, not by
 * counting: the window holds every event with id ≥ retainedFromId. A resume from cursor c is exact when every
 * event after c is still retained, i.e. c ≥ retainedFromId − 1.
 *
 * Decision, checked in this order:
 *   no Last-Event-ID                 → live: nothing to replay, the stream starts after headId
 *   not a non-negative integer       → resync (INVALID_CURSOR)
 *   cursor > headId                  → resync (CURSOR_AHEAD: the log was reset or is from another database)
 *   cursor < retainedFromId − 1      → resync (GAP_BEYOND_RETENTION: events after the cursor were pruned)
 *   otherwise                        → replay the window's events with id > cursor, ascending, each id once
 * After a resync the client reloads its state (groups, statistics, open chat) and continues from headId.
 */

/** The retained part of the log, as the caller read it for one user. */
export interface RetainedWindow<E extends { id: number }> {
  /** The user's retained events (any order; duplicates allowed, they are dropped). */
  events: readonly E[];
  /** Every event with id ≥ retainedFromId is in `events` (if it is the user's). Older ones may be pruned. */
  retainedFromId: number;
  /** The highest id committed in the log (0 for an empty log). */
  headId: number;
}

/** What to do with a (re)connecting stream. `cursor` is the id the stream continues after. */
export type ResumeDecision<E> =
  | { kind: 'live'; cursor: number }
  | { kind: 'replay'; events: E[]; cursor: number }
  | { kind: 'resync'; reason: 'INVALID_CURSOR' | 'CURSOR_AHEAD' | 'GAP_BEYOND_RETENTION'; cursor: number };

/**
 * Reads a Last-Event-ID header value: undefined/empty → null (none), a non-negative decimal integer →
 * the number, anything else → NaN (invalid).
 */
export function parseLastEventId(header: string | null | undefined): number | null {
  if (header == null || header.trim() === '') return null;
  const v = header.trim();
  return /^\d{1,15}$/.test(v) ? Number(v) : Number.NaN;
}

/**
 * Decides how to resume (see the header for the order of the rules).
 * @param lastEventId the raw Last-Event-ID (or the subscription's resume cursor)
 * @param window the retained window read from the log
 */
export function resumeFrom<E extends { id: number }>(
  lastEventId: string | null | undefined,
  window: RetainedWindow<E>,
): ResumeDecision<E> {
  const head = window.headId;
  const cursor = parseLastEventId(lastEventId);
  if (cursor === null) return { kind: 'live', cursor: head };
  if (Number.isNaN(cursor)) return { kind: 'resync', reason: 'INVALID_CURSOR', cursor: head };
  if (cursor > head) return { kind: 'resync', reason: 'CURSOR_AHEAD', cursor: head };
  if (cursor < window.retainedFromId - 1) return { kind: 'resync', reason: 'GAP_BEYOND_RETENTION', cursor: head };
  const seen = new Set<number>();
  const events = window.events
    .filter((e) => e.id > cursor && e.id <= head && !seen.has(e.id) && (seen.add(e.id), true))
    .sort((a, b) => a.id - b.id);
  return { kind: 'replay', events, cursor: head };
}
