/** Operator sign-in entry: operators sign in through an external login page (DESIGN "Sessions"). */
import { useTranslation } from 'react-i18next';
import { Button, Heading, Stack, Text } from '@chakra-ui/react';

/**
 * The external operator login page. The embedded default backend ships one at /oper-login; it ends with a
 * redirect to /operator/auth?code=…, whose exchange (POST /api/public/oper/autologin) the gateway does not
 * expose yet — see the report of this slice.
 */
export const OPERATOR_EXTERNAL_LOGIN_URL: string = import.meta.env.VITE_OPERATOR_LOGIN_URL ?? '/oper-login';

export function OperatorAuthPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="5">
      <Heading as="h1" size="xl">
        {t('auth.operatorTitle')}
      </Heading>
      <Text color="gray.700">{t('auth.operatorText')}</Text>
      <Button asChild>
        <a href={OPERATOR_EXTERNAL_LOGIN_URL}>{t('auth.operatorLink')}</a>
      </Button>
    </Stack>
  );
}
