/**
 * Why an unverified client cannot create requests (spec core §1 "get verified", §4 Deal flow 1, §6
 * VERIFIED_CLIENT), shown above the requests on /client/fea with the way to 'Моя компания'. Nothing for a client
 * who may create requests.
 */
import { Alert, Link } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment } from 'react-relay';
import { Link as RouterLink } from 'react-router-dom';
import type { UnverifiedBanner_viewer$key } from '../../../__generated__/UnverifiedBanner_viewer.graphql';

export function UnverifiedBanner({ viewer: viewerKey }: { viewer: UnverifiedBanner_viewer$key }) {
  const { t } = useTranslation();
  const viewer = useFragment(
    graphql`
      fragment UnverifiedBanner_viewer on Viewer {
        canCreateOrders
        company {
          status
        }
      }
    `,
    viewerKey,
  );
  if (viewer.canCreateOrders) return null;
  const suspended = viewer.company?.status === 'SUSPENDED';
  return (
    <Alert.Root
      status="warning"
      data-testid="unverified-banner"
      aria-label={t('verification.bannerTitle')}
      role="region"
    >
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t('verification.bannerTitle')}</Alert.Title>
        <Alert.Description>
          {suspended ? t('verification.bannerSuspended') : t('verification.bannerText')}{' '}
          {!suspended && (
            <Link asChild variant="underline" colorPalette="blue">
              <RouterLink to="/client/company">{t('verification.bannerLink')}</RouterLink>
            </Link>
          )}
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
