/**
 * The offer form (spec core §3 Offer; react-hook-form): deal method 'Безрисковая' / 'Стандартная', payment sum
 * (prefilled from the request), payment term, client fee % (the server derives the agent and service fees),
 * additional expenses (sum, currency, rate, description; rows added and removed), exchange rate with its source
 * and rules, sample contract (≤ 50 MB) — and beside it the commission computed live by the server. Values go to
 * the API through offerForm.ts (decimal strings, API dates); server field errors land next to their inputs.
 */
import {
  Box,
  Button,
  Fieldset,
  HStack,
  Heading,
  IconButton,
  Input,
  SimpleGrid,
  Spinner,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { Suspense, useState } from 'react';
import { Controller, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { FormErrorAlert } from '../../../../components/FormErrorAlert';
import { FormField } from '../../../../components/FormField';
import { RadioChoiceField } from '../../../../components/RadioChoiceField';
import { CurrencySelect } from '../../../../components/pickers/CurrencySelect';
import { MESSAGES, validateRequired } from '../../../../system/validation';
import { isStaleCode, placeFieldErrors } from '../../../../system/errors/resultMessage';
import { userErrorOf } from '../../../../system/errors/userError';
import { useSendOfferMutation } from '../mutations/useSendOfferMutation';
import {
  DEAL_METHODS,
  EMPTY_EXPENSE,
  type OfferDefaultsSource,
  type OfferFieldName,
  type OfferFormValues,
  commissionInput,
  offerFieldOf,
  offerFormDefaults,
  sendOfferInput,
  validateExpenseAmount,
  validateOfferTerm,
  validatePercent,
  validateRate,
  validateSum,
} from '../offerForm';
import { PT, fill } from '../texts';
import { CommissionBreakdown } from './CommissionBreakdown';
import { usePartnerOrderActions } from './PartnerOrderActions';
import { SampleContractField, type DocumentExample } from './SampleContractField';
import { useLiveCommission } from './useLiveCommission';
import { AMOUNT_MASK, MaskedInput } from '../../../../system/masks';

export interface OfferFormProps {
  partnerOrderId: string;
  orderId: number;
  currency: string;
  defaults: OfferDefaultsSource;
  serviceFeePercent: string | null;
  documentExamples: ReadonlyArray<DocumentExample>;
}

export function OfferForm({
  partnerOrderId,
  orderId,
  currency,
  defaults,
  serviceFeePercent,
  documentExamples,
}: OfferFormProps) {
  const actions = usePartnerOrderActions();
  const form = useForm<OfferFormValues>({ defaultValues: offerFormDefaults(defaults), mode: 'onTouched' });
  const { register, control, formState } = form;
  const errors = formState.errors;
  const expenses = useFieldArray({ control, name: 'expenses' });
  const values = useWatch({ control }) as OfferFormValues;
  const live = useLiveCommission(partnerOrderId, commissionInput({ ...offerFormDefaults(defaults), ...values }));
  const [sendOffer, sending] = useSendOfferMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);

  const onSubmit = form.handleSubmit(async (v) => {
    setFormError(null);
    const r = (await sendOffer({ input: sendOfferInput(partnerOrderId, v) })).sendOffer;
    if (r.__typename === 'SendOfferSuccess') {
      actions.done(PT.offer.sent);
      return;
    }
    const userError = userErrorOf(r);
    if (!userError) return;
    const { byField, formMessage } = placeFieldErrors(userError, offerFieldOf);
    for (const [name, message] of Object.entries(byField) as [OfferFieldName, string][])
      form.setError(name, { message }, { shouldFocus: true });
    setFormError(formMessage);
    if (isStaleCode(userError.code)) actions.fail(userError);
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={PT.offer.form}>
      <Stack gap="5" pt="2">
        <FormErrorAlert message={formError} />

        <Controller
          control={control}
          name="dealMethod"
          render={({ field }) => (
            <RadioChoiceField
              legend={PT.offer.dealMethod}
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              options={DEAL_METHODS.map((m) => ({ value: m, label: PT.offer.dealMethods[m] }))}
            />
          )}
        />

        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <FormField
            label={PT.offer.paymentSum}
            error={errors.paymentSum?.message}
            helperText={fill(PT.offer.paymentSumHint, { currency })}
            required
          >
            <MaskedInput
              mask={AMOUNT_MASK}
              inputMode="decimal"
              {...register('paymentSum', { validate: validateSum })}
            />
          </FormField>
          <FormField
            label={PT.offer.clientFee}
            error={errors.clientFeePercent?.message}
            helperText={
              serviceFeePercent
                ? fill(PT.offer.clientFeeHint, { percent: serviceFeePercent.replace('.', ',') })
                : undefined
            }
            required
          >
            <Input
              inputMode="decimal"
              placeholder="1,5"
              {...register('clientFeePercent', { validate: validatePercent })}
            />
          </FormField>
          <FormField label={PT.offer.dateFrom} error={errors.paymentDateFrom?.message} required>
            <Input type="date" {...register('paymentDateFrom', { validate: validateRequired })} />
          </FormField>
          <FormField label={PT.offer.dateTo} error={errors.paymentDateTo?.message} required>
            <Input
              type="date"
              {...register('paymentDateTo', { validate: (v, all) => validateOfferTerm(all.paymentDateFrom, v) })}
            />
          </FormField>
          <FormField label={fill(PT.offer.course, { currency })} error={errors.course?.message} required>
            <Input inputMode="decimal" placeholder="92,4512" {...register('course', { validate: validateRate })} />
          </FormField>
          <FormField label={PT.offer.transactionType} error={errors.transactionType?.message}>
            <Input {...register('transactionType')} />
          </FormField>
        </SimpleGrid>
        <FormField label={PT.offer.courseRules} error={errors.courseRules?.message}>
          <Textarea rows={2} {...register('courseRules')} />
        </FormField>

        <Fieldset.Root>
          <Fieldset.Legend>{PT.offer.expenses}</Fieldset.Legend>
          <Stack gap="4" mt="2">
            {expenses.fields.length === 0 && (
              <Text fontSize="sm" color="gray.600">
                {PT.offer.noExpenses}
              </Text>
            )}
            {expenses.fields.map((row, i) => {
              const n = i + 1;
              const e = errors.expenses?.[i];
              return (
                <Box key={row.id} borderWidth="1px" borderRadius="md" p="3" data-testid="offer-expense">
                  <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
                    <FormField label={fill(PT.offer.expenseAmount, { n })} error={e?.amount?.message} required>
                      <MaskedInput
                        mask={AMOUNT_MASK}
                        inputMode="decimal"
                        {...register(`expenses.${i}.amount`, { validate: validateExpenseAmount })}
                      />
                    </FormField>
                    <Controller
                      control={control}
                      name={`expenses.${i}.currency`}
                      rules={{ validate: (v) => (v ? true : MESSAGES.required) }}
                      render={({ field, fieldState }) => (
                        <Suspense fallback={<Spinner size="sm" />}>
                          <CurrencySelect
                            label={fill(PT.offer.expenseCurrency, { n })}
                            name={field.name}
                            value={field.value}
                            onChange={field.onChange}
                            error={fieldState.error?.message}
                          />
                        </Suspense>
                      )}
                    />
                    <FormField label={fill(PT.offer.expenseRate, { n })} error={e?.rate?.message} required>
                      <Input inputMode="decimal" {...register(`expenses.${i}.rate`, { validate: validateRate })} />
                    </FormField>
                  </SimpleGrid>
                  <HStack mt="3" align="flex-end" gap="3">
                    <Box flex="1">
                      <FormField label={fill(PT.offer.expenseDescription, { n })} error={e?.description?.message}>
                        <Input {...register(`expenses.${i}.description`)} />
                      </FormField>
                    </Box>
                    <IconButton
                      variant="ghost"
                      colorPalette="red"
                      aria-label={fill(PT.offer.removeExpense, { n })}
                      onClick={() => expenses.remove(i)}
                    >
                      ✕
                    </IconButton>
                  </HStack>
                </Box>
              );
            })}
            <Button
              variant="outline"
              size="sm"
              alignSelf="flex-start"
              onClick={() => expenses.append({ ...EMPTY_EXPENSE, currency })}
            >
              {PT.offer.addExpense}
            </Button>
          </Stack>
        </Fieldset.Root>

        <Controller
          control={control}
          name="sampleContract"
          render={({ field, fieldState }) => (
            <SampleContractField
              partnerOrderId={partnerOrderId}
              orderId={orderId}
              value={field.value}
              onChange={field.onChange}
              examples={documentExamples}
              error={fieldState.error?.message}
              onUploadingChange={setUploading}
            />
          )}
        />

        <Stack
          as="section"
          aria-label={PT.commission.region}
          gap="2"
          borderWidth="1px"
          borderRadius="md"
          p="4"
          bg="gray.50"
          aria-busy={live.loading}
        >
          <HStack justify="space-between">
            <Heading as="h3" size="sm">
              {PT.commission.region}
            </Heading>
            {live.loading && (
              <HStack gap="2" color="gray.600" fontSize="sm" role="status">
                <Spinner size="xs" />
                <Text>{PT.commission.computing}</Text>
              </HStack>
            )}
          </HStack>
          {live.commission ? (
            <CommissionBreakdown commission={live.commission} />
          ) : live.errors.length === 0 ? (
            <Text fontSize="sm" color="gray.600">
              {PT.commission.fillPercent}
            </Text>
          ) : null}
          {live.errors.map((m) => (
            <Text key={m} fontSize="sm" color="red.600" role="alert">
              {m}
            </Text>
          ))}
        </Stack>

        <HStack justify="flex-end">
          <Button type="submit" loading={sending} disabled={uploading}>
            {PT.offer.submit}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
