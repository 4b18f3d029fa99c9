/**
 * The banner of a re-logged session in the client area (issue 11; spec core §3 "Current user: originalUser", §6): 'Вы
 * работаете от имени клиента «…»' and 'Вернуться в кабинет партнёра' → returnToReferralPartnerArea → full navigation
 * to /agent/fea. Renders nothing in the client's own session. A return refused because the session already went back
 * (the link ended: NOT_RELOGGED) also goes to the partner's area.
 */
import { Alert, Button, Flex, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { graphql, useLazyLoadQuery } from 'react-relay';
import type { ReloginBannerQuery } from '../../../__generated__/ReloginBannerQuery.graphql';
import { userErrorOf } from '../../../system/errors/userError';
import { showUserError } from '../../../system/errors/resultMessage';
import { pageNavigation, useReturnToReferralPartnerAreaMutation } from './mutations';

export const PARTNER_HOME = '/agent/fea';

export function ReloginBanner() {
  const { t } = useTranslation();
  const data = useLazyLoadQuery<ReloginBannerQuery>(
    graphql`
      query ReloginBannerQuery {
        viewer {
          id
          originalUser {
            email
            companyName
          }
          company {
            shortName
          }
        }
      }
    `,
    {},
    { fetchPolicy: 'store-or-network' },
  );
  const [commit, busy] = useReturnToReferralPartnerAreaMutation();
  const viewer = data.viewer;
  if (!viewer?.originalUser) return null;

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
          <Alert.Title>{t('relogin.banner', { client: viewer.company?.shortName ?? '' })}</Alert.Title>
          <Text fontSize="sm">
            {t('relogin.partner', { partner: viewer.originalUser.companyName ?? viewer.originalUser.email })}
          </Text>
        </Alert.Content>
        <Button size="sm" onClick={onReturn} loading={busy}>
          {t('relogin.return')}
        </Button>
      </Flex>
    </Alert.Root>
  );
}
