/**
 * The referral partner form of /operator/partners/create and /operator/partners/{id}/edit (issue 10; spec core §3
 * "Referral partner", §5): company (OGRN with 'Заполнить по ОГРН' from the registry, INN, KPP, names, addresses),
 * contacts (login e-mail, phone, extra phones and e-mails, representative, comment), agency contract (number, date,
 * commission %) and bank requisites. Client rules first; the server's field errors are placed next to their fields.
 */
import { Button, Fieldset, HStack, IconButton, Input, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fetchQuery, graphql, useRelayEnvironment } from 'react-relay';
import type { ReferralPartnerFormRegistryQuery } from '../../../__generated__/ReferralPartnerFormRegistryQuery.graphql';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { FormField } from '../../../components/FormField';
import { placeFieldErrors } from '../../../system/errors/resultMessage';
import type { UserErrorData } from '../../../system/errors/userError';
import { partnerFormField, partnerRules, type PartnerField, type PartnerFormValues } from './partnerForm';
import { ACCOUNT_MASK, BIK_MASK, INN_MASK, MaskedInput, OGRN_MASK } from '../../../system/masks';

const REGISTRY_QUERY = graphql`
  query ReferralPartnerFormRegistryQuery($ogrn: String!) {
    viewer {
      administration {
        registryCompany(ogrn: $ogrn) {
          inn
          kpp
          shortName
          fullName
          legalAddress
        }
      }
    }
  }
`;

export interface ReferralPartnerFormProps {
  defaultValues: PartnerFormValues;
  submitLabel: string;
  /** Sends the values; resolves the refusal to show (null: done). */
  onSubmit: (values: PartnerFormValues) => Promise<UserErrorData | null>;
  /** Form's accessible name. */
  label: string;
}

