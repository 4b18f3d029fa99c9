import { graphql } from 'react-relay';
import type { useSignVerificationDocumentMutation as T } from '../../../../__generated__/useSignVerificationDocumentMutation.graphql';
import { useAppMutation } from '../../../../system/relay/useAppMutation';

/**
 * Submits the qualified signature of the verification document (spec core §7 Client verification; issue 8).
 * On success the viewer comes back verified (`rights` VERIFIED_CLIENT, `canCreateOrders`, `verification`), so the
 * page and 'Создать заявку' change without a reload. Refusals (SIGNATURE_INVALID, CERTIFICATE_EXPIRED,
 * COMPANY_MISMATCH, INDIVIDUAL_SIGNATURE_UNSUPPORTED, …) come back as UserError with the Russian text of spec core §8.
 */
export function useSignVerificationDocumentMutation() {
  return useAppMutation<T>(graphql`
    mutation useSignVerificationDocumentMutation($input: SignVerificationDocumentInput!) {
      signVerificationDocument(input: $input) {
        __typename
        ... on SignVerificationDocumentSuccess {
          document {
            id
            status
          }
          viewer {
            id
            verified
            rights
            canCreateOrders
            company {
              verified
              status
            }
            ...VerificationPanel_viewer
            ...UnverifiedBanner_viewer
          }
        }
        ... on UserError {
          ...userErrorFragment @alias(as: "userError")
        }
      }
    }
  `);
}
