import { graphql } from 'react-relay';
import type { useSendChatMessageMutation as T } from '../../../__generated__/useSendChatMessageMutation.graphql';
import { useChatMutation } from './useChatMutation';

/** Sends a message, idempotent by extMsgId; the caller shows a placeholder optimistically (chatStore.ts). */
export function useSendChatMessageMutation() {
  return useChatMutation<T>(
    graphql`
      mutation useSendChatMessageMutation($input: SendChatMessageInput!) {
        sendChatMessage(input: $input) {
          __typename
          ... on SendChatMessageSuccess {
            message {
              id
              extMsgId
              ...ChatMessageItem_message
            }
            group {
              id
              # a support chat placed on the operator's desk is named by its requester
              ...SupportChatListItem_group
            }
          }
          ... on UserError {
            code
            errorMessage: message
          }
        }
      }
    `,
    'sendChatMessage',
  );
}
