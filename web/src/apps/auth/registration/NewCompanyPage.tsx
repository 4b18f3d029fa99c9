/**
 * /client/auth/registration/new-company (stepper layout): the company is not in the registry. The user
 * leaves a callback request and the service registers the company by hand.
 */
import { useTranslation } from 'react-i18next';
import { Alert, Button, Heading, Input, Link, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router-dom';
import { FormField } from '../../../components/FormField';
import { normalizePhone, validatePhone, validateRequired } from '../../../system/validation';
import { getAuthSession } from '../authSession';
import { useRequestCallbackMutation } from '../mutations/useRequestCallbackMutation';
import { readUserError } from '../../../system/errors/userError';
import { MaskedInput, PHONE_MASK } from '../../../system/masks';

export function NewCompanyPage() {
  const { t } = useTranslation();
  const [request, inFlight] = useRequestCallbackMutation();
  const [done, setDone] = useState(false);
  const form = useForm<{ name: string; phone: string; comment: string }>({
    defaultValues: { name: '', phone: '', comment: '' },
  });
  const errors = form.formState.errors;

  const onSubmit = form.handleSubmit(async (v) => {
    const r = (
      await request({
        input: {
          name: v.name.trim(),
          phone: normalizePhone(v.phone),
          email: getAuthSession().email,
          comment: v.comment.trim() || null,
          topic: 'registration',
        },
      })
    ).requestCallback;
    if (r.__typename === 'CallbackRequested') setDone(true);
    else if (r.__typename === 'UserError') {
      const userError = readUserError(r.userError);
      form.setError('phone', { message: userError.message });
    }
  });

  return (
    <Stack gap="6">
      <Heading as="h1" size="xl">
        {t('registration.newCompanyTitle')}
      </Heading>
      {done ? (
        <Alert.Root status="success" role="status">
          <Alert.Indicator />
          <Alert.Title>{t('registration.newCompanyDone')}</Alert.Title>
        </Alert.Root>
      ) : (
        <>
          <Text color="gray.700">{t('registration.newCompanyText')}</Text>
          <form onSubmit={onSubmit} noValidate aria-label={t('registration.callbackForm')}>
            <Stack gap="4">
              <FormField label={t('registration.name')} error={errors.name?.message} required>
                <Input {...form.register('name', { validate: validateRequired })} />
              </FormField>
              <FormField
                label={t('registration.phone')}
                error={errors.phone?.message}
                helperText={t('registration.phoneHint')}
                required
              >
                <MaskedInput mask={PHONE_MASK} type="tel" {...form.register('phone', { validate: validatePhone })} />
              </FormField>
              <FormField label={t('registration.newCompanyComment')}>
                <Input {...form.register('comment')} />
              </FormField>
              <Button type="submit" loading={inFlight}>
                {t('registration.requestCall')}
              </Button>
            </Stack>
          </form>
        </>
      )}
      <Link asChild fontSize="sm">
        <RouterLink to="/client/auth/registration">{t('registration.backToRegistration')}</RouterLink>
      </Link>
    </Stack>
  );
}
