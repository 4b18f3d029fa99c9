import { graphql } from 'react-relay';
import type { useUpdateBankRequisiteMutation as T } from '../../../../__generated__/useUpdateBankRequisiteMutation.graphql';
import { useAppMutation } from '../../../../system/relay/useAppMutation';

/** Changes a bank requisite (PUT /api/secured/client/requisites/{id}); same checks as adding; REQUISITE_NOT_FOUND. */
export function useUpdateBankRequisiteMutation() {
  return useAppMutation<T>(graphql`
    mutation useUpdateBankRequisiteMutation($input: UpdateBankRequisiteInput!) {
      updateBankRequisite(input: $input) {
        __typename
        ... on UpdateBankRequisiteSuccess {
          bankRequisite {
            id
            requisiteId
            bankBik
            bankName
            checkAccount
            corrAccount
            index
          }
        }
        ... on UserError {
          ...userErrorFragment @alias(as: "userError")
        }
      }
    }
  `);
}
