/**
 * A Server-Sent Events parser (WHATWG "event stream interpretation"), incremental and pure: feed it text
 * chunks, it calls back once per dispatched event. Used for the backend's chat stream
 * (GET /api/secured/chat/stream, spec chat §4 "Realtime connection").
 *
 *   `id: <n>`        the event id (durable events only); kept as the last event id for Last-Event-ID
 *   `event: <kind>`  GROUP_MSG | MODIFY_MSG | CHILD_MSG | MODIFY_GROUP_MSG | NOTIFY_MSG | GROUP_REQDOC_MSG | RESYNC
 *   `data: <json>`   one or more lines, joined by "\n"
 *   `: ping`         a comment (every 20 s, chat §9): reported through `onComment`, dispatches nothing
 *   `retry: <ms>`    ignored (the gateway's own retry policy, 5 s, applies)
 * A blank line dispatches; a block without data lines but with an `id:` (the backend's head marker) is
 * reported with event '' so the cursor is known; other blocks without data are not dispatched. Lines end with
 * LF, CR or CRLF, also when a CRLF is split across chunks.
 */

/** One dispatched event. `id` is null when the event carried no `id:` field (ephemeral). */
export interface SseEvent {
  id: string | null;
  event: string;
  data: string;
  /** The backend's `view:` line (its chat stream with `views=1`: the recipient's view of the event, JSON); absent: none. */
  view?: string;
}

export class SseParser {
  private buffer = '';
  private data: string[] = [];
  private view: string | undefined;
  private eventType = '';
  private eventId: string | null = null;
  private sawCr = false;

  constructor(
    private readonly onEvent: (e: SseEvent) => void,
    private readonly onComment: (text: string) => void = () => {},
  ) {}

  /** Feeds a chunk of the stream (UTF-8 decoded text). */
  push(chunk: string): void {
    let text = chunk;
    if (this.sawCr && text.startsWith('\n')) text = text.slice(1);
    this.sawCr = false;
    this.buffer += text;
    for (;;) {
      const m = /\r\n|\r|\n/.exec(this.buffer);
      if (!m) break;
      if (m[0] === '\r' && m.index === this.buffer.length - 1) {
        // a CR at the end of the chunk may be the first half of a CRLF
        this.sawCr = true;
      }
      const line = this.buffer.slice(0, m.index);
      this.buffer = this.buffer.slice(m.index + m[0].length);
      this.line(line);
    }
  }

  private line(line: string): void {
    if (line === '') {
      if (this.data.length)
        this.onEvent({
          id: this.eventId,
          event: this.eventType || 'message',
          data: this.data.join('\n'),
          ...(this.view !== undefined ? { view: this.view } : {}),
        });
      // an `id:` alone (the backend's head marker at connect) is reported as a cursor-only event
      else if (this.eventId !== null) this.onEvent({ id: this.eventId, event: '', data: '' });
      this.data = [];
      this.view = undefined;
      this.eventType = '';
      this.eventId = null;
      return;
    }
    if (line.startsWith(':')) {
      this.onComment(line.slice(1).trim());
      return;
    }
    const i = line.indexOf(':');
    const field = i < 0 ? line : line.slice(0, i);
    let value = i < 0 ? '' : line.slice(i + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') this.data.push(value);
    else if (field === 'event') this.eventType = value;
    else if (field === 'view') this.view = value;
    else if (field === 'id' && !value.includes('\0')) this.eventId = value;
  }
}
