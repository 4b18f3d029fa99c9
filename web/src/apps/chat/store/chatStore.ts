/**
 * Relay store updates shared by the chat mutations and the chatEvents subscription (spec chat §4 "New message
 * handling", "Group list"). Connection keys: the lists `ChatList_chatGroups` (filters `search`, `types`) under the
 * viewer, the messages `ChatMessageList_messages` under the group. Every group list in use registers itself with
 * the filter it was loaded with (`registerListConnection`), so a new group is added only to the lists of its kind
 * (support chats to the support desk, others to the chat list, support/chatLists.ts) and removals reach a searched
 * list too.
 */
import { ConnectionHandler, type RecordProxy, type RecordSourceSelectorProxy } from 'relay-runtime';
import { chatSignals } from './chatSignals';
import { sortGroups } from '@platform/domain/chat/groupOrder';
import { acceptsNewGroup, matchesTypes, type ListFilter } from '../support/chatLists';

/** Connection key of the chat lists (ChatList). */
export const GROUP_LIST_KEY = 'ChatList_chatGroups';
/** Connection key of a group's messages (ChatMessageList). */
export const MESSAGES_KEY = 'ChatMessageList_messages';

/**
 * The group list connections loaded so far (connection record id → its filter). Entries stay after their list
 * unmounts so that a list kept in the store is updated too; records Relay has collected are skipped.
 */
export const listConnections = new Map<string, ListFilter>();

/** Records a list connection and the filter it was loaded with (the lists call it when they render). */
export function registerListConnection(connectionId: string, filter: ListFilter): void {
  listConnections.set(connectionId, filter);
}

type Store = RecordSourceSelectorProxy;

function viewerOf(store: Store): RecordProxy | null {
  return store.getRoot().getLinkedRecord('viewer') ?? null;
}

function groupListConnections(store: Store): Array<{ conn: RecordProxy; filter: ListFilter }> {
  const out: Array<{ conn: RecordProxy; filter: ListFilter }> = [];
  for (const [id, filter] of listConnections) {
    const conn = store.get(id);
    if (conn) out.push({ conn, filter });
  }
  return out;
}

/**
 * The groups of the loaded lists, each once, optionally only those of lists whose types filter accepts
 * `groupType` (the favourites of an operator's support chats and of his other chats are counted apart).
 */
export function listedGroups(store: Store, groupType?: string | null): RecordProxy[] {
  const out = new Map<string, RecordProxy>();
  for (const { conn, filter } of groupListConnections(store)) {
    if (groupType !== undefined && !matchesTypes(filter.types, groupType)) continue;
    for (const edge of conn.getLinkedRecords('edges') ?? []) {
      const node = edge?.getLinkedRecord('node');
      if (node) out.set(node.getDataID(), node);
    }
  }
  return [...out.values()];
}

/**
 * Whether the viewer's badges split the support chats off (the operator's 'Поддержка' and 'Чаты', ChatNavLink):
 * the loaded statistic carries the per-type counts.
 */
export function splitsSupportCounts(store: Store): boolean {
  const stat = viewerOf(store)?.getLinkedRecord('unreadStatistic');
  return stat?.getLinkedRecords('groupTypeCounts') != null;
}

/**
 * Copies an unread statistic (from a mutation or event payload about the group `groupId`, a global id) into
 * Viewer.unreadStatistic: the badges. When the badges split the support chats off (splitsSupportCounts) and the
 * group is a support chat, the overall count is not copied alone — the per-type counts would lag behind it and the
 * 'Чаты' badge would jump — but the badges are asked to reload the whole statistic (chatSignals, debounced).
 */
