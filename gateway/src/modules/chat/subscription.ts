/**
 * `Subscription.chatEvents(resumeFrom)` (spec chat §4; DESIGN "Realtime"): binds the gateway's realtime hub
 * (realtime/hub.ts: one upstream SSE stream per user, shared, resumable) to the schema. One subscription
 * field carries every kind as the `ChatEvent` union, so one socket operation sees them in the order the
 * backend committed them; clients narrow on `__typename`.
 *
 * The socket's cookie session identifies the user (GET current/user once per subscription); without a live
 * session the subscription fails with UNAUTHENTICATED. When the upstream stops for a lost session or a 500,
 * the subscription ends with UNAUTHENTICATED or INTERNAL_SERVER_ERROR.
 */
import {
  GraphQLError,
  Kind,
  type GraphQLResolveInfo,
  type GraphQLSchema,
  type SelectionSetNode,
} from 'graphql/index.js';
import type { GatewayContext } from '../../context.js';
import type { WireEvent } from '@platform/domain/chat/events';
import { metaDataIds } from '@platform/domain/chat/message';
import { isOwnFor, type ChatViewer } from '@platform/domain/chat/own';
import type { ChatHub } from '../../realtime/hub.js';
import type { ChatStreamEvent, RecipientView } from '../../realtime/events.js';
import { subscriptionValues } from '../../realtime/subscriptionValues.js';
import type { ChatMessageView } from '../../rest/chat.js';
import { queryResult } from '../../rest/errors.js';
import type {
  ChatGroupEventParent,
  ChatMessageEventParent,
  ChatPresenceEventParent,
  ChatTypingEventParent,
} from './parents.js';

const MOD_KIND = {
  MSG_EDITED: 'EDITED',
  MSG_METADATA_EDITED: 'METADATA_EDITED',
  MSG_DELETED: 'DELETED',
  MSG_DELIVERED: 'DELIVERED',
  MSG_VIEWED: 'VIEWED',
} as const;

type Payload =
  | (ChatMessageEventParent & { __typename: 'ChatMessageEvent' })
  | (ChatGroupEventParent & { __typename: 'ChatGroupEvent' })
  | (ChatTypingEventParent & { __typename: 'ChatTypingEvent' })
  | (ChatPresenceEventParent & { __typename: 'ChatPresenceEvent' })
  | { __typename: 'ChatResyncEvent'; cursor: string | null; reason: string }
  | { __typename: 'ChatRequestDocumentEvent'; cursor: string | null; payload: string };

/**
 * The message of a realtime event as `viewer` sees it: the backend's event view is viewer-neutral (`selfMsg` false for
 * every recipient), so `selfMsg` is replaced by the backend's own rule for this viewer (@platform/domain/chat/own isOwnFor: a desk
 * message of 10762 in a support chat is every operator's own), on the message and on its reply / forward quotes. A
 * message without a sender (an id-only status change) keeps no `selfMsg`.
 */
function forViewer(dto: ChatMessageView, groupType: string | null, viewer: ChatViewer): ChatMessageView {
  const judge = <M extends { sender?: { id: number } | null; selfMsg?: boolean }>(
    m: M | null | undefined,
    type: string | null,
  ) => (m ? { ...m, selfMsg: m.sender?.id != null ? isOwnFor(m.sender.id, type, viewer) : undefined } : null);
  return {
    ...judge(dto, groupType)!,
    // a reply quotes a message of the same group; a forward's source group is not in the event (own.ts: null)
    replyMessage: judge(dto.replyMessage, groupType),
    forwardMessage: judge(dto.forwardMessage, null),
  };
}

/** Maps one hub event to the GraphQL payload for `viewer` (null: not shown, e.g. an unknown modification). */
export function toPayload(e: ChatStreamEvent, viewer: ChatViewer): Payload | null {
  switch (e.kind) {
    case 'TYPING':
      return { __typename: 'ChatTypingEvent', cursor: null, groupId: e.groupId, users: e.users };
    case 'PRESENCE':
      return {
        __typename: 'ChatPresenceEvent',
        cursor: null,
        user: { userId: e.userId, name: e.userName, lastSeenAt: e.lastSeenAt },
      };
    case 'RESYNC':
      return { __typename: 'ChatResyncEvent', cursor: e.cursor, reason: e.reason };
    case 'EVENT':
      return fromWire(e.wire, e.cursor, viewer, e.receivedAt, e.view);
    case 'ORDER':
      return null; // live order events travel on the same channel; Subscription.orderEvents shows them (issue 12)
  }
}

