/**
 * The chat mutations (spec chat §5–§7): open an order's chat, send / edit / delete / react to a message, mark viewed,
 * pin, leave, delete, create and rename groups, invitations, typing. Backend refusals are `UserError` (rest/errors.ts);
 * a malformed id or metaData is BAD_USER_INPUT.
 */
import { toGlobalId } from 'graphql-relay';
import type { GatewayContext } from '../../context.js';
import type { MutationResolvers } from '../../generated/resolvers-types.js';
import { metaDataInput, reactedBy } from '../../rest/chat.js';
import type { MetaDataDto } from '../../rest/contract.js';
import { nullIfAbsent } from '../../rest/errors.js';
import { decideInvitation } from './invitation.js';
import {
  badInput,
  chatApi,
  groupParent,
  messageOf,
  messageParent,
  rawId,
  viewerId,
  withRoleUserError,
  withUserError,
} from './shared.js';

/** After a group change: the group as it is now and the unread statistic. */
async function groupResult(ctx: GatewayContext, id: number) {
  const viewer = await viewerId(ctx);
  ctx.loaders.forget(`chat:group:${id}`);
  ctx.loaders.forget(`chat:firstUnread:${id}`);
  const [dto, stat] = await Promise.all([chatApi(ctx).group(id), chatApi(ctx).unread()]);
  return { __typename: 'ChatGroupChangeSuccess' as const, group: groupParent(dto, viewer), unreadStatistic: stat };
}

type ChatMutations =
  | 'openOrderChat'
  | 'sendChatMessage'
  | 'editChatMessage'
  | 'deleteChatMessage'
  | 'reactToChatMessage'
  | 'markChatGroupViewed'
  | 'markChatViewedTo'
  | 'pinChatGroup'
  | 'unpinChatGroup'
  | 'leaveChatGroup'
  | 'deleteChatGroup'
  | 'sendTyping'
  | 'createChatGroup'
  | 'renameChatGroup'
  | 'inviteToChatGroup'
  | 'acceptChatInvitation'
  | 'declineChatInvitation'
  | 'markChatMessagesViewed';

/** metaData input (JSON `{ userMessage, metadataType }`) for the backend. @throws BAD_USER_INPUT */
function parseMetaData(json: string | null | undefined): MetaDataDto | null | undefined {
  try {
    return metaDataInput(json);
  } catch {
    throw badInput('metaData must be JSON { userMessage, metadataType }');
  }
}

