/**
 * 'Учётная запись' of 'Моя компания' (issue 8; spec core §2 Client "account"; §3 "Client info / contact"; §5 names,
 * phone, site, e-mail, password rules and messages; §8 "update regdata" and password-change errors; §9 resend delay):
 * - registration data (name, surname, patronymic, phone, additional phone, company website) → updateRegistrationData;
 * - the sign-in e-mail: a confirmation link is mailed to the new address (requestEmailChange), resend after 120 s;
 * - the password: current + new + repeat (changePassword); PASSWORD_SAME_AS_OLD and WRONG_PASSWORD next to the fields.
 * Server field errors are shown next to their fields; other refusals above the form.
 * Only the client himself changes these (issue 11, spec core §6): in a referral partner's re-login
 * (isOriginalClient false) the registration data are shown read-only and the e-mail and password forms are not
 * offered; 'Доступно только самому клиенту' stands where their buttons were.
 */
import { Alert, Button, Fieldset, Heading, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment } from 'react-relay';
import type { CompanyAccountTab_viewer$key } from '../../../__generated__/CompanyAccountTab_viewer.graphql';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { FormField } from '../../../components/FormField';
import { showSuccess } from '../../../system/toaster';
import { RESEND_MAIL_DELAY_SECONDS, useCountdown } from '../../../system/useCountdown';
import { MESSAGES, validateEmail, validatePhone } from '../../../system/validation';
import { PasswordFields } from '../../auth/PasswordPage';
import {
  COMPANY_MESSAGES,
  toRegistrationDataInput,
  validateOptionalPhone,
  validateRussianName,
  validateSite,
} from './companyForm';
import { useChangePasswordMutation } from './mutations/useChangePasswordMutation';
import { useRequestEmailChangeMutation } from './mutations/useRequestEmailChangeMutation';
import { useUpdateRegistrationDataMutation } from './mutations/useUpdateRegistrationDataMutation';
import { OriginalClientOnlyNote } from './OriginalClientOnlyNote';
import { fieldIn, placeFieldErrors } from '../../../system/errors/resultMessage';
import { readUserError } from '../../../system/errors/userError';
import { MaskedInput, PHONE_MASK } from '../../../system/masks';

export function CompanyAccountTab({ viewer: viewerKey }: { viewer: CompanyAccountTab_viewer$key }) {
  const viewer = useFragment(
    graphql`
      fragment CompanyAccountTab_viewer on Viewer {
        id
        email
        isOriginalClient
        clientInfo {
          contact {
            name
            surname
            patronymic
            phone
            additionalPhone
            companyWebsite
          }
        }
      }
    `,
    viewerKey,
  );
  const contact = viewer.clientInfo?.contact;
  const original = viewer.isOriginalClient;
  return (
    <Stack gap="10" pt="4" maxW="3xl">
      <RegistrationDataForm
        key={JSON.stringify(contact ?? null)}
        initial={{
          surname: contact?.surname ?? '',
          name: contact?.name ?? '',
          patronymic: contact?.patronymic ?? '',
          phone: contact?.phone ?? '',
          additionalPhone: contact?.additionalPhone ?? '',
          companyWebsite: contact?.companyWebsite ?? '',
        }}
        original={original}
      />
      <EmailChangeForm currentEmail={viewer.email ?? ''} original={original} />
      <PasswordChangeForm original={original} />
    </Stack>
  );
}

type RegDataValues = {
  surname: string;
  name: string;
  patronymic: string;
  phone: string;
  additionalPhone: string;
  companyWebsite: string;
};
const REG_FIELDS = ['surname', 'name', 'patronymic', 'phone', 'additionalPhone', 'companyWebsite'] as const;

