/**
 * The add-client wizard of the referral partner (issue 11; spec core §2 "add-client wizard", §3 "Client added by a
 * partner", §5 "Adding a client as a partner needs confirmation that the client approved the registration"): a Chakra
 * dialog in steps —
 *  1. 'ОГРН или ОГРНИП' → 'Найти': the registry's data to confirm (or: already on the platform — its consent will be
 *     asked; already served by a partner — cannot be added);
 *  2. the contact person and the estimates (countries and currencies with the registration's pickers, monthly volume in
 *     USD, payments per month);
 *  3. the checkbox 'Клиент согласен на регистрацию на платформе' and 'Добавить';
 *  then the result: the invitation (or the consent request) was sent. Accessible names are listed in web/README.md.
 */
import {
  Alert,
  Button,
  Checkbox,
  CloseButton,
  Dialog,
  HStack,
  Input,
  Portal,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchQuery, graphql, useRelayEnvironment } from 'react-relay';
import type {
  AddClientWizardRegistryQuery,
  AddClientWizardRegistryQuery$data,
} from '../../../__generated__/AddClientWizardRegistryQuery.graphql';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { FormField } from '../../../components/FormField';
import { PageSpinner } from '../../../components/PageSpinner';
import { CountryMultiPicker } from '../../../components/pickers/CountryMultiPicker';
import { CurrencyChecklist } from '../../../components/pickers/CurrencyChecklist';
import { userErrorOf } from '../../../system/errors/userError';
import { userErrorText } from '../../../system/errors/resultMessage';
import {
  addClientInput,
  contactProblems,
  EMPTY_ADD_CLIENT,
  fieldOfServerPath,
  ogrnProblem,
  type AddClientErrors,
  type AddClientField,
  type AddClientValues,
} from './addClientForm';
import { useAddReferralClientMutation } from './mutations';

type Registry = NonNullable<
  NonNullable<AddClientWizardRegistryQuery$data['viewer']>['referralPartnerArea']
>['registryCompany'];
type Step = 'company' | 'contact' | 'confirm' | 'done';

const registryQuery = graphql`
  query AddClientWizardRegistryQuery($ogrn: String!) {
    viewer {
      id
      referralPartnerArea {
        registryCompany(ogrn: $ogrn) {
          registrationDate
          liquidated
          onPlatform
          hasPartner
          ownClient
          company {
            ogrn
            inn
            kpp
            shortName
            fullName
            legalAddress
            ceo
          }
        }
      }
    }
  }
`;

