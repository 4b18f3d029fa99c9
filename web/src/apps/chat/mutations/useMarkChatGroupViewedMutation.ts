import { graphql } from 'react-relay';
import type { useMarkChatGroupViewedMutation as T } from '../../../__generated__/useMarkChatGroupViewedMutation.graphql';
import { useAppMutation } from '../../../system/relay/useAppMutation';
import { logChatError } from '../store/chatLog';

/** Chat failures are logged, not shown (spec chat §8). */
const onFailure = (error: Error) => logChatError('markChatGroupViewed', error);

/** Marks the whole group viewed when it is opened. Returns the group and the viewer's unread statistic (copied to the badge by chatStore.setUnreadStatistic). */
export function useMarkChatGroupViewedMutation() {
  return useAppMutation<T>(
    graphql`
      mutation useMarkChatGroupViewedMutation($input: ChatGroupInput!) {
        markChatGroupViewed(input: $input) {
          __typename
          ... on ChatGroupChangeSuccess {
            group {
              id
              ...ChatListItem_group
            }
            unreadStatistic {
              unreadMessagesCount
              lastMessageId
            }
          }
          ... on UserError {
            ...userErrorFragment @alias(as: "userError")
          }
        }
      }
    `,
    { onFailure },
  );
}
