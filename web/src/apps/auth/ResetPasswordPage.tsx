/**
 * New password by the token of a reset link (/<area>/auth/forgot/pass?token=…, also
 * /client/auth/reset-password?token=…). An expired link shows 'Ссылка устарела' with a way to ask again.
 */
import { useTranslation } from 'react-i18next';
import { Button, Heading, Link, Stack } from '@chakra-ui/react';
import { Link as RouterLink, Navigate, useLocation, useSearchParams } from 'react-router-dom';
import { AUTH_PATH_OF_AREA, authStepEntry, type Area } from '../../system/router/guards';
import { PasswordSetDone, TokenPasswordForm, useTokenPasswordForm } from './PasswordPage';

export function ResetPasswordPage({ area }: { area: Exclude<Area, 'operator'> }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const token = params.get('token');
  const tokenForm = useTokenPasswordForm(token);

  const entry = authStepEntry(pathname, { rememberedEmail: null, token });
  if (entry.action === 'redirect') return <Navigate to={entry.to} replace />;

  const back = AUTH_PATH_OF_AREA[area];
  if (tokenForm.state === 'expired') {
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
  if (tokenForm.state === 'done') {
    return (
      <PasswordSetDone
        title={t('auth.passwordChanged')}
        text={t('auth.passwordChangedText')}
        to={back}
        linkText={t('common.signIn')}
      />
    );
  }
  return (
    <Stack gap="6">
      <Heading as="h1" size="xl">
        {t('auth.newPassword')}
      </Heading>
      <TokenPasswordForm
        tokenForm={tokenForm}
        formLabel={t('auth.resetForm')}
        label={t('auth.newPassword')}
        submitLabel={t('auth.savePassword')}
      />
      <Link asChild fontSize="sm">
        <RouterLink to={back}>{t('common.backToSignIn')}</RouterLink>
      </Link>
    </Stack>
  );
}
