import { graphql } from 'react-relay';
import type { useIssuePayCheckMutation as T } from '../../../../__generated__/useIssuePayCheckMutation.graphql';
import { useAppMutation } from '../../../../system/relay/useAppMutation';

/** Issues the bill or reissues it (→ SEND_PAYCHECK; a previous active bill is archived; spec core §4 step 6); VALIDATION_ERROR, INVALID_STATE, CONFLICT as UserError. Returns the changed side, so the modal and the list row update without a refetch. */
export function useIssuePayCheckMutation() {
  return useAppMutation<T>(graphql`
    mutation useIssuePayCheckMutation($input: IssuePayCheckInput!) {
      issuePayCheck(input: $input) {
        __typename
        ... on IssuePayCheckSuccess {
          partnerOrder {
            id
            ...PartnerOrderModal_partnerOrder
            ...PartnerOrderRow_partnerOrder
          }
        }
        ... on UserError {
          ...userErrorFragment @alias(as: "userError")
        }
      }
    }
  `);
}
