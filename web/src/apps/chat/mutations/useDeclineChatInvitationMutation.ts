import { graphql } from 'react-relay';
import type { useDeclineChatInvitationMutation as T } from '../../../__generated__/useDeclineChatInvitationMutation.graphql';
import { useAppMutation } from '../../../system/relay/useAppMutation';
import { logChatError } from '../store/chatLog';

/** Chat failures are logged, not shown (spec chat §8). */
const onFailure = (error: Error) => logChatError('declineChatInvitation', error);

/** Declines an alliance invitation of the viewer (the caller drops it, chatStore.removeInvitation); UserErrors as for accepting. */
export function useDeclineChatInvitationMutation() {
  return useAppMutation<T>(
    graphql`
      mutation useDeclineChatInvitationMutation($input: ChatInvitationInput!) {
        declineChatInvitation(input: $input) {
          __typename
          ... on ChatInvitationDecisionSuccess {
            removedInvitationId
            invitation {
              id
              status
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
