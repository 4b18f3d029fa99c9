/**
 * The operator edits the request data while it is on the check (spec core §4 "Operator actions: edit";
 * `updateOrder`, allowed by `viewerCanEdit`). The same fields and rules as the client's create form
 * (orderForm.ts) except the files, which stay the client's. Server field errors are placed next to their fields.
 */
import { Button, HStack, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { graphql, useFragment } from 'react-relay';
import type { OperatorOrderEditForm_order$key } from '../../../__generated__/OperatorOrderEditForm_order.graphql';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { placeFieldErrors, reportResult } from '../../../system/errors/resultMessage';
import { userErrorOf } from '../../../system/errors/userError';
import { OrderFields } from '../../client/fea/OrderFields';
import { orderFormField, orderInput, type OrderFormValues } from '../../client/fea/orderForm';
import { useUpdateOrderMutation } from './mutations/useUpdateOrderMutation';

export function OperatorOrderEditForm({
  order: orderKey,
  onDone,
  refetch,
}: {
  order: OperatorOrderEditForm_order$key;
  onDone: () => void;
  refetch: () => void;
}) {
  const order = useFragment(
    graphql`
      fragment OperatorOrderEditForm_order on Order {
        id
        paymentType
        amount {
          amount
          currency
        }
        counterparty {
          countryCode
          countryName
          city
          bankName
          swift
        }
        tnvedCode
        tnvedName
        goodsLocation
        paymentDateFrom
        paymentDateTo
        comment
      }
    `,
    orderKey,
  );
  const form = useForm<OrderFormValues>({
    mode: 'onTouched',
    defaultValues: {
      paymentType: order.paymentType === 'RECEIVING' ? 'RECEIVING' : 'SENDING',
      amount: order.amount.amount.replace('.', ','),
      currency: order.amount.currency,
      country: {
        countryCode: order.counterparty.countryCode,
        countryName: order.counterparty.countryName ?? order.counterparty.countryCode,
      },
      city: order.counterparty.city ?? '',
      bankName: order.counterparty.bankName ?? '',
      swift: order.counterparty.swift ?? '',
      tnved: { code: order.tnvedCode, name: order.tnvedName ?? '' },
      goodsLocation: order.goodsLocation === 'IMPORTED' ? 'IMPORTED' : 'NOT_IMPORTED',
      paymentDateFrom: order.paymentDateFrom,
      paymentDateTo: order.paymentDateTo,
      comment: order.comment ?? '',
      files: [],
    },
  });
  const [updateOrder, saving] = useUpdateOrderMutation();
  const [formError, setFormError] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const r = await updateOrder({ input: { orderId: order.id, order: orderInput(values) } });
      const res = r.updateOrder;
      const userError = userErrorOf(res);
      if (userError?.code === 'VALIDATION_ERROR') {
        const { byField, formMessage } = placeFieldErrors(userError, (f) => orderFormField(f.replace(/^order\./, '')));
        for (const [name, message] of Object.entries(byField) as [keyof OrderFormValues, string][])
          form.setError(name, { message });
        setFormError(formMessage);
        return;
      }

      if (reportResult(res, { success: 'Данные заявки сохранены', refetch })) onDone();
    } catch {
      /* generic toast shown */
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Редактирование заявки">
      <Stack gap="5">
        <FormErrorAlert message={formError} />
        <OrderFields form={form} commentLabel="Комментарий клиента" onSwiftPick={() => undefined} />
        <HStack justify="flex-end" gap="3">
          <Button variant="outline" onClick={onDone}>
            Отмена
          </Button>
          <Button type="submit" loading={saving}>
            Сохранить
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
