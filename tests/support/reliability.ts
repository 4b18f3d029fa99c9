/**
 * The parts of the chat reliability runs (issue 4: tests/integration/chat-reliability.test.ts; issue 15, the same run
 * on several replicas: tests/integration/replicas.test.ts): a subscriber that resumes as the web app does, the sending
 * of many messages in parallel batches with retries of the same extMsgId, and the checks that every subscriber holds
 * every message exactly once, in the backend's order, and that the counters read through GraphQL equal the backend's.
 */
import { expect } from 'vitest';
import type { Client } from 'graphql-ws';
import { backend, ok, sleep, userSocket } from './chat.js';
import type { GqlClient } from './stack.js';

/** The subscription every subscriber runs: message, group and resync events with their cursors. */
export const CHAT_EVENTS = `subscription ($resumeFrom: String) { chatEvents(resumeFrom: $resumeFrom) {
  __typename
  ... on ChatMessageEvent { cursor kind message { msgId } }
  ... on ChatGroupEvent { cursor }
  ... on ChatResyncEvent { cursor reason }
} }`;

/**
 * A subscriber as the web app behaves: one graphql-ws socket on the gateway at `url` with the user's cookie; when the
 * socket drops or the server ends the subscription, it reconnects (every 50 ms until a gateway answers) and
 * resubscribes with `resumeFrom` = the last durable cursor received.
 */
export class ResumingSub {
  /** msgId of every NEW message event, in arrival order. */
  readonly news: number[] = [];
  /** Every durable cursor, in arrival order. */
  readonly cursors: number[] = [];
  readonly resyncs: unknown[] = [];
  readonly errors: unknown[] = [];
  /** How many times it subscribed (1 + resubscriptions). */
  subscriptions = 0;
  private last: string | null = null;
  private ws: Client | null = null;
  private stopped = false;
  private restarting = false;

  constructor(
    private readonly url: string,
    private readonly c: GqlClient,
    readonly name: string,
  ) {}

  start(): void {
    if (this.stopped) return;
    this.restarting = false;
    const ws = userSocket(this.url, this.c);
    this.ws = ws;
    this.subscriptions++;
    ws.subscribe(
      { query: CHAT_EVENTS, variables: { resumeFrom: this.last } },
      {
        next: (r) => {
          if (r.errors) this.errors.push(...r.errors);
          const e = (r.data as any)?.chatEvents;
          if (!e) return;
          if (e.__typename === 'ChatResyncEvent') this.resyncs.push(e);
          if (e.cursor) {
            this.cursors.push(Number(e.cursor));
            this.last = e.cursor;
          }
          if (e.__typename === 'ChatMessageEvent' && e.kind === 'NEW') this.news.push(e.message.msgId);
        },
        error: () => this.restart(ws),
        complete: () => this.restart(ws),
      },
    );
  }

  private restart(ws: Client): void {
    if (this.stopped || this.ws !== ws || this.restarting) return;
    this.restarting = true;
    void ws.dispose();
    setTimeout(() => this.start(), 50);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.ws?.dispose();
  }
}

/**
 * Sends message `n` (text 'сообщение n+1', extMsgId `msg_<base+n>`) to chat `groupId` straight to the backend at
 * `backendUrl` as `c`. With `retries`, a failed call (no answer, or a 5xx of a replica that died under it: HAProxy's
 * 502/503) is sent again with the same extMsgId after 200 ms — the backend answers the message it already has (chat §5
 * idempotency), so a retried send never doubles a message. Answers the message id.
 */
export async function sendChatMessage(
  backendUrl: string,
  c: GqlClient,
  groupId: number,
  base: number,
  n: number,
  retries = 0,
): Promise<number> {
  const h = c.headers();
  for (let attempt = 0; ; attempt++) {
    let res: Response | null = null;
    try {
      res = await fetch(`${backendUrl}/api/secured/common/chat/group/${groupId}/messages`, {
        method: 'POST',
        headers: {
          cookie: h.cookie ?? '',
          'content-type': 'application/json',
          'x-xsrf-token': h['x-xsrf-token'] ?? '',
        },
        body: JSON.stringify({ extMsgId: `msg_${base + n}`, text: `сообщение ${n + 1}` }),
      });
    } catch (e) {
      if (attempt >= retries) throw e;
    }
    if (res && (res.status < 500 || attempt >= retries)) {
      expect(res.status, await res.clone().text()).toBeLessThan(300);
      return ((await res.json()) as { msgId: number }).msgId;
    }
    await sleep(200);
  }
}

/** Every message id of chat `groupId` as the backend at `backendUrl` pages them to `c` (50 at a time, ascending). */
export async function backendMessageIds(backendUrl: string, c: GqlClient, groupId: number): Promise<number[]> {
  const all: number[] = [];
  for (let after = 0; ;) {
    const page = await backend(
      backendUrl,
      c,
      `/api/secured/common/chat/group/${groupId}/messages?after=${after}&limit=50`,
    );
    all.push(...page.content.map((m: { id?: number; msgId?: number }) => m.msgId ?? m.id));
    if (!page.content.length || page.last) break;
    after = all[all.length - 1];
  }
  return all;
}

/**
 * Asserts that every subscriber of `subs` received every message of `all` (the backend's order) exactly once and in
 * order, with unique ascending cursors, no RESYNC and no error.
 */
export function expectEveryMessageOnce(subs: ResumingSub[], all: number[]): void {
  for (const s of subs) {
    expect(s.errors, s.name).toEqual([]);
    expect(s.resyncs, s.name).toEqual([]);
    expect(s.news.length, `${s.name}: exactly once`).toBe(all.length);
    expect(s.news, `${s.name}: every message, in the backend's order`).toEqual(all);
    expect(new Set(s.cursors).size, `${s.name}: unique cursors`).toBe(s.cursors.length);
    expect(s.cursors, `${s.name}: ascending cursors`).toEqual([...s.cursors].sort((x, y) => x - y));
  }
}

const COUNTERS = `query ($g: Int!) { viewer { unreadStatistic { unreadMessagesCount lastMessageId } chatGroup(groupId: $g) { statistics { unreadMessagesCount } } } }`;

/**
 * Asserts that the unread counters of each user in `users` read through GraphQL (the clients' gateway) equal the
 * backend's GET /api/secured/common/chat/messages/unread and chat detail at `backendUrl`. Answers each user's
 * `unreadStatistic` and unread count of the chat, by name.
 */
export async function expectCountersAsBackend(
  backendUrl: string,
  users: Array<[string, GqlClient]>,
  groupId: number,
): Promise<Record<string, { unreadStatistic: unknown; chatUnread: number }>> {
  const out: Record<string, { unreadStatistic: unknown; chatUnread: number }> = {};
  for (const [name, c] of users) {
    const gq = (await ok(c, COUNTERS, { g: groupId })).viewer;
    const unread = await backend(backendUrl, c, '/api/secured/common/chat/messages/unread');
    const detail = await backend(backendUrl, c, `/api/secured/common/chat/group/${groupId}`);
    expect(gq.unreadStatistic, name).toEqual({
      unreadMessagesCount: unread.unreadMessagesCount,
      lastMessageId: unread.lastMessageId,
    });
    expect(gq.chatGroup.statistics.unreadMessagesCount, name).toBe(detail.statistics.unreadMessagesCount);
    out[name] = { unreadStatistic: gq.unreadStatistic, chatUnread: gq.chatGroup.statistics.unreadMessagesCount };
  }
  return out;
}
