import { graphql } from 'react-relay';
import type { useDeleteBankRequisiteMutation as T } from '../../../../__generated__/useDeleteBankRequisiteMutation.graphql';
import { usePromiseMutation } from '../../../../system/relay/usePromiseMutation';

/** Deletes a bank requisite (DELETE /api/secured/client/requisites/{id}); the answer's viewer has the renumbered list. */
export function useDeleteBankRequisiteMutation() {
  return usePromiseMutation<T>(graphql`
    mutation useDeleteBankRequisiteMutation($input: DeleteBankRequisiteInput!) {
      deleteBankRequisite(input: $input) {
        __typename
        ... on DeleteBankRequisiteSuccess {
          deletedBankRequisiteId
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
