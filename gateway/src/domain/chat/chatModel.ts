/**
 * Applying realtime events to a client-side chat model (spec chat §4 "New message handling", "Message
 * modification types", "Group modifications", "Notifications"; §5 errors). A pure reducer: it returns a new
 * model and never changes its input; the clock comes in `ctx.now`, typing goes to an injected TypingStore.
 *
 * New message (GROUP_MSG, CHILD_MSG; CHILD_MSG is handled the same way, the spec does not tell them apart):
 *   - the unread statistic must be loaded, otherwise error 'Не загружена статистика';
 *   - a message with msgId ≤ the statistic's lastMessageId is skipped (already counted); otherwise
 *     lastMessageId becomes its msgId;
 *   - from someone else: +1 to the overall and to the group's unread count; own: no count change;
 *   - the group's last message is updated and the list re-sorted (groupOrder.ts); a group that is not in the
 *     loaded list is not added (its preview is unknown; the list reloads on GROUP_ADDED or paging);
 *   - in the open group it is appended, or replaces the placeholder with the same extMsgId; a mention of the
 *     viewer is recorded; the sender's typing indicator is cleared. The open group's info must be loaded,
 *     otherwise error 'Group info not loaded'.
 * MODIFY_MSG:
 *   - MSG_EDITED, MSG_METADATA_EDITED: text, file and metaData replaced, `updated` set;
 *   - MSG_DELETED: the message and its mention marker are removed; when it was unread (someone else's, above
 *     the open group's lastViewedMessageId) the group and overall counts drop by one;
 *   - MSG_DELIVERED: DELIVERED; MSG_VIEWED: VIEWED, for every id in metaData when it lists several, plus msgId.
 *     Statuses only move forward (a late DELIVERED never undoes VIEWED).
 * MODIFY_GROUP_MSG:
 *   - GROUP_ADDED, GROUP_CREATED, GROUP_JOINED add the group when absent; only GROUP_ADDED adds the group's
 *     unread count to the overall statistic (CREATED and JOINED leave it unchanged);
 *   - GROUP_NAME_CHANGED, GROUP_PICTURE_CHANGED update the preview;
 *   - GROUP_LEFT, GROUP_REMOVED about the viewer (or about the whole group, no userId) remove the group and
 *     its unread count from the overall statistic; about another member they change nothing here;
 *   - GROUP_ADDED_FAVORITE: favoriteId 0, every other favourite +1; GROUP_REMOVED_FAVORITE: mark removed.
 * NOTIFY_MSG: USER_ONLINE stores lastSeenAt = now, USER_OFFLINE the offline marker (presence.ts);
 *   USER_TYPING_GROUP goes to the typing store (typing.ts), the viewer's own is ignored.
 * GROUP_REQDOC_MSG: passed on unchanged (`passThrough`).
 * Every counter is clamped at 0.
 */
import type { WireEvent, WireGroup, WireMessage } from './events.js';
import { metaDataIds } from './events.js';
import { laterStatus, type MessageStatus } from './messageStatus.js';
import { offlineMarker } from './presence.js';
import { isOwnFor } from './own.js';
import { sortGroups } from './groupOrder.js';
import type { TypingStore } from './typing.js';

/** Error texts of chat §5 / §8. */
export const CHAT_MODEL_ERRORS = {
  STATISTICS_NOT_LOADED: 'Не загружена статистика',
  GROUP_INFO_NOT_LOADED: 'Group info not loaded',
} as const;

/** A message in the open chat. A placeholder (sent, not yet confirmed) has msgId null and an extMsgId. */
export interface ModelMessage {
  msgId: number | null;
  extMsgId?: string | null;
  groupId: number;
  dateTimeCreate: string;
  text?: string | null;
  status: MessageStatus;
  senderId: number;
  own: boolean;
  file?: { name: string } | null;
  metaData?: string | null;
  updated?: boolean;
}

/** A group in the list (chat §3 group preview with its statistics). */
export interface ModelGroup {
  id: number;
  groupType: string;
  name: string;
  pictureLink?: string | null;
  favoriteId: number | null;
  dateTimeCreate?: string | null;
  lastMessage: {
    msgId?: number;
    timeCreate: string;
    message?: string | null;
    messageStatus?: MessageStatus;
    selfMsg?: boolean;
  } | null;
  unreadMessagesCount: number;
}