export function ReferralPartnerForm({ defaultValues, submitLabel, onSubmit, label }: ReferralPartnerFormProps) {
  const { t } = useTranslation();
  const environment = useRelayEnvironment();
  const form = useForm<PartnerFormValues>({ mode: 'onTouched', defaultValues });
  const { register, formState, handleSubmit, setError, setValue, getValues } = form;
  const requisites = useFieldArray({ control: form.control, name: 'bankRequisites' });
  const [formError, setFormError] = useState<string | null>(null);
  const [prefillNote, setPrefillNote] = useState<string | null>(null);
  const [prefilling, setPrefilling] = useState(false);
  const errors = formState.errors;

  const prefill = async () => {
    const ogrn = getValues('ogrn').trim();
    const bad = partnerRules.ogrn(ogrn);
    if (bad !== true) {
      setError('ogrn', { message: bad });
      return;
    }
    setPrefilling(true);
    setPrefillNote(null);
    try {
      const data = await fetchQuery<ReferralPartnerFormRegistryQuery>(environment, REGISTRY_QUERY, {
        ogrn,
      }).toPromise();
      const c = data?.viewer?.administration?.registryCompany;
      if (!c) {
        setPrefillNote(t('adminPartners.prefillNotFound'));
        return;
      }
      const fill = (name: keyof PartnerFormValues, value: string | null | undefined) => {
        if (value) setValue(name, value, { shouldValidate: true, shouldDirty: true });
      };
      fill('inn', c.inn);
      fill('kpp', c.kpp);
      fill('fullName', c.fullName);
      fill('shortName', c.shortName);
      fill('legalAddress', c.legalAddress);
    } catch {
      setPrefillNote(t('common.genericError'));
    } finally {
      setPrefilling(false);
    }
  };

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    const refusal = await onSubmit(values);
    if (!refusal) return;
    if (refusal.code === 'EMAIL_TAKEN' || refusal.code === 'EMAIL_INVALID') {
      setError('email', { message: refusal.message });
      return;
    }
    const { byField, formMessage } = placeFieldErrors(refusal, partnerFormField);
    for (const [name, message] of Object.entries(byField) as [PartnerField, string][]) setError(name, { message });
    setFormError(formMessage);
  });

  const text = (
    name: Exclude<PartnerField, `bankRequisites.${number}.${string}`>,
    opts: { required?: boolean } = {},
  ) => (
    <FormField label={t(`adminPartners.fields.${name}`)} error={errors[name]?.message} required={opts.required}>
      <Input
        {...register(name, name in partnerRules ? { validate: partnerRules[name as keyof typeof partnerRules] } : {})}
      />
    </FormField>
  );

  return (
    <form onSubmit={submit} noValidate aria-label={label}>
      <Stack gap="6">
        <FormErrorAlert message={formError} />
        <Fieldset.Root>
          <Fieldset.Legend fontWeight="semibold">{t('adminPartners.sections.company')}</Fieldset.Legend>
          <Stack gap="4" mt="3">
            <HStack align="end" gap="3">
              <FormField
                label={t('adminPartners.fields.ogrn')}
                error={errors.ogrn?.message}
                helperText={t('adminPartners.hints.ogrn')}
                required
              >
                <MaskedInput
                  mask={OGRN_MASK}
                  inputMode="numeric"
                  {...register('ogrn', { validate: partnerRules.ogrn })}
                />
              </FormField>
              <Button variant="outline" onClick={prefill} loading={prefilling} mb={errors.ogrn ? '6' : '6'}>
                {t('adminPartners.prefill')}
              </Button>
            </HStack>
            {prefillNote && (
              <Text fontSize="sm" color="fg.muted" role="status">
                {prefillNote}
              </Text>
            )}
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <FormField label={t('adminPartners.fields.inn')} error={errors.inn?.message} required>
                <MaskedInput mask={INN_MASK} inputMode="numeric" {...register('inn', { validate: partnerRules.inn })} />
              </FormField>
              {text('kpp')}
              {text('shortName')}
              {text('fullName')}
              {text('legalAddress')}
              {text('actualAddress')}
            </SimpleGrid>
            <Text fontSize="sm" color="fg.muted">
              {t('adminPartners.hints.prefill')}
            </Text>
          </Stack>
        </Fieldset.Root>

        <Fieldset.Root>
          <Fieldset.Legend fontWeight="semibold">{t('adminPartners.sections.contacts')}</Fieldset.Legend>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" mt="3">
            <FormField
              label={t('adminPartners.fields.email')}
              error={errors.email?.message}
              helperText={t('adminPartners.hints.email')}
              required
            >
              <Input type="email" autoComplete="off" {...register('email', { validate: partnerRules.email })} />
            </FormField>
            <FormField label={t('adminPartners.fields.phone')} error={errors.phone?.message} helperText="9161234567">
              <Input inputMode="tel" {...register('phone', { validate: partnerRules.phone })} />
            </FormField>
            <FormField
              label={t('adminPartners.fields.extraPhones')}
              error={errors.extraPhones?.message}
              helperText={t('adminPartners.hints.list')}
            >
              <Input {...register('extraPhones', { validate: partnerRules.extraPhones })} />
            </FormField>
            <FormField label={t('adminPartners.fields.extraEmails')} error={errors.extraEmails?.message}>
              <Input {...register('extraEmails', { validate: partnerRules.extraEmails })} />
            </FormField>
            {text('representative')}
            <FormField label={t('adminPartners.fields.comment')} error={errors.comment?.message}>
              <Textarea rows={2} {...register('comment')} />
            </FormField>
          </SimpleGrid>
        </Fieldset.Root>

        <Fieldset.Root>
          <Fieldset.Legend fontWeight="semibold">{t('adminPartners.sections.contract')}</Fieldset.Legend>
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="4" mt="3">
            {text('contractNumber')}
            <FormField label={t('adminPartners.fields.contractDate')} error={errors.contractDate?.message}>
              <Input type="date" {...register('contractDate', { validate: partnerRules.contractDate })} />
            </FormField>
            <FormField label={t('adminPartners.fields.commissionPercent')} error={errors.commissionPercent?.message}>
              <Input
                inputMode="decimal"
                {...register('commissionPercent', { validate: partnerRules.commissionPercent })}
              />
            </FormField>
          </SimpleGrid>
        </Fieldset.Root>

        <Fieldset.Root>
          <Fieldset.Legend fontWeight="semibold">{t('adminPartners.sections.requisites')}</Fieldset.Legend>
          <Stack gap="3" mt="3">
            {requisites.fields.map((field, i) => (
              <HStack key={field.id} align="start" gap="3">
                <FormField
                  label={`${t('adminPartners.fields.bankBik')} ${i + 1}`}
                  error={errors.bankRequisites?.[i]?.bankBik?.message}
                  required
                >
                  <MaskedInput
                    mask={BIK_MASK}
                    inputMode="numeric"
                    {...register(`bankRequisites.${i}.bankBik`, { validate: partnerRules.bankBik })}
                  />
                </FormField>
                <FormField
                  label={`${t('adminPartners.fields.checkAccount')} ${i + 1}`}
                  error={errors.bankRequisites?.[i]?.checkAccount?.message}
                  required
                >
                  <MaskedInput
                    mask={ACCOUNT_MASK}
                    inputMode="numeric"
                    {...register(`bankRequisites.${i}.checkAccount`, { validate: partnerRules.checkAccount })}
                  />
                </FormField>
                <IconButton
                  aria-label={`${t('adminPartners.removeRequisite')} ${i + 1}`}
                  variant="ghost"
                  mt="6"
                  onClick={() => requisites.remove(i)}
                >
                  ✕
                </IconButton>
              </HStack>
            ))}
            <Button
              variant="outline"
              size="sm"
              alignSelf="start"
              onClick={() => requisites.append({ bankBik: '', checkAccount: '' })}
            >
              {t('adminPartners.addRequisite')}
            </Button>
          </Stack>
        </Fieldset.Root>

        <HStack justify="flex-end">
          <Button type="submit" loading={formState.isSubmitting}>
            {submitLabel}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
