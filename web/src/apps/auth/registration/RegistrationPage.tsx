/**
 * Client registration (spec core §2 auth/registration, stepper layout). Reached from the e-mail step
 * (remembered e-mail) or by the link of the confirmation mail (?token=…, no remembered e-mail needed):
 * the token is confirmed first (confirmEmail; an expired link goes to /client/auth/registration/expired),
 * then the password is chosen on /client/auth/pass, then the steps: company, contacts, checklist, consent
 * → registerClient → signed in → client area. The counter starts at 1 and moves forward and back.
 */
import { useTranslation } from 'react-i18next';
import { Alert, Button, HStack, Heading, Progress, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { PageSpinner } from '../../../components/PageSpinner';
import { relayEnvironmentStore } from '../../../system/relay/environment';
import { authStepEntry } from '../../../system/router/guards';
import { ConfirmEmailScreen } from '../ConfirmEmailScreen';
import { clearAuthSession, getAuthSession, getPendingPassword, updateAuthSession } from '../authSession';
import { useConfirmEmailMutation } from '../mutations/useConfirmEmailMutation';
import { useRegisterClientMutation } from '../mutations/useRegisterClientMutation';
import { useSendEmailConfirmationMutation } from '../mutations/useSendEmailConfirmationMutation';
import { ChecklistStep } from './ChecklistStep';
import { CompanyStep } from './CompanyStep';
import { ConsentStep } from './ConsentStep';
import { ContactsStep } from './ContactsStep';
import {
  EMPTY_REGISTRATION,
  REGISTRATION_STEPS,
  formFieldOfServerField,
  registrationInput,
  stepOfServerField,
  type RegistrationValues,
} from './registrationForm';
import { fieldProblems, userErrorText } from '../../../system/errors/resultMessage';
import { readUserError } from '../../../system/errors/userError';

// A token is confirmed once even when React runs effects twice (StrictMode): a used token would be expired.
const confirming = new Map<string, Promise<unknown>>();

export function RegistrationPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const session = getAuthSession();
  const entry = authStepEntry('/client/auth/registration', { rememberedEmail: session.email, token });
  if (entry.action === 'redirect') return <Navigate to={entry.to} replace />;
  if (token && token !== session.token) return <ConfirmToken token={token} />;
  if (!session.token || !session.email) return <ConfirmationNeeded email={session.email ?? ''} />;
  // The password of the new account is chosen on the password step first (mode 'new', set by the e-mail step or the link).
  if (!getPendingPassword()) return <Navigate to="/client/auth/pass" replace />;
  return <RegistrationStepper email={session.email} token={session.token} />;
}

