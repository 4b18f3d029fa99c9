import { graphql } from 'react-relay';
import type { useEditChatMessageMutation as T } from '../../../__generated__/useEditChatMessageMutation.graphql';
import { useAppMutation } from '../../../system/relay/useAppMutation';
import { logChatError } from '../store/chatLog';

/** Chat failures are logged, not shown (spec chat §8). */
const onFailure = (error: Error) => logChatError('editChatMessage', error);

/** Edits the viewer's message text; the message record updates in place. */
export function useEditChatMessageMutation() {
  return useAppMutation<T>(
    graphql`
      mutation useEditChatMessageMutation($input: EditChatMessageInput!) {
        editChatMessage(input: $input) {
          __typename
          ... on EditChatMessageSuccess {
            # aliased: message is the String of the UserError member (userErrorFragment)
            chatMessage: message {
              id
              ...ChatMessageItem_message
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