function fromWire(
  w: WireEvent,
  cursor: string,
  viewer: ChatViewer,
  receivedAt?: number,
  recipientView?: RecipientView,
): Payload | null {
  switch (w.type) {
    case 'GROUP_MSG':
    case 'CHILD_MSG':
    case 'MODIFY_MSG': {
      const kind =
        w.type === 'GROUP_MSG'
          ? 'NEW'
          : w.type === 'CHILD_MSG'
            ? 'CHILD'
            : w.type !== 'MODIFY_MSG'
              ? undefined
              : (MOD_KIND as Record<string, ChatMessageEventParent['kind'] | undefined>)[w.modification];
      if (!kind) return null;
      // The backend's event message is its message view (ChatMessageView) plus `mentions`; it carries `edited`. A
      // reaction (METADATA_EDITED with `reaction`) never marks a message edited.
      // MSG_DELIVERED / MSG_VIEWED carry a stub of ids; the backend's stream adds the message's view when it has it
      const status = kind === 'DELIVERED' || kind === 'VIEWED' ? kind : undefined;
      const view = status && w.type === 'MODIFY_MSG' ? w.view : null;
      const base = (
        view ? { ...view, status: w.message.status, messageStatus: w.message.status } : w.message
      ) as ChatMessageView & { mentions?: readonly number[] };
      const edited =
        base.edited ?? (kind === 'EDITED' || (kind === 'METADATA_EDITED' && !(w.type === 'MODIFY_MSG' && w.reaction)));
      const dto = forViewer(
        { ...base, mentioned: base.mentions ? [...base.mentions] : base.mentioned, edited },
        base.group?.type ?? null,
        viewer,
      );
      const ids =
        kind === 'VIEWED' ? [...new Set([...metaDataIds(w.message.metaData), w.message.msgId])] : [w.message.msgId];
      return {
        __typename: 'ChatMessageEvent',
        cursor,
        kind,
        groupId: w.message.groupId,
        messageIds: ids,
        receivedAt,
        view: recipientView,
        // lastViewedAt unknown in an event: someone else's new message is unread (DELIVERED), own keeps its status
        message: {
          dto,
          groupId: w.message.groupId,
          viewerId: viewer.userId,
          lastViewedAt: null,
          firstUnreadId: null,
          ...(status ? { eventStatus: status, complete: !!view } : {}),
        },
      };
    }
    case 'MODIFY_GROUP_MSG': {
      const userId = w.userId ?? null;
      const removedForViewer =
        (w.event === 'GROUP_LEFT' || w.event === 'GROUP_REMOVED') && (userId === null || userId === viewer.userId);
      return {
        __typename: 'ChatGroupEvent',
        cursor,
        kind: w.event,
        groupId: w.groupId,
        userId,
        removedForViewer,
        receivedAt,
        view: recipientView,
      };
    }
    case 'GROUP_REQDOC_MSG':
      return { __typename: 'ChatRequestDocumentEvent', cursor, payload: JSON.stringify(w.payload ?? null) };
    default:
      return null;
  }
}

const VIEW_FIELDS = new Set(['group', 'unreadStatistic']);

/**
 * Whether a chatEvents selection asks, on an event, for a field the backend's per-recipient view answers (`group`,
 * `unreadStatistic` of ChatMessageEvent / ChatGroupEvent), through inline fragments and fragment spreads. The web app's
 * document does; a document that does not spares the backend reading the views (issue 15).
 */
export function selectsEventViews(info: Pick<GraphQLResolveInfo, 'fieldNodes' | 'fragments'>): boolean {
  const seen = new Set<string>();
  const walk = (set: SelectionSetNode | undefined): boolean =>
    !!set &&
    set.selections.some((s) => {
      if (s.kind === Kind.FIELD) return VIEW_FIELDS.has(s.name.value);
      if (s.kind === Kind.INLINE_FRAGMENT) return walk(s.selectionSet);
      if (seen.has(s.name.value)) return false;
      seen.add(s.name.value);
      return walk(info.fragments[s.name.value]?.selectionSet);
    });
  return info.fieldNodes.some((f) => walk(f.selectionSet));
}

/** Attaches `subscribe`/`resolve` of Subscription.chatEvents to the schema, bound to `hub`. */
export function attachChatSubscription(schema: GraphQLSchema, hub: ChatHub): void {
  const field = schema.getSubscriptionType()?.getFields().chatEvents;
  if (!field) throw new Error('schema.graphql lacks Subscription.chatEvents');
  field.resolve = (payload: unknown) => payload;
  field.subscribe = async (
    _root,
    args: { resumeFrom?: string | null },
    ctx: GatewayContext,
    info: GraphQLResolveInfo,
  ) => {
    // An API token (issue 12) follows live order events only (orderEvents), never the chat.
    const cookieSession = ctx.session.hasSessionCookie() && !ctx.session.usesApiToken();
    const user = cookieSession ? await queryResult(() => ctx.loaders.viewer()) : null;
    if (!user) throw new GraphQLError('Требуется вход в систему', { extensions: { code: 'UNAUTHENTICATED' } });
    const source = hub.subscribe({
      userId: user.userId,
      cookie: ctx.session.jar.header() ?? '',
      resumeFrom: args.resumeFrom ?? null,
      views: selectsEventViews(info),
    });
    // an operator is support (spec chat §6): the desk's messages in support chats are theirs
    const viewer: ChatViewer = { userId: user.userId, isSupport: user.account?.type === 'OPER' };
    return subscriptionValues(source, (e) => toPayload(e, viewer));
  };
}
