import { graphql } from 'react-relay';
import type { useSendTypingMutation as T } from '../../../__generated__/useSendTypingMutation.graphql';
import { useChatMutation } from './useChatMutation';

/** Tells the group the viewer is typing (renewed every 2 s while typing, typing.ts). */
export function useSendTypingMutation() {
  return useChatMutation<T>(
    graphql`
      mutation useSendTypingMutation($input: ChatGroupInput!) {
        sendTyping(input: $input) {
          __typename
        }
      }
    `,
    'sendTyping',
  );
}
