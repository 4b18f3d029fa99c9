/**
 * The backend's chat calls (spec chat §7, exact paths; backend routes/chat), typed by method and path through the
 * generated contract (rest/session.ts `call`; shapes named in rest/contract.ts). Failures are the errors of
 * rest/session.ts; mapping stays in rest/errors.ts. One adaptation only: GET group/{id} nests the viewer's read pointer
 * under `info`, which {@link groupView} flattens so that every group answer reads as one {@link ChatGroupView}.
 */
import type { BodyOf } from './openapi.js';
import type {
  ChatGroupDetailDto,
  ChatGroupPreviewDto,
  ChatInvitationDto,
  ChatMessageDto,
  ChatMessageSummaryDto,
  GroupFilterDto,
  MetaDataDto,
  SendMessageDto,
} from './contract.js';
import type { UpstreamSession } from './session.js';

/**
 * A group as the resolvers read it: a preview (group filter, by-ids, create, rename, favorite) or, from GET group/{id},
 * the preview with its members and the viewer's read pointer (`info` flattened: ids of the last viewed message, of the
 * messages that mention the viewer and of those with new reactions; the last viewed time, UTC ISO 8601, or null).
 */
export type ChatGroupView = ChatGroupPreviewDto & {
  members?: ChatGroupDetailDto['members'];
  lastViewedMessageId?: number;
  lastViewedMessageDateTime?: string | null;
  mentionedMessageIds?: number[];
  newReactionsMessageIds?: number[];
};

/**
 * A message as the resolvers read it: a full message (REST answers; realtime events — the backend's event view is the
 * same message view plus `mentions`, and a status change may carry little more than ids), or the reply/forward summary
 * inside one (`deleted`, `fileName`). Only `msgId` is always there.
 */
export type ChatMessageView = Pick<ChatMessageDto, 'msgId'> &
  Partial<Omit<ChatMessageDto, 'msgId'>> &
  Partial<Pick<ChatMessageSummaryDto, 'deleted' | 'fileName'>>;

/** GET group/{id} (or a preview) as a {@link ChatGroupView}: the detail's `info` flattened. */
export function groupView(g: ChatGroupDetailDto | ChatGroupPreviewDto): ChatGroupView {
  if (!('info' in g)) return g;
  const { info, ...rest } = g;
  return {
    ...rest,
    lastViewedMessageId: info.lastViewedMessageId,
    lastViewedMessageDateTime: info.lastViewedMessageDateTime,
    mentionedMessageIds: info.mentionedMessageIds,
    newReactionsMessageIds: info.newReactionsMessageIds,
  };
}

/**
 * The invitation of a GROUP_INVITATION message as a ChatInvitationDto: the message's `invitation` with the alliance (the
 * message's group), the inviter (the message's sender, who posted it by inviting) and the message's time. Null without one.
 */
export function messageInvitation(m: ChatMessageView): ChatInvitationDto | null {
  const i = m.invitation;
  if (!i) return null;
  return {
    id: i.id,
    groupId: m.groupId ?? m.group?.id ?? 0,
    groupName: m.group?.name ?? '', // a full message always names its group
    invitedBy: { id: m.sender?.id ?? 0, name: m.sender?.name ?? '' },
    invitedUserId: i.invitedUserId,
    invitedUserName: i.invitedUserName,
    status: i.status,
    createdAt: m.dateTimeCreate ?? '',
  };
}

/** Whether `userId` gave `reaction` to the message (for the add/remove decision of a toggle). */
export function reactedBy(m: ChatMessageDto, userId: number, reaction: string): boolean {
  return m.reactions.some((r) => r.emoji === reaction && r.userIds.includes(userId));
}

/**
 * metaData as the GraphQL API takes it (a JSON string `{ userMessage, metadataType }`) for the backend: undefined when
 * not given, null when empty. @throws SyntaxError when it is not such a JSON object.
 */
export function metaDataInput(json: string | null | undefined): MetaDataDto | null | undefined {
  if (json === undefined) return undefined;
  if (json === null || json === '') return null;
  const v: unknown = JSON.parse(json);
  if (!v || typeof v !== 'object') throw new SyntaxError('metaData must be a JSON object');
  const o = v as Record<string, unknown>;
  if (typeof o.userMessage !== 'string' || typeof o.metadataType !== 'string')
    throw new SyntaxError('metaData needs userMessage and metadataType');
  return { userMessage: o.userMessage, metadataType: o.metadataType as MetaDataDto['metadataType'] };
}

