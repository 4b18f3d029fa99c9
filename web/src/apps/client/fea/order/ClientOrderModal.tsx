/**
 * The client's request modal at /client/fea/:orderId (spec core §2 "request modal"), over the list. Opening a
 * row navigates here; a direct link works too: the order is fetched with `node(id:)` from the numeric id in the
 * path. A non-numeric id or an order the client may not see shows 'Заявка не найдена'. `refetch` (after a
 * CONFLICT) asks the network again. The shell (not found, close → list) is the shared OrderModal.
 */
import { startTransition } from 'react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import type { ClientOrderModalQuery } from '../../../../__generated__/ClientOrderModalQuery.graphql';
import { orderGlobalId } from '../../../../components/deal/dealIds';
import { OrderModal } from '../../../../components/deal/OrderModal';
import { OrderNotFound } from '../../../../components/deal/OrderNotFound';
import { useOrderRefetch } from '../../../../components/deal/useOrderRefetch';
import { concernsOrder, useOrderEvents } from '../../../../system/realtime/useOrderEvents';
import { ClientOrderContent } from './ClientOrderContent';

export function ClientOrderModal({ onClose }: { onClose: () => void }) {
  return (
    <OrderModal testId="client-order-modal" onClose={onClose}>
      {(orderId) => <ClientOrderLoader orderId={orderId} />}
    </OrderModal>
  );
}

function ClientOrderLoader({ orderId }: { orderId: number }) {
  const { fetchOptions, refetch } = useOrderRefetch();
  // Live order events (issue 12): an offer arriving, a status change of this order → read it again (no reload).
  useOrderEvents((events) => concernsOrder(events, orderId) && startTransition(refetch));
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
    fetchOptions,
  );
  const order = data.node?.order;
  if (!order) return <OrderNotFound />;
  return <ClientOrderContent order={order} refetch={refetch} />;
}
