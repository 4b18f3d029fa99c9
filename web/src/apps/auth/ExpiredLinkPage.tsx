/** Expired registration link (spec core §8): 'Ссылка устарела' with a way to request a new one. */
import { useTranslation } from 'react-i18next';
import { Button, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormField } from '../../components/FormField';
import { validateEmail } from '../../system/validation';
import { ConfirmEmailScreen } from './ConfirmEmailScreen';
import { getAuthSession, updateAuthSession } from './authSession';
import { useSendEmailConfirmationMutation } from './mutations/useSendEmailConfirmationMutation';
import { readUserError } from '../../system/errors/userError';

export function ExpiredLinkPage() {
  const { t } = useTranslation();
  const [send, inFlight] = useSendEmailConfirmationMutation();
  const [sent, setSent] = useState<{ email: string; seconds: number } | null>(null);
  const form = useForm<{ email: string }>({ defaultValues: { email: getAuthSession().email ?? '' } });

  const onSubmit = form.handleSubmit(async ({ email }) => {
    const r = (await send({ input: { email: email.trim() } })).sendEmailConfirmation;
    if (r.__typename === 'EmailConfirmationSent') {
      updateAuthSession({ email: r.email, userType: 'CLIENT', mode: 'new', token: null });
      setSent({ email: r.email, seconds: r.resendAfterSeconds });
    } else if (r.__typename === 'UserError') {
      const userError = readUserError(r.userError);
      if (userError.code === 'RESEND_TOO_EARLY')
        setSent({ email: email.trim(), seconds: userError.retryAfterSeconds ?? 120 });
      else form.setError('email', { message: userError.message });
    }
  });

  if (sent) return <ConfirmEmailScreen email={sent.email} resendAfterSeconds={sent.seconds} />;

  return (
    <Stack gap="6">
      <Heading as="h1" size="xl">
        {t('auth.expiredTitle')}
      </Heading>
      <Text color="gray.700">{t('auth.expiredText')}</Text>
      <form onSubmit={onSubmit} noValidate aria-label={t('auth.requestNewForm')}>
        <Stack gap="4">
          <FormField label={t('auth.email')} error={form.formState.errors.email?.message} required>
            <Input type="email" autoComplete="email" {...form.register('email', { validate: validateEmail })} />
          </FormField>
          <Button type="submit" loading={inFlight}>
            {t('auth.requestNew')}
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
