/**
 * The client's request modal at /client/fea/:orderId (spec core §2 "request modal"), over the list. Opening a
 * row navigates here; a direct link works too: the order is fetched with `node(id:)` from the numeric id in the
 * path. A non-numeric id or an order the client may not see shows 'Заявка не найдена'. `refetch` (after a
 * CONFLICT) asks the network again.
 */
import { CloseButton, Dialog, Portal, Text } from '@chakra-ui/react';
import { Suspense, useCallback, useState } from 'react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { useParams } from 'react-router-dom';
import type { ClientOrderModalQuery } from '../../../../__generated__/ClientOrderModalQuery.graphql';
import { PageSpinner } from '../../../../components/PageSpinner';
import { orderGlobalId, parseOrderIdParam } from '../../../../components/deal/dealIds';
import { ClientOrderContent } from './ClientOrderContent';

export function ClientOrderModal({ onClose }: { onClose: () => void }) {
  const { orderId } = useParams();
  const id = parseOrderIdParam(orderId);
  return (
    <Dialog.Root open onOpenChange={(d) => !d.open && onClose()} size={{ base: 'full', md: 'xl' }} scrollBehavior="inside" closeOnInteractOutside={false}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content maxW={{ md: '5xl' }} data-testid="client-order-modal">
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
              {id == null ? <NotFound /> : <ClientOrderLoader orderId={id} />}
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

function ClientOrderLoader({ orderId }: { orderId: number }) {
  const [fetchKey, setFetchKey] = useState(0);
  const refetch = useCallback(() => setFetchKey((k) => k + 1), []);
  const data = useLazyLoadQuery<ClientOrderModalQuery>(
    graphql`
      query ClientOrderModalQuery($id: ID!) {
        node(id: $id) {
          __typename
          ...ClientOrderContent_order @alias(as: "order")
        }
      }
    `,
    { id: orderGlobalId(orderId) },
    { fetchPolicy: fetchKey > 0 ? 'network-only' : 'store-and-network', fetchKey },
  );
  const order = data.node?.order;
  if (!order) return <NotFound />;
  return <ClientOrderContent order={order} refetch={refetch} />;
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
