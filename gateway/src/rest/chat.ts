/**
 * The backend's chat calls (spec chat §7, exact paths; backend routes/chat), typed by method and path, and
 * their DTOs (chat §3). Failures are the errors of rest/session.ts; mapping stays in rest/errors.ts.
 * Paths and bodies follow the backend's TypeBox route schemas (backend/src/routes/chat/schemas.ts), including
 * the calls the spec does not show (marked "designed"). Answers are normalized here into the DTOs below, so the
 * resolvers read one shape: backend messages carry `mentioned: number[]`, `edited` and reactions
 * `{ emoji, count, userIds }`; GET group/{id} nests the viewer's pointer under `info`; statistics answer
 * `{ groupTypeStatistics, groupStatistics }`.
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
  /** ECVP_SUPPORT groups: the user whose support chat it is (the OWNER); null for other types (spec chat §6; designed). */
  supportRequester?: SupportRequesterDto | null;
}

/** The requester of a support chat: user id, display name and the short name of their company (null without one). */
export interface SupportRequesterDto {
  id: number;
  name: string;
  companyName?: string | null;
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
  /** The attached file: stored id (uuid), original name, size in bytes, detected type, the backend's download link. */
  file?: {
    id?: string | null;
    name: string;
    size?: number | null;
    contentType?: string | null;
    link?: string | null;
  } | null;
  replyMessage?: ChatMessageDto | null;
  forwardMessage?: ChatMessageDto | null;
  /** Pictures: stored id (uuid), original name and the backend's link (`/api/secured/common/chat/<id>/file`). */
  pictures?:
    | {
        id?: string | null;
        name?: string | null;
        previewPictureInfo?: { link?: string | null } | null;
        link?: string | null;
      }[]
    | null;
  /** Whether the viewer is mentioned (derived from `mentions` when absent). */
  mentioned?: boolean | null;
  /** User ids mentioned in the message. */
  mentions?: number[] | null;
  type?: string | null;
  group?: { id: number; type?: string | null; name?: string | null } | null;
  groupId?: number | null;
  sourceMsgId?: number | null;
  metaData?: string | null;
  reactions?: ChatReactionDto[] | null;
  /** Edited (text or metadata by its sender); a reaction does not set it. */
  updated?: boolean | null;
  /** Only on GROUP_INVITATION messages: the invitation as every member sees it (null when it is gone). */
  invitation?: MessageInvitationDto | null;
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

/**
 * One type of the statistics answer (chat §7 "list of groupType and groupCount"): the group count and, derived from the
 * read pointers, the groups with unread messages and the unread messages over them.
 */
export interface GroupTypeStatisticDto {
  groupType: string;
  groupCount: number;
  unreadGroupCount?: number;
  unreadMessagesCount?: number;
}

export interface StatisticsAnswerDto {
  groupTypes?: GroupTypeStatisticDto[];
  groups?: GroupStatisticsDto[];
  statistics?: GroupStatisticsDto[];
}

/** chat §3 metaData as the backend takes it. */
export interface MetaDataDto {
  userMessage: string;
  metadataType: string;
}

/** POST group/{id}/messages body (backend SendBody; additional properties are refused). */
export interface SendMessageDto {
  extMsgId: string;
  text?: string | null;
  replyMessageId?: number | null;
  forwardMessageId?: number | null;
  mentioned?: number[];
  metaData?: MetaDataDto | null;
  fileId?: string | null;
  pictureIds?: string[];
}

/** A messages page (ascending by id). */
export interface MessagesPageDto {
  content: ChatMessageDto[];
  hasBefore: boolean;
  hasAfter: boolean;
  last: boolean;
}

/** An uploaded attachment (POST group/{id}/files). */
export interface ChatFileDto {
  id: string;
  name: string;
  size: number;
  contentType: string;
  isPicture: boolean;
}

/**
 * An alliance invitation (designed backend calls GET …/chat/invitations, POST …/group/{id}/invitations,
 * POST …/invitations/{id}/accept|decline; spec chat §3 metaData group invitation, §6 alliances). `createdAt` UTC ISO 8601.
 */
export interface ChatInvitationDto {
  id: number;
  groupId: number;
  groupName: string | null;
  invitedBy: { id: number; name: string } | null;
  invitedUserId: number;
  /** The invited user's display name (absent from older answers). */
  invitedUserName?: string | null;
  status: 'PENDING' | 'ACCEPTED' | 'DECLINED' | string;
  createdAt: string | null;
}

/** The `invitation` of a GROUP_INVITATION message's view: id, the invited user and the status now. */
export interface MessageInvitationDto {
  id: number;
  invitedUserId: number;
  invitedUserName: string;
  status: 'PENDING' | 'ACCEPTED' | 'DECLINED' | string;
}

/**
 * The invitation of a GROUP_INVITATION message as a ChatInvitationDto: the message's `invitation` with the alliance (the
 * message's group), the inviter (the message's sender, who posted it by inviting) and the message's time. Null without one.
 */
export function messageInvitation(m: ChatMessageDto): ChatInvitationDto | null {
  const i = m.invitation;
  if (!i) return null;
  return {
    id: i.id,
    groupId: m.groupId ?? m.group?.id ?? 0,
    groupName: m.group?.name ?? null,
    invitedBy: m.sender ? { id: m.sender.id, name: m.sender.name ?? '' } : null,
    invitedUserId: i.invitedUserId,
    invitedUserName: i.invitedUserName,
    status: i.status,
    createdAt: m.dateTimeCreate ?? m.timeCreate ?? null,
  };
}

/** A user the viewer shares an active group with (designed GET …/chat/contacts); `lastSeenAt` UTC ISO 8601 or null. */
export interface ChatContactDto {
  id: number;
  name: string;
  accountType: string;
  companyName: string | null;
  lastSeenAt: string | null;
}

/** One group's answer of POST messages/viewed (backend ViewedAnswer). */
export interface ViewedAnswerDto {
  groupId: number;
  lastViewedMessageId: number;
  lastViewedMessageDateTime: string | null;
  statistics: GroupStatisticsDto;
}

/** The backend's most messages per page call. */
export const MAX_MESSAGES_PAGE = 50;

/** Plain array or `{ content }` (chat §7). */
export function listOf<T>(answer: T[] | { content?: T[] | null } | null | undefined): T[] {
  if (!answer) return [];
  return Array.isArray(answer) ? answer : (answer.content ?? []);
}

type Raw = Record<string, unknown>;

/** A backend message (routes/chat MessageSchema, or the message of a realtime event) as a ChatMessageDto. */
export function normalizeMessage<T extends object>(raw: T): ChatMessageDto {
  const m = raw as unknown as Raw & ChatMessageDto;
  const mentions = Array.isArray(m.mentions)
    ? (m.mentions as number[])
    : Array.isArray(m.mentioned)
      ? (m.mentioned as unknown as number[])
      : null;
  const reactions = Array.isArray(m.reactions)
    ? (m.reactions as unknown as Raw[]).map((r) => ({
        reaction: String(r.reaction ?? r.emoji ?? ''),
        count: Number(r.count ?? 0),
        userIds: Array.isArray(r.userIds) ? (r.userIds as number[]) : null,
        mine: typeof r.mine === 'boolean' ? r.mine : null,
      }))
    : null;
  const summary = (v: unknown) => (v && typeof v === 'object' ? normalizeMessage(v as Raw) : null);
  return {
    ...m,
    mentioned: typeof m.mentioned === 'boolean' ? m.mentioned : null,
    mentions,
    reactions,
    updated: typeof m.updated === 'boolean' ? m.updated : typeof m.edited === 'boolean' ? m.edited : null,
    replyMessage: summary(m.replyMessage),
    forwardMessage: summary(m.forwardMessage),
    groupId: typeof m.groupId === 'number' ? m.groupId : (m.group?.id ?? null),
  };
}

/** A backend messages page (or a plain list, as older stubs answer) as an ascending MessagesPageDto. */
export function normalizePage(raw: unknown): MessagesPageDto {
  const r = (raw ?? {}) as Partial<MessagesPageDto>;
  const content = listOf(raw as ChatMessageDto[] | { content: ChatMessageDto[] })
    .map(normalizeMessage)
    .sort((a, b) => a.msgId - b.msgId);
  return { content, hasBefore: !!r.hasBefore, hasAfter: !!r.hasAfter, last: r.last ?? true };
}

/** A backend group (preview or detail with `info`) as a ChatGroupDto. */
export function normalizeGroup(raw: unknown): ChatGroupDto {
  const g = raw as ChatGroupDto & { info?: Partial<ChatGroupDto> & { lastViewedMessageId?: number } };
  if (!g || !g.info) return g;
  const { info, ...rest } = g;
  return {
    ...rest,
    lastViewedMessageId: info.lastViewedMessageId ?? null,
    lastViewedMessageDateTime: info.lastViewedMessageDateTime ?? null,
    mentionedMessageIds: info.mentionedMessageIds ?? [],
    newReactionsMessageIds: info.newReactionsMessageIds ?? [],
  };
}

/** The viewer's reaction ids on a message (for the add/remove decision). */
export function reactedBy(m: ChatMessageDto, userId: number, reaction: string): boolean {
  return (m.reactions ?? []).some((r) => r.reaction === reaction && (r.mine ?? (r.userIds ?? []).includes(userId)));
}

/** metaData as the GraphQL API takes it (a JSON string `{ userMessage, metadataType }`) for the backend. */
export function metaDataInput(json: string | null | undefined): MetaDataDto | null | undefined {
  if (json === undefined) return undefined;
  if (json === null || json === '') return null;
  const v: unknown = JSON.parse(json);
  if (!v || typeof v !== 'object') throw new SyntaxError('metaData must be a JSON object');
  const o = v as Raw;
  if (typeof o.userMessage !== 'string' || typeof o.metadataType !== 'string')
    throw new SyntaxError('metaData needs userMessage and metadataType');
  return { userMessage: o.userMessage, metadataType: o.metadataType };
}

const BASE = '/api/secured/common/chat';

export class ChatApi {
  constructor(readonly session: UpstreamSession) {}

