/**
 * Parent values of the chat GraphQL types (codegen mappers): the REST shapes of the generated contract (rest/contract.ts,
 * rest/chat.ts views) plus what a derivation needs (the viewer's id, the group's last-viewed time, the UNREAD separator).
 */
import type { ChatGroupView, ChatMessageView } from '../../rest/chat.js';
import type { ChatInvitationDto, GroupLastMessageDto } from '../../rest/contract.js';
import type { LabelledMetadata } from '@platform/domain/chat/message';
import type { TypingUser } from '@platform/domain/chat/typing';
import type { RecipientView } from '../../realtime/events.js';

export interface ChatUserParent {
  userId: number;
  name: string | null;
  lastSeenAt: string | null;
}
export interface ChatGroupParent {
  dto: ChatGroupView;
  viewerId: number;
}
export interface ChatLastMessageParent {
  dto: GroupLastMessageDto;
  viewerId: number;
  /**
   * The viewer's last-viewed time in the group (the creation time of the message at the read pointer); null: never
   * viewed; undefined: not in the answer (group list previews), then the backend's per-viewer status is shown.
   */
  lastViewedAt: string | null | undefined;
}
export interface ChatMessageParent {
  dto: ChatMessageView;
  groupId: number;
  viewerId: number;
  /** The viewer's last-viewed time in the group; null: never viewed, or unknown (status: server's). */
  lastViewedAt: string | null;
  /** The UNREAD separator's message id in the group (null: none, or unknown as in a realtime event). */
  firstUnreadId: number | null;
  /**
   * The status a realtime MSG_DELIVERED / MSG_VIEWED sets (spec chat §4 "MSG_DELIVERED sets DELIVERED", "MSG_VIEWED sets
   * VIEWED"): when present, `status` answers it for every viewer.
   */
  eventStatus?: 'DELIVERED' | 'VIEWED';
  /** Whether `dto` is the whole message (false: a status event's stub of ids, which the resolver loads). */
  complete?: boolean;
}
export interface ChatMessageEventParent {
  cursor: string | null;
  kind: 'NEW' | 'CHILD' | 'EDITED' | 'METADATA_EDITED' | 'DELETED' | 'DELIVERED' | 'VIEWED';
  groupId: number;
  messageIds: number[];
  message: ChatMessageParent;
  /** performance.now() when the gateway received the event (shared.ts readSince); absent: unknown. */
  receivedAt?: number;
  /** The viewer's group and unread statistic as the backend sent them with the event (realtime/events.ts). */
  view?: RecipientView;
}
export interface ChatGroupEventParent {
  cursor: string | null;
  kind: string;
  groupId: number;
  userId: number | null;
  removedForViewer: boolean;
  /** performance.now() when the gateway received the event (shared.ts readSince); absent: unknown. */
  receivedAt?: number;
  /** The viewer's group and unread statistic as the backend sent them with the event (realtime/events.ts). */
  view?: RecipientView;
}
export interface ChatTypingEventParent {
  cursor: null;
  groupId: number;
  users: TypingUser[];
}
export interface ChatPresenceEventParent {
  cursor: null;
  user: ChatUserParent;
}
export type ChatTypingUserParent = TypingUser;
/** A reaction of a message for the viewer: the emoji, how many gave it, whether the viewer did. */
export interface ChatReactionParent {
  reaction: string;
  count: number;
  viewerReacted: boolean;
}
/** An alliance invitation as the backend answers it (GET invitations, invite, accept/decline). */
export type ChatInvitationParent = ChatInvitationDto;
/**
 * A message's parsed metaData (@platform/domain/chat/message labelledMetadata) and, for GROUP_INVITATION, the invitation built from
 * the message's `invitation` DTO (undefined when the backend sent none: the viewer's own PENDING invitations are looked up).
 */
export type ChatMetadataParent = LabelledMetadata & { invitation?: ChatInvitationDto | null };
