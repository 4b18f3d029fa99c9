import { graphql } from 'react-relay';
import type { useSignDocumentMutation as T } from '../../__generated__/useSignDocumentMutation.graphql';
import { useAppMutation } from '../../system/relay/useAppMutation';

/**
 * The qualified signature of one deal document (issue 8; spec core §4 steps 5, 8 and 9): the client signs a SENT offer
 * or closing document, the payment agent its own uploaded one. Returns the document with the new signature (the
 * fields of the client's and the agent's document lists); refusals are UserError (SIGNATURE_INVALID, COMPANY_MISMATCH,
 * CERTIFICATE_EXPIRED, INVALID_STATE, …).
 */
export function useSignDocumentMutation() {
  return useAppMutation<T>(graphql`
    mutation useSignDocumentMutation($input: SignDocumentInput!) {
      signDocument(input: $input) {
        __typename
        ... on SignDocumentSuccess {
          document {
            id
            ...DocumentList_documents
            ...SignDealDocuments_documents
            ...PartnerDocumentList_documents
          }
        }
        ... on UserError {
          ...userErrorFragment @alias(as: "userError")
        }
      }
    }
  `);
}
