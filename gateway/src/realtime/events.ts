/**
 * What the gateway's realtime hub hands to each GraphQL subscription (DESIGN "Realtime"; spec chat §4), and
 * the mapping from the backend's SSE events (`event:` kind + JSON `data:`) to the wire events of
 * @platform/domain/chat/events.
 *
 * Durable events (every kind but NOTIFY_MSG) carry the backend's event id as `cursor`: pass the last one
 * received as `resumeFrom` when resubscribing. Typing and presence are ephemeral (no cursor) and may be
 * dropped under back-pressure; durable events never are.
 */
import type { WireEvent, WireMessage } from '@platform/domain/chat/events';
import type { OrderEventPayload } from '@platform/domain/deal/events';
import type { TypingUser } from '@platform/domain/chat/typing';
import type { ChatGroupPreviewDto, UnreadStatisticDto } from '../rest/contract.js';

/**
 * The user's view of an event about a group, as the backend's stream sends it with `views=1` (backend
 * src/chat/stream/views.ts): the group's preview for the user (GET group/{id} without members and chat info; null when
 * the user no longer sees the group) and GET messages/unread, both read when the backend fanned the event out.
 */
export interface RecipientView {
  group: ChatGroupPreviewDto | null;
  unread: UnreadStatisticDto;
}

/** Reads a `view:` line (undefined when absent or unreadable: the resolvers then read what they need). */
export function toRecipientView(text: string | undefined): RecipientView | undefined {
  if (text === undefined) return undefined;
  try {
    const v = JSON.parse(text) as Partial<RecipientView> | null;
    if (!v || typeof v !== 'object' || !v.unread || typeof v.unread.unreadMessagesCount !== 'number') return undefined;
    if (v.group !== null && (typeof v.group !== 'object' || typeof v.group?.id !== 'number')) return undefined;
    return { group: v.group, unread: v.unread };
  } catch {
    return undefined;
  }
}

export type ChatStreamEvent =
  /** A durable event of chat §4, in backend id order, each id once per subscription. */
  | {
      kind: 'EVENT';
      cursor: string;
      wire: WireEvent;
      /** performance.now() when this gateway received it (a read started later reflects it); absent: unknown. */
      receivedAt?: number;
      /** The user's view of the event (the group and the unread statistic then); absent: not sent, read on demand. */
      view?: RecipientView;
    }
  /** A durable live order event (issue 12, `event: ORDER_MSG`), in the same id order; chatEvents skips it. */
  | { kind: 'ORDER'; cursor: string; event: OrderEventPayload }
  /** The typing users of one group now (after a start, a renewal that adds a user, a message, or an expiry). */
  | { kind: 'TYPING'; groupId: number; users: TypingUser[] }
  /** A user went online or offline (chat §4 USER_ONLINE / USER_OFFLINE). */
  | { kind: 'PRESENCE'; userId: number; userName: string | null; lastSeenAt: string }
  /**
   * The gap cannot be replayed (cursor unknown to the gateway's buffer, or beyond the backend's retention):
   * reload groups, statistics and the open chat, then continue from `cursor` (null: the next event's).
   */
  | { kind: 'RESYNC'; reason: string; cursor: string | null };

const KINDS = new Set(['GROUP_MSG', 'CHILD_MSG', 'MODIFY_MSG', 'MODIFY_GROUP_MSG', 'NOTIFY_MSG', 'GROUP_REQDOC_MSG']);

function asMessage(v: unknown): WireMessage | null {
  if (!v || typeof v !== 'object') return null;
  const m = v as Partial<WireMessage> & { groupId?: unknown; group?: { id?: number } };
  if (typeof m.msgId !== 'number') return null;
  const groupId = typeof m.groupId === 'number' ? m.groupId : m.group?.id;
  if (typeof groupId !== 'number') return null;
  return { ...(m as WireMessage), groupId };
}

/**
 * Reads one SSE event of the backend stream into a wire event; null for unknown kinds or unreadable data
 * (logged by the caller, never shown: chat §8). `data` is either `{ message, ... }` or, for message kinds,
 * the message object itself.
 */
export function toWireEvent(kind: string, data: string): WireEvent | null {
  if (!KINDS.has(kind)) return null;
  let body: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(data);
    if (!parsed || typeof parsed !== 'object') return null;
    body = parsed as Record<string, unknown>;
  } catch {
    return null;
  }
  switch (kind) {
    case 'GROUP_MSG':
    case 'CHILD_MSG': {
      const message = asMessage(body.message ?? body);
      return message ? { type: kind, message } : null;
    }
    case 'MODIFY_MSG': {
      const message = asMessage(body.message ?? body);
      const modification = body.modification ?? body.modificationType;
      return message && typeof modification === 'string'
        ? {
            type: 'MODIFY_MSG',
            modification: modification as never,
            message,
            reaction: (body.reaction as never) ?? null,
            view: asMessage(body.view),
          }
        : null;
    }
    case 'MODIFY_GROUP_MSG': {
      const groupId = typeof body.groupId === 'number' ? body.groupId : (body.group as { id?: number } | undefined)?.id;
      const event = body.event ?? body.eventType;
      if (typeof groupId !== 'number' || typeof event !== 'string') return null;
      return {
        type: 'MODIFY_GROUP_MSG',
        event: event as never,
        groupId,
        group: (body.group as never) ?? null,
        userId: typeof body.userId === 'number' ? body.userId : null,
      };
    }
    case 'NOTIFY_MSG': {
      const notification = body.notification ?? body.notificationType;
      if (typeof notification !== 'string') return null;
      return {
        type: 'NOTIFY_MSG',
        notification: notification as never,
        userId: typeof body.userId === 'number' ? body.userId : null,
        userName: typeof body.userName === 'string' ? body.userName : null,
        groupId: typeof body.groupId === 'number' ? body.groupId : null,
        at: typeof body.at === 'string' ? body.at : undefined,
      };
    }
    default:
      return { type: 'GROUP_REQDOC_MSG', payload: body.payload ?? body };
  }
}

/**
 * The wire events of the latest durable events, shared by every channel that receives the same event (issue 15
 * "Subscriptions"). The backend sends a message to each recipient's own stream with the same `id:`, `event:` and
 * `data:`, so a message to a group of 10 reached this gateway as 10 equal texts, each parsed again (JSON.parse and the
 * objects it makes: 5 % of the gateway's CPU per delivery and part of its garbage collection). An entry is reused only
 * for the same id with the same kind and the same data text, so a recipient-specific event is decoded on its own. The
 * wire events are never changed after decoding (the subscriptions map them to new objects). `capacity`: ids kept,
 * oldest dropped first (default 512).
 */
export class WireEventCache {
  private readonly entries = new Map<string, { kind: string; data: string; wire: WireEvent | null }>();

  constructor(private readonly capacity = 512) {}

  /** {@link toWireEvent} of `kind` and `data`, shared with the channels that received the same durable event `id`. */
  decode(id: string | null, kind: string, data: string): WireEvent | null {
    if (id === null) return toWireEvent(kind, data);
    const hit = this.entries.get(id);
    if (hit && hit.kind === kind && hit.data === data) return hit.wire;
    const wire = toWireEvent(kind, data);
    if (hit) this.entries.delete(id);
    this.entries.set(id, { kind, data, wire });
    if (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    return wire;
  }

  /** Ids kept now (tests). */
  get size(): number {
    return this.entries.size;
  }
}