export function setUnreadStatistic(
  store: Store,
  source: RecordProxy | null | undefined,
  groupId?: string | null,
): void {
  const viewer = viewerOf(store);
  if (!viewer || !source) return;
  if (groupId && store.get(groupId)?.getValue('groupType') === 'ECVP_SUPPORT' && splitsSupportCounts(store)) {
    chatSignals.supportCountsChanged();
    return;
  }
  let stat = viewer.getLinkedRecord('unreadStatistic');
  if (!stat) {
    stat = store.create(`${viewer.getDataID()}:unreadStatistic`, 'UnreadStatistic');
    viewer.setLinkedRecord(stat, 'unreadStatistic');
  }
  const count = source.getValue('unreadMessagesCount');
  if (typeof count === 'number') stat.setValue(Math.max(0, count), 'unreadMessagesCount');
  const last = source.getValue('lastMessageId');
  if (last !== undefined) stat.setValue(last, 'lastMessageId');
}

/** Appends a message to the group's loaded message list unless it is already there (events and send both add it). */
export function appendMessage(store: Store, groupId: string, message: RecordProxy): void {
  const group = store.get(groupId);
  const conn = group ? ConnectionHandler.getConnection(group, MESSAGES_KEY) : null;
  if (!conn) return;
  const edges = conn.getLinkedRecords('edges') ?? [];
  const id = message.getDataID();
  if (edges.some((e) => e?.getLinkedRecord('node')?.getDataID() === id)) return;
  const edge = ConnectionHandler.createEdge(store, conn, message, 'ChatMessageEdge');
  ConnectionHandler.insertEdgeAfter(conn, edge);
}

/** Removes a message from its group's list. */
export function removeMessage(store: Store, groupId: string, messageId: string): void {
  const group = store.get(groupId);
  const conn = group ? ConnectionHandler.getConnection(group, MESSAGES_KEY) : null;
  if (conn) ConnectionHandler.deleteNode(conn, messageId);
}

/** Sets VIEWED on each message (MSG_VIEWED with several ids, spec chat §4). */
export function markMessagesViewed(store: Store, ids: readonly string[]): void {
  for (const id of ids) store.get(id)?.setValue('VIEWED', 'status');
}

/** Removes a group from every loaded list (leave, delete, GROUP_LEFT / GROUP_REMOVED). */
export function removeGroup(store: Store, groupId: string): void {
  for (const { conn } of groupListConnections(store)) ConnectionHandler.deleteNode(conn, groupId);
}

/**
 * Re-sorts the loaded lists (favourites by favoriteId, then newest last message), first adding `group` where it
 * is absent to the lists of its kind: unsearched lists whose types filter accepts its `groupType`.
 */
export function placeGroup(store: Store, group: RecordProxy | null | undefined): void {
  const lists = groupListConnections(store);
  if (group) {
    const type = group.getValue('groupType') as string | null | undefined;
    for (const { conn, filter } of lists) {
      if (!acceptsNewGroup(filter, type)) continue;
      const edges = conn.getLinkedRecords('edges') ?? [];
      if (edges.some((e) => e?.getLinkedRecord('node')?.getDataID() === group.getDataID())) continue;
      ConnectionHandler.insertEdgeBefore(conn, ConnectionHandler.createEdge(store, conn, group, 'ChatGroupEdge'));
    }
  }
  for (const { conn } of lists) {
    const edges = (conn.getLinkedRecords('edges') ?? []).filter((e): e is RecordProxy => e != null);
    const sorted = sortGroups(edges, (e) => {
      const node = e.getLinkedRecord('node');
      return {
        favoriteId: (node?.getValue('favoriteId') as number | null | undefined) ?? null,
        activityAt:
          ((node?.getLinkedRecord('lastMessage')?.getValue('createdAt') ?? node?.getValue('createdAt')) as
            string | null | undefined) ?? null,
      };
    });
    conn.setLinkedRecords(sorted, 'edges');
  }
}

/** Drops a decided invitation (global id) from Viewer.chatInvitations (the list 'Приглашения'). */
export function removeInvitation(store: Store, invitationId: string): void {
  const viewer = viewerOf(store);
  const list = viewer?.getLinkedRecords('chatInvitations');
  if (!viewer || !list) return;
  viewer.setLinkedRecords(
    list.filter((r) => r != null && r.getDataID() !== invitationId),
    'chatInvitations',
  );
}
