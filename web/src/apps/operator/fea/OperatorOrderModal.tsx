/**
 * The operator's request modal at /operator/fea/:orderId (spec core §2), over the list; a direct link works (the
 * order is fetched with `node(id:)` from the numeric id in the path). The shell (not found, close → list) is the
 * shared OrderModal.
 */
import { startTransition } from 'react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import type { OperatorOrderModalQuery } from '../../../__generated__/OperatorOrderModalQuery.graphql';
import { orderGlobalId } from '../../../components/deal/dealIds';
import { OrderModal } from '../../../components/deal/OrderModal';
import { OrderNotFound } from '../../../components/deal/OrderNotFound';
import { useOrderRefetch } from '../../../components/deal/useOrderRefetch';
import { concernsOrder, useOrderEvents } from '../../../system/realtime/useOrderEvents';
import { OperatorOrderContent } from './OperatorOrderContent';

export function OperatorOrderModal({ onClose }: { onClose: () => void }) {
  return (
    <OrderModal testId="operator-order-modal" onClose={onClose}>
      {(orderId) => <OperatorOrderLoader orderId={orderId} />}
    </OrderModal>
  );
}

function OperatorOrderLoader({ orderId }: { orderId: number }) {
  const { fetchOptions, refetch } = useOrderRefetch();
  // Live order events (issue 12): a change of this order → read it again (no reload).
  useOrderEvents((events) => concernsOrder(events, orderId) && startTransition(refetch));
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
    fetchOptions,
  );
  const order = data.node?.order;
  if (!order) return <OrderNotFound />;
  return <OperatorOrderContent order={order} refetch={refetch} />;
}
