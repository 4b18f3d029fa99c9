/**
 * Applies one chatEvents payload to the Relay store (spec chat §4): new messages appended to the open list and
 * the group re-placed in the chat list; deletions removed; VIEWED set on every id; groups added, removed, pinned
 * and unpinned; the badge's unread statistic copied from the event (the server's numbers, never guessed; not
 * changed for GROUP_CREATED / GROUP_JOINED; for an operator's support chat the badges reload the statistic instead,
 * chatStore.setUnreadStatistic). Typing, presence and resync are handled by the subscriber, which also reloads the
 * viewer's alliance invitations on a GROUP_ADDED about the viewer (isViewerAddedEvent) and makes the open chat refetch
 * its members on a GROUP_JOINED / GROUP_LEFT / GROUP_ADDED (membershipChangedGroupId).
 */
import type { RecordProxy, RecordSourceSelectorProxy } from 'relay-runtime';
import {
  appendMessage,
  listedGroups,
  markMessagesViewed,
  placeGroup,
  removeGroup,
  removeMessage,
  setUnreadStatistic,
} from './chatStore';

/**
 * A group pinned elsewhere became favourite 0: the other favourites of the same member row move down by one. An
 * operator's support chats have their own favourites (shared through the support user), so only the groups of
 * lists accepting the pinned group's type move (all lists when the type is unknown).
 */
function shiftFavourites(
  store: RecordSourceSelectorProxy,
  exceptId: string,
  groupType: string | null | undefined,
): void {
  for (const node of listedGroups(store, groupType ?? undefined)) {
    const fav = node.getValue('favoriteId');
    if (node.getDataID() !== exceptId && typeof fav === 'number') node.setValue(fav + 1, 'favoriteId');
  }
}

/** Applies the `chatEvents` root field of a subscription payload to the store (see the header). */
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
    setUnreadStatistic(store, ev.getLinkedRecord('unreadStatistic'), groupId);
  } else if (type === 'ChatGroupEvent' && groupId) {
    const event = ev.getValue('event');
    if (ev.getValue('removedForViewer') === true) removeGroup(store, groupId);
    else {
      const group = ev.getLinkedRecord('group');
      if (event === 'GROUP_ADDED_FAVORITE') {
        shiftFavourites(store, groupId, group?.getValue('groupType') as string | null | undefined);
        group?.setValue(0, 'favoriteId');
      }
      if (event === 'GROUP_REMOVED_FAVORITE') group?.setValue(null, 'favoriteId');
      placeGroup(store, group);
    }
    if (event !== 'GROUP_CREATED' && event !== 'GROUP_JOINED')
      setUnreadStatistic(store, ev.getLinkedRecord('unreadStatistic'), groupId);
  }
}

/**
 * Whether a chatEvents payload is a GROUP_ADDED about the viewer `viewerUserId` (or about nobody in particular): the
 * backend sends one to an invited user, who is not a member yet, as the cue to reload `Viewer.chatInvitations`.
 */
export function isViewerAddedEvent(
  ev: { __typename: string; event?: string | null; userId?: number | null },
  viewerUserId: number,
): boolean {
  return (
    ev.__typename === 'ChatGroupEvent' &&
    ev.event === 'GROUP_ADDED' &&
    (ev.userId == null || ev.userId === viewerUserId)
  );
}

/** Group events after which the group's member list differs (someone joined, left or was added). */
const MEMBERSHIP_EVENTS: ReadonlySet<string> = new Set(['GROUP_JOINED', 'GROUP_LEFT', 'GROUP_ADDED']);

/**
 * The global id of the group whose members changed by a chatEvents payload (a ChatGroupEvent GROUP_JOINED, GROUP_LEFT or
 * GROUP_ADDED, not one removing the group from the viewer), else null: the open chat of that group refetches its
 * members (chatSignals.membersChanged → ChatDetail), so its header's member count and presence follow.
 */
export function membershipChangedGroupId(ev: {
  __typename: string;
  event?: string | null;
  groupId?: string | null;
  removedForViewer?: boolean | null;
}): string | null {
  if (ev.__typename !== 'ChatGroupEvent' || !ev.groupId || ev.removedForViewer) return null;
  return ev.event && MEMBERSHIP_EVENTS.has(ev.event) ? ev.groupId : null;
}
