import { graphql } from 'react-relay';
import type { useUpdateBankRequisiteMutation as T } from '../../../../__generated__/useUpdateBankRequisiteMutation.graphql';
import { usePromiseMutation } from '../../../../system/relay/usePromiseMutation';

/** Changes a bank requisite (PUT /api/secured/client/requisites/{id}); same checks as adding; REQUISITE_NOT_FOUND. */
export function useUpdateBankRequisiteMutation() {
  return usePromiseMutation<T>(graphql`
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
