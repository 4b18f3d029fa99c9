/**
 * Realtime events as the gateway receives them from the backend stream (spec chat §3, §4): typed unions of
 * the incoming message types, message modification kinds, group events and notifications.
 * The backend's src/domain/chat/events.ts describes the same wire shape.
 */

/** Incoming realtime message types (chat §4). */
export type RealtimeMessageType =
  'MODIFY_MSG' | 'CHILD_MSG' | 'GROUP_MSG' | 'MODIFY_GROUP_MSG' | 'NOTIFY_MSG' | 'GROUP_REQDOC_MSG';
/** Message modification types (chat §4). */
export type MessageModificationKind =
  'MSG_EDITED' | 'MSG_METADATA_EDITED' | 'MSG_DELETED' | 'MSG_DELIVERED' | 'MSG_VIEWED';
/** Group modifications (chat §3 system events and §4 favourites). */
export type GroupEventKind =
  | 'GROUP_CREATED'
  | 'GROUP_NAME_CHANGED'
  | 'GROUP_PICTURE_CHANGED'
  | 'GROUP_LEFT'
  | 'GROUP_REMOVED'
  | 'GROUP_JOINED'
  | 'GROUP_ADDED'
  | 'GROUP_ADDED_FAVORITE'
  | 'GROUP_REMOVED_FAVORITE';
/** Notifications (chat §4). */
export type NotificationKind = 'USER_ONLINE' | 'USER_OFFLINE' | 'USER_TYPING_GROUP';

/** A message in a realtime event (chat §3; times UTC ISO 8601). */
export interface WireMessage {
  msgId: number;
  extMsgId?: string | null;
  groupId: number;
  dateTimeCreate: string;
  text?: string | null;
  status: 'SENT' | 'DELIVERED' | 'VIEWED';
  sender: { id: number; name: string };
  /**
   * The backend sends the same event to every recipient, so this is its viewer-neutral value (false); whether the message
   * is a receiver's own is decided per receiver with domain/chat/own.ts isOwnFor (chat §6).
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
  | { type: 'MODIFY_MSG'; modification: MessageModificationKind; message: WireMessage; reaction?: WireReaction | null }
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

/** Ids in a metaData comma-separated list (chat §3), or [] when it is not such a list. */
export function metaDataIds(metaData: string | null | undefined): number[] {
  if (!metaData) return [];
  const parts = metaData.split(',').map((p) => p.trim());
  if (parts.some((p) => !/^\d{1,15}$/.test(p))) return [];
  return [...new Set(parts.map(Number))];
}
