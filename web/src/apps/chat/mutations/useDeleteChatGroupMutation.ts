import { graphql } from 'react-relay';
import type { useDeleteChatGroupMutation as T } from '../../../__generated__/useDeleteChatGroupMutation.graphql';
import { useChatMutation } from './useChatMutation';

/** Deletes a group (owner or admin). The caller removes the group from the list optimistically; Relay restores it if the call fails. */
export function useDeleteChatGroupMutation() {
  return useChatMutation<T>(
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
            code
            message
          }
        }
      }
    `,
    'deleteChatGroup',
  );
}
