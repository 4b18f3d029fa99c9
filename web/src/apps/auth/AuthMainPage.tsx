/**
 * Main sign-in page 'Вход или регистрация' (spec core §2 Auth) with the e-mail step:
 * checkEmailStatus → REGISTERED: password step of an existing account; NEW / NOT_CONFIRMED: the
 * confirmation mail is sent and the confirm-e-mail screen shown; CONFIRMED: registration continues;
 * SUSPENDED or a UserError: the message under the field. Partner and agent entries only sign in.
 */
import { useTranslation } from 'react-i18next';
import { Button, Heading, Input, Link, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { FormField } from '../../components/FormField';
import { AUTH_PATH_OF_AREA, TYPE_OF_AREA, type Area } from '../../system/router/guards';
import { MESSAGES, validateEmail } from '../../system/validation';
import { AccountTypeSwitch } from './AccountTypeSwitch';
import { ConfirmEmailScreen } from './ConfirmEmailScreen';
import { getAuthSession, updateAuthSession } from './authSession';
import { useCheckEmailStatusMutation } from './mutations/useCheckEmailStatusMutation';
import { useSendEmailConfirmationMutation } from './mutations/useSendEmailConfirmationMutation';
import { readUserError } from '../../system/errors/userError';

export interface AuthMainPageProps {
  area: Exclude<Area, 'operator'>;
}

export function AuthMainPage({ area }: AuthMainPageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const userType = TYPE_OF_AREA[area];
  const remembered = getAuthSession();
  const form = useForm<{ email: string }>({
    defaultValues: { email: remembered.userType === userType ? (remembered.email ?? '') : '' },
  });
  const [confirm, setConfirm] = useState<{ email: string; seconds: number } | null>(null);
  const [checkStatus, checking] = useCheckEmailStatusMutation();
  const [sendConfirmation, sending] = useSendEmailConfirmationMutation();

  const startConfirmation = async (email: string) => {
    const r = (await sendConfirmation({ input: { email } })).sendEmailConfirmation;
    if (r.__typename === 'EmailConfirmationSent') {
      setConfirm({ email: r.email, seconds: r.resendAfterSeconds });
    } else if (r.__typename === 'UserError') {
      const userError = readUserError(r.userError);
      // A mail was sent less than 120 s ago: show the screen with the remaining time.
      if (userError.code === 'RESEND_TOO_EARLY') setConfirm({ email, seconds: userError.retryAfterSeconds ?? 120 });
      else form.setError('email', { message: userError.message });
    }
  };

  const onSubmit = form.handleSubmit(async ({ email: raw }) => {
    const email = raw.trim();
    const r = (await checkStatus({ input: { email, userType } })).checkEmailStatus;
    if (r.__typename === 'UserError') {
      const userError = readUserError(r.userError);
      form.setError('email', { message: userError.message });
      return;
    }
    if (r.__typename !== 'CheckEmailStatusSuccess') return;
    updateAuthSession({ email: r.email, userType, token: remembered.email === r.email ? remembered.token : null });
    switch (r.status) {
      case 'REGISTERED':
        updateAuthSession({ mode: 'existing' });
        navigate(`${AUTH_PATH_OF_AREA[area]}/pass`);
        break;
      case 'SUSPENDED':
        form.setError('email', { message: MESSAGES.emailSuspended });
        break;
      case 'CONFIRMED':
        updateAuthSession({ mode: 'new' });
        navigate('/client/auth/registration');
        break;
      default:
        // NEW or NOT_CONFIRMED: (re)send the confirmation mail.
        updateAuthSession({ mode: 'new' });
        await startConfirmation(r.email);
    }
  });

  if (confirm) {
    return <ConfirmEmailScreen email={confirm.email} resendAfterSeconds={confirm.seconds} />;
  }

  return (
    <Stack gap="6">
      <Stack gap="3">
        <Heading as="h1" size="xl">
          {t('auth.title')}
        </Heading>
        <AccountTypeSwitch current={area} />
      </Stack>
      <form onSubmit={onSubmit} noValidate aria-label={t('auth.title')}>
        <Stack gap="4">
          <FormField label={t('auth.email')} error={form.formState.errors.email?.message} required>
            <Input
              type="email"
              autoComplete="email"
              autoFocus
              {...form.register('email', { validate: validateEmail })}
            />
          </FormField>
          <Button type="submit" loading={checking || sending}>
            {t('common.continue')}
          </Button>
        </Stack>
      </form>
      {area !== 'client' && (
        <Text fontSize="sm" color="gray.600">
          {t(area === 'partner' ? 'auth.registrationByOperator_partner' : 'auth.registrationByOperator_agent')}
        </Text>
      )}
      <Link asChild fontSize="sm">
        <RouterLink to={`${AUTH_PATH_OF_AREA[area]}/forgot`}>{t('auth.forgot')}</RouterLink>
      </Link>
    </Stack>
  );
}