function RegistrationDataForm({ initial, original }: { initial: RegDataValues; original: boolean }) {
  const { t } = useTranslation();
  const [save, saving] = useUpdateRegistrationDataMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<RegDataValues>({ defaultValues: initial, mode: 'onTouched' });
  const e = form.formState.errors;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    let r;
    try {
      r = (await save({ input: toRegistrationDataInput(values) }, { silent: true })).updateRegistrationData;
    } catch {
      setFormError(COMPANY_MESSAGES.regDataUnknown);
      return;
    }
    if (r.__typename === 'UpdateRegistrationDataSuccess') showSuccess(t('company.saved'));
    else if (r.__typename === 'UserError') {
      const userError = readUserError(r.userError);
      const { byField, formMessage } = placeFieldErrors(userError, fieldIn(REG_FIELDS));

      for (const [field, message] of Object.entries(byField))
        form.setError(field as keyof RegDataValues, { message: message as string });
      setFormError(formMessage);
    } else setFormError(COMPANY_MESSAGES.regDataUnknown);
  });

  return (
    <Stack gap="4" as="section" aria-labelledby="regdata-title">
      <Heading as="h2" size="lg" id="regdata-title">
        {t('company.regData')}
      </Heading>
      <FormErrorAlert message={formError} />
      <form onSubmit={onSubmit} noValidate aria-label={t('company.regDataForm')}>
        <Fieldset.Root disabled={!original} gap="4">
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
            <FormField label={t('company.surname')} error={e.surname?.message} required>
              <Input
                autoComplete="family-name"
                {...form.register('surname', { validate: (v) => validateRussianName(v) })}
              />
            </FormField>
            <FormField label={t('company.name')} error={e.name?.message} required>
              <Input
                autoComplete="given-name"
                {...form.register('name', { validate: (v) => validateRussianName(v) })}
              />
            </FormField>
            <FormField label={t('company.patronymic')} error={e.patronymic?.message}>
              <Input
                autoComplete="additional-name"
                {...form.register('patronymic', { validate: (v) => validateRussianName(v, false) })}
              />
            </FormField>
          </SimpleGrid>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <FormField label={t('company.phone')} error={e.phone?.message} helperText={t('company.phoneHint')} required>
              <MaskedInput
                mask={PHONE_MASK}
                type="tel"
                autoComplete="tel-national"
                {...form.register('phone', { validate: validatePhone })}
              />
            </FormField>
            <FormField
              label={t('company.additionalPhone')}
              error={e.additionalPhone?.message}
              helperText={t('company.phoneHint')}
            >
              <MaskedInput
                mask={PHONE_MASK}
                type="tel"
                {...form.register('additionalPhone', { validate: validateOptionalPhone })}
              />
            </FormField>
          </SimpleGrid>
          <FormField label={t('company.companyWebsite')} error={e.companyWebsite?.message}>
            <Input
              type="url"
              inputMode="url"
              placeholder="https://"
              {...form.register('companyWebsite', { validate: validateSite })}
            />
          </FormField>
          {original ? (
            <Button type="submit" alignSelf="flex-start" loading={saving}>
              {t('company.save')}
            </Button>
          ) : (
            <OriginalClientOnlyNote />
          )}
        </Fieldset.Root>
      </form>
    </Stack>
  );
}

function EmailChangeForm({ currentEmail, original }: { currentEmail: string; original: boolean }) {
  const { t } = useTranslation();
  const [request, requesting] = useRequestEmailChangeMutation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const countdown = useCountdown(0);
  const form = useForm<{ email: string }>({ defaultValues: { email: '' }, mode: 'onTouched' });

  const onSubmit = form.handleSubmit(async ({ email }) => {
    setFormError(null);
    const r = (await request({ input: { email: email.trim() } })).requestEmailChange;
    if (r.__typename === 'EmailChangeRequested') {
      setSentTo(r.email);
      countdown.restart(r.resendAfterSeconds || RESEND_MAIL_DELAY_SECONDS);
    } else if (r.__typename === 'UserError') {
      const userError = readUserError(r.userError);
      if (userError.code === 'RESEND_TOO_EARLY' && userError.retryAfterSeconds)
        countdown.restart(userError.retryAfterSeconds);
      if (
        userError.code === 'EMAIL_INVALID' ||
        userError.code === 'EMAIL_TAKEN' ||
        userError.code === 'ACCOUNT_SUSPENDED' ||
        userError.field === 'email'
      )
        form.setError('email', { message: userError.message });
      else setFormError(userError.message);
    }
  });

  const waiting = countdown.secondsLeft > 0;
  return (
    <Stack gap="4" as="section" aria-labelledby="email-title">
      <Heading as="h2" size="lg" id="email-title">
        {t('company.emailTitle')}
      </Heading>
      <Text color="gray.700">{t('company.currentEmail', { email: currentEmail })}</Text>
      <FormErrorAlert message={formError} />
      {sentTo && (
        <Alert.Root status="success" role="status">
          <Alert.Indicator />
          <Alert.Title>{t('company.emailLinkSent', { email: sentTo })}</Alert.Title>
        </Alert.Root>
      )}
      {!original ? (
        <OriginalClientOnlyNote />
      ) : (
        <form onSubmit={onSubmit} noValidate aria-label={t('company.emailChangeForm')}>
          <Stack gap="4">
            <FormField label={t('company.newEmail')} error={form.formState.errors.email?.message} required>
              <Input
                type="email"
                autoComplete="email"
                {...form.register('email', {
                  validate: (v) => {
                    const ok = validateEmail(v);
                    return ok === true && v.trim().toLowerCase() === currentEmail.toLowerCase()
                      ? MESSAGES.emailTaken
                      : ok;
                  },
                })}
              />
            </FormField>
            <Stack direction={{ base: 'column', md: 'row' }} gap="3" align={{ md: 'center' }}>
              <Button type="submit" loading={requesting} disabled={waiting}>
                {sentTo ? t('auth.resend') : t('company.sendEmailLink')}
              </Button>
              {waiting && (
                <Text fontSize="sm" color="gray.600" role="timer" aria-live="off">
                  {t('auth.resendIn', { seconds: countdown.secondsLeft })}
                </Text>
              )}
            </Stack>
          </Stack>
        </form>
      )}
    </Stack>
  );
}

