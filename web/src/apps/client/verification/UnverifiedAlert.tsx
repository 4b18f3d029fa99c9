/**
 * The alert of UnverifiedBanner (spec core §1, §4, §6): why an unverified (or suspended) client cannot create requests,
 * with the way to 'Моя компания'. Loaded only when the banner shows (issue 13 "Fast first load").
 */
import { Alert, Link } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';

export function UnverifiedAlert({ suspended }: { suspended: boolean }) {
  const { t } = useTranslation();
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
