/** The payment agent's requests of one tab, 10 per page (spec core §9) with 'Показать ещё' (cursor paging). */
import { Button, Stack, Table, Text } from '@chakra-ui/react';
import { graphql, usePaginationFragment } from 'react-relay';
import type { PartnerOrderListPaginationQuery } from '../../../__generated__/PartnerOrderListPaginationQuery.graphql';
import type { PartnerOrderList_viewer$key } from '../../../__generated__/PartnerOrderList_viewer.graphql';
import { LIST_PAGE_SIZE } from '@platform/domain/limits';
import { PartnerOrderRow } from './PartnerOrderRow';
import { PT, fill } from './texts';

export function PartnerOrderList({ viewer: viewerKey }: { viewer: PartnerOrderList_viewer$key }) {
  const { data, loadNext, hasNext, isLoadingNext } = usePaginationFragment<
    PartnerOrderListPaginationQuery,
    PartnerOrderList_viewer$key
  >(
    graphql`
      fragment PartnerOrderList_viewer on Viewer
      @argumentDefinitions(
        count: { type: "Int", defaultValue: 10 }
        cursor: { type: "String" }
        tab: { type: "PartnerOrderTab" }
        number: { type: "String" }
        countryCode: { type: "String" }
        paymentDateFrom: { type: "Date" }
        paymentDateTo: { type: "Date" }
      )
      @refetchable(queryName: "PartnerOrderListPaginationQuery") {
        partnerOrders(
          first: $count
          after: $cursor
          tab: $tab
          number: $number
          countryCode: $countryCode
          paymentDateFrom: $paymentDateFrom
          paymentDateTo: $paymentDateTo
        ) @connection(key: "PartnerOrderList_partnerOrders") {
          totalCount
          edges {
            node {
              id
              ...PartnerOrderRow_partnerOrder
            }
          }
        }
      }
    `,
    viewerKey,
  );
  const edges = data.partnerOrders?.edges ?? [];
  const total = data.partnerOrders?.totalCount ?? 0;

  if (edges.length === 0) {
    return (
      <Text color="gray.600" py="8" textAlign="center" role="status">
        {PT.empty}
      </Text>
    );
  }
  return (
    <Stack gap="4">
      <Table.ScrollArea borderWidth="1px" borderRadius="md" bg="white">
        <Table.Root size="sm" aria-label={PT.list} interactive>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{PT.col.number}</Table.ColumnHeader>
              <Table.ColumnHeader>{PT.col.client}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{PT.col.amount}</Table.ColumnHeader>
              <Table.ColumnHeader>{PT.col.country}</Table.ColumnHeader>
              <Table.ColumnHeader>{PT.col.term}</Table.ColumnHeader>
              <Table.ColumnHeader>{PT.col.status}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {edges.map((e) => (
              <PartnerOrderRow key={e.node.id} partnerOrder={e.node} />
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      <Text fontSize="sm" color="gray.600" aria-live="polite">
        {fill(PT.shown, { shown: edges.length, total })}
      </Text>
      {hasNext && (
        <Button variant="outline" alignSelf="center" loading={isLoadingNext} onClick={() => loadNext(LIST_PAGE_SIZE)}>
          {PT.more}
        </Button>
      )}
    </Stack>
  );
}
