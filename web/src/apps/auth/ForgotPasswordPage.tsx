/** Forgot password (spec core §2 Auth): mails a reset link to the account e-mail of this area. */
import { useTranslation } from 'react-i18next';
import { Alert, Button, Heading, Input, Link, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router-dom';
import { FormField } from '../../components/FormField';
import { AUTH_PATH_OF_AREA, TYPE_OF_AREA, type Area } from '../../system/router/guards';
import { validateEmail } from '../../system/validation';
import { getAuthSession } from './authSession';
import { useRequestPasswordResetMutation } from './mutations/useRequestPasswordResetMutation';
import { readUserError } from '../../system/errors/userError';

export function ForgotPasswordPage({ area }: { area: Exclude<Area, 'operator'> }) {
  const { t } = useTranslation();
  const [request, inFlight] = useRequestPasswordResetMutation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<{ email: string }>({ defaultValues: { email: getAuthSession().email ?? '' } });

  const onSubmit = form.handleSubmit(async ({ email }) => {
    const r = (await request({ input: { email: email.trim(), userType: TYPE_OF_AREA[area] } })).requestPasswordReset;
    if (r.__typename === 'PasswordResetRequested') setSentTo(r.email);
    else if (r.__typename === 'UserError') {
      const userError = readUserError(r.userError);
      form.setError('email', { message: userError.message });
    }
  });

  return (
    <Stack gap="6">
      <Heading as="h1" size="xl">
        {t('auth.forgotTitle')}
      </Heading>
      {sentTo ? (
        <Alert.Root status="success" role="status">
          <Alert.Indicator />
          <Alert.Title>{t('auth.linkSent', { email: sentTo })}</Alert.Title>
        </Alert.Root>
      ) : (
        <>
          <Text color="gray.700">{t('auth.forgotText')}</Text>
          <form onSubmit={onSubmit} noValidate aria-label={t('auth.forgotTitle')}>
            <Stack gap="4">
              <FormField label={t('auth.email')} error={form.formState.errors.email?.message} required>
                <Input type="email" autoComplete="email" {...form.register('email', { validate: validateEmail })} />
              </FormField>
              <Button type="submit" loading={inFlight}>
                {t('auth.sendLink')}
              </Button>
            </Stack>
          </form>
        </>
      )}
      <Link asChild fontSize="sm">
        <RouterLink to={AUTH_PATH_OF_AREA[area]}>{t('common.backToSignIn')}</RouterLink>
      </Link>
    </Stack>
  );
}
