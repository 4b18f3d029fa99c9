/**
 * The realtime event types of `Subscription.chatEvents` (spec chat §4; subscription.ts maps the hub's events to these
 * parents) and the `__resolveType` of the chat unions (events and mutation results, whose values carry `__typename`).
 */
import { toGlobalId } from 'graphql-relay';
import type { Resolvers } from '../../generated/resolvers-types.js';
import { nullIfAbsent } from '../../rest/errors.js';
import type { GatewayContext } from '../../context.js';
import type { RecipientView } from '../../realtime/events.js';
import { chatApi, groupParent, messageOf, readSince, unreadStatistic, viewerId } from './shared.js';

type EventParent = { groupId: number; receivedAt?: number; view?: RecipientView };

/**
 * The group of an event for the viewer (null when absent or not visible): the backend's view sent with the event
 * (issue 15: no read), else as it is now, read once for the events queued before it.
 */
const eventGroup = (ctx: GatewayContext, e: EventParent) =>
  e.view
    ? Promise.resolve(e.view.group)
    : readSince(ctx, `group:${e.groupId}`, e.receivedAt, () => nullIfAbsent(() => chatApi(ctx).group(e.groupId)));

/** The viewer's unread statistic: the backend's view sent with the event, else now, read once for the events queued before it. */
const eventUnread = (ctx: GatewayContext, e: EventParent) =>
  e.view ? e.view.unread : readSince(ctx, 'unread', e.receivedAt, () => unreadStatistic(ctx));

const byTypename = { __resolveType: <T extends { __typename: string }>(e: T): T['__typename'] => e.__typename };

/** Resolvers of the realtime event types and the chat unions. */
export const eventTypes = {
  ChatTypingUser: {
    name: (u) => u.userName,
    expiresAt: (u) => new Date(u.expiresAt).toISOString(),
  },
  ChatMessageEvent: {
    groupId: (e) => toGlobalId('ChatGroup', String(e.groupId)),
    messageIds: (e) => e.messageIds.map((id) => toGlobalId('ChatMessage', String(id))),
    // MSG_DELIVERED / MSG_VIEWED carry only ids and a status: answering that stub as the message would overwrite
    // the client's cached message (text, time, sender) by its id. The backend's stream adds the message's view to them
    // (no read here, issue 15); an event without it (an older backend) has the message loaded as the viewer sees it.
    // Either way its status is the one the event sets (spec chat §4).
    message: async (e, _a, ctx) => {
      if (e.message.complete !== false) return e.message;
      const dto = await nullIfAbsent(() => chatApi(ctx).message(e.message.dto.msgId));
      return dto
        ? { ...(await messageOf(ctx, dto, e.message.viewerId)), eventStatus: e.message.eventStatus }
        : e.message;
    },
    group: async (e, _a, ctx) => {
      const dto = await eventGroup(ctx, e);
      return dto ? groupParent(dto, e.message.viewerId) : null;
    },
    unreadStatistic: (e, _a, ctx) => eventUnread(ctx, e),
  },
  ChatGroupEvent: {
    groupId: (e) => toGlobalId('ChatGroup', String(e.groupId)),
    event: (e) => e.kind as never,
    group: async (e, _a, ctx) => {
      if (e.removedForViewer) return null;
      const dto = await eventGroup(ctx, e);
      return dto ? groupParent(dto, await viewerId(ctx)) : null;
    },
    unreadStatistic: (e, _a, ctx) => eventUnread(ctx, e),
  },
  ChatTypingEvent: {
    groupId: (e) => toGlobalId('ChatGroup', String(e.groupId)),
  },
  ChatEvent: byTypename,
  OpenOrderChatResult: byTypename,
  SendChatMessageResult: byTypename,
  EditChatMessageResult: byTypename,
  DeleteChatMessageResult: byTypename,
  ReactToChatMessageResult: byTypename,
  ChatGroupChangeResult: byTypename,
  ChatGroupRemovedResult: byTypename,
  SendTypingResult: byTypename,
  InviteToChatGroupResult: byTypename,
  ChatInvitationDecisionResult: byTypename,
  MarkChatMessagesViewedResult: byTypename,
} satisfies Resolvers;
