import { graphql } from 'react-relay';
import type { useRecommendClientMutation as T } from '../../../__generated__/useRecommendClientMutation.graphql';
import { useAppMutation } from '../../../system/relay/useAppMutation';

/**
 * Client: recommends a company to the platform (issue 11; spec core §7 Client recommendations/new-client). Refusals
 * (VALIDATION_ERROR with field errors, RECOMMENDATION_LIMIT) are `UserError`.
 */
export function useRecommendClientMutation() {
  return useAppMutation<T>(graphql`
    mutation useRecommendClientMutation($input: RecommendClientInput!) {
      recommendClient(input: $input) {
        __typename
        ... on RecommendClientSuccess {
          recommendationId
        }
        ... on UserError {
          ...userErrorFragment @alias(as: "userError")
        }
      }
    }
  `);
}