type PasswordValues = { oldPassword: string; password: string; passwordRepeat: string };

function PasswordChangeForm({ original }: { original: boolean }) {
  const { t } = useTranslation();
  const [change, changing] = useChangePasswordMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<PasswordValues>({
    defaultValues: { oldPassword: '', password: '', passwordRepeat: '' },
    mode: 'onTouched',
  });
  const password = form.watch('password');

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    if (values.oldPassword === values.password) {
      form.setError('password', { message: MESSAGES.passwordSameAsOld });
      return;
    }
    let r;
    try {
      r = (
        await change(
          {
            input: {
              oldPassword: values.oldPassword,
              password: values.password,
              passwordSecondTime: values.passwordRepeat,
            },
          },
          { silent: true },
        )
      ).changePassword;
    } catch {
      setFormError(COMPANY_MESSAGES.passwordUnknown);
      return;
    }
    if (r.__typename === 'ChangePasswordSuccess') {
      form.reset();
      showSuccess(t('company.passwordChanged'));
    } else if (r.__typename === 'UserError') {
      const userError = readUserError(r.userError);
      // Spec core §5 "Password change": a validation item saying old equals new is shown as the localized message.
      const same = userError.fieldErrors.find((f) => f.code === 'PASSWORD_SAME_AS_OLD');
      const wrong = userError.fieldErrors.find((f) => f.field === 'oldPassword');
      const rule = userError.fieldErrors.find((f) => f.field === 'password');
      const repeat = userError.fieldErrors.find((f) => f.field === 'passwordSecondTime');
      if (same) form.setError('password', { message: MESSAGES.passwordSameAsOld });
      else if (rule) form.setError('password', { message: rule.message });
      if (wrong) form.setError('oldPassword', { message: wrong.message });
      if (repeat) form.setError('passwordRepeat', { message: repeat.message });
      if (!same && !wrong && !rule && !repeat)
        setFormError(userError.code === 'VALIDATION_ERROR' ? userError.message : COMPANY_MESSAGES.passwordUnknown);
    } else setFormError(COMPANY_MESSAGES.passwordUnknown);
  });

  return (
    <Stack gap="4" as="section" aria-labelledby="password-title">
      <Heading as="h2" size="lg" id="password-title">
        {t('company.passwordTitle')}
      </Heading>
      <FormErrorAlert message={formError} />
      {!original ? (
        <OriginalClientOnlyNote />
      ) : (
        <form onSubmit={onSubmit} noValidate aria-label={t('company.passwordForm')}>
          <Stack gap="4" maxW="md">
            <FormField label={t('company.oldPassword')} error={form.formState.errors.oldPassword?.message} required>
              <Input
                type="password"
                autoComplete="current-password"
                {...form.register('oldPassword', { validate: (v) => (v ? true : MESSAGES.required) })}
              />
            </FormField>
            {/* The new-password fields with the §5 rule checklist, shared with the sign-in pages. */}
            {/* PasswordFields registers `password` and `passwordRepeat` only; this form has them plus `oldPassword`. */}
            <PasswordFields
              form={form as unknown as Parameters<typeof PasswordFields>[0]['form']}
              password={password}
              label={t('company.newPassword')}
            />
            <Button type="submit" alignSelf="flex-start" loading={changing}>
              {t('company.changePassword')}
            </Button>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
