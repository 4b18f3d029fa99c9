import { graphql } from 'react-relay';
import type { useSignDocumentMutation as T } from '../../../../../__generated__/useSignDocumentMutation.graphql';
import { usePromiseMutation } from '../../../../../system/relay/usePromiseMutation';

/**
 * Client: the qualified signature of one SENT offer or closing document where the payment agent requires signatures
 * (PartnerOrder.partnerSignRequired; spec core §4 steps 5 and 9; issue 8). Returns the document with its client
 * signature; refusals are UserError (SIGNATURE_INVALID, COMPANY_MISMATCH, CERTIFICATE_EXPIRED, INVALID_STATE, …).
 */
export function useSignDocumentMutation() {
  return usePromiseMutation<T>(graphql`
    mutation useSignDocumentMutation($input: SignDocumentInput!) {
      signDocument(input: $input) {
        __typename
        ... on SignDocumentSuccess {
          document {
            id
            ...DocumentList_documents
            ...SignDealDocuments_documents
          }
        }
        ... on UserError {
          code
          message
        }
      }
    }
  `);
}
