/**
 * The create-request form (spec core §3 Request): payment type, amount and currency (popular first,
 * default USD), counterparty country / city / bank / SWIFT (may be empty), TN VED code, goods location,
 * payment term, comment and files. Submitting validates on the server (validateOrder) and then creates
 * (createOrder); field errors of the typed result are shown next to their fields.
 */
import { useTranslation } from 'react-i18next';
import { Button, HStack, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { showSuccess } from '../../../system/toaster';
import { useCreateOrderMutation } from './mutations/useCreateOrderMutation';
import { useValidateOrderMutation } from './mutations/useValidateOrderMutation';
import { OrderFields } from './OrderFields';
import { OrderFilesField } from './OrderFilesField';
import { EMPTY_ORDER_FORM, orderFormField, orderInput, type OrderFormValues } from './orderForm';
import { placeFieldErrors } from '../../../system/errors/resultMessage';
import { readUserError, type UserErrorData } from '../../../system/errors/userError';

export function CreateOrderForm({ onCreated, onCancel }: { onCreated: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const form = useForm<OrderFormValues>({ defaultValues: EMPTY_ORDER_FORM, mode: 'onTouched' });
  const { control, setValue, getValues } = form;
  const [validateOrder, validating] = useValidateOrderMutation();
  const [createOrder, creating] = useCreateOrderMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);

  /** The server's refusal on the form: problems under their fields, the rest above the form (resultMessage.ts). */
  const applyUserError = (e: UserErrorData) => {
    const { byField, formMessage } = placeFieldErrors(e, orderFormField);
    for (const [name, message] of Object.entries(byField) as [keyof OrderFormValues, string][])
      form.setError(name, { message });
    setFormError(formMessage);
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    const input = orderInput(values);
    const checked = (await validateOrder({ input })).validateOrder;
    if (checked.__typename === 'UserError') {
      const userError = readUserError(checked.userError);
      applyUserError(userError);
      return;
    }
    const created = (await createOrder({ input })).createOrder;
    if (created.__typename === 'CreateOrderSuccess') {
      showSuccess(t('orders.form.created', { number: created.order.number }), created.order.clientDisplayStatus.label);
      onCreated();
    } else if (created.__typename === 'UserError') {
      const userError = readUserError(created.userError);
      applyUserError(userError);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('orders.form.name')}>
      <Stack gap="5" pb="4">
        <FormErrorAlert message={formError} />

        <OrderFields
          form={form}
          commentLabel={t('orders.form.comment')}
          amountPlaceholder="12500,00"
          onSwiftPick={(s) => {
            if (!getValues('bankName').trim()) setValue('bankName', s.institutionName, { shouldValidate: true });
            if (!getValues('city').trim() && s.city) setValue('city', s.city, { shouldValidate: true });
          }}
        />

        <Controller
          control={control}
          name="files"
          render={({ field, fieldState }) => (
            <OrderFilesField
              value={field.value}
              onChange={field.onChange}
              error={fieldState.error?.message}
              onUploadingChange={setUploading}
            />
          )}
        />

        <HStack justify="flex-end" gap="3">
          <Button variant="outline" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={validating || creating} disabled={uploading}>
            {t('orders.form.submit')}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
