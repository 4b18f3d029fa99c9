import { graphql } from 'react-relay';
import type { useAcceptChatInvitationMutation as T } from '../../../__generated__/useAcceptChatInvitationMutation.graphql';
import { useAppMutation } from '../../../system/relay/useAppMutation';
import { logChatError } from '../store/chatLog';

/** Chat failures are logged, not shown (spec chat §8). */
const onFailure = (error: Error) => logChatError('acceptChatInvitation', error);

/**
 * Accepts an alliance invitation of the viewer: answers the joined group with the list fields (the caller adds it,
 * chatStore.placeGroup, and drops the invitation, chatStore.removeInvitation) or a UserError (INVITATION_NOT_FOUND,
 * INVITATION_DECIDED) shown inline.
 */
export function useAcceptChatInvitationMutation() {
  return useAppMutation<T>(
    graphql`
      mutation useAcceptChatInvitationMutation($input: ChatInvitationInput!) {
        acceptChatInvitation(input: $input) {
          __typename
          ... on ChatInvitationDecisionSuccess {
            removedInvitationId
            invitation {
              id
              status
            }
            group {
              id
              groupId
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
