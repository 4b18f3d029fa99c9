import { graphql } from 'react-relay';
import type { useUnpinChatGroupMutation as T } from '../../../__generated__/useUnpinChatGroupMutation.graphql';
import { useAppMutation } from '../../../system/relay/useAppMutation';
import { logChatError } from '../store/chatLog';

/** Chat failures are logged, not shown (spec chat §8). */
const onFailure = (error: Error) => logChatError('unpinChatGroup', error);

/** Unpins a group. Returns the group and the viewer's unread statistic (copied to the badge by chatStore.setUnreadStatistic). */
export function useUnpinChatGroupMutation() {
  return useAppMutation<T>(
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
            ...userErrorFragment @alias(as: "userError")
          }
        }
      }
    `,
    { onFailure },
  );
}
