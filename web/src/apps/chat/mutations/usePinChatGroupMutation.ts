import { graphql } from 'react-relay';
import type { usePinChatGroupMutation as T } from '../../../__generated__/usePinChatGroupMutation.graphql';
import { useChatMutation } from './useChatMutation';

/** Pins a group; PIN_LIMIT beyond 5 as UserError (shown to the user, spec chat §8). Returns the group and the viewer's unread statistic (copied to the badge by chatStore.setUnreadStatistic). */
export function usePinChatGroupMutation() {
  return useChatMutation<T>(
    graphql`
      mutation usePinChatGroupMutation($input: ChatGroupInput!) {
        pinChatGroup(input: $input) {
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
    'pinChatGroup',
  );
}
