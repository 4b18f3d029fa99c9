/** The payment agent's requests of one tab, 10 per page (spec core §9) with 'Показать ещё' (cursor paging). */
import { Button, Stack, Text } from '@chakra-ui/react';
import { graphql, usePaginationFragment } from 'react-relay';
import type { PartnerOrderListPaginationQuery } from '../../../__generated__/PartnerOrderListPaginationQuery.graphql';
import type { PartnerOrderList_viewer$key } from '../../../__generated__/PartnerOrderList_viewer.graphql';
import { LIST_PAGE_SIZE } from '@platform/domain/limits';
import { ResponsiveTable } from '../../../components/lists/ResponsiveTable';
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
      <ResponsiveTable
        label={PT.list}
        interactive
        borderWidth="1px"
        borderRadius="md"
        bg="white"
        columns={[
          PT.col.number,
          PT.col.client,
          { label: PT.col.amount, textAlign: 'end' },
          PT.col.country,
          PT.col.term,
          PT.col.status,
        ]}
      >
        {edges.map((e) => (
          <PartnerOrderRow key={e.node.id} partnerOrder={e.node} />
        ))}
      </ResponsiveTable>
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
