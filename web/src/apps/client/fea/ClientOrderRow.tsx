/** One request in the client's list: number, created date, payment type, amount, counterparty country, display status. */
import { useTranslation } from 'react-i18next';
import { Badge, Link, Table } from '@chakra-ui/react';
import { graphql, useFragment } from 'react-relay';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import type { ClientOrderRow_order$key } from '../../../__generated__/ClientOrderRow_order.graphql';
import { formatDate, formatMoney } from '../../../system/formats';

const STATUS_COLORS: Record<string, string> = {
  CHECK: 'gray',
  WAITING_FOR_OFFERS: 'blue',
  HAS_OFFERS: 'green',
  OFFER_ACCEPTED: 'teal',
  WAITING_FOR_PAYMENT_ORDER: 'orange',
  PAYMENT: 'orange',
  REQUIRES_SIGNATURE: 'purple',
  REQUIRES_CONFIRMATION: 'purple',
  PAYMENT_CHECKING: 'yellow',
  EXECUTING: 'cyan',
  EXECUTED: 'green',
  CANCELED: 'gray',
  REJECTED_BY_SERVICE: 'red',
};

export function ClientOrderRow({ order: orderKey }: { order: ClientOrderRow_order$key }) {
  const { t } = useTranslation();
  const order = useFragment(
    graphql`
      fragment ClientOrderRow_order on Order {
        id
        orderId
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
        }
        clientDisplayStatus {
          code
          label
        }
      }
    `,
    orderKey,
  );
  const navigate = useNavigate();
  const { search } = useLocation();
  // Opening a row opens the request modal (/client/fea/:orderId), keeping the list's tab in the query.
  const to = `/client/fea/${order.orderId}${search}`;
  return (
    <Table.Row data-testid="order-row" data-order-id={order.orderId} cursor="pointer" onClick={() => navigate(to)}>
      <Table.Cell fontWeight="medium">
        <Link asChild colorPalette="blue" onClick={(e) => e.stopPropagation()}>
          <RouterLink to={to} aria-label={`Заявка № ${order.number}`}>
            {order.number}
          </RouterLink>
        </Link>
      </Table.Cell>
      <Table.Cell>{formatDate(order.created)}</Table.Cell>
      <Table.Cell>
        {order.paymentType === 'SENDING' || order.paymentType === 'RECEIVING'
          ? t(`orders.paymentType.${order.paymentType}`)
          : order.paymentType}
      </Table.Cell>
      <Table.Cell textAlign="end" whiteSpace="nowrap">
        {formatMoney(order.amount.amount, order.amount.currency)}
      </Table.Cell>
      <Table.Cell>{order.counterparty.countryName ?? order.counterparty.countryCode}</Table.Cell>
      <Table.Cell>
        <Badge
          colorPalette={STATUS_COLORS[order.clientDisplayStatus.code] ?? 'gray'}
          data-status-code={order.clientDisplayStatus.code}
        >
          {order.clientDisplayStatus.label}
        </Badge>
      </Table.Cell>
    </Table.Row>
  );
}
