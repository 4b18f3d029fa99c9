import { graphql } from 'react-relay';
import type { usePinChatGroupMutation as T } from '../../../__generated__/usePinChatGroupMutation.graphql';
import { useAppMutation } from '../../../system/relay/useAppMutation';
import { logChatError } from '../store/chatLog';

/** Chat failures are logged, not shown (spec chat §8). */
const onFailure = (error: Error) => logChatError('pinChatGroup', error);

/** Pins a group; PIN_LIMIT beyond 5 as UserError (shown to the user, spec chat §8). Returns the group and the viewer's unread statistic (copied to the badge by chatStore.setUnreadStatistic). */
export function usePinChatGroupMutation() {
  return useAppMutation<T>(
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
            ...userErrorFragment @alias(as: "userError")
          }
        }
      }
    `,
    { onFailure },
  );
}
