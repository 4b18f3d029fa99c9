/**
 * The payment agent's request modal (/partner/:orderId; spec core §2 "Payment agent": data, offer, documents,
 * payment, closure, order info). The dialog is named 'Заявка № N'. It loads the order by its global id and takes
 * the viewer's own side of it (a payment agent sees only its own `PartnerOrder`), plus the agent's settings
 * (currencies for the offer's rate rules, payment companies for the bill).
 */
import { Alert, CloseButton, Dialog, Portal } from '@chakra-ui/react';
import { Suspense } from 'react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import type { PartnerOrderDialogQuery } from '../../../../__generated__/PartnerOrderDialogQuery.graphql';
import { PageSpinner } from '../../../../components/PageSpinner';
import { PT, fill } from '../texts';
import { PartnerOrderModal } from './PartnerOrderModal';

/** Relay global id of an order: base64 of "Order:<orderId>" (schema.graphql conventions). */
export function orderGlobalId(orderId: number): string {
  return btoa(`Order:${orderId}`);
}

export function PartnerOrderDialog({ orderId, onClose }: { orderId: number; onClose: () => void }) {
  return (
    <Dialog.Root
      open
      onOpenChange={(d) => !d.open && onClose()}
      size={{ base: 'full', md: 'xl' }}
      scrollBehavior="inside"
      closeOnInteractOutside={false}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="partner-order-modal">
            <Dialog.Header>
              {/* The display number of an order is its id (backend: number = orderId). */}
              <Dialog.Title>{fill(PT.modal.title, { number: orderId })}</Dialog.Title>
            </Dialog.Header>
            <Suspense fallback={<PageSpinner minH="30vh" />}>
              <PartnerOrderDialogContent orderId={orderId} />
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

function PartnerOrderDialogContent({ orderId }: { orderId: number }) {
  const data = useLazyLoadQuery<PartnerOrderDialogQuery>(
    graphql`
      query PartnerOrderDialogQuery($id: ID!) {
        node(id: $id) {
          __typename
          ... on Order {
            id
            partnerOrders {
              id
              ...PartnerOrderModal_partnerOrder
            }
          }
        }
        viewer {
          id
          partnerSettings {
            ...PartnerOfferStep_settings
            ...PartnerPaymentStep_settings
          }
        }
      }
    `,
    { id: orderGlobalId(orderId) },
    { fetchPolicy: 'store-and-network' },
  );
  const side = data.node?.__typename === 'Order' ? data.node.partnerOrders?.[0] : undefined;
  if (!side) {
    return (
      <Dialog.Body pb="6">
        <Alert.Root status="warning" role="alert">
          <Alert.Indicator />
          <Alert.Title>{PT.modal.notFound}</Alert.Title>
        </Alert.Root>
      </Dialog.Body>
    );
  }
  return <PartnerOrderModal partnerOrder={side} settings={data.viewer?.partnerSettings ?? null} />;
}
