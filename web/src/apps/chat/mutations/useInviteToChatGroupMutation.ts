import { graphql } from 'react-relay';
import type { useInviteToChatGroupMutation as T } from '../../../__generated__/useInviteToChatGroupMutation.graphql';
import { useAppMutation } from '../../../system/relay/useAppMutation';
import { logChatError } from '../store/chatLog';

/** Chat failures are logged, not shown (spec chat §8). */
const onFailure = (error: Error) => logChatError('inviteToChatGroup', error);

/**
 * Invites a user to an alliance: a PENDING invitation (its message with metaData GROUP_INVITATION reaches the group
 * through chatEvents), or a UserError (NOT_ALLIANCE, MEMBER_NOT_ALLOWED, ALREADY_MEMBER, ALREADY_INVITED, FORBIDDEN)
 * whose message the dialog shows inline.
 */
export function useInviteToChatGroupMutation() {
  return useAppMutation<T>(
    graphql`
      mutation useInviteToChatGroupMutation($input: InviteToChatGroupInput!) {
        inviteToChatGroup(input: $input) {
          __typename
          ... on InviteToChatGroupSuccess {
            invitation {
              id
              invitedUserId
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
