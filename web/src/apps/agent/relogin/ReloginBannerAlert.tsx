/**
 * The re-login banner's alert and its return button (issue 11; see ReloginBanner): loaded only when the session is a
 * re-logged one, so a client's own session never loads the return mutation (issue 13 "Fast first load").
 */
import { Alert, Button, Flex, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { userErrorOf } from '../../../system/errors/userError';
import { showUserError } from '../../../system/errors/resultMessage';
import { pageNavigation, useReturnToReferralPartnerAreaMutation } from './mutations';
import { PARTNER_HOME } from './partnerHome';

/** The banner of `client` (the company acted for) and `partner` (the referral partner's company or e-mail). */
export function ReloginBannerAlert({ client, partner }: { client: string; partner: string }) {
  const { t } = useTranslation();
  const [commit, busy] = useReturnToReferralPartnerAreaMutation();

  const onReturn = async () => {
    const result = (await commit({})).returnToReferralPartnerArea;
    const refusal = userErrorOf(result);
    if (refusal && refusal.code !== 'NOT_RELOGGED') {
      showUserError(refusal);
      return;
    }
    pageNavigation.go(PARTNER_HOME);
  };

  return (
    <Alert.Root status="warning" mb="6" data-testid="relogin-banner">
      <Alert.Indicator />
      <Flex flex="1" justify="space-between" align="center" gap="4" wrap="wrap">
        <Alert.Content>
          <Alert.Title>{t('relogin.banner', { client })}</Alert.Title>
          <Text fontSize="sm">{t('relogin.partner', { partner })}</Text>
        </Alert.Content>
        <Button size="sm" onClick={onReturn} loading={busy}>
          {t('relogin.return')}
        </Button>
      </Flex>
    </Alert.Root>
  );
}
