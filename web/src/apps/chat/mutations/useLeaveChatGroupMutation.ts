import { graphql } from 'react-relay';
import type { useLeaveChatGroupMutation as T } from '../../../__generated__/useLeaveChatGroupMutation.graphql';
import { useChatMutation } from './useChatMutation';

/** Leaves a group. The caller removes the group from the list optimistically; Relay restores it if the call fails. */
export function useLeaveChatGroupMutation() {
  return useChatMutation<T>(
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
            code
            message
          }
        }
      }
    `,
    'leaveChatGroup',
  );
}
