/**
 * Realtime event kinds (spec chat §3 "Group system events", §4 "Incoming realtime message types",
 * "Message modification types", "Group modifications", "Notifications") as typed unions.
 *
 * Durability (DESIGN "Realtime"): every kind except NOTIFY_MSG is durable: it is written to the ordered
 * event log, gets a monotonic id at commit and is replayed after a reconnect (replay.ts). NOTIFY_MSG
 * (online, offline, typing) is ephemeral and may be dropped under back-pressure.
 */
import type { GroupType } from './groups.js';
import type { MessageStatus } from './messageStatus.js';

/** Incoming realtime message types (chat §4). GROUP_REQDOC_MSG is passed on unchanged. */
export type RealtimeMessageType =
  'MODIFY_MSG' | 'CHILD_MSG' | 'GROUP_MSG' | 'MODIFY_GROUP_MSG' | 'NOTIFY_MSG' | 'GROUP_REQDOC_MSG';
/** Every realtime message type of chat §4, in the spec's order (schemas and guards read it). */
export const REALTIME_MESSAGE_TYPES: readonly RealtimeMessageType[] = [
  'MODIFY_MSG',
  'CHILD_MSG',
  'GROUP_MSG',
  'MODIFY_GROUP_MSG',
  'NOTIFY_MSG',
  'GROUP_REQDOC_MSG',
];

/** Message modification types (chat §4). */
export type MessageModificationKind =
  'MSG_EDITED' | 'MSG_METADATA_EDITED' | 'MSG_DELETED' | 'MSG_DELIVERED' | 'MSG_VIEWED';
/** Every message modification kind of chat §4. */
export const MESSAGE_MODIFICATION_KINDS: readonly MessageModificationKind[] = [
  'MSG_EDITED',
  'MSG_METADATA_EDITED',
  'MSG_DELETED',
  'MSG_DELIVERED',
  'MSG_VIEWED',
];

/** Group system events (chat §3): they also appear as system messages in the group. */
export type GroupSystemEventKind =
  | 'GROUP_CREATED'
  | 'GROUP_NAME_CHANGED'
  | 'GROUP_PICTURE_CHANGED'
  | 'GROUP_LEFT'
  | 'GROUP_REMOVED'
  | 'GROUP_JOINED'
  | 'GROUP_ADDED';
/** Every group system event of chat §3. */
export const GROUP_SYSTEM_EVENT_KINDS: readonly GroupSystemEventKind[] = [
  'GROUP_CREATED',
  'GROUP_NAME_CHANGED',
  'GROUP_PICTURE_CHANGED',
  'GROUP_LEFT',
  'GROUP_REMOVED',
  'GROUP_JOINED',
  'GROUP_ADDED',
];

/** Group modifications carried by MODIFY_GROUP_MSG (chat §4): the system events plus the favourite marks. */
export type GroupEventKind = GroupSystemEventKind | 'GROUP_ADDED_FAVORITE' | 'GROUP_REMOVED_FAVORITE';
/** Every group modification of chat §4: the system events, then the favourite marks. */
export const GROUP_EVENT_KINDS: readonly GroupEventKind[] = [
  ...GROUP_SYSTEM_EVENT_KINDS,
  'GROUP_ADDED_FAVORITE',
  'GROUP_REMOVED_FAVORITE',
];

/** Notifications carried by NOTIFY_MSG (chat §4). */
export type NotificationKind = 'USER_ONLINE' | 'USER_OFFLINE' | 'USER_TYPING_GROUP';
/** Every notification kind of chat §4. */
export const NOTIFICATION_KINDS: readonly NotificationKind[] = ['USER_ONLINE', 'USER_OFFLINE', 'USER_TYPING_GROUP'];

/** A message as it travels in realtime events (chat §3 Message; times UTC ISO 8601). */
export interface RealtimeMessage {
  msgId: number;
  /** The sender's external message id (idempotent send); absent for system messages. */
  extMsgId?: string | null;
  groupId: number;
  dateTimeCreate: string;
  text?: string | null;
  status: MessageStatus;
  sender: { id: number; name: string };
  sentByGroup?: boolean;
  file?: { name: string } | null;
  /** JSON `{ userMessage, metadataType }`, or a comma-separated id list for bulk status changes (chat §3). */
  metaData?: string | null;
  /** User ids mentioned in the message. */
  mentions?: readonly number[];
  replyMessageId?: number | null;
  forwardMessageId?: number | null;
  sourceMsgId?: number | null;
  /** CHILD_MSG, GROUP_MSG or GROUP_REQDOC_MSG. */
  type: RealtimeMessageType;
}

/** A realtime event, discriminated by `type` (chat §4). */
export type RealtimeEvent =
  | { type: 'GROUP_MSG'; message: RealtimeMessage }
  | { type: 'CHILD_MSG'; message: RealtimeMessage }
  | { type: 'MODIFY_MSG'; modification: MessageModificationKind; message: RealtimeMessage }
  | {
      type: 'MODIFY_GROUP_MSG';
      event: GroupEventKind;
      groupId: number;
      /** The group as it is now (for ADDED, CREATED, JOINED, NAME/PICTURE_CHANGED). */
      group?: { id: number; groupType: GroupType; name: string; pictureLink?: string | null } | null;
      /** The member the event is about (LEFT, REMOVED, JOINED, ADDED); absent when it is about the group. */
      userId?: number | null;
    }
  | {
      type: 'NOTIFY_MSG';
      notification: NotificationKind;
      userId: number;
      userName?: string | null;
      /** Required for USER_TYPING_GROUP. */
      groupId?: number | null;
      /** When the server saw it (UTC ISO 8601). */
      at: string;
    }
  | { type: 'GROUP_REQDOC_MSG'; payload: unknown };

