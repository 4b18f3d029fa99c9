import { graphql } from 'react-relay';
import type { useUpdateRegistrationDataMutation as T } from '../../../../__generated__/useUpdateRegistrationDataMutation.graphql';
import { useAppMutation } from '../../../../system/relay/useAppMutation';

/** Saves the client's registration data (PUT /api/secured/client/regdata); field errors RUSSIAN_LETTERS, PHONE_INVALID, SITE_INVALID. */
export function useUpdateRegistrationDataMutation() {
  return useAppMutation<T>(graphql`
    mutation useUpdateRegistrationDataMutation($input: UpdateRegistrationDataInput!) {
      updateRegistrationData(input: $input) {
        __typename
        ... on UpdateRegistrationDataSuccess {
          viewer {
            id
            name
            surname
            patronymic
            phone
            ...CompanyAccountTab_viewer
          }
        }
        ... on UserError {
          ...userErrorFragment @alias(as: "userError")
        }
      }
    }
  `);
}