  createGet(orderId: number) {
    return this.session
      .call<ChatGroupDto>({ method: 'POST', path: `${BASE}/${orderId}/create-get` })
      .then(normalizeGroup);
  }
  /** GET group/{id}: the group with members and the viewer's `info`, flattened. */
  group(id: number) {
    return this.session.call<ChatGroupDto>({ method: 'GET', path: `${BASE}/group/${id}` }).then(normalizeGroup);
  }
  groupsByIds(ids: number[]) {
    return this.session
      .call<ChatGroupDto[]>({ method: 'POST', path: `${BASE}/group/by-ids`, body: { ids } })
      .then((l) => listOf(l).map(normalizeGroup));
  }
  /** POST group/filter: `{ content, cursor, last }`. */
  filter(body: GroupFilterDto) {
    return this.session.call<GroupPageDto | ChatGroupDto[]>({ method: 'POST', path: `${BASE}/group/filter`, body });
  }
  unread() {
    return this.session.call<UnreadStatisticDto>({ method: 'GET', path: `${BASE}/messages/unread` });
  }
  /** POST group/statistics: `{ groupTypeStatistics, groupStatistics }`, read as `{ groupTypes, groups }`. */
  statistics(groupIds: number[] | null) {
    return this.session
      .call<
        StatisticsAnswerDto & {
          groupTypeStatistics?: StatisticsAnswerDto['groupTypes'];
          groupStatistics?: GroupStatisticsDto[];
        }
      >({
        method: 'POST',
        path: `${BASE}/group/statistics`,
        body: { ...(groupIds?.length ? { groupIds } : {}), statisticType: 'MSG' },
      })
      .then((a): StatisticsAnswerDto => ({
        groupTypes: a.groupTypeStatistics ?? a.groupTypes ?? [],
        groups: a.groupStatistics ?? a.groups ?? a.statistics ?? [],
      }));
  }
  viewGroup(id: number) {
    return this.session.call<unknown>({ method: 'POST', path: `${BASE}/group/${id}/viewed` });
  }
  favorite(id: number, on: boolean) {
    return this.session.call<unknown>({ method: on ? 'POST' : 'DELETE', path: `${BASE}/group/${id}/favorite` });
  }
  /** GET group/{id}/messages?before|after&limit (≤ 50): `{ content, hasBefore, hasAfter, last }`, ascending. */
  messages(id: number, q: { before?: number; after?: number; limit: number }) {
    const query = { ...q, limit: Math.min(Math.max(1, q.limit), MAX_MESSAGES_PAGE) };
    return this.session
      .call<MessagesPageDto>({ method: 'GET', path: `${BASE}/group/${id}/messages`, query })
      .then(normalizePage);
  }
  /** POST group/{id}/messages/{msgId}/around { limit ≤ 50 }. */
  around(id: number, msgId: number, limit: number) {
    return this.session
      .call<MessagesPageDto>({
        method: 'POST',
        path: `${BASE}/group/${id}/messages/${msgId}/around`,
        body: { limit: Math.min(Math.max(1, limit), MAX_MESSAGES_PAGE) },
      })
      .then(normalizePage);
  }
  /** designed: GET messages/{msgId}: one message of a group of the viewer (404 MESSAGE_NOT_FOUND otherwise). */
  message(msgId: number) {
    return this.session
      .call<ChatMessageDto>({ method: 'GET', path: `${BASE}/messages/${msgId}` })
      .then(normalizeMessage);
  }
  send(id: number, body: SendMessageDto) {
    return this.session
      .call<ChatMessageDto>({ method: 'POST', path: `${BASE}/group/${id}/messages`, body })
      .then(normalizeMessage);
  }
  /** PUT /chat/{groupId} { messageId, text?, metaData? }: edits a message's text and/or metaData. */
  edit(groupId: number, msgId: number, body: { text?: string | null; metaData?: MetaDataDto | null }) {
    return this.session
      .call<ChatMessageDto>({ method: 'PUT', path: `${BASE}/${groupId}`, body: { messageId: msgId, ...body } })
      .then(normalizeMessage);
  }
  /** designed: DELETE group/{id}/messages/{msgId} (204). */
  remove(groupId: number, msgId: number) {
    return this.session.call<unknown>({ method: 'DELETE', path: `${BASE}/group/${groupId}/messages/${msgId}` });
  }
  /** designed: POST (add) or DELETE (remove) group/{id}/messages/{msgId}/reactions { emoji }; answers the message. */
  react(groupId: number, msgId: number, emoji: string, add: boolean) {
    return this.session
      .call<ChatMessageDto>({
        method: add ? 'POST' : 'DELETE',
        path: `${BASE}/group/${groupId}/messages/${msgId}/reactions`,
        body: { emoji },
      })
      .then(normalizeMessage);
  }
  /** POST messages/viewed { messageIds } (1..500): one answer per group whose pointer the call touched. */
  messagesViewed(ids: number[]) {
    return this.session.call<ViewedAnswerDto[]>({
      method: 'POST',
      path: `${BASE}/messages/viewed`,
      body: { messageIds: ids },
    });
  }
  /** POST /chat/{groupId}/viewed/to { messageId }: everything up to and including it is viewed. */
  viewedTo(groupId: number, msgId: number) {
    return this.session.call<unknown>({
      method: 'POST',
      path: `${BASE}/${groupId}/viewed/to`,
      body: { messageId: msgId },
    });
  }
  /** designed: POST group/{id}/leave (204). */
  leave(id: number) {
    return this.session.call<unknown>({ method: 'POST', path: `${BASE}/group/${id}/leave` });
  }
  /** designed: DELETE group/{id} (204). */
  deleteGroup(id: number) {
    return this.session.call<unknown>({ method: 'DELETE', path: `${BASE}/group/${id}` });
  }
  /** designed: GET /api/secured/chat/users/{userId}: a user the viewer shares a group with (404 otherwise). */
  user(userId: number) {
    return this.session.call<{ id: number; name: string; online: boolean; lastSeenAt: string | null }>({
      method: 'GET',
      path: `/api/secured/chat/users/${userId}`,
    });
  }
  /** designed: POST group { name, groupType, memberIds? } (201): a personal chat or an alliance, the viewer OWNER. */
  createGroup(body: { name: string; groupType: string; memberIds?: number[] }) {
    return this.session.call<ChatGroupDto>({ method: 'POST', path: `${BASE}/group`, body }).then(normalizeGroup);
  }
  /** PUT /chat/{groupId} { name }: renames the group (admin rights or an operator); answers the group preview. */
  rename(groupId: number, name: string) {
    return this.session
      .call<ChatGroupDto>({ method: 'PUT', path: `${BASE}/${groupId}`, body: { name } })
      .then(normalizeGroup);
  }
  /** designed: POST group/{id}/invitations { userId } (201): the PENDING invitation. */
  invite(groupId: number, userId: number) {
    return this.session.call<ChatInvitationDto>({
      method: 'POST',
      path: `${BASE}/group/${groupId}/invitations`,
      body: { userId },
    });
  }
  /** designed: POST invitations/{id}/accept|decline by the invited user: the decided invitation. */
  decide(invitationId: number, decision: 'accept' | 'decline') {
    return this.session.call<ChatInvitationDto>({
      method: 'POST',
      path: `${BASE}/invitations/${invitationId}/${decision}`,
    });
  }
  /** designed: GET invitations: the viewer's PENDING invitations, newest first. */
  invitations() {
    return this.session.call<ChatInvitationDto[]>({ method: 'GET', path: `${BASE}/invitations` });
  }
  /** designed: GET contacts: users sharing an active group with the viewer, by name (≤ 500). */
  contacts() {
    return this.session.call<ChatContactDto[]>({ method: 'GET', path: `${BASE}/contacts` });
  }
  typing(userId: number, groupId: number) {
    return this.session.call<unknown>({
      method: 'POST',
      path: `/api/chat/notification/user/${userId}/group/${groupId}/typing`,
    });
  }
}
