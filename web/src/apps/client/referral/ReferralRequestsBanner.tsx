/**
 * The banner on 'Моя компания' (issue 11; spec core §3 "Client added by a partner": a company already on the platform
 * is served by a referral partner only with its consent, never taken over): each pending request of a partner with
 * 'Принять' and 'Отклонить'. Nothing is rendered without requests.
 */
import { Alert, Button, HStack, Stack } from '@chakra-ui/react';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useLazyLoadQuery } from 'react-relay';
import type { ReferralRequestsBannerAcceptMutation } from '../../../__generated__/ReferralRequestsBannerAcceptMutation.graphql';
import type { ReferralRequestsBannerDeclineMutation } from '../../../__generated__/ReferralRequestsBannerDeclineMutation.graphql';
import type { ReferralRequestsBannerQuery } from '../../../__generated__/ReferralRequestsBannerQuery.graphql';
import { reportResult } from '../../../system/errors/resultMessage';
import { formatDate } from '../../../system/formats';
import { useAppMutation } from '../../../system/relay/useAppMutation';
import { showSuccess } from '../../../system/toaster';

export function ReferralRequestsBanner() {
  // Its own boundary: the page does not wait for the requests.
  return (
    <Suspense fallback={null}>
      <Requests />
    </Suspense>
  );
}

function Requests() {
  const { t } = useTranslation();
  const [fetchKey, setFetchKey] = useState(0);
  const data = useLazyLoadQuery<ReferralRequestsBannerQuery>(
    graphql`
      query ReferralRequestsBannerQuery {
        viewer {
          id
          referralRequests {
            requestId
            partnerName
            partnerInn
            requestedBy
            requestedAt
          }
        }
      }
    `,
    {},
    { fetchPolicy: 'store-and-network', fetchKey },
  );
  const [accept, accepting] = useAppMutation<ReferralRequestsBannerAcceptMutation>(graphql`
    mutation ReferralRequestsBannerAcceptMutation($requestId: Int!) {
      acceptReferralRequest(requestId: $requestId) {
        __typename
        ... on UserError {
          ...userErrorFragment @alias(as: "userError")
        }
      }
    }
  `);
  const [decline, declining] = useAppMutation<ReferralRequestsBannerDeclineMutation>(graphql`
    mutation ReferralRequestsBannerDeclineMutation($requestId: Int!) {
      declineReferralRequest(requestId: $requestId) {
        __typename
        ... on UserError {
          ...userErrorFragment @alias(as: "userError")
        }
      }
    }
  `);
  const requests = data.viewer?.referralRequests ?? [];
  if (requests.length === 0) return null;

  const answer = async (requestId: number, yes: boolean) => {
    let result;
    try {
      result = yes
        ? (await accept({ requestId })).acceptReferralRequest
        : (await decline({ requestId })).declineReferralRequest;
    } catch {
      return; // reported by useAppMutation
    }
    if (!reportResult(result)) return;
    showSuccess(yes ? t('referralRequests.accepted') : t('referralRequests.declined'));
    setFetchKey((k) => k + 1);
  };

  return (
    <Stack gap="3">
      {requests.map((r) => (
        <Alert.Root key={r.requestId} status="info" data-testid="referral-request">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('referralRequests.title', { partner: r.partnerName })}</Alert.Title>
            <Alert.Description>
              <Stack gap="2">
                {t('referralRequests.text', {
                  partner: r.partnerName,
                  inn: r.partnerInn,
                  date: formatDate(r.requestedAt),
                })}
                <HStack gap="2">
                  <Button size="sm" onClick={() => void answer(r.requestId, true)} loading={accepting}>
                    {t('referralRequests.accept')}
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => void answer(r.requestId, false)}
                    loading={declining}
                  >
                    {t('referralRequests.decline')}
                  </Button>
                </HStack>
              </Stack>
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ))}
    </Stack>
  );
}
