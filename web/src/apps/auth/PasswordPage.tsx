/**
 * Password step (spec core §2 Auth), reached from the e-mail step only:
 * - existing account: sign in (login) and go to the home of the account type;
 * - new account: choose a password (rules of spec core §5) and continue the registration stepper.
 */
import { useTranslation } from 'react-i18next';
import { Alert, Button, HStack, Heading, Input, Link, List, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, Navigate, useNavigate } from 'react-router-dom';
import { FormField } from '../../components/FormField';
import { relayEnvironmentStore } from '../../system/relay/environment';
import {
  AUTH_PATH_OF_AREA,
  HOME_OF_TYPE,
  TYPE_OF_AREA,
  authStepEntry,
  isAccountType,
  type Area,
} from '../../system/router/guards';
import {
  passwordRuleStates,
  validatePassword,
  validatePasswordRepeat,
  validateRequired,
} from '../../system/validation';
import { clearAuthSession, getAuthSession, setPendingPassword } from './authSession';
import { useLoginMutation } from './mutations/useLoginMutation';
import { useResetPasswordMutation } from './mutations/useResetPasswordMutation';
import { readUserError } from '../../system/errors/userError';
import { FormErrorAlert } from '../../components/FormErrorAlert';

export function PasswordPage({ area }: { area: Exclude<Area, 'operator'> }) {
  const session = getAuthSession();
  const entry = authStepEntry(`${AUTH_PATH_OF_AREA[area]}/pass`, { rememberedEmail: session.email, token: null });
  if (entry.action === 'redirect') return <Navigate to={entry.to} replace />;
  const email = session.email as string;
  return session.mode === 'new' && area === 'client' ? (
    <NewPasswordForm email={email} />
  ) : (
    <LoginForm area={area} email={email} />
  );
}

function LoginForm({ area, email }: { area: Exclude<Area, 'operator'>; email: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [login, inFlight] = useLoginMutation();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<{ password: string }>({ defaultValues: { password: '' } });

  const onSubmit = form.handleSubmit(async ({ password }) => {
    setError(null);
    const r = (await login({ input: { email, password, userType: TYPE_OF_AREA[area] } })).login;
    if (r.__typename === 'LoginSuccess') {
      clearAuthSession();
      relayEnvironmentStore.reset();
      const type = isAccountType(r.viewer.accountType) ? r.viewer.accountType : TYPE_OF_AREA[area];
      navigate(HOME_OF_TYPE[type], { replace: true });
    } else if (r.__typename === 'UserError') {
      const userError = readUserError(r.userError);
      setError(userError.message);
    }
  });

  return (
    <Stack gap="6">
      <Stack gap="1">
        <Heading as="h1" size="xl">
          {t('auth.enterPassword')}
        </Heading>
        <HStack gap="2" wrap="wrap">
          <Text color="gray.700" data-testid="auth-email">
            {email}
          </Text>
          <Link asChild fontSize="sm">
            <RouterLink to={AUTH_PATH_OF_AREA[area]}>{t('auth.change')}</RouterLink>
          </Link>
        </HStack>
      </Stack>
      {error && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{error}</Alert.Title>
        </Alert.Root>
      )}
      <form onSubmit={onSubmit} noValidate aria-label={t('auth.signInForm')}>
        <Stack gap="4">
          <FormField label={t('auth.password')} error={form.formState.errors.password?.message} required>
            <Input
              type="password"
              autoComplete="current-password"
              autoFocus
              {...form.register('password', { validate: validateRequired })}
            />
          </FormField>
          <Button type="submit" loading={inFlight}>
            {t('common.signIn')}
          </Button>
        </Stack>
      </form>
      <Link asChild fontSize="sm">
        <RouterLink to={`${AUTH_PATH_OF_AREA[area]}/forgot`}>{t('auth.forgot')}</RouterLink>
      </Link>
    </Stack>
  );
}

