/**
 * Applies one chatEvents payload to the Relay store (spec chat §4): new messages appended to the open list and
 * the group re-placed in the chat list; deletions removed; VIEWED set on every id; groups added, removed, pinned
 * and unpinned; the badge's unread statistic copied from the event (the server's numbers, never guessed; not
 * changed for GROUP_CREATED / GROUP_JOINED). Typing, presence and resync are handled by the subscriber.
 */
import { ConnectionHandler, type RecordProxy, type RecordSourceSelectorProxy } from 'relay-runtime';
import { appendMessage, GROUP_LIST_KEY, markMessagesViewed, placeGroup, removeGroup, removeMessage, setUnreadStatistic } from './chatStore';

function shiftFavourites(store: RecordSourceSelectorProxy, exceptId: string): void {
  const viewer = store.getRoot().getLinkedRecord('viewer');
  const conn = viewer ? ConnectionHandler.getConnection(viewer, GROUP_LIST_KEY, { search: null }) : null;
  for (const edge of conn?.getLinkedRecords('edges') ?? []) {
    const node = edge?.getLinkedRecord('node');
    const fav = node?.getValue('favoriteId');
    if (node && node.getDataID() !== exceptId && typeof fav === 'number') node.setValue(fav + 1, 'favoriteId');
  }
}

export function applyChatEvent(store: RecordSourceSelectorProxy): void {
  const ev: RecordProxy | null = store.getRootField('chatEvents');
  if (!ev) return;
  const type = ev.getValue('__typename');
  const groupId = ev.getValue('groupId') as string | undefined;
  if (type === 'ChatMessageEvent' && groupId) {
    const kind = ev.getValue('kind');
    const message = ev.getLinkedRecord('message');
    const ids = (ev.getValue('messageIds') as string[] | null) ?? [];
    if ((kind === 'NEW' || kind === 'CHILD') && message) {
      appendMessage(store, groupId, message);
      placeGroup(store, ev.getLinkedRecord('group'));
    } else if (kind === 'DELETED') {
      for (const id of ids.length ? ids : message ? [message.getDataID()] : []) removeMessage(store, groupId, id);
    } else if (kind === 'VIEWED') {
      markMessagesViewed(store, ids);
    }
    setUnreadStatistic(store, ev.getLinkedRecord('unreadStatistic'));
  } else if (type === 'ChatGroupEvent' && groupId) {
    const event = ev.getValue('event');
    if (ev.getValue('removedForViewer') === true) removeGroup(store, groupId);
    else {
      const group = ev.getLinkedRecord('group');
      if (event === 'GROUP_ADDED_FAVORITE') {
        shiftFavourites(store, groupId);
        group?.setValue(0, 'favoriteId');
      }
      if (event === 'GROUP_REMOVED_FAVORITE') group?.setValue(null, 'favoriteId');
      placeGroup(store, group);
    }
    if (event !== 'GROUP_CREATED' && event !== 'GROUP_JOINED') setUnreadStatistic(store, ev.getLinkedRecord('unreadStatistic'));
  }
}
