/** The choice of account type on the sign-in page: client, payment agent (partner) or referral partner (agent). */
import { useTranslation } from 'react-i18next';
import { Button, HStack } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import type { Area } from '../../system/router/guards';

const TYPES = [
  { area: 'client', label: 'auth.typeClient', to: '/client/auth' },
  { area: 'partner', label: 'auth.typePartner', to: '/partner/auth' },
  { area: 'agent', label: 'auth.typeAgent', to: '/agent/auth' },
] as const satisfies ReadonlyArray<{ area: Area; label: string; to: string }>;

export function AccountTypeSwitch({ current }: { current: Area }) {
  const { t } = useTranslation();
  return (
    <HStack as="nav" aria-label={t('auth.accountType')} gap="2" wrap="wrap">
      {TYPES.map((item) => (
        <Button
          key={item.area}
          asChild
          size="sm"
          variant={item.area === current ? 'solid' : 'outline'}
          aria-current={item.area === current ? 'page' : undefined}
        >
          <RouterLink to={item.to}>{t(item.label)}</RouterLink>
        </Button>
      ))}
    </HStack>
  );
}
