import { graphql } from 'react-relay';
import type { useDeleteBankRequisiteMutation as T } from '../../../../__generated__/useDeleteBankRequisiteMutation.graphql';
import { useAppMutation } from '../../../../system/relay/useAppMutation';

/** Deletes a bank requisite (DELETE /api/secured/client/requisites/{id}); the answer's viewer has the renumbered list. */
export function useDeleteBankRequisiteMutation() {
  return useAppMutation<T>(graphql`
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
          ...userErrorFragment @alias(as: "userError")
        }
      }
    }
  `);
}
