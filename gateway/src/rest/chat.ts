/**
 * The backend's chat calls (spec chat §7, exact paths; backend routes/chat), typed by method and path, and
 * their DTOs (chat §3). Failures are the errors of rest/session.ts; mapping stays in rest/errors.ts.
 * Paths the spec does not show (edit/delete/reactions/leave/delete group) follow the same style and are
 * marked "ours"; adapt them here when the backend's route schemas say otherwise.
 */
import type { UpstreamSession } from './session.js';

export type ChatMessageStatusDto = 'SENT' | 'DELIVERED' | 'VIEWED';
export type ChatGroupTypeDto = 'ECVP_CLIENT' | 'ECVP_PARTNER_CLIENT' | 'ECVP_PARTNER' | 'ECVP_SUPPORT' | string;

/** A user as the chat knows them; `lastSeenAt` where the backend tells it (UTC ISO 8601). */
export interface ChatUserDto {
  id: number;
  name?: string | null;
  lastSeenAt?: string | null;
  role?: string | null;
}

/** Group last message (chat §3). */
export interface GroupLastMessageDto {
  msgId?: number | null;
  timeCreate: string;
  fileName?: string | null;
  message?: string | null;
  sender?: ChatUserDto | null;
  messageStatus?: ChatMessageStatusDto | null;
  selfMsg?: boolean | null;
  sentByGroup?: boolean | null;
  type?: string | null;
}

/** Per-group statistics (chat §3). */
export interface GroupStatisticsDto {
  groupId: number;
  hasMessages?: boolean;
  hasNewMentions?: boolean;
  hasNewReactions?: boolean;
  unreadMessagesCount: number;
  unreadMessagesCounters?: { type: string; count: number }[];
}

/** A chat group with its preview and, from GET group/{id}, the viewer's group info (chat §3). */
export interface ChatGroupDto {
  id: number;
  groupType: ChatGroupTypeDto;
  name?: string | null;
  pictureLink?: string | null;
  favoriteId?: number | null;
  lastMessage?: GroupLastMessageDto | null;
  isBotOrSupport?: boolean | null;
  cursor?: string | null;
  userRole?: string | null;
  dateTimeCreate?: string | null;
  statistics?: GroupStatisticsDto | null;
  orderId?: number | null;
  members?: ChatUserDto[] | null;
  lastViewedMessageId?: number | null;
  lastViewedMessageDateTime?: string | null;
  mentionedMessageIds?: number[] | null;
  newReactionsMessageIds?: number[] | null;
}

export interface ChatReactionDto {
  reaction: string;
  count: number;
  /** Whether the viewer gave this reaction. */
  mine?: boolean | null;
  userIds?: number[] | null;
}

/** A message (chat §3). */
export interface ChatMessageDto {
  msgId: number;
  extMsgId?: string | null;
  dateTimeCreate?: string | null;
  timeCreate?: string | null;
  text?: string | null;
  status?: ChatMessageStatusDto | null;
  messageStatus?: ChatMessageStatusDto | null;
  selfMsg?: boolean | null;
  sender?: ChatUserDto | null;
  sentByGroup?: boolean | null;
  file?: { name: string; link?: string | null } | null;
  replyMessage?: ChatMessageDto | null;
  forwardMessage?: ChatMessageDto | null;
  pictures?: { previewPictureInfo?: { link?: string | null } | null; link?: string | null }[] | null;
  mentioned?: boolean | null;
  mentions?: number[] | null;
  type?: string | null;
  group?: { id: number; type?: string | null; name?: string | null } | null;
  groupId?: number | null;
  sourceMsgId?: number | null;
  metaData?: string | null;
  reactions?: ChatReactionDto[] | null;
  updated?: boolean | null;
  deleted?: boolean | null;
}

/** A page of the group filter: `{ content, cursor, last }` (or a plain array, chat §7 "Paged answers"). */
export interface GroupPageDto {
  content: ChatGroupDto[];
  cursor?: string | null;
  last?: boolean;
  totalElements?: number;
}

export interface GroupFilterDto {
  limit: number;
  cursor?: string | null;
  types?: string[] | null;
  searchStr?: string | null;
  favorite?: boolean | null;
  groupIds?: number[] | null;
  groupTypes?: string[] | null;
  emptyGroups?: boolean | null;
}

export interface UnreadStatisticDto {
  unreadMessagesCount: number;
  lastMessageId?: number | null;
}

export interface StatisticsAnswerDto {
  groupTypes?: { groupType: string; groupCount: number }[];
  groups?: GroupStatisticsDto[];
  statistics?: GroupStatisticsDto[];
}

