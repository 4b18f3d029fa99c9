import { graphql } from 'react-relay';
import type { useEditChatMessageMutation as T } from '../../../__generated__/useEditChatMessageMutation.graphql';
import { useChatMutation } from './useChatMutation';

/** Edits the viewer's message text; the message record updates in place. */
export function useEditChatMessageMutation() {
  return useChatMutation<T>(
    graphql`
      mutation useEditChatMessageMutation($input: EditChatMessageInput!) {
        editChatMessage(input: $input) {
          __typename
          ... on EditChatMessageSuccess {
            message {
              id
              ...ChatMessageItem_message
            }
          }
          ... on UserError {
            code
            errorMessage: message
          }
        }
      }
    `,
    'editChatMessage',
  );
}