export function AddClientWizard({
  open,
  onClose,
  onAdded,
}: {
  open: boolean;
  onClose: () => void;
  /** Called after a client was added (the list refreshes). */
  onAdded: () => void;
}) {
  const { t } = useTranslation();
  const environment = useRelayEnvironment();
  const [commit, busy] = useAddReferralClientMutation();
  const [step, setStep] = useState<Step>('company');
  const [ogrn, setOgrn] = useState('');
  const [ogrnError, setOgrnError] = useState<string | null>(null);
  const [searching, setSearching] = useState(false);
  const [found, setFound] = useState<Registry>(null);
  const [values, setValues] = useState<AddClientValues>(EMPTY_ADD_CLIENT);
  const [errors, setErrors] = useState<AddClientErrors>({});
  const [approved, setApproved] = useState(false);
  const [approvalError, setApprovalError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<{ consent: boolean; mailSent: boolean } | null>(null);

  const reset = () => {
    setStep('company');
    setOgrn('');
    setOgrnError(null);
    setFound(null);
    setValues(EMPTY_ADD_CLIENT);
    setErrors({});
    setApproved(false);
    setApprovalError(null);
    setError(null);
    setOutcome(null);
  };
  const close = () => {
    if (busy) return;
    reset();
    onClose();
  };
  const set =
    <K extends AddClientField>(key: K) =>
    (value: AddClientValues[K]) =>
      setValues((v) => ({ ...v, [key]: value }));

  const find = async () => {
    const problem = ogrnProblem(ogrn);
    setOgrnError(problem);
    setFound(null);
    setError(null);
    if (problem) return;
    setSearching(true);
    try {
      const data = await fetchQuery<AddClientWizardRegistryQuery>(environment, registryQuery, {
        ogrn: ogrn.trim(),
      }).toPromise();
      const r = data?.viewer?.referralPartnerArea?.registryCompany ?? null;
      if (!r) setOgrnError(t('agentClients.wizard.notFound'));
      setFound(r);
    } catch {
      setError(t('agentClients.wizard.registryDown'));
    } finally {
      setSearching(false);
    }
  };
  const blocked = !found || found.liquidated || found.hasPartner;

  const toConfirm = () => {
    const problems = contactProblems(values, {
      pickCountry: t('registration.pickCountry'),
      pickCurrency: t('registration.pickCurrency'),
    });
    setErrors(problems);
    if (Object.keys(problems).length === 0) setStep('confirm');
  };

  const submit = async () => {
    if (!approved) {
      setApprovalError(t('agentClients.wizard.approvalRequired'));
      return;
    }
    setError(null);
    let result;
    try {
      result = await commit({ input: addClientInput(ogrn, values, approved) }, { silent: true });
    } catch {
      setError(t('common.genericError'));
      return;
    }
    const r = result.addReferralClient;
    const refusal = userErrorOf(r);
    if (refusal) {
      const fieldErrors: AddClientErrors = {};
      for (const fe of refusal.fieldErrors) {
        const f = fieldOfServerPath(fe.field);
        if (f) fieldErrors[f] = fe.message;
      }
      if (Object.keys(fieldErrors).length) {
        setErrors(fieldErrors);
        setStep('contact');
      }
      if (refusal.code === 'EMAIL_TAKEN') {
        setErrors({ email: refusal.message });
        setStep('contact');
      }
      setError(userErrorText(refusal));
      return;
    }
    if (r.__typename === 'AddReferralClientSuccess') {
      setOutcome({ consent: r.outcome === 'CONSENT_REQUESTED', mailSent: r.mailSent });
      setStep('done');
      onAdded();
    }
  };

  const stepNumber = { company: 1, contact: 2, confirm: 3, done: 3 }[step];
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(d) => !d.open && close()}
      size={{ base: 'full', md: 'lg' }}
      closeOnInteractOutside={!busy}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="add-client-wizard">
            <Dialog.Header>
              <Stack gap="1">
                <Dialog.Title>{t('agentClients.wizard.title')}</Dialog.Title>
                {step !== 'done' && (
                  <Text fontSize="sm" color="fg.muted">
                    {t('agentClients.wizard.step', { step: stepNumber, total: 3 })}
                  </Text>
                )}
              </Stack>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                {step === 'company' && (
                  <Stack gap="4">
                    <HStack align="end" gap="3">
                      <FormField label={t('agentClients.wizard.ogrn')} error={ogrnError ?? undefined} required>
                        <Input
                          value={ogrn}
                          inputMode="numeric"
                          maxLength={15}
                          onChange={(e) => {
                            setOgrn(e.target.value.replace(/\D/g, ''));
                            setFound(null);
                          }}
                          onKeyDown={(e) => {
                            if (e.key === 'Enter') void find();
                          }}
                        />
                      </FormField>
                      <Button onClick={() => void find()} loading={searching} variant="outline">
                        {t('agentClients.wizard.find')}
                      </Button>
                    </HStack>
                    {found && <RegistryCard company={found} />}
                  </Stack>
                )}
                {step === 'contact' && <ContactStep values={values} errors={errors} set={set} />}
                {step === 'confirm' && (
                  <Stack gap="3">
                    <Text>
                      {t(
                        found?.onPlatform ? 'agentClients.wizard.confirmConsent' : 'agentClients.wizard.confirmInvite',
                        {
                          company: found?.company.shortName ?? '',
                          email: values.email.trim(),
                        },
                      )}
                    </Text>
                    <Checkbox.Root
                      checked={approved}
                      onCheckedChange={(d) => {
                        setApproved(d.checked === true);
                        setApprovalError(null);
                      }}
                      invalid={!!approvalError}
                    >
                      <Checkbox.HiddenInput />
                      <Checkbox.Control />
                      <Checkbox.Label>{t('agentClients.wizard.approved')}</Checkbox.Label>
                    </Checkbox.Root>
                    {approvalError && (
                      <Text color="fg.error" fontSize="sm" role="alert">
                        {approvalError}
                      </Text>
                    )}
                  </Stack>
                )}
                {step === 'done' && outcome && (
                  <Alert.Root status={outcome.mailSent ? 'success' : 'warning'} data-testid="add-client-result">
                    <Alert.Indicator />
                    <Alert.Content>
                      <Alert.Title>
                        {outcome.consent
                          ? t('agentClients.wizard.consentSent')
                          : t('agentClients.wizard.invitationSent')}
                      </Alert.Title>
                      <Alert.Description>
                        {outcome.mailSent
                          ? outcome.consent
                            ? t('agentClients.wizard.consentText')
                            : t('agentClients.wizard.invitationText', { email: values.email.trim() })
                          : t('agentClients.wizard.mailFailed')}
                      </Alert.Description>
                    </Alert.Content>
                  </Alert.Root>
                )}
                <FormErrorAlert message={error} />
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <HStack gap="3">
                {step === 'company' && (
                  <Button onClick={() => setStep('contact')} disabled={blocked}>
                    {t('agentClients.wizard.next')}
                  </Button>
                )}
                {step === 'contact' && (
                  <>
                    <Button variant="outline" onClick={() => setStep('company')}>
                      {t('agentClients.wizard.back')}
                    </Button>
                    <Button onClick={toConfirm}>{t('agentClients.wizard.next')}</Button>
                  </>
                )}
                {step === 'confirm' && (
                  <>
                    <Button variant="outline" onClick={() => setStep('contact')} disabled={busy}>
                      {t('agentClients.wizard.back')}
                    </Button>
                    <Button onClick={() => void submit()} loading={busy}>
                      {t('agentClients.wizard.submit')}
                    </Button>
                  </>
                )}
                {step === 'done' && <Button onClick={close}>{t('agentClients.wizard.finish')}</Button>}
              </HStack>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('common.close')} disabled={busy} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** The registry's data of step 1 with the company's place on the platform. */
