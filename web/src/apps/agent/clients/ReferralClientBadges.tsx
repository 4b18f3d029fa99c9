/**
 * The status of a referral partner's client and whether his company is verified, as two badges (issue 11; spec core
 * §3 "Client added by a partner"): the list row and the client card show them alike. `testIds` name the badges for
 * tests (the list's and the card's differ).
 */
import { Badge, HStack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

export function ReferralClientBadges({
  status,
  statusLabel,
  verified,
  testIds,
}: {
  status: string;
  statusLabel: string;
  verified: boolean;
  testIds: { status?: string; verified: string };
}) {
  const { t } = useTranslation();
  return (
    <HStack gap="2" wrap="wrap">
      <Badge colorPalette={status === 'ACTIVE' ? 'blue' : 'gray'} data-testid={testIds.status}>
        {statusLabel}
      </Badge>
      <Badge colorPalette={verified ? 'green' : 'orange'} data-testid={testIds.verified}>
        {verified ? t('agentClients.verified') : t('agentClients.notVerified')}
      </Badge>
    </HStack>
  );
}
