import { graphql } from 'react-relay';
import type { useDeleteChatGroupMutation as T } from '../../../__generated__/useDeleteChatGroupMutation.graphql';
import { useAppMutation } from '../../../system/relay/useAppMutation';
import { logChatError } from '../store/chatLog';

/** Chat failures are logged, not shown (spec chat §8). */
const onFailure = (error: Error) => logChatError('deleteChatGroup', error);

/** Deletes a group (owner or admin). The caller removes the group from the list optimistically; Relay restores it if the call fails. */
export function useDeleteChatGroupMutation() {
  return useAppMutation<T>(
    graphql`
      mutation useDeleteChatGroupMutation($input: ChatGroupInput!) {
        deleteChatGroup(input: $input) {
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
