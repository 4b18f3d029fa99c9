/**
 * The re-login mutations of the referral partner (issue 11; spec core §3 "Current user: originalUser", §6): act for a
 * verified client, and return to the partner's own area. Both rotate the session; the caller then loads the other
 * area with a full page navigation (the Relay store of one user is never reused for another).
 */
import { graphql } from 'react-relay';
import type { mutationsActAsReferralClientMutation as Act } from '../../../__generated__/mutationsActAsReferralClientMutation.graphql';
import type { mutationsReturnToReferralPartnerAreaMutation as Return } from '../../../__generated__/mutationsReturnToReferralPartnerAreaMutation.graphql';
import { useAppMutation } from '../../../system/relay/useAppMutation';

/** actAsReferralClient(clientId): the session becomes the client's (originalUser = the partner). */
export function useActAsReferralClientMutation() {
  return useAppMutation<Act>(graphql`
    mutation mutationsActAsReferralClientMutation($clientId: ID!) {
      actAsReferralClient(clientId: $clientId) {
        __typename
        ... on ActAsReferralClientSuccess {
          viewer {
            email
          }
        }
        ... on UserError {
          ...userErrorFragment @alias(as: "userError")
        }
      }
    }
  `);
}

/** returnToReferralPartnerArea: back to the partner's own session. */
export function useReturnToReferralPartnerAreaMutation() {
  return useAppMutation<Return>(graphql`
    mutation mutationsReturnToReferralPartnerAreaMutation {
      returnToReferralPartnerArea {
        __typename
        ... on ReturnToReferralPartnerAreaSuccess {
          viewer {
            email
          }
        }
        ... on UserError {
          ...userErrorFragment @alias(as: "userError")
        }
      }
    }
  `);
}

/** A full page navigation (tests replace it). */
export const pageNavigation = {
  go(path: string): void {
    window.location.assign(path);
  },
};
