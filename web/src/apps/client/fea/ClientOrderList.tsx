/** The client's requests of one tab, 10 per page (spec core §9) with 'Показать ещё' (cursor paging). */
import { useTranslation } from 'react-i18next';
import { Box, Button, Stack, Text } from '@chakra-ui/react';
import { graphql, usePaginationFragment } from 'react-relay';
import type { ClientOrderList_viewer$key } from '../../../__generated__/ClientOrderList_viewer.graphql';
import type { ClientOrderListPaginationQuery } from '../../../__generated__/ClientOrderListPaginationQuery.graphql';
import { LIST_PAGE_SIZE } from '@platform/domain/limits';
import { ResponsiveTable } from '../../../components/lists/ResponsiveTable';
import { ClientOrderRow } from './ClientOrderRow';
import { CLIENT_ORDERS_PANEL_ID } from './ClientOrderTabs';

export function ClientOrderList({ viewer: viewerKey }: { viewer: ClientOrderList_viewer$key }) {
  const { t } = useTranslation();
  const { data, loadNext, hasNext, isLoadingNext } = usePaginationFragment<
    ClientOrderListPaginationQuery,
    ClientOrderList_viewer$key
  >(
    graphql`
      fragment ClientOrderList_viewer on Viewer
      @argumentDefinitions(
        count: { type: "Int", defaultValue: 10 }
        cursor: { type: "String" }
        tab: { type: "OrderTab" }
        number: { type: "String" }
      )
      @refetchable(queryName: "ClientOrderListPaginationQuery") {
        orders(first: $count, after: $cursor, tab: $tab, number: $number) @connection(key: "ClientOrderList_orders") {
          totalCount
          edges {
            node {
              id
              ...ClientOrderRow_order
            }
          }
        }
      }
    `,
    viewerKey,
  );
  const edges = data.orders?.edges ?? [];
  const total = data.orders?.totalCount ?? 0;

  // The tabs' panel (ClientOrderTabs: every tab's aria-controls points here).
  if (edges.length === 0) {
    return (
      <Box id={CLIENT_ORDERS_PANEL_ID} role="tabpanel" aria-label={t('orders.list')}>
        <Text color="gray.600" py="8" textAlign="center" role="status">
          {t('orders.empty')}
        </Text>
      </Box>
    );
  }

  return (
    <Stack gap="4" id={CLIENT_ORDERS_PANEL_ID} role="tabpanel" aria-label={t('orders.list')}>
      <ResponsiveTable
        label={t('orders.list')}
        interactive
        borderWidth="1px"
        borderRadius="md"
        bg="white"
        columns={[
          t('orders.col.number'),
          t('orders.col.created'),
          t('orders.col.paymentType'),
          { label: t('orders.col.amount'), textAlign: 'end' },
          t('orders.col.country'),
          t('orders.col.status'),
        ]}
      >
        {edges.map((e) => (
          <ClientOrderRow key={e.node.id} order={e.node} />
        ))}
      </ResponsiveTable>
      <Text fontSize="sm" color="gray.600" aria-live="polite">
        {t('orders.shown', { shown: edges.length, total })}
      </Text>
      {hasNext && (
        <Button variant="outline" alignSelf="center" loading={isLoadingNext} onClick={() => loadNext(LIST_PAGE_SIZE)}>
          {t('orders.more')}
        </Button>
      )}
    </Stack>
  );
}