/** Body of POST group: `{ name, groupType, memberIds? }`. */
export type CreateGroupDto = BodyOf<'POST', '/api/secured/common/chat/group'>;

/** The backend's most messages per page call (chat §7). */
export const MAX_MESSAGES_PAGE = 50;

const clampPage = (limit: number) => Math.min(Math.max(1, limit), MAX_MESSAGES_PAGE);

/** PUT /chat/{groupId} answers the edited message or the renamed group; a message edit must get a message. */
function editedMessage(answer: ChatMessageDto | ChatGroupPreviewDto): ChatMessageDto {
  if ('msgId' in answer) return answer;
  throw new Error('PUT /chat/{groupId} answered a group to a message edit');
}

/** The chat calls of one upstream session. */
export class ChatApi {
  constructor(readonly session: UpstreamSession) {}

  /** POST {orderId}/create-get: the order's chat (created on first use). */
  async createGet(orderId: number): Promise<ChatGroupView> {
    return this.session.call('POST', '/api/secured/common/chat/{id}/create-get', { params: { id: orderId } });
  }
  /** GET group/{id}: the group with members and the viewer's `info`, flattened. */
  async group(id: number): Promise<ChatGroupView> {
    return groupView(await this.session.call('GET', '/api/secured/common/chat/group/{id}', { params: { id } }));
  }
  /** POST group/by-ids: the previews of the viewer's groups among `ids`. */
  groupsByIds(ids: number[]): Promise<ChatGroupView[]> {
    return this.session.call('POST', '/api/secured/common/chat/group/by-ids', { body: { ids } });
  }
  /** POST group/filter: `{ content, cursor, last, … }`. */
  filter(body: GroupFilterDto) {
    return this.session.call('POST', '/api/secured/common/chat/group/filter', { body });
  }
  /** GET messages/unread: the viewer's unread count. */
  unread() {
    return this.session.call('GET', '/api/secured/common/chat/messages/unread');
  }
  /**
   * POST group/statistics: `{ groupTypeStatistics, groupStatistics }`; groupStatistics of `groupIds` (all groups when
   * null, none when empty: only the per-type figures, which always cover every group).
   */
  statistics(groupIds: number[] | null) {
    return this.session.call('POST', '/api/secured/common/chat/group/statistics', {
      body: { ...(groupIds ? { groupIds } : {}), statisticType: 'MSG' },
    });
  }
  /** POST group/{id}/viewed: everything in the group is viewed. */
  viewGroup(id: number) {
    return this.session.call('POST', '/api/secured/common/chat/group/{id}/viewed', { params: { id } });
  }
  /** POST (pin) or DELETE (unpin) group/{id}/favorite. */
  favorite(id: number, on: boolean) {
    return on
      ? this.session.call('POST', '/api/secured/common/chat/group/{id}/favorite', { params: { id } })
      : this.session.call('DELETE', '/api/secured/common/chat/group/{id}/favorite', { params: { id } });
  }
  /** GET group/{id}/messages?before|after&limit (≤ 50): `{ content, hasBefore, hasAfter, last }`, ascending. */
  messages(id: number, q: { before?: number; after?: number; limit: number }) {
    return this.session.call('GET', '/api/secured/common/chat/group/{id}/messages', {
      params: { id },
      query: { ...q, limit: clampPage(q.limit) },
    });
  }
  /** POST group/{id}/messages/{msgId}/around { limit ≤ 50 }. */
  around(id: number, msgId: number, limit: number) {
    return this.session.call('POST', '/api/secured/common/chat/group/{id}/messages/{msgId}/around', {
      params: { id, msgId },
      body: { limit: clampPage(limit) },
    });
  }
  /** GET messages/{msgId}: one message of a group of the viewer (404 MESSAGE_NOT_FOUND otherwise). */
  message(msgId: number) {
    return this.session.call('GET', '/api/secured/common/chat/messages/{msgId}', { params: { msgId } });
  }
  /** POST group/{id}/messages: the stored message. */
  send(id: number, body: SendMessageDto) {
    return this.session.call('POST', '/api/secured/common/chat/group/{id}/messages', { params: { id }, body });
  }
  /** PUT /chat/{groupId} { messageId, text?, metaData? }: edits a message's text and/or metaData. */
  async edit(groupId: number, msgId: number, body: { text?: string | null; metaData?: MetaDataDto | null }) {
    return editedMessage(
      await this.session.call('PUT', '/api/secured/common/chat/{id}', {
        params: { id: groupId },
        body: { messageId: msgId, ...body },
      }),
    );
  }
  /** DELETE group/{id}/messages/{msgId} (204). */
  remove(groupId: number, msgId: number) {
    return this.session.call('DELETE', '/api/secured/common/chat/group/{id}/messages/{msgId}', {
      params: { id: groupId, msgId },
    });
  }
  /** POST (add) or DELETE (remove) group/{id}/messages/{msgId}/reactions { emoji }; answers the message. */
  react(groupId: number, msgId: number, emoji: string, add: boolean) {
    const options = { params: { id: groupId, msgId }, body: { emoji } };
    return add
      ? this.session.call('POST', '/api/secured/common/chat/group/{id}/messages/{msgId}/reactions', options)
      : this.session.call('DELETE', '/api/secured/common/chat/group/{id}/messages/{msgId}/reactions', options);
  }
  /** POST messages/viewed { messageIds } (1..500): one answer per group whose pointer the call touched. */
  messagesViewed(ids: number[]) {
    return this.session.call('POST', '/api/secured/common/chat/messages/viewed', { body: { messageIds: ids } });
  }
  /** POST /chat/{groupId}/viewed/to { messageId }: everything up to and including it is viewed. */
  viewedTo(groupId: number, msgId: number) {
    return this.session.call('POST', '/api/secured/common/chat/{id}/viewed/to', {
      params: { id: groupId },
      body: { messageId: msgId },
    });
  }
  /** POST group/{id}/leave (204). */
  leave(id: number) {
    return this.session.call('POST', '/api/secured/common/chat/group/{id}/leave', { params: { id } });
  }
  /** DELETE group/{id} (204). */
  deleteGroup(id: number) {
    return this.session.call('DELETE', '/api/secured/common/chat/group/{id}', { params: { id } });
  }
  /** GET /api/secured/chat/users/{userId}: a user the viewer shares a group with (404 otherwise). */
  user(userId: number) {
    return this.session.call('GET', '/api/secured/chat/users/{userId}', { params: { userId } });
  }
  /** POST group { name, groupType, memberIds? } (201): a personal chat or an alliance, the viewer OWNER. */
  createGroup(body: CreateGroupDto): Promise<ChatGroupView> {
    return this.session.call('POST', '/api/secured/common/chat/group', { body });
  }
  /** PUT /chat/{groupId} { name }: renames the group (admin rights or an operator). */
  rename(groupId: number, name: string) {
    return this.session.call('PUT', '/api/secured/common/chat/{id}', { params: { id: groupId }, body: { name } });
  }
  /** POST group/{id}/invitations { userId } (201): the PENDING invitation. */
  invite(groupId: number, userId: number) {
    return this.session.call('POST', '/api/secured/common/chat/group/{id}/invitations', {
      params: { id: groupId },
      body: { userId },
    });
  }
  /** POST invitations/{id}/accept|decline by the invited user: the decided invitation. */
  decide(invitationId: number, decision: 'accept' | 'decline') {
    return decision === 'accept'
      ? this.session.call('POST', '/api/secured/common/chat/invitations/{id}/accept', { params: { id: invitationId } })
      : this.session.call('POST', '/api/secured/common/chat/invitations/{id}/decline', {
          params: { id: invitationId },
        });
  }
  /** GET invitations: the viewer's PENDING invitations, newest first. */
  invitations() {
    return this.session.call('GET', '/api/secured/common/chat/invitations');
  }
  /** GET contacts: users sharing an active group with the viewer, by name (≤ 500). */
  contacts() {
    return this.session.call('GET', '/api/secured/common/chat/contacts');
  }
  /** POST /api/chat/notification/user/{userId}/group/{groupId}/typing (204). */
  typing(userId: number, groupId: number) {
    return this.session.call('POST', '/api/chat/notification/user/{userId}/group/{groupId}/typing', {
      params: { userId, groupId },
    });
  }
}