function NewPasswordForm({ email }: { email: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useForm<{ password: string; passwordRepeat: string }>({
    defaultValues: { password: '', passwordRepeat: '' },
    mode: 'onTouched',
  });
  const password = form.watch('password');

  const onSubmit = form.handleSubmit(({ password: p }) => {
    setPendingPassword(p);
    navigate('/client/auth/registration');
  });

  return (
    <Stack gap="6">
      <Stack gap="1">
        <Heading as="h1" size="xl">
          {t('auth.createPassword')}
        </Heading>
        <Text color="gray.700" data-testid="auth-email">
          {email}
        </Text>
      </Stack>
      <form onSubmit={onSubmit} noValidate aria-label={t('auth.createPasswordForm')}>
        <Stack gap="4">
          <PasswordFields form={form} password={password} />
          <Button type="submit">{t('common.continue')}</Button>
        </Stack>
      </form>
    </Stack>
  );
}

type PasswordForm = ReturnType<typeof useForm<{ password: string; passwordRepeat: string }>>;

/** Password + repeat with the rule checklist (spec core §5); shared by the new-account and reset forms. */
export function PasswordFields({ form, password, label }: { form: PasswordForm; password: string; label?: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="4">
      <FormField label={label ?? t('auth.password')} error={form.formState.errors.password?.message} required>
        <Input
          type="password"
          autoComplete="new-password"
          {...form.register('password', { validate: validatePassword })}
        />
      </FormField>
      <List.Root gap="1" fontSize="sm" aria-label={t('auth.passwordRules')} variant="plain">
        {passwordRuleStates(password ?? '').map((r) => (
          <List.Item key={r.id} color={r.ok ? 'green.600' : 'gray.600'} data-ok={r.ok}>
            {r.ok ? '✓' : '•'} {r.label}
          </List.Item>
        ))}
      </List.Root>
      <FormField label={t('auth.passwordRepeat')} error={form.formState.errors.passwordRepeat?.message} required>
        <Input
          type="password"
          autoComplete="new-password"
          {...form.register('passwordRepeat', { validate: (v, values) => validatePasswordRepeat(v, values.password) })}
        />
      </FormField>
    </Stack>
  );
}

/** What a token link's new-password form shows: the form, the success, or 'Ссылка устарела'. */
export type TokenPasswordState = 'form' | 'done' | 'expired';

/**
 * The new password of a token link (a reset link, or an operator's invitation, issue 10), sent with `resetPassword`
 * (spec core §5 rules): the form state, its submit handler and the outcome. A missing `token` or a LINK_EXPIRED refusal
 * is `state: 'expired'`; a refusal of the password is shown at the password field; any other refusal is `error`.
 */
export function useTokenPasswordForm(token: string | null) {
  const [reset, inFlight] = useResetPasswordMutation();
  const [state, setState] = useState<TokenPasswordState>('form');
  const [error, setError] = useState<string | null>(null);
  const form = useForm<{ password: string; passwordRepeat: string }>({
    defaultValues: { password: '', passwordRepeat: '' },
    mode: 'onTouched',
  });
  const password = form.watch('password');

  const onSubmit = form.handleSubmit(async (values) => {
    if (!token) return;
    setError(null);
    const r = (await reset({ input: { token, password: values.password, passwordSecondTime: values.passwordRepeat } }))
      .resetPassword;
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

  return { form, password, onSubmit, inFlight, error, state: token ? state : ('expired' as TokenPasswordState) };
}

/**
 * The form of `useTokenPasswordForm`: the refusal `error` as an alert, then `PasswordFields` (password labelled
 * `label`) and the submit button `submitLabel`, in a form named `formLabel`.
 */
export function TokenPasswordForm({
  tokenForm,
  formLabel,
  label,
  submitLabel,
}: {
  tokenForm: ReturnType<typeof useTokenPasswordForm>;
  formLabel: string;
  label: string;
  submitLabel: string;
}) {
  const { form, password, onSubmit, inFlight, error } = tokenForm;
  return (
    <>
      <FormErrorAlert message={error} />
      <form onSubmit={onSubmit} noValidate aria-label={formLabel}>
        <Stack gap="4">
          <PasswordFields form={form} password={password} label={label} />
          <Button type="submit" loading={inFlight}>
            {submitLabel}
          </Button>
        </Stack>
      </form>
    </>
  );
}

/** The success of a new password: the heading `title`, the `text` as a success status and a sign-in link to `to`. */
export function PasswordSetDone({
  title,
  text,
  to,
  linkText,
}: {
  title: string;
  text: string;
  to: string;
  linkText: string;
}) {
  return (
    <Stack gap="5">
      <Heading as="h1" size="xl">
        {title}
      </Heading>
      <Alert.Root status="success" role="status">
        <Alert.Indicator />
        <Alert.Title>{text}</Alert.Title>
      </Alert.Root>
      <Button asChild>
        <RouterLink to={to}>{linkText}</RouterLink>
      </Button>
    </Stack>
  );
}
