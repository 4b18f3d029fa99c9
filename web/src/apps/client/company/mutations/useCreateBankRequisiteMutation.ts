import { graphql } from 'react-relay';
import type { useCreateBankRequisiteMutation as T } from '../../../../__generated__/useCreateBankRequisiteMutation.graphql';
import { useAppMutation } from '../../../../system/relay/useAppMutation';

/**
 * Adds a bank requisite (POST /api/secured/client/requisites/create). The answer's viewer refreshes the list and the
 * verification panel (the application to sign was superseded). Field errors on bankBik / checkAccount.
 */
export function useCreateBankRequisiteMutation() {
  return useAppMutation<T>(graphql`
    mutation useCreateBankRequisiteMutation($input: BankRequisiteInput!) {
      createBankRequisite(input: $input) {
        __typename
        ... on CreateBankRequisiteSuccess {
          bankRequisiteEdge {
            node {
              id
              index
            }
          }
          viewer {
            id
            ...BankRequisitesTab_viewer
            ...VerificationPanel_viewer
          }
        }
        ... on UserError {
          ...userErrorFragment @alias(as: "userError")
        }
      }
    }
  `);
}
