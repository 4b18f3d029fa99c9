/** The operator's requests of one tab under the filters, 10 per page (spec core §9) with 'Показать ещё'. */
import { Button, Stack, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { graphql, usePaginationFragment } from 'react-relay';
import type { OperatorOrderList_viewer$key } from '../../../__generated__/OperatorOrderList_viewer.graphql';
import type { OperatorOrderListPaginationQuery } from '../../../__generated__/OperatorOrderListPaginationQuery.graphql';
import { LIST_PAGE_SIZE } from '@platform/domain/limits';
import { ResponsiveTable } from '../../../components/lists/ResponsiveTable';
import { OperatorOrderRow } from './OperatorOrderRow';

export interface SeenValidator {
  userId: number;
  name: string;
}

export function OperatorOrderList({
  viewer: viewerKey,
  onValidators,
}: {
  viewer: OperatorOrderList_viewer$key;
  onValidators?: (v: SeenValidator[]) => void;
}) {
  const { data, loadNext, hasNext, isLoadingNext } = usePaginationFragment<
    OperatorOrderListPaginationQuery,
    OperatorOrderList_viewer$key
  >(
    graphql`
      fragment OperatorOrderList_viewer on Viewer
      @argumentDefinitions(
        count: { type: "Int", defaultValue: 10 }
        cursor: { type: "String" }
        tab: { type: "OperatorOrderTab" }
        number: { type: "String" }
        client: { type: "String" }
        employee: { type: "Int" }
        partner: { type: "Int" }
      )
      @refetchable(queryName: "OperatorOrderListPaginationQuery") {
        operatorOrders(
          first: $count
          after: $cursor
          tab: $tab
          number: $number
          client: $client
          employee: $employee
          partner: $partner
        )
          @connection(
            key: "OperatorOrderList_operatorOrders"
            filters: ["tab", "number", "client", "employee", "partner"]
          ) {
          totalCount
          edges {
            node {
              id
              validator {
                userId
                name
                surname
              }
              ...OperatorOrderRow_order
            }
          }
        }
      }
    `,
    viewerKey,
  );
  const edges = data.operatorOrders?.edges ?? [];
  const total = data.operatorOrders?.totalCount ?? 0;
  // The employee filter lists viewer.operators; validators met in the list are added (an operator suspended since).
  const validatorKey = edges.map((e) => e.node.validator?.userId ?? '').join(',');
  useEffect(() => {
    if (!onValidators) return;
    const seen = new Map<number, string>();
    for (const e of edges)
      if (e.node.validator) seen.set(e.node.validator.userId, `${e.node.validator.surname} ${e.node.validator.name}`);
    onValidators([...seen].map(([userId, name]) => ({ userId, name })));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [validatorKey]);

  if (edges.length === 0) {
    return (
      <Text color="gray.600" py="8" textAlign="center" role="status">
        Заявок нет
      </Text>
    );
  }
  return (
    <Stack gap="4">
      <ResponsiveTable
        label="Заявки"
        interactive
        borderWidth="1px"
        borderRadius="md"
        bg="white"
        columns={[
          'Номер',
          'Создана',
          'Клиент',
          { label: 'Сумма', textAlign: 'end' },
          'Статус',
          'Сотрудник',
          'Последний комментарий',
        ]}
      >
        {edges.map((e) => (
          <OperatorOrderRow key={e.node.id} order={e.node} />
        ))}
      </ResponsiveTable>
      <Text fontSize="sm" color="gray.600" aria-live="polite">
        Показано {edges.length} из {total}
      </Text>
      {hasNext && (
        <Button variant="outline" alignSelf="center" loading={isLoadingNext} onClick={() => loadNext(LIST_PAGE_SIZE)}>
          Показать ещё
        </Button>
      )}
    </Stack>
  );
}
