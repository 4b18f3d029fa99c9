/**
 * Body of the request modal: the agent's status, 'Взять в работу' / 'Отказаться' (only where the server's
 * `viewerCanTake` / `viewerCanRefuse` allow), and the steps as tabs (modalSteps.ts decides which are open; the
 * modal opens on the step where the agent acts next and follows the status after each action).
 */
import { Alert, Badge, Button, Dialog, HStack, Stack, Tabs, Text } from '@chakra-ui/react';
import { startTransition, useCallback, useMemo, useState } from 'react';
import { graphql, useRefetchableFragment } from 'react-relay';
import type { PartnerOfferStep_settings$key } from '../../../../__generated__/PartnerOfferStep_settings.graphql';
import type { PartnerOrderModal_partnerOrder$key } from '../../../../__generated__/PartnerOrderModal_partnerOrder.graphql';
import type { PartnerOrderModalRefetchQuery } from '../../../../__generated__/PartnerOrderModalRefetchQuery.graphql';
import type { PartnerPaymentStep_settings$key } from '../../../../__generated__/PartnerPaymentStep_settings.graphql';
import { MODAL_STEPS, availableSteps, stepFor, type ModalStep } from '../modalSteps';
import { partnerStatusColor } from '../partnerStatusColor';
import { PT, fill } from '../texts';
import { useTakeOrderMutation } from '../mutations/useTakeOrderMutation';
import { concernsOrder, useOrderEvents } from '../../../../system/realtime/useOrderEvents';
import { PartnerClosureStep } from './PartnerClosureStep';
import { PartnerDataStep } from './PartnerDataStep';
import { PartnerDocumentsStep } from './PartnerDocumentsStep';
import { PartnerInfoStep } from './PartnerInfoStep';
import { PartnerOfferStep } from './PartnerOfferStep';
import { PartnerOrderActionsContext, makeActions } from './PartnerOrderActions';
import { PartnerPaymentStep } from './PartnerPaymentStep';
import { RefuseOrderDialog } from './RefuseOrderDialog';

export interface PartnerOrderModalProps {
  partnerOrder: PartnerOrderModal_partnerOrder$key;
  settings: (PartnerOfferStep_settings$key & PartnerPaymentStep_settings$key) | null;
}

export function PartnerOrderModal({ partnerOrder: key, settings }: PartnerOrderModalProps) {
  const [po, refetch] = useRefetchableFragment<PartnerOrderModalRefetchQuery, PartnerOrderModal_partnerOrder$key>(
    graphql`
      fragment PartnerOrderModal_partnerOrder on PartnerOrder @refetchable(queryName: "PartnerOrderModalRefetchQuery") {
        id
        status
        displayStatus {
          code
          label
        }
        viewerCanTake
        viewerCanRefuse
        rejectReason
        order {
          id
          orderId
          number
        }
        ...PartnerDataStep_partnerOrder
        ...PartnerOfferStep_partnerOrder
        ...PartnerDocumentsStep_partnerOrder
        ...PartnerPaymentStep_partnerOrder
        ...PartnerClosureStep_partnerOrder
        ...PartnerInfoStep_partnerOrder
      }
    `,
    key,
  );
  const [requested, setRequested] = useState<ModalStep | null>(null);
  const [refuseOpen, setRefuseOpen] = useState(false);
  const [take, taking] = useTakeOrderMutation();
  const step = stepFor(po.status, requested);
  const open = availableSteps(po.status);

  const reload = useCallback(() => {
    startTransition(() => {
      refetch({}, { fetchPolicy: 'network-only' });
    });
  }, [refetch]);
  const actions = useMemo(() => makeActions(reload, () => setRequested(null)), [reload]);
  // Live order events (issue 12): the client's acceptance, a status change of this order → read it again (no reload).
  useOrderEvents((events) => concernsOrder(events, po.order.orderId) && reload());

  const onTake = async () => {
    const r = (await take({ input: { partnerOrderId: po.id } })).takeOrder;
    actions.report(r, PT.modal.taken);
  };

  return (
    <PartnerOrderActionsContext.Provider value={actions}>
      <Dialog.Body pb="6">
        <Stack gap="4">
          <HStack justify="space-between" wrap="wrap" gap="3">
            <HStack gap="2">
              <Text color="gray.600" fontSize="sm">
                {PT.info.status}:
              </Text>
              <Badge
                colorPalette={partnerStatusColor(po.displayStatus.code)}
                data-testid="partner-order-status"
                data-status={po.status}
              >
                {po.displayStatus.label}
              </Badge>
            </HStack>
            <HStack gap="2">
              {po.viewerCanTake && (
                <Button onClick={() => void onTake()} loading={taking}>
                  {PT.modal.take}
                </Button>
              )}
              {po.viewerCanRefuse && (
                <Button variant="outline" colorPalette="red" onClick={() => setRefuseOpen(true)}>
                  {PT.modal.refuse}
                </Button>
              )}
            </HStack>
          </HStack>
          {po.rejectReason && (
            <Alert.Root status="info">
              <Alert.Indicator />
              <Alert.Title>{fill(PT.modal.refuseReasonShown, { reason: po.rejectReason })}</Alert.Title>
            </Alert.Root>
          )}
          <Tabs.Root
            value={step}
            onValueChange={(d) => setRequested(d.value as ModalStep)}
            variant="enclosed"
            fitted={false}
          >
            <Tabs.List aria-label={PT.modal.steps} overflowX="auto" overflowY="hidden" maxW="full">
              {MODAL_STEPS.map((s) => (
                <Tabs.Trigger key={s} value={s} disabled={!open.has(s)} flexShrink={0}>
                  {PT.modal.step[s]}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            <Tabs.Content value="data">
              <PartnerDataStep partnerOrder={po} />
            </Tabs.Content>
            <Tabs.Content value="offer">
              {open.has('offer') && <PartnerOfferStep partnerOrder={po} settings={settings} />}
            </Tabs.Content>
            <Tabs.Content value="documents">
              {open.has('documents') && <PartnerDocumentsStep partnerOrder={po} />}
            </Tabs.Content>
            <Tabs.Content value="payment">
              {open.has('payment') && <PartnerPaymentStep partnerOrder={po} settings={settings} />}
            </Tabs.Content>
            <Tabs.Content value="closure">
              {open.has('closure') && <PartnerClosureStep partnerOrder={po} />}
            </Tabs.Content>
            <Tabs.Content value="info">
              <PartnerInfoStep partnerOrder={po} />
            </Tabs.Content>
          </Tabs.Root>
        </Stack>
      </Dialog.Body>
      <RefuseOrderDialog partnerOrderId={po.id} open={refuseOpen} onOpenChange={setRefuseOpen} />
    </PartnerOrderActionsContext.Provider>
  );
}