/** The open group's info and loaded messages (chat §3 "Current chat info"), oldest first. */
export interface OpenGroup {
  id: number;
  lastViewedMessageId: number;
  messages: ModelMessage[];
  mentionedMessageIds: number[];
  newReactionsMessageIds: number[];
}

/** The client-side chat model. */
export interface ChatModel {
  viewerId: number;
  /** Whether the viewer is support (an operator, chat §6): desk messages of the support user 10762 are then own. */
  viewerIsSupport?: boolean;
  /** Overall unread statistic (chat §3), null until loaded. */
  unread: { unreadMessagesCount: number; lastMessageId: number } | null;
  groups: ModelGroup[];
  /** The group shown on the chat detail route, if any, and its info (null while not loaded). */
  openGroupId: number | null;
  openGroup: OpenGroup | null;
  /** lastSeenAt per user id, UTC ISO 8601. */
  presence: Record<number, string>;
}

/** Context of one application: the current time (ms since the epoch) and the typing store. */
export interface ApplyContext {
  now: number;
  typing?: TypingStore;
}

/** The outcome of {@link applyRealtimeEvent}. Errors are returned with the unchanged model (chat §8: logged only). */
export type ApplyResult =
  | { ok: true; model: ChatModel; skipped?: boolean; passThrough?: boolean }
  | { ok: false; error: string; model: ChatModel };

const dec = (n: number) => Math.max(0, n - 1);

/**
 * Applies one realtime event (rules in the header). Pure apart from the typing store in `ctx`.
 * @returns the new model, or `{ ok: false, error }` with 'Не загружена статистика' / 'Group info not loaded'.
 */
export function applyRealtimeEvent(model: ChatModel, event: WireEvent, ctx: ApplyContext): ApplyResult {
  switch (event.type) {
    case 'GROUP_MSG':
    case 'CHILD_MSG':
      return applyNewMessage(model, event.message, ctx);
    case 'MODIFY_MSG':
      return applyModification(model, event.modification, event.message);
    case 'MODIFY_GROUP_MSG':
      return applyGroupEvent(model, event.event, event.groupId, event.group ?? null, event.userId ?? null);
    case 'NOTIFY_MSG': {
      if (event.notification === 'USER_TYPING_GROUP') {
        const r = ctx.typing?.notify(
          { groupId: event.groupId, userId: event.userId, userName: event.userName },
          model.viewerId,
        );
        return r && !r.ok ? { ok: false, error: r.error, model } : { ok: true, model };
      }
      if (event.userId == null) return { ok: true, model, skipped: true };
      const seen = event.notification === 'USER_ONLINE' ? new Date(ctx.now) : offlineMarker(new Date(ctx.now));
      return { ok: true, model: { ...model, presence: { ...model.presence, [event.userId]: seen.toISOString() } } };
    }
    case 'GROUP_REQDOC_MSG':
      return { ok: true, model, passThrough: true };
  }
}

/** Whether a realtime message is the viewer's own: the backend's rule per viewer (own.ts isOwnFor; the wire selfMsg is viewer-neutral). */
function isOwn(model: ChatModel, m: WireMessage): boolean {
  const groupType = m.group?.type ?? model.groups.find((g) => g.id === m.groupId)?.groupType ?? null;
  return isOwnFor(m.sender.id, groupType, { userId: model.viewerId, isSupport: !!model.viewerIsSupport });
}

function toModelMessage(model: ChatModel, m: WireMessage): ModelMessage {
  return {
    msgId: m.msgId,
    extMsgId: m.extMsgId ?? null,
    groupId: m.groupId,
    dateTimeCreate: m.dateTimeCreate,
    text: m.text ?? null,
    status: m.status,
    senderId: m.sender.id,
    own: isOwn(model, m),
    file: m.file ?? null,
    metaData: m.metaData ?? null,
  };
}