/** Whether an event goes to the durable, replayable log (every type but NOTIFY_MSG). */
export function isDurable(event: RealtimeEvent): boolean {
  return event.type !== 'NOTIFY_MSG';
}

/** Whether the value is a realtime message type of chat §4. */
export function isRealtimeMessageType(value: unknown): value is RealtimeMessageType {
  return typeof value === 'string' && (REALTIME_MESSAGE_TYPES as readonly string[]).includes(value);
}

/** Whether the value is a message modification kind of chat §4. */
export function isMessageModificationKind(value: unknown): value is MessageModificationKind {
  return typeof value === 'string' && (MESSAGE_MODIFICATION_KINDS as readonly string[]).includes(value);
}

/** Whether the value is a group event kind of chat §4. */
export function isGroupEventKind(value: unknown): value is GroupEventKind {
  return typeof value === 'string' && (GROUP_EVENT_KINDS as readonly string[]).includes(value);
}

/** Whether the value is a notification kind of chat §4. */
export function isNotificationKind(value: unknown): value is NotificationKind {
  return typeof value === 'string' && (NOTIFICATION_KINDS as readonly string[]).includes(value);
}

// ---------------------------------------------------------------------------------------------------------
// The same events as a reader of the backend's stream receives them (the gateway): the fields the backend may leave
// out are optional, and a group event's group carries the viewer's unread count.

/** A message in a realtime event (chat §3; times UTC ISO 8601). */
export interface WireMessage {
  msgId: number;
  extMsgId?: string | null;
  groupId: number;
  dateTimeCreate: string;
  text?: string | null;
  status: MessageStatus;
  sender: { id: number; name: string };
  /**
   * The backend sends the same event to every recipient, so this is its viewer-neutral value (false); whether the message
   * is a receiver's own is decided per receiver with own.ts isOwnFor (chat §6).
   */
  selfMsg?: boolean;
  /** The message's group (the backend's event view carries it; its type decides desk messages, own.ts). */
  group?: { id: number; type?: string | null; name?: string | null } | null;
  file?: { name: string } | null;
  /** JSON metadata, or a comma-separated list of message ids for bulk status changes (chat §3). */
  metaData?: string | null;
  /** User ids mentioned in the message. */
  mentions?: readonly number[];
  type?: RealtimeMessageType;
}

/** The reaction change a MSG_METADATA_EDITED carries (backend: reactions do not mark the message edited). */
export interface WireReaction {
  emoji: string;
  userId: number;
  added: boolean;
}

/** A group in a group event (chat §3 group preview). */
export interface WireGroup {
  id: number;
  groupType: string;
  name: string;
  pictureLink?: string | null;
  dateTimeCreate?: string | null;
  /** The viewer's unread count in the group when the event was sent (for GROUP_ADDED). */
  unreadMessagesCount?: number;
}

/** A realtime event, discriminated by `type` (chat §4). */
export type WireEvent =
  | { type: 'GROUP_MSG' | 'CHILD_MSG'; message: WireMessage }
  | {
      type: 'MODIFY_MSG';
      modification: MessageModificationKind;
      /** The message, or for MSG_DELIVERED / MSG_VIEWED a stub: msgId (the highest), status, metaData = the ids. */
      message: WireMessage;
      reaction?: WireReaction | null;
      /**
       * MSG_DELIVERED / MSG_VIEWED: the message `msgId` as stored when the backend's stream read the event (its
       * viewer-neutral event view, as GROUP_MSG carries), so readers need not load it; absent when it is deleted or the
       * backend sent none.
       */
      view?: WireMessage | null;
    }
  | {
      type: 'MODIFY_GROUP_MSG';
      event: GroupEventKind;
      groupId: number;
      group?: WireGroup | null;
      userId?: number | null;
    }
  | {
      type: 'NOTIFY_MSG';
      notification: NotificationKind;
      userId?: number | null;
      userName?: string | null;
      groupId?: number | null;
      at?: string;
    }
  | { type: 'GROUP_REQDOC_MSG'; payload: unknown };

/**
 * The group a durable chat event is about, read from the backend's stored event as it travels (`kind` and the JSON
 * `data` object): GROUP_MSG / CHILD_MSG (the message, or `{ message }`) and MODIFY_MSG (`message`) → the message's
 * `groupId` (or `group.id`); MODIFY_GROUP_MSG → `groupId` (or `group.id`). Null for every other kind (NOTIFY_MSG,
 * GROUP_REQDOC_MSG, live order events) and for a payload without a numeric group id. The backend's stream picks the
 * per-recipient group view by it (issue 15), the gateway reads the same fields.
 */
export function eventGroupId(kind: string, payload: unknown): number | null {
  if (!payload || typeof payload !== 'object') return null;
  const body = payload as { message?: unknown; groupId?: unknown; group?: { id?: unknown } | null };
  const idOf = (o: { groupId?: unknown; group?: { id?: unknown } | null }) =>
    typeof o.groupId === 'number' ? o.groupId : typeof o.group?.id === 'number' ? o.group.id : null;
  switch (kind) {
    case 'GROUP_MSG':
    case 'CHILD_MSG':
    case 'MODIFY_MSG': {
      const m = body.message && typeof body.message === 'object' ? body.message : kind === 'MODIFY_MSG' ? null : body;
      return m ? idOf(m as typeof body) : null;
    }
    case 'MODIFY_GROUP_MSG':
      return idOf(body);
    default:
      return null;
  }
}
