/**
 * `ChatMessage` and its parts (spec chat §3, §4, §6): the status for the viewer and the UNREAD separator
 * (@platform/domain/chat/messageStatus), own messages (own), file and picture links through the gateway (http/files.ts),
 * reply / forward quotes, mentions, reactions, the labelled metadata (message) and a GROUP_INVITATION's invitation.
 */
import { toGlobalId } from 'graphql-relay';
import { invitationIdOf, isImageFileName, labelledMetadata } from '@platform/domain/chat/message';
import { viewerMessageStatus, type MessageStatus } from '@platform/domain/chat/messageStatus';
import { isOwnDto } from '@platform/domain/chat/own';
import type { Resolvers } from '../../generated/resolvers-types.js';
import { chatFileUrl, chatMessageFileUrl } from '../../http/files.js';
import { messageInvitation } from '../../rest/chat.js';
import type { ChatMessageParent } from './parents.js';
import { msgTime, pendingInvitations } from './shared.js';

/** The message's status as the viewer sees it (own messages keep the backend's; a status event sets its own). */
function statusOf(p: ChatMessageParent): MessageStatus {
  if (p.eventStatus) return p.eventStatus;
  const server = p.dto.status ?? p.dto.messageStatus ?? 'SENT';
  const own = isOwnDto(p.dto, p.viewerId);
  return viewerMessageStatus({ own, status: server, dateTimeCreate: msgTime(p.dto) }, p.lastViewedAt);
}

/** Resolvers of ChatMessage and ChatMetadata. */
export const messageTypes = {
  ChatMessage: {
    id: (p) => toGlobalId('ChatMessage', String(p.dto.msgId)),
    msgId: (p) => p.dto.msgId,
    extMsgId: (p) => p.dto.extMsgId ?? null,
    groupId: (p) => toGlobalId('ChatGroup', String(p.groupId)),
    createdAt: (p) => msgTime(p.dto),
    text: (p) => p.dto.text ?? null,
    status: (p) => statusOf(p),
    own: (p) => isOwnDto(p.dto, p.viewerId),
    sender: (p) => (p.dto.sender ? { userId: p.dto.sender.id, name: p.dto.sender.name, lastSeenAt: null } : null),
    sentByGroup: (p) => !!p.dto.sentByGroup,
    file: (p) =>
      p.dto.file?.name
        ? {
            name: p.dto.file.name,
            isImage: isImageFileName(p.dto.file.name),
            url: p.dto.deleted ? null : chatMessageFileUrl(p.dto.msgId),
          }
        : null,
    pictures: (p) =>
      (p.dto.pictures ?? []).map((x) => ({
        fileId: x.id,
        name: x.name,
        previewUrl: chatFileUrl(x.previewPictureInfo.link),
      })),
    replyTo: (p) => (p.dto.replyMessage ? { ...p, dto: p.dto.replyMessage } : null),
    forwardedFrom: (p) => (p.dto.forwardMessage ? { ...p, dto: p.dto.forwardMessage } : null),
    mentionsViewer: (p) => (p.dto.mentioned ?? []).includes(p.viewerId),
    mentionedUserIds: (p) => [...(p.dto.mentioned ?? [])],
    type: (p) => p.dto.type ?? null,
    metaData: (p) => p.dto.metaData ?? null,
    metadata: (p) => {
      const m = labelledMetadata(p.dto.metaData);
      if (!m) return null;
      // the backend's view of a GROUP_INVITATION message carries its invitation for every member
      return p.dto.invitation !== undefined ? { ...m, invitation: messageInvitation(p.dto) } : m;
    },
    reactions: (p) =>
      (p.dto.reactions ?? []).map((r) => ({
        reaction: r.emoji,
        count: r.count,
        viewerReacted: r.userIds.includes(p.viewerId),
      })),
    edited: (p) => !!p.dto.edited,
    isFirstUnread: (p) => p.firstUnreadId !== null && p.firstUnreadId === p.dto.msgId,
  },
  ChatMetadata: {
    type: (m) => m.type,
    label: (m) => m.label,
    userMessage: (m) => m.userMessage,
    // The backend's message view carries the invitation (batched per page) for every member: that one answers. Without it
    // (a view lacking the field) the viewer's own PENDING invitations are looked up (one memoised GET …/chat/invitations).
    invitation: async (m, _a, ctx) => {
      if (m.invitation !== undefined) return m.invitation;
      const id = invitationIdOf(m);
      if (id === null) return null;
      return (await pendingInvitations(ctx)).find((i) => i.id === id) ?? null;
    },
  },
} satisfies Resolvers;