export interface SendMessageDto {
  extMsgId: string;
  text?: string | null;
  replyMessageId?: number | null;
  forwardMessageId?: number | null;
  mentions?: number[] | null;
  metaData?: string | null;
  fileIds?: string[] | null;
}

/** Plain array or `{ content }` (chat §7). */
export function listOf<T>(answer: T[] | { content?: T[] | null } | null | undefined): T[] {
  if (!answer) return [];
  return Array.isArray(answer) ? answer : answer.content ?? [];
}

const BASE = '/api/secured/common/chat';

export class ChatApi {
  constructor(readonly session: UpstreamSession) {}

  createGet(orderId: number) {
    return this.session.call<ChatGroupDto>({ method: 'POST', path: `${BASE}/${orderId}/create-get` });
  }
  group(id: number) {
    return this.session.call<ChatGroupDto>({ method: 'GET', path: `${BASE}/group/${id}` });
  }
  groupsByIds(ids: number[]) {
    return this.session.call<ChatGroupDto[] | { content: ChatGroupDto[] }>({ method: 'POST', path: `${BASE}/group/by-ids`, body: { ids } });
  }
  filter(body: GroupFilterDto) {
    return this.session.call<GroupPageDto | ChatGroupDto[]>({ method: 'POST', path: `${BASE}/group/filter`, body });
  }
  unread() {
    return this.session.call<UnreadStatisticDto>({ method: 'GET', path: `${BASE}/messages/unread` });
  }
  statistics(groupIds: number[] | null) {
    return this.session.call<StatisticsAnswerDto>({ method: 'POST', path: `${BASE}/group/statistics`, body: { groupIds: groupIds ?? [], statisticType: 'MSG' } });
  }
  viewGroup(id: number) {
    return this.session.call<unknown>({ method: 'POST', path: `${BASE}/group/${id}/viewed` });
  }
  favorite(id: number, on: boolean) {
    return this.session.call<unknown>({ method: on ? 'POST' : 'DELETE', path: `${BASE}/group/${id}/favorite` });
  }
  messages(id: number, q: { before?: number; after?: number; limit: number }) {
    return this.session.call<ChatMessageDto[] | { content: ChatMessageDto[] }>({ method: 'GET', path: `${BASE}/group/${id}/messages`, query: q });
  }
  around(id: number, msgId: number, limit: number) {
    return this.session.call<ChatMessageDto[] | { content: ChatMessageDto[] }>({ method: 'POST', path: `${BASE}/group/${id}/messages/${msgId}/around`, body: { limit } });
  }
  send(id: number, body: SendMessageDto) {
    return this.session.call<ChatMessageDto>({ method: 'POST', path: `${BASE}/group/${id}/messages`, body });
  }
  /** PUT /chat/{msgId}: edits a message's text and/or metaData. */
  edit(msgId: number, body: { text?: string | null; metaData?: string | null }) {
    return this.session.call<ChatMessageDto>({ method: 'PUT', path: `${BASE}/${msgId}`, body });
  }
  /** ours: DELETE /chat/{msgId}. */
  remove(msgId: number) {
    return this.session.call<ChatMessageDto | undefined>({ method: 'DELETE', path: `${BASE}/${msgId}` });
  }
  /** ours: POST /chat/{msgId}/reactions { reaction } toggles the viewer's reaction. */
  react(msgId: number, reaction: string) {
    return this.session.call<ChatMessageDto>({ method: 'POST', path: `${BASE}/${msgId}/reactions`, body: { reaction } });
  }
  messagesViewed(ids: number[]) {
    return this.session.call<unknown>({ method: 'POST', path: `${BASE}/messages/viewed`, body: { ids } });
  }
  /** POST /chat/{groupId}/viewed/to { msgId }: everything up to and including msgId is viewed. */
  viewedTo(groupId: number, msgId: number) {
    return this.session.call<unknown>({ method: 'POST', path: `${BASE}/${groupId}/viewed/to`, body: { msgId } });
  }
  /** ours: POST /chat/group/{id}/leave. */
  leave(id: number) {
    return this.session.call<unknown>({ method: 'POST', path: `${BASE}/group/${id}/leave` });
  }
  /** ours: DELETE /chat/group/{id}. */
  deleteGroup(id: number) {
    return this.session.call<unknown>({ method: 'DELETE', path: `${BASE}/group/${id}` });
  }
  typing(userId: number, groupId: number) {
    return this.session.call<unknown>({ method: 'POST', path: `/api/chat/notification/user/${userId}/group/${groupId}/typing` });
  }
}
