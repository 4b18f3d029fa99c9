import { graphql } from 'react-relay';
import type { useMarkChatViewedToMutation as T } from '../../../__generated__/useMarkChatViewedToMutation.graphql';
import { useChatMutation } from './useChatMutation';

/** Marks messages up to one viewed (new messages arriving in the open chat). Returns the group and the viewer's unread statistic (copied to the badge by chatStore.setUnreadStatistic). */
export function useMarkChatViewedToMutation() {
  return useChatMutation<T>(
    graphql`
      mutation useMarkChatViewedToMutation($input: MarkChatViewedToInput!) {
        markChatViewedTo(input: $input) {
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
    'markChatViewedTo',
  );
}
