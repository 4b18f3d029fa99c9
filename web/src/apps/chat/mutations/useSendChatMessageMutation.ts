import { graphql } from 'react-relay';
import type { useSendChatMessageMutation as T } from '../../../__generated__/useSendChatMessageMutation.graphql';
import { useAppMutation } from '../../../system/relay/useAppMutation';
import { logChatError } from '../store/chatLog';

/** Chat failures are logged, not shown (spec chat §8). */
const onFailure = (error: Error) => logChatError('sendChatMessage', error);

/** Sends a message, idempotent by extMsgId; the caller shows a placeholder optimistically (detail/composer/useSendMessage.ts, store/chatStore.ts). */
export function useSendChatMessageMutation() {
  return useAppMutation<T>(
    graphql`
      mutation useSendChatMessageMutation($input: SendChatMessageInput!) {
        sendChatMessage(input: $input) {
          __typename
          ... on SendChatMessageSuccess {
            # aliased: message is the String of the UserError member (userErrorFragment)
            chatMessage: message {
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
            ...userErrorFragment @alias(as: "userError")
          }
        }
      }
    `,
    { onFailure },
  );
}
