/**
 * New password by the token of a reset link (/<area>/auth/forgot/pass?token=…, also
 * /client/auth/reset-password?token=…). An expired link shows 'Ссылка устарела' with a way to ask again.
 */
import { useTranslation } from 'react-i18next';
import { Alert, Button, Heading, Link, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, Navigate, useLocation, useSearchParams } from 'react-router-dom';
import { AUTH_PATH_OF_AREA, authStepEntry, type Area } from '../../system/router/guards';
import { PasswordFields } from './PasswordPage';
import { useResetPasswordMutation } from './mutations/useResetPasswordMutation';
import { readUserError } from '../../system/errors/userError';

export function ResetPasswordPage({ area }: { area: Exclude<Area, 'operator'> }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const token = params.get('token');
  const [reset, inFlight] = useResetPasswordMutation();
  const [state, setState] = useState<'form' | 'done' | 'expired'>('form');
  const [error, setError] = useState<string | null>(null);
  const form = useForm<{ password: string; passwordRepeat: string }>({
    defaultValues: { password: '', passwordRepeat: '' },
    mode: 'onTouched',
  });
  const password = form.watch('password');

  const entry = authStepEntry(pathname, { rememberedEmail: null, token });
  if (entry.action === 'redirect') return <Navigate to={entry.to} replace />;

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    const r = (
      await reset({
        input: { token: token as string, password: values.password, passwordSecondTime: values.passwordRepeat },
      })
    ).resetPassword;
    if (r.__typename === 'ResetPasswordSuccess') setState('done');
    else if (r.__typename === 'UserError') {
      const userError = readUserError(r.userError);
      if (userError.code === 'LINK_EXPIRED') setState('expired');
      else {
        const pwError = userError.fieldErrors.find((f) => f.field.endsWith('password'));
        if (pwError) form.setError('password', { message: pwError.message });
        else setError(userError.message);
      }
    }
  });

  const back = AUTH_PATH_OF_AREA[area];
  if (state === 'expired') {
    return (
      <Stack gap="5">
        <Heading as="h1" size="xl">
          {t('auth.expiredTitle')}
        </Heading>
        <Button asChild>
          <RouterLink to={`${back}/forgot`}>{t('auth.requestNew')}</RouterLink>
        </Button>
      </Stack>
    );
  }
  if (state === 'done') {
    return (
      <Stack gap="5">
        <Heading as="h1" size="xl">
          {t('auth.passwordChanged')}
        </Heading>
        <Alert.Root status="success" role="status">
          <Alert.Indicator />
          <Alert.Title>{t('auth.passwordChangedText')}</Alert.Title>
        </Alert.Root>
        <Button asChild>
          <RouterLink to={back}>{t('common.signIn')}</RouterLink>
        </Button>
      </Stack>
    );
  }
  return (
    <Stack gap="6">
      <Heading as="h1" size="xl">
        {t('auth.newPassword')}
      </Heading>
      {error && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{error}</Alert.Title>
        </Alert.Root>
      )}
      <form onSubmit={onSubmit} noValidate aria-label={t('auth.resetForm')}>
        <Stack gap="4">
          <PasswordFields form={form} password={password} label={t('auth.newPassword')} />
          <Button type="submit" loading={inFlight}>
            {t('auth.savePassword')}
          </Button>
        </Stack>
      </form>
      <Link asChild fontSize="sm">
        <RouterLink to={back}>{t('common.backToSignIn')}</RouterLink>
      </Link>
    </Stack>
  );
}
