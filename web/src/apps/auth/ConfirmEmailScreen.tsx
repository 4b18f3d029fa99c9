/**
 * Confirm-e-mail screen (spec core §2 Auth): says where the link went, lets the user resend it after the
 * countdown (120 s, spec core §4/§9) and change the address (changeConfirmationEmail).
 */
import { Alert, Button, HStack, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { FormField } from '../../components/FormField';
import { RESEND_MAIL_DELAY_SECONDS, useCountdown } from '../../system/useCountdown';
import { validateEmail } from '../../system/validation';
import { updateAuthSession } from './authSession';
import { useChangeConfirmationEmailMutation } from './mutations/useChangeConfirmationEmailMutation';
import { useSendEmailConfirmationMutation } from './mutations/useSendEmailConfirmationMutation';
import { readUserError } from '../../system/errors/userError';

export interface ConfirmEmailScreenProps {
  email: string;
  /** Seconds before a resend is allowed, from the send answer. */
  resendAfterSeconds?: number;
  onEmailChanged?: (email: string) => void;
}

export function ConfirmEmailScreen({
  email: initialEmail,
  resendAfterSeconds = RESEND_MAIL_DELAY_SECONDS,
  onEmailChanged,
}: ConfirmEmailScreenProps) {
  const { t } = useTranslation();
  const [email, setEmail] = useState(initialEmail);
  const [changing, setChanging] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { secondsLeft, restart } = useCountdown(resendAfterSeconds);
  const [send, sending] = useSendEmailConfirmationMutation();
  const [change, changingInFlight] = useChangeConfirmationEmailMutation();
  const form = useForm<{ newEmail: string }>({ defaultValues: { newEmail: '' } });

  const resend = async () => {
    setError(null);
    const r = (await send({ input: { email } })).sendEmailConfirmation;
    if (r.__typename === 'EmailConfirmationSent') {
      restart(r.resendAfterSeconds);
      setNotice(t('auth.resentTo', { email: r.email }));
    } else if (r.__typename === 'UserError') {
      const userError = readUserError(r.userError);
      if (userError.retryAfterSeconds) restart(userError.retryAfterSeconds);
      setError(userError.message);
    }
  };

  const submitChange = form.handleSubmit(async ({ newEmail }) => {
    setError(null);
    const r = (await change({ input: { email, newEmail: newEmail.trim() } })).changeConfirmationEmail;
    if (r.__typename === 'EmailConfirmationSent') {
      setEmail(r.email);
      updateAuthSession({ email: r.email });
      onEmailChanged?.(r.email);
      restart(r.resendAfterSeconds);
      setChanging(false);
      setNotice(t('auth.sentTo', { email: r.email }));
      form.reset();
    } else if (r.__typename === 'UserError') {
      const userError = readUserError(r.userError);
      form.setError('newEmail', { message: userError.message });
    }
  });

  return (
    <Stack gap="5">
      <Heading as="h1" size="lg">
        {t('auth.confirmTitle')}
      </Heading>
      <Text data-testid="confirm-email-text">
        <Trans i18nKey="auth.confirmText" values={{ email }} components={{ b: <b /> }} />
      </Text>
      {notice && (
        <Alert.Root status="success">
          <Alert.Indicator />
          <Alert.Title>{notice}</Alert.Title>
        </Alert.Root>
      )}
      {error && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{error}</Alert.Title>
        </Alert.Root>
      )}
      {secondsLeft > 0 ? (
        <Text color="gray.600" aria-live="polite" data-testid="resend-countdown">
          {t('auth.resendIn', { seconds: secondsLeft })}
        </Text>
      ) : (
        <Button variant="outline" onClick={resend} loading={sending}>
          {t('auth.resend')}
        </Button>
      )}
      {changing ? (
        <form onSubmit={submitChange} noValidate aria-label={t('auth.changeEmailForm')}>
          <Stack gap="3">
            <FormField label={t('auth.newEmail')} error={form.formState.errors.newEmail?.message} required>
              <Input type="email" autoComplete="email" {...form.register('newEmail', { validate: validateEmail })} />
            </FormField>
            <HStack gap="2">
              <Button type="submit" loading={changingInFlight}>
                {t('auth.sendMail')}
              </Button>
              <Button variant="ghost" onClick={() => setChanging(false)}>
                {t('common.cancel')}
              </Button>
            </HStack>
          </Stack>
        </form>
      ) : (
        <Button variant="ghost" alignSelf="flex-start" onClick={() => setChanging(true)}>
          {t('auth.changeEmail')}
        </Button>
      )}
    </Stack>
  );
}
