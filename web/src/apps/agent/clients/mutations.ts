/**
 * Mutations of the referral partner's clients (issue 11; spec core §3 "Client added by a partner", §6): add by OGRN,
 * remove, extra contacts. Business refusals are `UserError` (system/errors/userError.ts).
 */
import { graphql } from 'react-relay';
import type { mutationsAddReferralClientMutation as Add } from '../../../__generated__/mutationsAddReferralClientMutation.graphql';
import type { mutationsRemoveReferralClientMutation as Remove } from '../../../__generated__/mutationsRemoveReferralClientMutation.graphql';
import type { mutationsUpdateReferralClientContactsMutation as Contacts } from '../../../__generated__/mutationsUpdateReferralClientContactsMutation.graphql';
import { useAppMutation } from '../../../system/relay/useAppMutation';

/** Adds a client (POST /api/secured/agent/clients): INVITED or CONSENT_REQUESTED, whether the mail left. */
export function useAddReferralClientMutation() {
  return useAppMutation<Add>(graphql`
    mutation mutationsAddReferralClientMutation($input: AddReferralClientInput!) {
      addReferralClient(input: $input) {
        __typename
        ... on AddReferralClientSuccess {
          outcome
          mailSent
          client {
            id
            ...AgentClientRow_client
          }
        }
        ... on UserError {
          ...userErrorFragment @alias(as: "userError")
        }
      }
    }
  `);
}

/** Removes a client (link REMOVED; the company stays). */
export function useRemoveReferralClientMutation() {
  return useAppMutation<Remove>(graphql`
    mutation mutationsRemoveReferralClientMutation($clientId: ID!) {
      removeReferralClient(clientId: $clientId) {
        __typename
        ... on RemoveReferralClientSuccess {
          removedClientId
        }
        ... on UserError {
          ...userErrorFragment @alias(as: "userError")
        }
      }
    }
  `);
}

/** Saves the extra phones and e-mails of a client; the answer updates the card through Relay. */
export function useUpdateReferralClientContactsMutation() {
  return useAppMutation<Contacts>(graphql`
    mutation mutationsUpdateReferralClientContactsMutation($input: UpdateReferralClientContactsInput!) {
      updateReferralClientContacts(input: $input) {
        __typename
        ... on UpdateReferralClientContactsSuccess {
          client {
            id
            extraPhones
            extraEmails
          }
        }
        ... on UserError {
          ...userErrorFragment @alias(as: "userError")
        }
      }
    }
  `);
}
