import { graphql } from 'react-relay';
import type { useMarkChatViewedToMutation as T } from '../../../__generated__/useMarkChatViewedToMutation.graphql';
import { useAppMutation } from '../../../system/relay/useAppMutation';
import { logChatError } from '../store/chatLog';

/** Chat failures are logged, not shown (spec chat §8). */
const onFailure = (error: Error) => logChatError('markChatViewedTo', error);

/** Marks messages up to one viewed (new messages arriving in the open chat). Returns the group and the viewer's unread statistic (copied to the badge by chatStore.setUnreadStatistic). */
export function useMarkChatViewedToMutation() {
  return useAppMutation<T>(
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
            ...userErrorFragment @alias(as: "userError")
          }
        }
      }
    `,
    { onFailure },
  );
}
