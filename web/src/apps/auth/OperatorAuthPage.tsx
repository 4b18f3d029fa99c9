/**
 * Operator sign-in (/operator/auth; DESIGN "Sessions", spec core §2, §8: operators sign in through an external
 * login page that ends in /api/public/oper/autologin).
 * - Without `?code=`: a link 'Войти через страницу оператора' to the external login page (/oper-login of the
 *   embedded default, proxied by the gateway; VITE_OPERATOR_LOGIN_URL overrides it).
 * - With `?code=…` (where that page sends the operator back): the code is exchanged once with
 *   `operatorAutologin`; on success the Relay store is dropped (a new user) and the operator goes to
 *   /operator/fea; an invalid or expired code shows the server's message and the link again.
 */
import { useTranslation } from 'react-i18next';
import { Alert, Button, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { relayEnvironmentStore } from '../../system/relay/environment';
import { HOME_OF_TYPE } from '../../system/router/guards';
import { useOperatorAutologinMutation } from './mutations/useOperatorAutologinMutation';
import { userErrorOf } from '../../system/errors/userError';

export const OPERATOR_EXTERNAL_LOGIN_URL: string = import.meta.env.VITE_OPERATOR_LOGIN_URL ?? '/oper-login';

/** Codes already sent: a code is single use, and StrictMode runs effects twice in development. */
const exchangedCodes = new Set<string>();

export function OperatorAuthPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const code = params.get('code')?.trim() || null;
  const navigate = useNavigate();
  const [autologin] = useOperatorAutologinMutation();
  const [error, setError] = useState<string | null>(null);
  const [signingIn, setSigningIn] = useState(code != null);

  useEffect(() => {
    if (!code || exchangedCodes.has(code)) return;
    exchangedCodes.add(code);
    setSigningIn(true);
    autologin({ input: { code } }, { silent: true })
      .then((r) => {
        const res = r.operatorAutologin;
        if (res.__typename === 'OperatorAutologinSuccess') {
          relayEnvironmentStore.reset();
          navigate(HOME_OF_TYPE.OPER, { replace: true });
          return;
        }
        setError(userErrorOf(res)?.message ?? t('common.genericError'));

        setSigningIn(false);
      })
      .catch(() => {
        setError(t('common.genericError'));
        setSigningIn(false);
      });
  }, [code, autologin, navigate, t]);

  return (
    <Stack gap="5">
      <Heading as="h1" size="xl">
        {t('auth.operatorTitle')}
      </Heading>
      {signingIn ? (
        <Stack direction="row" align="center" gap="3" role="status">
          <Spinner size="sm" />
          <Text>Выполняется вход…</Text>
        </Stack>
      ) : (
        <>
          {error && (
            <Alert.Root status="error" role="alert">
              <Alert.Indicator />
              <Alert.Title>{error}</Alert.Title>
            </Alert.Root>
          )}
          <Text color="gray.700">{t('auth.operatorText')}</Text>
          <Button asChild>
            <a href={OPERATOR_EXTERNAL_LOGIN_URL}>Войти через страницу оператора</a>
          </Button>
        </>
      )}
    </Stack>
  );
}