function RegistryCard({ company: r }: { company: NonNullable<Registry> }) {
  const { t } = useTranslation();
  return (
    <Stack gap="2" borderWidth="1px" rounded="md" p="4" data-testid="registry-company">
      <Text fontWeight="semibold">{r.company.shortName}</Text>
      <Text fontSize="sm">{r.company.fullName}</Text>
      <Text fontSize="sm" color="fg.muted">
        {t('agentClients.wizard.innKpp', { inn: r.company.inn, kpp: r.company.kpp ?? '—' })}
      </Text>
      {r.company.legalAddress && (
        <Text fontSize="sm" color="fg.muted">
          {r.company.legalAddress}
        </Text>
      )}
      {r.company.ceo && (
        <Text fontSize="sm" color="fg.muted">
          {t('agentClients.wizard.ceo', { name: r.company.ceo })}
        </Text>
      )}
      {r.liquidated ? (
        <Text color="fg.error" role="alert">
          {t('agentClients.wizard.liquidated')}
        </Text>
      ) : r.hasPartner ? (
        <Text color="fg.error" role="alert">
          {r.ownClient ? t('agentClients.wizard.ownClient') : t('agentClients.wizard.hasPartner')}
        </Text>
      ) : r.onPlatform ? (
        <Text color="orange.fg" role="note">
          {t('agentClients.wizard.onPlatform')}
        </Text>
      ) : null}
    </Stack>
  );
}

/** Step 2: the contact person and the estimates. */
function ContactStep({
  values,
  errors,
  set,
}: {
  values: AddClientValues;
  errors: AddClientErrors;
  set: <K extends AddClientField>(key: K) => (value: AddClientValues[K]) => void;
}) {
  const { t } = useTranslation();
  const text = (key: 'surname' | 'name' | 'patronymic' | 'email' | 'phone' | 'position', required = false) => (
    <FormField label={t(`agentClients.wizard.${key}`)} error={errors[key]} required={required}>
      <Input
        value={values[key]}
        inputMode={key === 'phone' ? 'tel' : key === 'email' ? 'email' : undefined}
        onChange={(e) => set(key)(e.target.value)}
      />
    </FormField>
  );
  return (
    <Stack gap="4">
      <Text fontWeight="medium">{t('agentClients.wizard.contact')}</Text>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
        {text('surname', true)}
        {text('name', true)}
        {text('patronymic')}
      </SimpleGrid>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
        {text('email', true)}
        {text('phone', true)}
        {text('position')}
      </SimpleGrid>
      <Text fontWeight="medium">{t('agentClients.wizard.estimates')}</Text>
      <CountryMultiPicker
        label={t('registration.countries')}
        value={values.countries}
        onChange={set('countries')}
        error={errors.countries}
        required
      />
      <Suspense fallback={<PageSpinner minH="10vh" />}>
        <CurrencyChecklist
          label={t('registration.currencies')}
          value={values.currencyCodes}
          onChange={set('currencyCodes')}
          error={errors.currencyCodes}
        />
      </Suspense>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        <FormField label={t('agentClients.wizard.monthlyVolume')} error={errors.monthlyVolume} required>
          <Input
            inputMode="decimal"
            value={values.monthlyVolume}
            onChange={(e) => set('monthlyVolume')(e.target.value)}
          />
        </FormField>
        <FormField label={t('agentClients.wizard.monthlyPayments')} error={errors.monthlyPayments} required>
          <Input
            inputMode="numeric"
            value={values.monthlyPayments}
            onChange={(e) => set('monthlyPayments')(e.target.value)}
          />
        </FormField>
      </SimpleGrid>
    </Stack>
  );
}
