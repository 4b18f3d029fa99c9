/**
 * The operator's request modal at /operator/fea/:orderId (spec core §2), over the list; a direct link works (the
 * order is fetched with `node(id:)` from the numeric id in the path).
 */
import { CloseButton, Dialog, Portal, Text } from '@chakra-ui/react';
import { Suspense, useCallback, useState } from 'react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { useParams } from 'react-router-dom';
import type { OperatorOrderModalQuery } from '../../../__generated__/OperatorOrderModalQuery.graphql';
import { PageSpinner } from '../../../components/PageSpinner';
import { orderGlobalId, parseOrderIdParam } from '../../../components/deal/dealIds';
import { OperatorOrderContent } from './OperatorOrderContent';

export function OperatorOrderModal({ onClose }: { onClose: () => void }) {
  const { orderId } = useParams();
  const id = parseOrderIdParam(orderId);
  return (
    <Dialog.Root open onOpenChange={(d) => !d.open && onClose()} size={{ base: 'full', md: 'xl' }} scrollBehavior="inside" closeOnInteractOutside={false}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content maxW={{ md: '5xl' }} data-testid="operator-order-modal">
            <Suspense
              fallback={
                <>
                  <Dialog.Header>
                    <Dialog.Title>Заявка</Dialog.Title>
                  </Dialog.Header>
                  <PageSpinner minH="30vh" />
                </>
              }
            >
              {id == null ? <NotFound /> : <OperatorOrderLoader orderId={id} />}
            </Suspense>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Закрыть" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function OperatorOrderLoader({ orderId }: { orderId: number }) {
  const [fetchKey, setFetchKey] = useState(0);
  const refetch = useCallback(() => setFetchKey((k) => k + 1), []);
  const data = useLazyLoadQuery<OperatorOrderModalQuery>(
    graphql`
      query OperatorOrderModalQuery($id: ID!) {
        node(id: $id) {
          __typename
          ...OperatorOrderContent_order @alias(as: "order")
        }
      }
    `,
    { id: orderGlobalId(orderId) },
    { fetchPolicy: fetchKey > 0 ? 'network-only' : 'store-and-network', fetchKey },
  );
  const order = data.node?.order;
  if (!order) return <NotFound />;
  return <OperatorOrderContent order={order} refetch={refetch} />;
}

function NotFound() {
  return (
    <>
      <Dialog.Header>
        <Dialog.Title>Заявка не найдена</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Text color="gray.700" pb="6">
          Заявка не существует или недоступна.
        </Text>
      </Dialog.Body>
    </>
  );
}
