/**
 * The payment agent card of /operator/agents/create and /operator/agents/{id} (issue 10; spec core §3 "Payment agent
 * profile", §5) in sections: Компания (OGRN with 'Заполнить по ОГРН' from the registry), Контакты и бенефициары,
 * Паспорт продукта, Валюты и лимиты, Компании для приёма платежей, Лицензионный договор, Доступ — with add/remove rows
 * for the lists. Client rules first (react-hook-form); the server's field errors are placed next to their fields.
 * `readOnly` shows the same card without editing (view mode).
 */
import {
  Box,
  Button,
  Checkbox,
  Fieldset,
  HStack,
  Input,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import {
  Controller,
  get,
  useFieldArray,
  useForm,
  type Control,
  type FieldErrors,
  type Path,
  type UseFormRegister,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fetchQuery, graphql, useRelayEnvironment } from 'react-relay';
import type { PaymentAgentFormRegistryQuery } from '../../../__generated__/PaymentAgentFormRegistryQuery.graphql';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { FormField } from '../../../components/FormField';
import { placeFieldErrors } from '../../../system/errors/resultMessage';
import type { UserErrorData } from '../../../system/errors/userError';
import type { Resources } from '../../../system/i18n/ru';
import { MESSAGES, validateEmail, validatePhone } from '../../../system/validation';
import {
  CURRENCY_REQUIRED,
  emptyContact,
  emptyCurrency,
  emptyPaymentCompany,
  emptyRequisite,
  formFieldOf,
  validateInn,
  validateOgrn,
  validateOptionalAmount,
  type PaymentAgentFormValues,
} from './paymentAgentForm';
import { MaskedInput, OGRN_MASK } from '../../../system/masks';

const REGISTRY_QUERY = graphql`
  query PaymentAgentFormRegistryQuery($ogrn: String!) {
    viewer {
      administration {
        registryCompany(ogrn: $ogrn) {
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
`;

type FieldName = Path<PaymentAgentFormValues>;
type LabelKey = keyof Resources['adminAgents']['fields'];
type AddKey = 'addBeneficiary' | 'addContact' | 'addCurrency' | 'addLimit' | 'addPaymentCompany' | 'addRequisite';
type SectionKey = keyof Resources['adminAgents']['sections'];

export interface PaymentAgentFormProps {
  defaultValues: PaymentAgentFormValues;
  submitLabel: string;
  /** Sends the values; resolves the refusal to show (null: done). */
  onSubmit: (values: PaymentAgentFormValues) => Promise<UserErrorData | null>;
  /** View mode: nothing editable, no submit. */
  readOnly?: boolean;
  /** Shown next to the submit button (e.g. 'Отмена' of the edit mode). */
  extraActions?: ReactNode;
  /** Form's accessible name. */
  label: string;
}

const required = (v: unknown) => (typeof v === 'string' && !v.trim() ? MESSAGES.required : true);
const optionalEmail = (v: string) => (v.trim() ? validateEmail(v) : true);
const optionalPhone = (v: string) => (v.trim() ? validatePhone(v) : true);
const currencyCode = (v: string) => (/^[A-Za-z]{3}$/.test(v.trim()) ? true : 'Код валюты — 3 латинские буквы');

export function PaymentAgentForm({
  defaultValues,
  submitLabel,
  onSubmit,
  readOnly,
  extraActions,
  label,
}: PaymentAgentFormProps) {
  const { t } = useTranslation();
  const environment = useRelayEnvironment();
  const form = useForm<PaymentAgentFormValues>({ mode: 'onTouched', defaultValues });
  const { register, formState, handleSubmit, setError, setValue, getValues, control, watch } = form;
  const errors = formState.errors;
  const beneficiaries = useFieldArray({ control, name: 'beneficiaries' });
  const contacts = useFieldArray({ control, name: 'contacts' });
  const currencies = useFieldArray({ control, name: 'currencies' });
  const limits = useFieldArray({ control, name: 'limits' });
  const companies = useFieldArray({ control, name: 'paymentCompanies' });
  const [formError, setFormError] = useState<string | null>(null);
  const [prefillNote, setPrefillNote] = useState<string | null>(null);
  const [prefilling, setPrefilling] = useState(false);
  const group = watch('groupOfCompanies');
  const f = (key: LabelKey): string => t(`adminAgents.fields.${key}`);
  const err = (name: string): string | undefined => (get(errors, name) as { message?: string } | undefined)?.message;

  const prefill = async () => {
    const ogrn = getValues('ogrn').trim();
    const bad = validateOgrn(ogrn);
    if (bad !== true) {
      setError('ogrn', { message: bad });
      return;
    }
    setPrefilling(true);
    setPrefillNote(null);
    try {
      const data = await fetchQuery<PaymentAgentFormRegistryQuery>(environment, REGISTRY_QUERY, { ogrn }).toPromise();
      const c = data?.viewer?.administration?.registryCompany;
      if (!c) {
        setPrefillNote(t('adminAgents.registryNotFound'));
        return;
      }
      const fill = (name: FieldName, value: string | null | undefined) => {
        if (value) setValue(name, value, { shouldValidate: true, shouldDirty: true });
      };
      fill('inn', c.inn);
      fill('kpp', c.kpp);
      fill('fullName', c.fullName);
      fill('shortName', c.shortName);
      fill('legalAddress', c.legalAddress);
      const [last, first, middle] = (c.ceo ?? '').split(/\s+/);
      fill('ceoLastName', last);
      fill('ceoFirstName', first);
      fill('ceoMiddleName', middle);
    } catch {
      setPrefillNote(t('common.genericError'));
    } finally {
      setPrefilling(false);
    }
  };

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    if (values.currencies.length === 0) {
      setFormError(CURRENCY_REQUIRED);
      return;
    }
    const refusal = await onSubmit(values);
    if (!refusal) return;
    const { byField, formMessage } = placeFieldErrors(refusal, (field) => formFieldOf(field) as FieldName);
    for (const [name, message] of Object.entries(byField) as [FieldName, string][]) setError(name, { message });
    setFormError(formMessage ?? (Object.keys(byField).length ? null : refusal.message));
  });

  const text = (
    name: FieldName,
    labelKey: LabelKey,
    opts: { validate?: (v: never) => true | string; type?: string; multiline?: boolean; required?: boolean } = {},
  ) => (
    <FormField label={f(labelKey)} error={err(name)} required={opts.required}>
      {opts.multiline ? (
        <Textarea
          {...register(name, { validate: opts.validate as never })}
          rows={2}
          readOnly={readOnly}
          disabled={readOnly}
        />
      ) : (
        <Input
          type={opts.type ?? 'text'}
          {...register(name, { validate: opts.validate as never })}
          readOnly={readOnly}
          disabled={readOnly}
        />
      )}
    </FormField>
  );
  const remove = (onClick: () => void, what: string) =>
    readOnly ? null : (
      <Button
        size="xs"
        variant="ghost"
        colorPalette="red"
        onClick={onClick}
        aria-label={`${t('adminAgents.remove')}: ${what}`}
      >
        {t('adminAgents.remove')}
      </Button>
    );
  const add = (onClick: () => void, labelKey: AddKey) =>
    readOnly ? null : (
      <Button size="sm" variant="outline" alignSelf="flex-start" onClick={onClick}>
        {t(`adminAgents.${labelKey}`)}
      </Button>
    );
  const check = (name: FieldName, labelKey: LabelKey) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Checkbox.Root
          checked={field.value === true}
          onCheckedChange={(d) => field.onChange(d.checked === true)}
          disabled={readOnly}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{f(labelKey)}</Checkbox.Label>
        </Checkbox.Root>
      )}
    />
  );
  const row = (children: ReactNode, key: string) => (
    <Box key={key} borderWidth="1px" borderRadius="md" p="3" bg="white">
      {children}
    </Box>
  );
  const section = (titleKey: SectionKey, children: ReactNode) => (
    <Fieldset.Root>
      <Fieldset.Legend fontWeight="semibold" fontSize="lg">
        {t(`adminAgents.sections.${titleKey}`)}
      </Fieldset.Legend>
      <Stack gap="4" mt="3">
        {children}
      </Stack>
    </Fieldset.Root>
  );

  return (
    <form onSubmit={submit} noValidate aria-label={label}>
      <Stack gap="8">
        <FormErrorAlert message={formError} />
        {section(
          'company',
          <>
            <HStack align="end" gap="3">
              <FormField label={f('ogrn')} error={err('ogrn')} required>
                <MaskedInput
                  mask={OGRN_MASK}
                  inputMode="numeric"
                  {...register('ogrn', { validate: validateOgrn })}
                  disabled={readOnly}
                />
              </FormField>
              {!readOnly && (
                <Button variant="outline" onClick={prefill} loading={prefilling} mb={errors.ogrn ? '6' : '0'}>
                  {t('adminAgents.fillFromRegistry')}
                </Button>
              )}
            </HStack>
            {prefillNote && (
              <Text fontSize="sm" color="orange.700" role="status">
                {prefillNote}
              </Text>
            )}
            <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
              {text('inn', 'inn', { validate: validateInn, required: true })}
              {text('kpp', 'kpp')}
              {text('registrationDate', 'registrationDate', { type: 'date' })}
            </SimpleGrid>
            {text('fullName', 'fullName', { validate: required, required: true })}
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              {text('shortName', 'shortName', { validate: required, required: true })}
              {text('brand', 'brand', { validate: required, required: true })}
            </SimpleGrid>
            {text('legalAddress', 'legalAddress', { validate: required, required: true })}
            <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
              {text('ceoLastName', 'ceoLastName')}
              {text('ceoFirstName', 'ceoFirstName')}
              {text('ceoMiddleName', 'ceoMiddleName')}
            </SimpleGrid>
            {text('site', 'site')}
            {check('groupOfCompanies', 'groupOfCompanies')}
            {group && text('groupDescription', 'groupDescription', { multiline: true })}
          </>,
        )}
        {section(
          'people',
          <>
            {beneficiaries.fields.map((b, i) =>
              row(
                <Stack gap="3">
                  <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
                    {text(`beneficiaries.${i}.name`, 'beneficiaryName', { validate: required, required: true })}
                    {text(`beneficiaries.${i}.share`, 'share')}
                    {check(`beneficiaries.${i}.owner`, 'owner')}
                  </SimpleGrid>
                  {remove(() => beneficiaries.remove(i), f('beneficiaryName'))}
                </Stack>,
                b.id,
              ),
            )}
            {add(() => beneficiaries.append({ name: '', share: '', owner: false }), 'addBeneficiary')}
            {contacts.fields.map((c, i) =>
              row(
                <Stack gap="3">
                  <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
                    {text(`contacts.${i}.surname`, 'surname', { validate: required, required: true })}
                    {text(`contacts.${i}.name`, 'name', { validate: required, required: true })}
                    {text(`contacts.${i}.patronymic`, 'patronymic')}
                    {text(`contacts.${i}.phone`, 'phone', { validate: optionalPhone })}
                    {text(`contacts.${i}.email`, 'email', { validate: optionalEmail, type: 'email' })}
                    {text(`contacts.${i}.responsibilities`, 'responsibilities')}
                  </SimpleGrid>
                  {remove(() => contacts.remove(i), f('surname'))}
                </Stack>,
                c.id,
              ),
            )}
            {add(() => contacts.append(emptyContact()), 'addContact')}
          </>,
        )}
        {section(
          'passport',
          <>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <FormField label={f('clientDirection')}>
                <NativeSelect.Root disabled={readOnly}>
                  <NativeSelect.Field {...register('clientDirection')}>
                    {(['IMPORT', 'EXPORT', 'BOTH'] as const).map((d) => (
                      <option key={d} value={d}>
                        {t(`adminAgents.directions.${d}`)}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </FormField>
              <FormField label={f('goodsImportRule')}>
                <NativeSelect.Root disabled={readOnly}>
                  <NativeSelect.Field {...register('goodsImportRule')}>
                    {(['REQUIRED', 'NOT_REQUIRED', 'UNIMPORTANT'] as const).map((g) => (
                      <option key={g} value={g}>
                        {t(`adminAgents.goodsRules.${g}`)}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </FormField>
              {text('minMonthlyVolumeUsd', 'minMonthlyVolumeUsd', { validate: validateOptionalAmount })}
              {text('minPaymentUsd', 'minPaymentUsd', { validate: validateOptionalAmount })}
            </SimpleGrid>
            {text('supportedCountries', 'supportedCountries')}
            {text('unsupportedPurposes', 'unsupportedPurposes', { multiline: true })}
            {text('requiredClosingDocuments', 'requiredClosingDocuments', { multiline: true })}
            {text('expertConclusion', 'expertConclusion', { multiline: true })}
          </>,
        )}
        {section(
          'currencies',
          <>
            {currencies.fields.map((c, i) =>
              row(
                <Stack gap="3">
                  <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
                    {text(`currencies.${i}.currencyCode`, 'currencyCode', { validate: currencyCode, required: true })}
                    {text(`currencies.${i}.rateSource`, 'rateSource', { validate: required, required: true })}
                    {text(`currencies.${i}.rateTime`, 'rateTime')}
                    {text(`currencies.${i}.indicativeRate`, 'indicativeRate')}
                    {text(`currencies.${i}.comment`, 'comment')}
                  </SimpleGrid>
                  {text(`currencies.${i}.rateRules`, 'rateRules', {
                    validate: required,
                    required: true,
                    multiline: true,
                  })}
                  {remove(() => currencies.remove(i), f('currencyCode'))}
                </Stack>,
                c.id,
              ),
            )}
            {add(() => currencies.append(emptyCurrency()), 'addCurrency')}
            {limits.fields.map((l, i) =>
              row(
                <Stack gap="3">
                  <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
                    {text(`limits.${i}.currencyCode`, 'currencyCode', { validate: currencyCode, required: true })}
                    {text(`limits.${i}.amountFrom`, 'amountFrom', { validate: validateOptionalAmount })}
                    {text(`limits.${i}.amountTo`, 'amountTo', { validate: validateOptionalAmount })}
                  </SimpleGrid>
                  {remove(() => limits.remove(i), f('amountFrom'))}
                </Stack>,
                l.id,
              ),
            )}
            {add(() => limits.append({ currencyCode: '', amountFrom: '', amountTo: '' }), 'addLimit')}
          </>,
        )}
        {section(
          'paymentCompanies',
          <>
            {companies.fields.map((c, i) =>
              row(
                <PaymentCompanyRows
                  index={i}
                  control={control}
                  register={register}
                  errors={errors}
                  readOnly={!!readOnly}
                  text={text}
                  check={check}
                  remove={remove}
                  add={add}
                  onRemove={() => companies.remove(i)}
                  sameAsLegal={watch(`paymentCompanies.${i}.actualAddressSameAsLegal`)}
                />,
                c.id,
              ),
            )}
            {add(() => companies.append(emptyPaymentCompany()), 'addPaymentCompany')}
          </>,
        )}
        {section(
          'license',
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
            {text('licenseNumber', 'licenseNumber')}
            {text('licenseDate', 'licenseDate', { type: 'date' })}
            {text('serviceCommissionPercent', 'serviceCommissionPercent', { validate: required, required: true })}
          </SimpleGrid>,
        )}
        {section(
          'access',
          <>
            {text('email', 'loginEmail', { validate: validateEmail, type: 'email', required: true })}
            {check('signRequired', 'signRequired')}
          </>,
        )}
        {!readOnly && (
          <HStack gap="3">
            <Button type="submit" loading={formState.isSubmitting}>
              {submitLabel}
            </Button>
            {extraActions}
          </HStack>
        )}
      </Stack>
    </form>
  );
}

/** One payment company with its requisites (a nested list). */
function PaymentCompanyRows({
  index: i,
  control,
  readOnly,
  text,
  check,
  remove,
  add,
  onRemove,
  sameAsLegal,
}: {
  index: number;
  control: Control<PaymentAgentFormValues>;
  register: UseFormRegister<PaymentAgentFormValues>;
  errors: FieldErrors<PaymentAgentFormValues>;
  readOnly: boolean;
  text: (
    name: FieldName,
    labelKey: LabelKey,
    opts?: { validate?: (v: never) => true | string; required?: boolean },
  ) => ReactNode;
  check: (name: FieldName, labelKey: LabelKey) => ReactNode;
  remove: (onClick: () => void, what: string) => ReactNode;
  add: (onClick: () => void, labelKey: AddKey) => ReactNode;
  onRemove: () => void;
  sameAsLegal: boolean;
}) {
  const { t } = useTranslation();
  const requisites = useFieldArray({ control, name: `paymentCompanies.${i}.requisites` });
  return (
    <Stack gap="3">
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
        {text(`paymentCompanies.${i}.name`, 'companyName', { validate: required, required: true })}
        {text(`paymentCompanies.${i}.inn`, 'inn', { validate: validateInn, required: true })}
        {text(`paymentCompanies.${i}.kpp`, 'kpp')}
        {text(`paymentCompanies.${i}.ogrn`, 'ogrn')}
      </SimpleGrid>
      {text(`paymentCompanies.${i}.legalAddress`, 'legalAddress', { validate: required, required: true })}
      {check(`paymentCompanies.${i}.actualAddressSameAsLegal`, 'actualAddressSameAsLegal')}
      {!sameAsLegal &&
        text(`paymentCompanies.${i}.actualAddress`, 'actualAddress', { validate: required, required: true })}
      <Text fontWeight="medium">{t('adminAgents.requisites')}</Text>
      {requisites.fields.map((r, j) => (
        <Box key={r.id} borderTopWidth="1px" pt="3">
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
            {text(`paymentCompanies.${i}.requisites.${j}.currencyCode`, 'currencyCode', {
              validate: currencyCode,
              required: true,
            })}
            {text(`paymentCompanies.${i}.requisites.${j}.bankName`, 'bankName', { validate: required, required: true })}
            {text(`paymentCompanies.${i}.requisites.${j}.bankBik`, 'bankBik')}
            {text(`paymentCompanies.${i}.requisites.${j}.swift`, 'swift')}
            {text(`paymentCompanies.${i}.requisites.${j}.checkAccount`, 'checkAccount', {
              validate: required,
              required: true,
            })}
            {text(`paymentCompanies.${i}.requisites.${j}.corrAccount`, 'corrAccount')}
          </SimpleGrid>
          {remove(() => requisites.remove(j), t('adminAgents.fields.checkAccount'))}
        </Box>
      ))}
      {add(() => requisites.append(emptyRequisite()), 'addRequisite')}
      {readOnly ? null : remove(onRemove, t('adminAgents.fields.companyName'))}
    </Stack>
  );
}