/** The chat mutations (see the file header). */
export const Mutation: Pick<MutationResolvers, ChatMutations> = {
  openOrderChat: async (_r, { input }, ctx) => {
    const orderId = rawId(input.orderId, 'Order');
    const viewer = await viewerId(ctx);
    return withUserError(async () => ({
      __typename: 'OpenOrderChatSuccess' as const,
      group: groupParent(await chatApi(ctx).createGet(orderId), viewer),
    }));
  },
  sendChatMessage: async (_r, { input }, ctx) => {
    const groupId = rawId(input.groupId, 'ChatGroup');
    if (!input.extMsgId.trim()) throw badInput('extMsgId is required');
    const viewer = await viewerId(ctx);
    return withUserError(async () => {
      const dto = await chatApi(ctx).send(groupId, {
        extMsgId: input.extMsgId,
        text: input.text ?? null,
        replyMessageId: input.replyToId ? rawId(input.replyToId, 'ChatMessage') : null,
        forwardMessageId: input.forwardId ? rawId(input.forwardId, 'ChatMessage') : null,
        ...(input.mentionedUserIds?.length ? { mentioned: [...input.mentionedUserIds] } : {}),
        metaData: parseMetaData(input.metaData) ?? null,
        // attachments (spec chat §5): ids answered by the upload proxy POST /files/chat/groups/<groupId>; the backend
        // refuses > 10 pictures (TOO_MANY_ATTACHMENTS), a non-image (NOT_A_PICTURE) and a foreign id (FILE_NOT_FOUND)
        ...(input.fileId ? { fileId: input.fileId } : {}),
        ...(input.pictureIds?.length ? { pictureIds: [...input.pictureIds] } : {}),
      });
      const group = await nullIfAbsent(() => chatApi(ctx).group(groupId));
      return {
        __typename: 'SendChatMessageSuccess' as const,
        message: messageParent(
          dto,
          { id: groupId, lastViewedAt: group?.lastViewedMessageDateTime ?? null, firstUnreadId: null },
          viewer,
        ),
        group: group ? groupParent(group, viewer) : null,
      };
    });
  },
  editChatMessage: async (_r, { input }, ctx) => {
    const msgId = rawId(input.messageId, 'ChatMessage');
    const viewer = await viewerId(ctx);
    return withUserError(async () => {
      const metaData = parseMetaData(input.metaData);
      const current = await chatApi(ctx).message(msgId);
      const dto = await chatApi(ctx).edit(current.groupId, msgId, {
        ...(input.text !== undefined ? { text: input.text } : {}),
        ...(metaData !== undefined ? { metaData } : {}),
      });
      return { __typename: 'EditChatMessageSuccess' as const, message: await messageOf(ctx, dto, viewer) };
    });
  },
  deleteChatMessage: async (_r, { input }, ctx) => {
    const msgId = rawId(input.messageId, 'ChatMessage');
    return withUserError(async () => {
      const current = await chatApi(ctx).message(msgId);
      await chatApi(ctx).remove(current.groupId, msgId);
      return {
        __typename: 'DeleteChatMessageSuccess' as const,
        deletedMessageId: toGlobalId('ChatMessage', String(msgId)),
        unreadStatistic: await chatApi(ctx).unread(),
      };
    });
  },
  reactToChatMessage: async (_r, { input }, ctx) => {
    const msgId = rawId(input.messageId, 'ChatMessage');
    const viewer = await viewerId(ctx);
    return withUserError(async () => {
      // toggles: removes the viewer's reaction when given, else adds it
      const current = await chatApi(ctx).message(msgId);
      const dto = await chatApi(ctx).react(
        current.groupId,
        msgId,
        input.reaction,
        !reactedBy(current, viewer, input.reaction),
      );
      return { __typename: 'ReactToChatMessageSuccess' as const, message: await messageOf(ctx, dto, viewer) };
    });
  },
  markChatGroupViewed: async (_r, { input }, ctx) => {
    const id = rawId(input.groupId, 'ChatGroup');
    return withUserError(async () => {
      await chatApi(ctx).viewGroup(id);
      return groupResult(ctx, id);
    });
  },
  markChatViewedTo: async (_r, { input }, ctx) => {
    const id = rawId(input.groupId, 'ChatGroup');
    const msgId = rawId(input.messageId, 'ChatMessage');
    return withUserError(async () => {
      await chatApi(ctx).viewedTo(id, msgId);
      return groupResult(ctx, id);
    });
  },
  pinChatGroup: async (_r, { input }, ctx) => {
    const id = rawId(input.groupId, 'ChatGroup');
    return withUserError(async () => {
      await chatApi(ctx).favorite(id, true);
      return groupResult(ctx, id);
    });
  },
  unpinChatGroup: async (_r, { input }, ctx) => {
    const id = rawId(input.groupId, 'ChatGroup');
    return withUserError(async () => {
      await chatApi(ctx).favorite(id, false);
      return groupResult(ctx, id);
    });
  },
  leaveChatGroup: async (_r, { input }, ctx) => {
    const id = rawId(input.groupId, 'ChatGroup');
    return withUserError(async () => {
      await chatApi(ctx).leave(id);
      return {
        __typename: 'ChatGroupRemovedSuccess' as const,
        removedGroupId: toGlobalId('ChatGroup', String(id)),
        unreadStatistic: await chatApi(ctx).unread(),
      };
    });
  },
  deleteChatGroup: async (_r, { input }, ctx) => {
    const id = rawId(input.groupId, 'ChatGroup');
    return withUserError(async () => {
      await chatApi(ctx).deleteGroup(id);
      return {
        __typename: 'ChatGroupRemovedSuccess' as const,
        removedGroupId: toGlobalId('ChatGroup', String(id)),
        unreadStatistic: await chatApi(ctx).unread(),
      };
    });
  },
  createChatGroup: async (_r, { input }, ctx) => {
    return withUserError(async () => {
      const created = await chatApi(ctx).createGroup({
        name: input.name,
        groupType: input.groupType,
        ...(input.memberIds?.length ? { memberIds: [...input.memberIds] } : {}),
      });
      return groupResult(ctx, created.id);
    });
  },
  renameChatGroup: async (_r, { input }, ctx) => {
    const id = rawId(input.groupId, 'ChatGroup');
    return withRoleUserError(async () => {
      await chatApi(ctx).rename(id, input.name);
      return groupResult(ctx, id);
    });
  },
  inviteToChatGroup: async (_r, { input }, ctx) => {
    const id = rawId(input.groupId, 'ChatGroup');
    return withRoleUserError(async () => ({
      __typename: 'InviteToChatGroupSuccess' as const,
      invitation: await chatApi(ctx).invite(id, input.userId),
    }));
  },
  acceptChatInvitation: async (_r, { input }, ctx) =>
    decideInvitation(ctx, rawId(input.invitationId, 'ChatInvitation'), 'accept'),
  declineChatInvitation: async (_r, { input }, ctx) =>
    decideInvitation(ctx, rawId(input.invitationId, 'ChatInvitation'), 'decline'),
  markChatMessagesViewed: async (_r, { input }, ctx) => {
    const ids = input.messageIds.map((m) => rawId(m, 'ChatMessage'));
    const viewer = await viewerId(ctx);
    return withUserError(async () => {
      const touched = await chatApi(ctx).messagesViewed(ids);
      const groups = await Promise.all(
        touched.map(async (t) => {
          ctx.loaders.forget(`chat:group:${t.groupId}`);
          ctx.loaders.forget(`chat:firstUnread:${t.groupId}`);
          return groupParent(await chatApi(ctx).group(t.groupId), viewer);
        }),
      );
      return {
        __typename: 'MarkChatMessagesViewedSuccess' as const,
        groups,
        unreadStatistic: await chatApi(ctx).unread(),
      };
    });
  },
  sendTyping: async (_r, { input }, ctx) => {
    const id = rawId(input.groupId, 'ChatGroup');
    const viewer = await viewerId(ctx);
    return withUserError(async () => {
      await chatApi(ctx).typing(viewer, id);
      return { __typename: 'SendTypingSuccess' as const, groupId: toGlobalId('ChatGroup', String(id)) };
    });
  },
};
