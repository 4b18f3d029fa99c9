import { graphql } from 'react-relay';
import type { useUnpinChatGroupMutation as T } from '../../../__generated__/useUnpinChatGroupMutation.graphql';
import { useChatMutation } from './useChatMutation';

/** Unpins a group. Returns the group and the viewer's unread statistic (copied to the badge by chatStore.setUnreadStatistic). */
export function useUnpinChatGroupMutation() {
  return useChatMutation<T>(
    graphql`
      mutation useUnpinChatGroupMutation($input: ChatGroupInput!) {
        unpinChatGroup(input: $input) {
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
    'unpinChatGroup',
  );
}
