/**
 * All fields of a request (spec core §3 Request) with its files as download links; the 'Данные' step of the
 * client's and the operator's request modals.
 */
import { Link, Stack, Text } from '@chakra-ui/react';
import { graphql, useFragment } from 'react-relay';
import type { OrderDetails_order$key } from '../../__generated__/OrderDetails_order.graphql';
import { apiDateToDisplay, formatDateTime, formatFileSize } from '../../system/formats';
import { Facts } from './Facts';
import { MoneyText } from './MoneyText';

const PAYMENT_TYPE: Record<string, string> = { SENDING: 'Отправка', RECEIVING: 'Получение' };
const GOODS: Record<string, string> = { IMPORTED: 'Ввезён', NOT_IMPORTED: 'Не ввезён' };

export function OrderDetails({
  order: orderKey,
  showClient = false,
}: {
  order: OrderDetails_order$key;
  showClient?: boolean;
}) {
  const order = useFragment(
    graphql`
      fragment OrderDetails_order on Order {
        number
        created
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
        files {
          id
          name
          size
          downloadUrl
        }
        client {
          name
          inn
        }
        consultant {
          name
          phone
          email
        }
      }
    `,
    orderKey,
  );
  const cp = order.counterparty;
  return (
    <Stack gap="5">
      <Facts
        label="Данные заявки"
        items={[
          { label: 'Номер заявки', value: order.number, testId: 'order-number' },
          { label: 'Создана', value: formatDateTime(order.created) },
          showClient && {
            label: 'Клиент',
            value: [order.client?.name, order.client?.inn && `ИНН ${order.client.inn}`].filter(Boolean).join(', '),
          },
          { label: 'Тип платежа', value: PAYMENT_TYPE[order.paymentType] ?? order.paymentType },
          { label: 'Сумма', value: <MoneyText amount={order.amount.amount} currency={order.amount.currency} /> },
          { label: 'Страна контрагента', value: cp.countryName ?? cp.countryCode },
          { label: 'Город', value: cp.city },
          { label: 'Банк контрагента', value: cp.bankName },
          { label: 'SWIFT', value: cp.swift },
          { label: 'Код ТН ВЭД', value: [order.tnvedCode, order.tnvedName].filter(Boolean).join(' — ') },
          { label: 'Местонахождение товара', value: GOODS[order.goodsLocation] ?? order.goodsLocation },
          {
            label: 'Срок оплаты',
            value: `${apiDateToDisplay(order.paymentDateFrom)} — ${apiDateToDisplay(order.paymentDateTo)}`,
          },
          { label: 'Комментарий', value: order.comment },
          order.consultant && {
            label: 'Консультант',
            value: [order.consultant.name, order.consultant.phone, order.consultant.email].filter(Boolean).join(', '),
          },
        ]}
      />
      <Stack gap="2">
        <Text fontWeight="medium">Файлы</Text>
        {order.files.length === 0 ? (
          <Text color="gray.600">Файлы не приложены</Text>
        ) : (
          <Stack as="ul" gap="1" aria-label="Файлы заявки" listStyleType="none">
            {order.files.map((f) => (
              <li key={f.id}>
                <Link href={f.downloadUrl} download={f.name} colorPalette="blue" variant="underline">
                  {f.name}
                </Link>{' '}
                <Text as="span" color="gray.600" fontSize="sm">
                  {formatFileSize(f.size)}
                </Text>
              </li>
            ))}
          </Stack>
        )}
      </Stack>
    </Stack>
  );
}