function ConfirmToken({ token }: { token: string }) {
  const navigate = useNavigate();
  const [confirm] = useConfirmEmailMutation();
  useEffect(() => {
    let promise = confirming.get(token);
    if (!promise) {
      promise = confirm({ input: { token } });
      confirming.set(token, promise);
    }
    let active = true;
    promise
      .then((data) => {
        if (!active) return;
        const r = (data as Awaited<ReturnType<typeof confirm>>).confirmEmail;
        if (r.__typename === 'ConfirmEmailSuccess') {
          updateAuthSession({ email: r.email, token: r.token, userType: 'CLIENT', mode: 'new' });
          navigate(getPendingPassword() ? '/client/auth/registration' : '/client/auth/pass', { replace: true });
        } else {
          navigate('/client/auth/registration/expired', { replace: true });
        }
      })
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, [token, confirm, navigate]);
  return <PageSpinner minH="20vh" />;
}

/** Confirmed or pending e-mail without the link's token in this browser: the link from the mail is needed. */
function ConfirmationNeeded({ email }: { email: string }) {
  const { t } = useTranslation();
  const [send, inFlight] = useSendEmailConfirmationMutation();
  const [sent, setSent] = useState<{ email: string; seconds: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (sent) return <ConfirmEmailScreen email={sent.email} resendAfterSeconds={sent.seconds} />;
  const resend = async () => {
    const r = (await send({ input: { email } })).sendEmailConfirmation;
    if (r.__typename === 'EmailConfirmationSent') setSent({ email: r.email, seconds: r.resendAfterSeconds });
    else if (r.__typename === 'UserError') {
      const userError = readUserError(r.userError);
      if (userError.code === 'RESEND_TOO_EARLY') setSent({ email, seconds: userError.retryAfterSeconds ?? 120 });
      else setError(userError.message);
    }
  };
  return (
    <Stack gap="5">
      <Heading as="h1" size="xl">
        {t('registration.continueTitle')}
      </Heading>
      <Text>{t('registration.continueText', { email })}</Text>
      {error && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{error}</Alert.Title>
        </Alert.Root>
      )}
      <Button onClick={resend} loading={inFlight}>
        {t('auth.resend')}
      </Button>
    </Stack>
  );
}

function RegistrationStepper({ email, token }: { email: string; token: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [step, setStep] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [register, inFlight] = useRegisterClientMutation();
  const form = useForm<RegistrationValues>({ defaultValues: EMPTY_REGISTRATION, mode: 'onTouched' });
  const total = REGISTRATION_STEPS.length;
  const last = step === total - 1;

  const next = async () => {
    const ok = await form.trigger([...REGISTRATION_STEPS[step].fields]);
    if (ok) setStep((s) => Math.min(total - 1, s + 1));
  };

  const submit = form.handleSubmit(async (values) => {
    setError(null);
    const password = getPendingPassword();
    if (!password) {
      navigate('/client/auth/pass', { replace: true });
      return;
    }
    const r = (await register({ input: registrationInput(values, { email, token, password }) })).registerClient;
    if (r.__typename === 'RegisterClientSuccess') {
      clearAuthSession();
      relayEnvironmentStore.reset();
      navigate('/client/fea', { replace: true });
    } else if (r.__typename === 'UserError') {
      const userError = readUserError(r.userError);
      if (userError.code === 'LINK_EXPIRED') {
        navigate('/client/auth/registration/expired', { replace: true });
        return;
      }
      setError(userErrorText(userError));
      const problems = fieldProblems(userError);
      for (const p of problems) {
        const name = formFieldOfServerField(p.field);
        if (name) form.setError(name, { message: p.message });
      }
      if (problems.length > 0) setStep(Math.min(...problems.map((p) => stepOfServerField(p.field))));
    }
  });

  return (
    <form
      onSubmit={last ? submit : (e) => (e.preventDefault(), void next())}
      noValidate
      aria-label={t('registration.form')}
    >
      <Stack gap="6">
        <Stack gap="2">
          <Text color="gray.600" fontSize="sm" data-testid="registration-step" aria-live="polite">
            {t('registration.step', { step: step + 1, total })}
          </Text>
          <Progress.Root value={((step + 1) / total) * 100} size="xs" aria-label={t('registration.progress')}>
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
          <Heading as="h1" size="xl">
            {t(`registration.steps.${REGISTRATION_STEPS[step].id}`)}
          </Heading>
          <Text fontSize="sm" color="gray.600">
            {t('registration.emailConfirmed', { email })}
          </Text>
        </Stack>
        {error && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>{error}</Alert.Title>
          </Alert.Root>
        )}
        {step === 0 && <CompanyStep control={form.control} onPicked={(name) => form.setValue('companyName', name)} />}
        {step === 1 && <ContactsStep form={form} />}
        {step === 2 && <ChecklistStep form={form} />}
        {step === 3 && <ConsentStep control={form.control} />}
        <HStack justify="space-between">
          {step > 0 ? (
            <Button variant="outline" onClick={() => setStep((s) => Math.max(0, s - 1))}>
              {t('common.back')}
            </Button>
          ) : (
            <span />
          )}
          {last ? (
            <Button type="submit" loading={inFlight}>
              {t('registration.finish')}
            </Button>
          ) : (
            <Button type="submit">{t('common.next')}</Button>
          )}
        </HStack>
      </Stack>
    </form>
  );
}