function applyNewMessage(model: ChatModel, m: WireMessage, ctx: ApplyContext): ApplyResult {
  if (!model.unread) return { ok: false, error: CHAT_MODEL_ERRORS.STATISTICS_NOT_LOADED, model };
  if (m.msgId <= model.unread.lastMessageId) return { ok: true, model, skipped: true };
  const opensHere = model.openGroupId === m.groupId;
  if (opensHere && !model.openGroup) return { ok: false, error: CHAT_MODEL_ERRORS.GROUP_INFO_NOT_LOADED, model };
  const own = isOwn(model, m);
  const unread = {
    unreadMessagesCount: model.unread.unreadMessagesCount + (own ? 0 : 1),
    lastMessageId: m.msgId,
  };
  const groups = sortGroups(
    model.groups.map((g) =>
      g.id !== m.groupId
        ? g
        : {
            ...g,
            unreadMessagesCount: g.unreadMessagesCount + (own ? 0 : 1),
            lastMessage: {
              msgId: m.msgId,
              timeCreate: m.dateTimeCreate,
              message: m.text ?? null,
              messageStatus: m.status,
              selfMsg: own,
            },
          },
    ),
  );
  let openGroup = model.openGroup;
  if (opensHere && openGroup) {
    const incoming = toModelMessage(model, m);
    const messages = openGroup.messages.filter((x) => x.msgId !== m.msgId);
    const placeholder = m.extMsgId ? messages.findIndex((x) => x.extMsgId === m.extMsgId) : -1;
    if (placeholder >= 0) messages[placeholder] = incoming;
    else messages.push(incoming);
    const mentioned = !own && m.mentions?.includes(model.viewerId) && !openGroup.mentionedMessageIds.includes(m.msgId);
    openGroup = {
      ...openGroup,
      messages,
      mentionedMessageIds: mentioned ? [...openGroup.mentionedMessageIds, m.msgId] : openGroup.mentionedMessageIds,
    };
  }
  ctx.typing?.clear(m.groupId, m.sender.id);
  return { ok: true, model: { ...model, unread, groups, openGroup } };
}

function applyModification(model: ChatModel, kind: string, m: WireMessage): ApplyResult {
  const open = model.openGroup && model.openGroup.id === m.groupId ? model.openGroup : null;
  const mapMessages = (f: (x: ModelMessage) => ModelMessage): OpenGroup | null =>
    open && model.openGroup
      ? { ...model.openGroup, messages: model.openGroup.messages.map((x) => (x.msgId === null ? x : f(x))) }
      : model.openGroup;

  switch (kind) {
    case 'MSG_EDITED':
    case 'MSG_METADATA_EDITED': {
      const openGroup = mapMessages((x) =>
        x.msgId === m.msgId
          ? { ...x, text: m.text ?? null, file: m.file ?? null, metaData: m.metaData ?? null, updated: true }
          : x,
      );
      const groups = model.groups.map((g) =>
        g.id === m.groupId && g.lastMessage?.msgId === m.msgId
          ? { ...g, lastMessage: { ...g.lastMessage, message: m.text ?? null } }
          : g,
      );
      return { ok: true, model: { ...model, openGroup, groups } };
    }
    case 'MSG_DELETED': {
      if (!open) return { ok: true, model };
      const gone = open.messages.find((x) => x.msgId === m.msgId);
      const wasUnread = !!gone && !gone.own && m.msgId > open.lastViewedMessageId;
      if (wasUnread && !model.unread) return { ok: false, error: CHAT_MODEL_ERRORS.STATISTICS_NOT_LOADED, model };
      const openGroup: OpenGroup = {
        ...open,
        messages: open.messages.filter((x) => x.msgId !== m.msgId),
        mentionedMessageIds: open.mentionedMessageIds.filter((id) => id !== m.msgId),
        newReactionsMessageIds: open.newReactionsMessageIds.filter((id) => id !== m.msgId),
      };
      if (!wasUnread) return { ok: true, model: { ...model, openGroup } };
      return {
        ok: true,
        model: {
          ...model,
          openGroup,
          unread: { ...model.unread!, unreadMessagesCount: dec(model.unread!.unreadMessagesCount) },
          groups: model.groups.map((g) =>
            g.id === m.groupId ? { ...g, unreadMessagesCount: dec(g.unreadMessagesCount) } : g,
          ),
        },
      };
    }
    case 'MSG_DELIVERED':
    case 'MSG_VIEWED': {
      const status: MessageStatus = kind === 'MSG_VIEWED' ? 'VIEWED' : 'DELIVERED';
      const ids = new Set([m.msgId, ...(kind === 'MSG_VIEWED' ? metaDataIds(m.metaData) : [])]);
      const openGroup = mapMessages((x) => (ids.has(x.msgId!) ? { ...x, status: laterStatus(x.status, status) } : x));
      const groups = model.groups.map((g) =>
        g.id === m.groupId && g.lastMessage?.msgId !== undefined && ids.has(g.lastMessage.msgId)
          ? {
              ...g,
              lastMessage: {
                ...g.lastMessage,
                messageStatus: laterStatus(g.lastMessage.messageStatus ?? 'SENT', status),
              },
            }
          : g,
      );
      return { ok: true, model: { ...model, openGroup, groups } };
    }
    default:
      return { ok: true, model, skipped: true };
  }
}

