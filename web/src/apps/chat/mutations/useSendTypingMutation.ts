import { graphql } from 'react-relay';
import type { useSendTypingMutation as T } from '../../../__generated__/useSendTypingMutation.graphql';
import { useAppMutation } from '../../../system/relay/useAppMutation';
import { logChatError } from '../store/chatLog';

/** Chat failures are logged, not shown (spec chat §8). */
const onFailure = (error: Error) => logChatError('sendTyping', error);

/** Tells the group the viewer is typing (renewed every 2 s while typing, rules/typing.ts). */
export function useSendTypingMutation() {
  return useAppMutation<T>(
    graphql`
      mutation useSendTypingMutation($input: ChatGroupInput!) {
        sendTyping(input: $input) {
          __typename
        }
      }
    `,
    { onFailure },
  );
}
