import { graphql } from 'react-relay';
import type { useDeclineChatInvitationMutation as T } from '../../../__generated__/useDeclineChatInvitationMutation.graphql';
import { useChatMutation } from './useChatMutation';

/** Declines an alliance invitation of the viewer (the caller drops it, chatStore.removeInvitation); UserErrors as for accepting. */
export function useDeclineChatInvitationMutation() {
  return useChatMutation<T>(
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
            code
            message
          }
        }
      }
    `,
    'declineChatInvitation',
  );
}
