/**
 * App-wide chat signals: a ChatResyncEvent asks the list, the open chat and the badges to reload; a change of the
 * operator's support chat counters (an event or a mutation about an ECVP_SUPPORT group, chatStore.setUnreadStatistic)
 * asks the navigation badges to reload the viewer's unread statistic (ChatNavLink, debounced); a GROUP_ADDED about the
 * viewer (an alliance invitation arrives that way, chatEventUpdater.isViewerAddedEvent) asks the list 'Приглашения' to
 * reload the viewer's invitations (alliances/ChatInvitations); a GROUP_JOINED / GROUP_LEFT / GROUP_ADDED of a group
 * (chatEventUpdater.membershipChangedGroupId) asks the open chat of that group to refetch its members (detail/ChatDetail).
 */
type Listener = () => void;
type GroupListener = (groupGlobalId: string) => void;
const resyncListeners = new Set<Listener>();
const supportCountListeners = new Set<Listener>();
const invitationListeners = new Set<Listener>();
const memberListeners = new Set<GroupListener>();

/** Subscribe (`on…`, answers the unsubscribe function) and emit. */
export const chatSignals = {
  onResync(listener: Listener): () => void {
    resyncListeners.add(listener);
    return () => void resyncListeners.delete(listener);
  },
  resync(): void {
    resyncListeners.forEach((l) => l());
  },
  onSupportCountsChange(listener: Listener): () => void {
    supportCountListeners.add(listener);
    return () => void supportCountListeners.delete(listener);
  },
  supportCountsChanged(): void {
    supportCountListeners.forEach((l) => l());
  },
  onInvitationsChange(listener: Listener): () => void {
    invitationListeners.add(listener);
    return () => void invitationListeners.delete(listener);
  },
  invitationsChanged(): void {
    invitationListeners.forEach((l) => l());
  },
  onMembersChange(listener: GroupListener): () => void {
    memberListeners.add(listener);
    return () => void memberListeners.delete(listener);
  },
  membersChanged(groupGlobalId: string): void {
    memberListeners.forEach((l) => l(groupGlobalId));
  },
};
