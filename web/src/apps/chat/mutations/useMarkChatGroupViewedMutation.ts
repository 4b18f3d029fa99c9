import { graphql } from 'react-relay';
import type { useMarkChatGroupViewedMutation as T } from '../../../__generated__/useMarkChatGroupViewedMutation.graphql';
import { useChatMutation } from './useChatMutation';

/** Marks the whole group viewed when it is opened. Returns the group and the viewer's unread statistic (copied to the badge by chatStore.setUnreadStatistic). */
export function useMarkChatGroupViewedMutation() {
  return useChatMutation<T>(
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
            code
            message
          }
        }
      }
    `,
    'markChatGroupViewed',
  );
}
