/**
 * One Server-Sent Events connection of the chat stream (spec chat §4 "Realtime connection"; DESIGN "Realtime").
 *
 * Wire format (UTF-8, blocks separated by a blank line):
 *   retry: 5000                                first, once
 *   id: <event id>\nevent: <kind>\ndata: <JSON> durable event (kind: a spec chat §4 incoming type)
 *   id: …\nevent: …\nview: <JSON>\ndata: …    the same on a stream opened with `views=1`, for an event about a group:
 *                                              the recipient's view `{ group, unread }` (views.ts; live events only)
 *   event: NOTIFY_MSG\ndata: <JSON>             ephemeral (typing, online, offline): no id, never replayed
 *   event: SESSION_ENDED\ndata: {"type":"SESSION_ENDED","sessions":[key…]}   sessions of the user ended (issue 14:
 *                                              logout, password change, suspension, expiry; keys: SHA-256 of the
 *                                              session id); the stream ends after it when its own session is listed
 *   id: <head>\nevent: RESYNC\ndata: {"reason","lastEventId"}   the gap cannot be replayed: reload state
 *   id: <head>                                 bare cursor after the initial phase (updates Last-Event-ID only)
 *   : ping                                     every pingMs
 *
 * Ordering: the connection subscribes to the hub before reading the replay window; hub messages arriving during
 * the replay are held, then only durable ids above the last one sent are written, so nothing is doubled.
 */
import type { ServerResponse } from 'node:http';
import type { HubMessage } from './hub.js';
import type { LoggedEvent } from './log.js';

/**
 * The SSE block of a durable event. The hub hands the same event object to every stream of its recipients, so the block
 * is built once per event, not once per recipient (issue 15: a message to a group of n members was serialised n times).
 */
const frames = new WeakMap<LoggedEvent, { head: string; data: string }>();
function frameParts(e: LoggedEvent): { head: string; data: string } {
  let parts = frames.get(e);
  if (parts === undefined) {
    parts = {
      head: `id: ${e.id}\nevent: ${e.kind}\n`,
      data: `data: ${JSON.stringify({ ...e.payload, type: e.payload.type ?? e.kind })}\n\n`,
    };
    frames.set(e, parts);
  }
  return parts;
}

/**
 * The SSE block of a durable event; with `view` (a recipient's view, views.ts: one line of JSON) a `view:` line between
 * `event:` and `data:`, a field that standard EventSource readers ignore (WHATWG HTML "server-sent events": unknown
 * field names are ignored). Only the head and the view are per recipient; the data line is built once per event.
 */
export function durableFrame(e: LoggedEvent, view?: string): string {
  const { head, data } = frameParts(e);
  return view === undefined ? head + data : `${head}view: ${view}\n${data}`;
}

export class SseConnection {
  private lastSentId = 0;
  private live = false;
  private held: HubMessage[] = [];
  private pingTimer: NodeJS.Timeout | null = null;
  private closed = false;
  private corked = false;
  /** Ephemeral events dropped because the socket was congested. */
  droppedEphemeral = 0;

  constructor(
    private readonly res: ServerResponse,
    private readonly opts: { pingMs: number; maxBufferedBytes: number },
    private readonly onClose: () => void,
    /** The key of the session the stream runs on (chat/session-token.ts sessionKey); null for an API-token stream. */
    private readonly ownSessionKey: string | null = null,
  ) {
    res.on('close', () => this.close());
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** Starts the ping timer (call after the head is written). */
  startPing(): void {
    this.pingTimer = setInterval(() => {
      if (!this.res.writableNeedDrain) this.write(': ping\n\n');
    }, this.opts.pingMs);
    this.pingTimer.unref();
  }

  /**
   * Writes one durable event (never dropped; an overfull socket closes the stream instead), with the recipient's `view`
   * line when given (views.ts).
   */
  sendDurable(e: LoggedEvent, view?: string): void {
    if (e.id <= this.lastSentId) return;
    this.lastSentId = e.id;
    this.write(durableFrame(e, view));
    if (this.res.writableLength > this.opts.maxBufferedBytes) this.end();
  }

  /** RESYNC: the client must reload its state; continues after `head`. */
  sendResync(reason: string, head: number): void {
    this.lastSentId = Math.max(this.lastSentId, head);
    this.write(`id: ${head}\nevent: RESYNC\ndata: ${JSON.stringify({ reason, lastEventId: head })}\n\n`);
  }

  /** Ends the initial phase: records `head` as sent, writes the bare cursor, flushes what the hub sent meanwhile. */
  goLive(head: number): void {
    if (head > this.lastSentId) {
      this.lastSentId = head;
      this.write(`id: ${head}\n\n`);
    } else if (head === 0 && this.lastSentId === 0) {
      this.write('id: 0\n\n');
    }
    this.live = true;
    const held = this.held;
    this.held = [];
    for (const m of held) this.deliver(m);
  }

  /** Entry point of hub messages. */
  deliver(m: HubMessage): void {
    if (this.closed) return;
    if (!this.live) {
      this.held.push(m);
      return;
    }
    if (m.durable) {
      this.sendDurable(m.event, m.view);
      return;
    }
    if (m.kind === 'SESSION_ENDED') {
      this.sendSessionEnded(Array.isArray(m.payload.sessions) ? m.payload.sessions.map(String) : []);
      return;
    }
    if (this.res.writableNeedDrain) {
      this.droppedEphemeral++;
      return;
    }
    this.write(
      `event: NOTIFY_MSG\ndata: ${JSON.stringify({ type: 'NOTIFY_MSG', notification: m.kind, ...m.payload })}\n\n`,
    );
  }

  /**
   * SESSION_ENDED (issue 14): never dropped; ends the stream when its own session is among `sessions` (the client's
   * reconnect then gets 401, and a renewal of the chat session token is refused for the ended session).
   */
  sendSessionEnded(sessions: string[]): void {
    this.write(`event: SESSION_ENDED\ndata: ${JSON.stringify({ type: 'SESSION_ENDED', sessions })}\n\n`);
    if (this.ownSessionKey !== null && sessions.includes(this.ownSessionKey)) this.end();
  }

  /**
   * Writes `chunk`. The writes of one synchronous run (a batch of events the hub hands over at once) are corked and leave
   * in one socket write on the next tick (issue 15: each SSE frame was its own `writev`, a quarter of the backend's CPU
   * under chat load).
   */
  write(chunk: string): void {
    if (this.closed) return;
    if (!this.corked) {
      this.corked = true;
      this.res.cork();
      process.nextTick(() => {
        this.corked = false;
        this.res.uncork();
      });
    }
    this.res.write(chunk);
  }

  /** Ends the response (the client reconnects after `retry`). */
  end(): void {
    if (this.closed) return;
    this.res.end();
    this.close();
  }

  private close(): void {
    if (this.closed) return;
    this.closed = true;
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.held = [];
    this.onClose();
  }
}