function applyGroupEvent(
  model: ChatModel,
  kind: string,
  groupId: number,
  group: WireGroup | null,
  userId: number | null,
): ApplyResult {
  const existing = model.groups.find((g) => g.id === groupId);
  switch (kind) {
    case 'GROUP_ADDED':
    case 'GROUP_CREATED':
    case 'GROUP_JOINED': {
      if (existing || !group) return { ok: true, model };
      const added: ModelGroup = {
        id: group.id,
        groupType: group.groupType,
        name: group.name,
        pictureLink: group.pictureLink ?? null,
        favoriteId: null,
        dateTimeCreate: group.dateTimeCreate ?? null,
        lastMessage: null,
        unreadMessagesCount: Math.max(0, group.unreadMessagesCount ?? 0),
      };
      let unread = model.unread;
      if (kind === 'GROUP_ADDED' && added.unreadMessagesCount > 0) {
        if (!unread) return { ok: false, error: CHAT_MODEL_ERRORS.STATISTICS_NOT_LOADED, model };
        unread = { ...unread, unreadMessagesCount: unread.unreadMessagesCount + added.unreadMessagesCount };
      }
      return { ok: true, model: { ...model, unread, groups: sortGroups([...model.groups, added]) } };
    }
    case 'GROUP_NAME_CHANGED':
    case 'GROUP_PICTURE_CHANGED': {
      if (!existing || !group) return { ok: true, model };
      const patch = kind === 'GROUP_NAME_CHANGED' ? { name: group.name } : { pictureLink: group.pictureLink ?? null };
      return {
        ok: true,
        model: { ...model, groups: model.groups.map((g) => (g.id === groupId ? { ...g, ...patch } : g)) },
      };
    }
    case 'GROUP_LEFT':
    case 'GROUP_REMOVED': {
      if (userId !== null && userId !== model.viewerId) return { ok: true, model };
      if (!existing) return { ok: true, model };
      let unread = model.unread;
      if (existing.unreadMessagesCount > 0) {
        if (!unread) return { ok: false, error: CHAT_MODEL_ERRORS.STATISTICS_NOT_LOADED, model };
        unread = {
          ...unread,
          unreadMessagesCount: Math.max(0, unread.unreadMessagesCount - existing.unreadMessagesCount),
        };
      }
      const closes = model.openGroupId === groupId;
      return {
        ok: true,
        model: {
          ...model,
          unread,
          groups: model.groups.filter((g) => g.id !== groupId),
          openGroupId: closes ? null : model.openGroupId,
          openGroup: closes ? null : model.openGroup,
        },
      };
    }
    case 'GROUP_ADDED_FAVORITE': {
      if (!existing) return { ok: true, model };
      const groups = model.groups.map((g) =>
        g.id === groupId ? { ...g, favoriteId: 0 } : g.favoriteId !== null ? { ...g, favoriteId: g.favoriteId + 1 } : g,
      );
      return { ok: true, model: { ...model, groups: sortGroups(groups) } };
    }
    case 'GROUP_REMOVED_FAVORITE': {
      if (!existing) return { ok: true, model };
      return {
        ok: true,
        model: {
          ...model,
          groups: sortGroups(model.groups.map((g) => (g.id === groupId ? { ...g, favoriteId: null } : g))),
        },
      };
    }
    default:
      return { ok: true, model, skipped: true };
  }
}
