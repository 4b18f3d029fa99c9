/**
 * The mailed link of a sign-in e-mail change, /<area>/auth/email/confirm?token=… (issue 8; backend mail template
 * emailChangeMail; spec core §2 Client "account", §8 "Link expired: 'Ссылка устарела' with a way to request a new one").
 * Opens signed in or not (guards.ts isEmailChangeConfirmPath), confirms once with confirmEmail and says so; an expired
 * or used link shows 'Ссылка устарела' with a way back to where a new link is requested.
 */
import { Alert, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { PageSpinner } from '../../components/PageSpinner';
import { relayEnvironmentStore } from '../../system/relay/environment';
import type { Area } from '../../system/router/guards';
import { AUTH_PATH_OF_AREA } from '../../system/router/guards';
import { useConfirmEmailMutation } from './mutations/useConfirmEmailMutation';
import { readUserError } from '../../system/errors/userError';

/** Where the account (and a new e-mail change) lives in each area; the sign-in page redirects there when signed in. */
const ACCOUNT_PATH: Record<Exclude<Area, 'operator'>, string> = {
  client: '/client/company?tab=account',
  partner: '/partner',
  agent: '/agent/company',
};

export function EmailChangeConfirmPage({ area }: { area: Exclude<Area, 'operator'> }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  const [confirm] = useConfirmEmailMutation();
  const [state, setState] = useState<
    { kind: 'pending' } | { kind: 'done'; email: string } | { kind: 'expired' } | { kind: 'error'; message: string }
  >(token ? { kind: 'pending' } : { kind: 'expired' });
  const started = useRef(false);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    confirm({ input: { token } }, { silent: true })
      .then((res) => {
        const r = res.confirmEmail;
        if (r.__typename === 'ConfirmEmailSuccess') {
          // The viewer's e-mail changed: cached data must not show the old one.
          relayEnvironmentStore.reset();
          setState({ kind: 'done', email: r.email });
        } else if (r.__typename === 'UserError') {
          const userError = readUserError(r.userError);
          setState(
            userError.code === 'LINK_EXPIRED' || userError.code === 'NOT_FOUND'
              ? { kind: 'expired' }
              : { kind: 'error', message: userError.message },
          );
        }
      })
      .catch(() => setState({ kind: 'error', message: t('common.genericError') }));
  }, [confirm, t, token]);

  const back = ACCOUNT_PATH[area];
  if (state.kind === 'pending') return <PageSpinner minH="30vh" />;
  if (state.kind === 'expired') {
    return (
      <Stack gap="5">
        <Heading as="h1" size="xl">
          {t('auth.expiredTitle')}
        </Heading>
        <Text>{t('auth.expiredText')}</Text>
        <Button asChild alignSelf="flex-start">
          <RouterLink to={back}>{t('auth.requestNew')}</RouterLink>
        </Button>
      </Stack>
    );
  }
  if (state.kind === 'error') {
    return (
      <Stack gap="5">
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{state.message}</Alert.Title>
        </Alert.Root>
        <Button asChild alignSelf="flex-start">
          <RouterLink to={AUTH_PATH_OF_AREA[area]}>{t('common.backToSignIn')}</RouterLink>
        </Button>
      </Stack>
    );
  }
  return (
    <Stack gap="5">
      <Heading as="h1" size="xl">
        {t('emailChange.confirmedTitle')}
      </Heading>
      <Alert.Root status="success" role="status">
        <Alert.Indicator />
        <Alert.Title>{t('emailChange.confirmedText', { email: state.email })}</Alert.Title>
      </Alert.Root>
      <Button asChild alignSelf="flex-start">
        <RouterLink to={back}>{t('emailChange.toAccount')}</RouterLink>
      </Button>
    </Stack>
  );
}
