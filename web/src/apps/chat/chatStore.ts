/**
 * Relay store updates shared by the chat mutations and the chatEvents subscription (spec chat §4 "New message
 * handling", "Group list"). Connection keys: the list `ChatList_chatGroups` (filter `search`) under the viewer,
 * the messages `ChatMessageList_messages` under the group. The list connections in use register themselves
 * (`listConnections`) so removals reach a filtered list too.
 */
import { ConnectionHandler, type RecordProxy, type RecordSourceSelectorProxy } from 'relay-runtime';
import { sortGroups } from './groupOrder';

export const GROUP_LIST_KEY = 'ChatList_chatGroups';
export const MESSAGES_KEY = 'ChatMessageList_messages';

/** Ids of the list connections currently shown (ChatList registers its own). */
export const listConnections = new Set<string>();

type Store = RecordSourceSelectorProxy;

function viewerOf(store: Store): RecordProxy | null {
  return store.getRoot().getLinkedRecord('viewer') ?? null;
}

function groupListConnections(store: Store): RecordProxy[] {
  const out = new Map<string, RecordProxy>();
  const viewer = viewerOf(store);
  const main = viewer ? ConnectionHandler.getConnection(viewer, GROUP_LIST_KEY, { search: null }) : null;
  if (main) out.set(main.getDataID(), main);
  for (const id of listConnections) {
    const c = store.get(id);
    if (c) out.set(id, c);
  }
  return [...out.values()];
}

/** Copies an unread statistic (from a mutation or event payload) into Viewer.unreadStatistic: the badge. */
export function setUnreadStatistic(store: Store, source: RecordProxy | null | undefined): void {
  const viewer = viewerOf(store);
  if (!viewer || !source) return;
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

/** Removes a group from every shown list (leave, delete, GROUP_LEFT / GROUP_REMOVED). */
export function removeGroup(store: Store, groupId: string): void {
  for (const conn of groupListConnections(store)) ConnectionHandler.deleteNode(conn, groupId);
}

/** Re-sorts the lists (favourites by favoriteId, then newest last message), adding `group` to the unfiltered one when absent. */
export function placeGroup(store: Store, group: RecordProxy | null | undefined): void {
  const viewer = viewerOf(store);
  const main = viewer ? ConnectionHandler.getConnection(viewer, GROUP_LIST_KEY, { search: null }) : null;
  if (group && main) {
    const edges = main.getLinkedRecords('edges') ?? [];
    if (!edges.some((e) => e?.getLinkedRecord('node')?.getDataID() === group.getDataID())) {
      ConnectionHandler.insertEdgeBefore(main, ConnectionHandler.createEdge(store, main, group, 'ChatGroupEdge'));
    }
  }
  for (const conn of groupListConnections(store)) {
    const edges = (conn.getLinkedRecords('edges') ?? []).filter((e): e is RecordProxy => e != null);
    const sorted = sortGroups(edges, (e) => {
      const node = e.getLinkedRecord('node');
      return {
        favoriteId: (node?.getValue('favoriteId') as number | null | undefined) ?? null,
        lastAt: ((node?.getLinkedRecord('lastMessage')?.getValue('createdAt') ?? node?.getValue('createdAt')) as string | null | undefined) ?? null,
      };
    });
    conn.setLinkedRecords(sorted, 'edges');
  }
}
