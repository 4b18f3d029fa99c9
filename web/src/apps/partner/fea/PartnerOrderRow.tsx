/**
 * One request in the payment agent's list (spec core §3 Partner-side order row): number, client name and INN,
 * amount (§9: '12 500,00 $'), counterparty country, payment term DD.MM.YYYY, and the agent's display status as
 * the server labels it (§4 "In display terms"). The number is a link to the request modal; the whole row opens it.
 */
import { Badge, Link, Stack, Table, Text } from '@chakra-ui/react';
import { graphql, useFragment } from 'react-relay';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import type { PartnerOrderRow_partnerOrder$key } from '../../../__generated__/PartnerOrderRow_partnerOrder.graphql';
import { apiDateToDisplay, formatMoney } from '../../../system/formats';
import { partnerStatusColor } from './partnerStatusColor';
import { PT, fill } from './texts';

export function PartnerOrderRow({ partnerOrder: key }: { partnerOrder: PartnerOrderRow_partnerOrder$key }) {
  const navigate = useNavigate();
  const location = useLocation();
  const po = useFragment(
    graphql`
      fragment PartnerOrderRow_partnerOrder on PartnerOrder {
        id
        status
        displayStatus {
          code
          label
        }
        order {
          id
          orderId
          number
          amount {
            amount
            currency
          }
          paymentDateFrom
          paymentDateTo
          counterparty {
            countryCode
            countryName
          }
          client {
            name
            inn
          }
        }
      }
    `,
    key,
  );
  const order = po.order;
  const to = { pathname: `/partner/${order.orderId}`, search: location.search };
  return (
    <Table.Row
      data-testid="partner-order-row"
      data-order-id={order.orderId}
      data-status={po.status}
      cursor="pointer"
      onClick={() => navigate(to)}
    >
      <Table.Cell fontWeight="medium">
        <Link asChild color="blue.700">
          <RouterLink
            to={to}
            aria-label={fill(PT.openOrder, { number: order.number })}
            onClick={(e) => e.stopPropagation()}
          >
            {order.number}
          </RouterLink>
        </Link>
      </Table.Cell>
      <Table.Cell>
        <Stack gap="0">
          <Text>{order.client?.name ?? '—'}</Text>
          {order.client?.inn && (
            <Text fontSize="xs" color="gray.600">
              {fill(PT.inn, { inn: order.client.inn })}
            </Text>
          )}
        </Stack>
      </Table.Cell>
      <Table.Cell textAlign="end" whiteSpace="nowrap">
        {formatMoney(order.amount.amount, order.amount.currency)}
      </Table.Cell>
      <Table.Cell>{order.counterparty.countryName ?? order.counterparty.countryCode}</Table.Cell>
      <Table.Cell whiteSpace="nowrap">
        {apiDateToDisplay(order.paymentDateFrom)} — {apiDateToDisplay(order.paymentDateTo)}
      </Table.Cell>
      <Table.Cell>
        <Badge colorPalette={partnerStatusColor(po.displayStatus.code)} data-status-code={po.displayStatus.code}>
          {po.displayStatus.label}
        </Badge>
      </Table.Cell>
    </Table.Row>
  );
}
