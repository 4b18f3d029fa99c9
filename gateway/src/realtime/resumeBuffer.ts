/**
 * The resume buffer of one realtime channel (DESIGN "Realtime"; spec chat §4 "Realtime connection"): PURE — no I/O, no
 * timers — so the "nothing lost, nothing doubled" rules are unit-tested on their own (resumeBuffer.test.ts).
 *
 * - It keeps the last `size` durable events with their backend ids (ascending) and `lastId`, the last durable id
 *   received (what the upstream reconnects with as Last-Event-ID). An id at or below `lastId` is a duplicate.
 * - `floor`: the lowest cursor from which a resume is exact. It starts at the channel's first resume cursor (or the
 *   first id received, the stream being continuous from there) and rises to the id of every evicted event; a backend
 *   RESYNC empties the buffer and sets it to the RESYNC's id.
 * - {@link ResumeBuffer.join} decides what a new subscription gets: the buffered events after its cursor (cursor ≥
 *   floor), live only (no cursor), or a RESYNC (cursor below the floor or invalid).
 */

/** A parsed resume cursor: a non-negative integer, or null (none); `invalid` when one was given but is not a number. */
export interface ResumeCursor {
  cursor: number | null;
  invalid: boolean;
}

/** Parses a resume cursor: a non-negative integer of at most 15 digits, else invalid; blank or absent → none. */
export function parseResumeCursor(v: string | null | undefined): ResumeCursor {
  if (v == null || v.trim() === '') return { cursor: null, invalid: false };
  const t = v.trim();
  return /^\d{1,15}$/.test(t) ? { cursor: Number(t), invalid: false } : { cursor: null, invalid: true };
}

/** Why a subscription must reload instead of being replayed (chat §4 RESYNC reasons of the gateway). */
export type ResyncReason = 'INVALID_CURSOR' | 'CURSOR_NOT_BUFFERED';

/**
 * What a joining subscription gets: the last durable id it counts as delivered, the buffered events to replay (ascending),
 * and a RESYNC to send first (reason and the cursor to continue from, null: the next event's) or null.
 */
export interface JoinPlan<E> {
  lastDelivered: number;
  replay: E[];
  resync: { reason: ResyncReason; cursor: string | null } | null;
}

/** The durable events of one channel, for resuming subscriptions (rules in the file header). `E`: the event type. */
export class ResumeBuffer<E> {
  private readonly events: { id: number; event: E }[] = [];
  private floorId: number | null;
  private last: number | null;

  /**
   * @param resumeFrom the resume cursor of the subscription that opens the channel (passed upstream as Last-Event-ID),
   *   or null for a live start
   * @param size how many durable events are kept (≥ 1)
   */
  constructor(
    resumeFrom: number | null,
    private readonly size: number,
  ) {
    this.floorId = resumeFrom;
    this.last = resumeFrom;
  }

  /** The last durable id received, or null (none yet and no resume cursor). */
  get lastId(): number | null {
    return this.last;
  }

  /** The lowest cursor from which a resume is exact, or null (nothing known yet). */
  get floor(): number | null {
    return this.floorId;
  }

  /** Number of buffered events. */
  get length(): number {
    return this.events.length;
  }

  /** A head marker of the upstream (the stream continues after `id`, no event): advances lastId (and an unset floor). */
  head(id: number): void {
    if (this.last === null || id > this.last) this.last = id;
    if (this.floorId === null) this.floorId = this.last;
  }

  /** A backend RESYNC (at `id`, or without one): the buffer empties; the floor (and lastId when given) becomes `id`. */
  resync(id: number | null): void {
    this.events.length = 0;
    this.floorId = id;
    if (id !== null) this.last = id;
  }

  /**
   * Adds a durable event with its backend id. False (nothing changes) for a duplicate: `id` at or below lastId. Evicts
   * the oldest events beyond `size`, raising the floor to each evicted id.
   */
  append(id: number, event: E): boolean {
    if (this.last !== null && id <= this.last) return false;
    this.last = id;
    if (this.floorId === null) this.floorId = id;
    this.events.push({ id, event });
    while (this.events.length > this.size) {
      const gone = this.events.shift()!;
      this.floorId = Math.max(this.floorId ?? gone.id, gone.id);
    }
    return true;
  }

  /**
   * What a subscription joining with `resume` gets. `opened`: it is the subscription that opened the channel (its cursor
   * went upstream, so the backend replays the gap: nothing to replay here, only an invalid cursor is answered RESYNC).
   */
  join(resume: ResumeCursor, opened: boolean): JoinPlan<E> {
    if (opened) {
      return {
        lastDelivered: resume.cursor ?? 0,
        replay: [],
        resync: resume.invalid ? { reason: 'INVALID_CURSOR', cursor: null } : null,
      };
    }
    const c = resume.cursor;
    if (c === null && !resume.invalid) return { lastDelivered: this.last ?? 0, replay: [], resync: null };
    if (c !== null && this.floorId !== null && c >= this.floorId) {
      const after = this.events.filter((b) => b.id > c);
      return {
        lastDelivered: after.length ? after[after.length - 1]!.id : c,
        replay: after.map((b) => b.event),
        resync: null,
      };
    }
    return {
      lastDelivered: this.last ?? 0,
      replay: [],
      resync: {
        reason: resume.invalid ? 'INVALID_CURSOR' : 'CURSOR_NOT_BUFFERED',
        cursor: this.last === null ? null : String(this.last),
      },
    };
  }
}
