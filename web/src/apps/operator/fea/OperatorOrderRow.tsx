/**
 * One request in the operator's list (spec core §3 Operator-side order row): number, created date and time,
 * client with INN, amount, the operator-facing display status (spec core §4), validator and the last comment.
 * Opening the row opens the request modal (/operator/fea/:orderId).
 */
import { Link, Stack, Table, Text } from '@chakra-ui/react';
import { graphql, useFragment } from 'react-relay';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import type { OperatorOrderRow_order$key } from '../../../__generated__/OperatorOrderRow_order.graphql';
import { StatusBadge } from '../../../components/deal/StatusBadge';
import { formatDateTime, formatMoney } from '../../../system/formats';

export function OperatorOrderRow({ order: orderKey }: { order: OperatorOrderRow_order$key }) {
  const order = useFragment(
    graphql`
      fragment OperatorOrderRow_order on Order {
        id
        orderId
        number
        created
        amount {
          amount
          currency
        }
        client {
          name
          inn
        }
        operatorDisplayStatus {
          code
          label
        }
        validator {
          userId
          name
          surname
        }
        lastOperatorComment {
          authorName
          created
          comment
        }
      }
    `,
    orderKey,
  );
  const navigate = useNavigate();
  const { search } = useLocation();
  const to = `/operator/fea/${order.orderId}${search}`;
  const status = order.operatorDisplayStatus;
  return (
    <Table.Row
      data-testid="operator-order-row"
      data-order-id={order.orderId}
      cursor="pointer"
      onClick={() => navigate(to)}
    >
      <Table.Cell fontWeight="medium">
        <Link asChild colorPalette="blue" onClick={(e) => e.stopPropagation()}>
          <RouterLink to={to} aria-label={`Заявка № ${order.number}`}>
            {order.number}
          </RouterLink>
        </Link>
      </Table.Cell>
      <Table.Cell whiteSpace="nowrap">{formatDateTime(order.created)}</Table.Cell>
      <Table.Cell>
        <Stack gap="0">
          <Text>{order.client?.name ?? '—'}</Text>
          {order.client?.inn && (
            <Text fontSize="xs" color="gray.600">
              ИНН {order.client.inn}
            </Text>
          )}
        </Stack>
      </Table.Cell>
      <Table.Cell textAlign="end" whiteSpace="nowrap">
        {formatMoney(order.amount.amount, order.amount.currency)}
      </Table.Cell>
      <Table.Cell>
        {status ? <StatusBadge code={status.code} label={status.label} testId="operator-order-status" /> : '—'}
      </Table.Cell>
      <Table.Cell>{order.validator ? `${order.validator.surname} ${order.validator.name}` : '—'}</Table.Cell>
      <Table.Cell maxW="xs">
        {order.lastOperatorComment ? (
          <Stack gap="0">
            <Text lineClamp={2}>{order.lastOperatorComment.comment}</Text>
            <Text fontSize="xs" color="gray.600">
              {order.lastOperatorComment.authorName}, {formatDateTime(order.lastOperatorComment.created)}
            </Text>
          </Stack>
        ) : (
          '—'
        )}
      </Table.Cell>
    </Table.Row>
  );
}
