/**
 * The operator's support groups as the navigation badges read them (support/supportBadges.ts): the first 100
 * ECVP_SUPPORT groups with their statistics, as a connection registered with chatStore so that a support chat
 * that was not loaded yet is added by the realtime event of its first message, and each event's group statistics
 * update the counts.
 */
import { useEffect } from 'react';
import { graphql, useFragment } from 'react-relay';
import type { useSupportUnread_viewer$key } from '../../../__generated__/useSupportUnread_viewer.graphql';
import { registerListConnection } from '../chatStore';
import { SUPPORT_TYPES } from './chatLists';
import type { GroupUnread } from './supportBadges';

/** The loaded support groups' statistics; null without a viewer reference (accounts without a support desk). */
export function useSupportUnread(viewer: useSupportUnread_viewer$key | null | undefined): ReadonlyArray<GroupUnread> | null {
  const v = useFragment(
    graphql`
      fragment useSupportUnread_viewer on Viewer {
        # first: supportBadges.SUPPORT_BADGE_PAGE, the gateway's largest page
        chatGroups(first: 100, types: [ECVP_SUPPORT]) @connection(key: "useSupportUnread_chatGroups", filters: ["types"]) {
          __id
          edges {
            node {
              id
              groupType
              statistics {
                unreadMessagesCount
              }
            }
          }
        }
      }
    `,
    viewer ?? null,
  );
  const connectionId = v?.chatGroups.__id;
  useEffect(() => {
    if (connectionId) registerListConnection(connectionId, { types: SUPPORT_TYPES, searched: false });
  }, [connectionId]);
  return v ? v.chatGroups.edges.map((e) => e.node) : null;
}
