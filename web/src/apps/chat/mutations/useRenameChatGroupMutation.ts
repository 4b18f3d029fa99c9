import { graphql } from 'react-relay';
import type { useRenameChatGroupMutation as T } from '../../../__generated__/useRenameChatGroupMutation.graphql';
import { useChatMutation } from './useChatMutation';

/** Renames a group (admin rights or an operator); the group's new name updates the list and the header from the store. */
export function useRenameChatGroupMutation() {
  return useChatMutation<T>(
    graphql`
      mutation useRenameChatGroupMutation($input: RenameChatGroupInput!) {
        renameChatGroup(input: $input) {
          __typename
          ... on ChatGroupChangeSuccess {
            group {
              id
              name
              ...ChatListItem_group
            }
          }
          ... on UserError {
            code
            message
            field
            fieldErrors {
              field
              message
            }
          }
        }
      }
    `,
    'renameChatGroup',
  );
}
