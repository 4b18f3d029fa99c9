import { graphql } from 'react-relay';
import type { useCreateBankRequisiteMutation as T } from '../../../../__generated__/useCreateBankRequisiteMutation.graphql';
import { usePromiseMutation } from '../../../../system/relay/usePromiseMutation';

/**
 * Adds a bank requisite (POST /api/secured/client/requisites/create). The answer's viewer refreshes the list and the
 * verification panel (the application to sign was superseded). Field errors on bankBik / checkAccount.
 */
export function useCreateBankRequisiteMutation() {
  return usePromiseMutation<T>(graphql`
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
          code
          message
          field
          fieldErrors {
            field
            code
            message
          }
          retryAfterSeconds
        }
      }
    }
  `);
}
