import { graphql } from 'react-relay';
import type { useLeaveChatGroupMutation as T } from '../../../__generated__/useLeaveChatGroupMutation.graphql';
import { useAppMutation } from '../../../system/relay/useAppMutation';
import { logChatError } from '../store/chatLog';

/** Chat failures are logged, not shown (spec chat §8). */
const onFailure = (error: Error) => logChatError('leaveChatGroup', error);

/** Leaves a group. The caller removes the group from the list optimistically; Relay restores it if the call fails. */
export function useLeaveChatGroupMutation() {
  return useAppMutation<T>(
    graphql`
      mutation useLeaveChatGroupMutation($input: ChatGroupInput!) {
        leaveChatGroup(input: $input) {
          __typename
          ... on ChatGroupRemovedSuccess {
            removedGroupId
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
