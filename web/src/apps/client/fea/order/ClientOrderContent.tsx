/**
 * Steps of the client's request modal (spec core §2): Данные, Предложения, Предложение, Документы, Оплата,
 * Закрывающие документы, Результат — available by the state of the request (clientOrderSteps.ts), opened on
 * the step where the deal stands. Actions follow the viewerCan* flags of the order and its offers: accept an
 * offer, confirm the offer documents, mark the payment made, confirm the closing documents, cancel (with a
 * confirmation). Where the payment agent requires signatures (leadingOffer.partnerSignRequired) the offer and closing
 * documents are signed one by one through the SignatureModal before the confirmation (SignDealDocuments; issue 8). Each mutation returns the changed order, so Relay updates the modal and the list row.
 */
import { Alert, Button, Dialog, HStack, Spinner, Stack, Tabs, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import type { ClientOrderContent_order$key } from '../../../../__generated__/ClientOrderContent_order.graphql';
import { ConfirmDialog } from '../../../../components/deal/ConfirmDialog';
import { reportResult } from '../../../../system/errors/resultMessage';
import type { ResultMember } from '../../../../system/errors/userError';
import { DealStepTabs } from '../../../../components/deal/DealStepTabs';
import { DocumentList } from '../../../../components/deal/DocumentList';
import { HistorySection } from '../../../../components/deal/HistorySection';
import { OfferComparison } from '../../../../components/deal/OfferComparison';
import { OfferDetail } from '../../../../components/deal/OfferDetail';
import { OrderDetails } from '../../../../components/deal/OrderDetails';
import { PayCheckDetails } from '../../../../components/deal/PayCheckDetails';
import { StatusBadge } from '../../../../components/deal/StatusBadge';
import { useMinimumDisplay } from '../../../../system/useMinimumDisplay';
import { CLIENT_STEPS, availableClientSteps, currentClientStep } from './clientOrderSteps';
import { useAcceptOfferMutation } from './mutations/useAcceptOfferMutation';
import { useCancelOrderMutation } from './mutations/useCancelOrderMutation';
import { useConfirmFinalDocumentsMutation } from './mutations/useConfirmFinalDocumentsMutation';
import { useConfirmOfferDocumentsMutation } from './mutations/useConfirmOfferDocumentsMutation';
import { useMarkPaymentMadeMutation } from './mutations/useMarkPaymentMadeMutation';
import { SignDealDocuments } from '../../../../components/signing/SignDealDocuments';

export function ClientOrderContent({
  order: orderKey,
  refetch,
}: {
  order: ClientOrderContent_order$key;
  refetch: () => void;
}) {
  const order = useFragment(
    graphql`
      fragment ClientOrderContent_order on Order {
        id
        orderId
        number
        status
        paymentType
        clientDisplayStatus {
          code
          label
        }
        viewerCanCancel
        viewerCanConfirmOfferDocuments
        viewerCanMarkPaymentMade
        viewerCanConfirmFinalDocuments
        ...OrderDetails_order
        partnerOrders {
          id
          partnerId
          brand
          ...OfferComparison_partnerOrders
        }
        leadingOffer {
          id
          status
          brand
          partnerSignRequired
          ...OfferDetail_partnerOrder
          offerDocuments {
            id
            ...DocumentList_documents
            ...SignDealDocuments_documents
          }
          finalDocuments {
            id
            ...DocumentList_documents
            ...SignDealDocuments_documents
          }
          payCheck {
            id
            status
            ...PayCheckDetails_payCheck
          }
        }
        history {
          id
          ...HistoryList_history
        }
      }
    `,
    orderKey,
  );
  const [acceptOffer, accepting] = useAcceptOfferMutation();
  const [confirmOfferDocs, confirmingDocs] = useConfirmOfferDocumentsMutation();
  const [markPaid, marking] = useMarkPaymentMadeMutation();
  const [confirmFinalDocs, confirmingFinal] = useConfirmFinalDocumentsMutation();
  const [cancelOrder] = useCancelOrderMutation();
  const [cancelOpen, setCancelOpen] = useState(false);
  const [acceptingId, setAcceptingId] = useState<string | null>(null);
  const busy = useMinimumDisplay(accepting || confirmingDocs || marking || confirmingFinal);

  const lead = order.leadingOffer;
  const stepState = {
    orderStatus: order.status,
    leadingOfferStatus: lead?.status ?? null,
    partnerOrderCount: order.partnerOrders.length,
    offerDocumentCount: lead?.offerDocuments.length ?? 0,
    finalDocumentCount: lead?.finalDocuments.length ?? 0,
    hasPayCheck: lead?.payCheck != null,
  };
  const available = availableClientSteps(stepState);
  const current = currentClientStep(stepState);
  const brandOf = (partnerId: number) => order.partnerOrders.find((p) => p.partnerId === partnerId)?.brand ?? null;
  const input = { orderId: order.id };
  const signWord = lead?.partnerSignRequired ? 'подписи' : 'подтверждения';

  const onAccept = async (partnerOrderId: string) => {
    setAcceptingId(partnerOrderId);
    try {
      const r = await acceptOffer({ input: { partnerOrderId } });
      reportResult(r.acceptOffer, { success: 'Предложение принято', refetch });
    } catch {
      /* generic toast shown */
    } finally {
      setAcceptingId(null);
    }
  };
  const report = (result: ResultMember | undefined, success: string) => reportResult(result, { success, refetch });
  const onConfirmOfferDocs = () =>
    confirmOfferDocs({ input }).then(
      (r) => report(r.confirmOfferDocuments, 'Документы подтверждены'),
      () => false,
    );
  const onMarkPaid = () =>
    markPaid({ input }).then(
      (r) => report(r.markPaymentMade, 'Оплата отмечена, агент проверит поступление'),
      () => false,
    );
  const onConfirmFinalDocs = () =>
    confirmFinalDocs({ input }).then(
      (r) => report(r.confirmFinalDocuments, 'Закрывающие документы подтверждены, сделка завершена'),
      () => false,
    );

  return (
    <>
      <Dialog.Header>
        <Stack gap="2">
          <HStack gap="3" wrap="wrap">
            <Dialog.Title>Заявка № {order.number}</Dialog.Title>
            <StatusBadge
              code={order.clientDisplayStatus.code}
              label={order.clientDisplayStatus.label}
              testId="order-display-status"
            />
            {busy && <Spinner size="sm" aria-label="Загрузка" />}
          </HStack>
        </Stack>
      </Dialog.Header>
      <Dialog.Body>
        <DealStepTabs label="Шаги заявки" steps={CLIENT_STEPS} available={available} current={current}>
          <Tabs.Content value="data">
            <OrderDetails order={order} />
          </Tabs.Content>

          <Tabs.Content value="offers">
            <Stack gap="4">
              {order.status === 'ACTIVE' && order.partnerOrders.every((p) => p.id !== lead?.id) && (
                <Text color="gray.700">Платёжные агенты готовят предложения. Они появятся здесь.</Text>
              )}
              <OfferComparison
                partnerOrders={order.partnerOrders}
                paymentType={order.paymentType}
                leadingId={lead?.id}
                renderAction={(po) =>
                  po.viewerCanAccept ? (
                    <Button
                      w="full"
                      onClick={() => onAccept(po.id)}
                      loading={acceptingId === po.id}
                      disabled={acceptingId != null && acceptingId !== po.id}
                    >
                      Принять предложение
                    </Button>
                  ) : null
                }
              />
            </Stack>
          </Tabs.Content>

          <Tabs.Content value="offer">
            {lead ? (
              <OfferDetail partnerOrder={lead} paymentType={order.paymentType} />
            ) : (
              <Text>Предложение не выбрано</Text>
            )}
          </Tabs.Content>

          <Tabs.Content value="documents">
            <Stack gap="4">
              <Text color="gray.700">
                {lead?.partnerSignRequired
                  ? 'Документы по сделке от платёжного агента. Агент требует подписи: проверьте их и подпишите квалифицированной электронной подписью.'
                  : 'Документы по сделке от платёжного агента. Проверьте их и подтвердите.'}
              </Text>
              {lead && (
                <DocumentList
                  documents={lead.offerDocuments}
                  label="Документы по предложению"
                  emptyText="Агент ещё не отправил документы"
                />
              )}
              {order.viewerCanConfirmOfferDocuments && lead?.partnerSignRequired && (
                <SignDealDocuments
                  documents={lead.offerDocuments}
                  orderId={order.id}
                  kind="OFFER_DOCS"
                  label="Подписать документы"
                  onSigned={onConfirmOfferDocs}
                  busy={confirmingDocs}
                />
              )}
              {order.viewerCanConfirmOfferDocuments && !lead?.partnerSignRequired && (
                <Button alignSelf="flex-start" loading={confirmingDocs} onClick={onConfirmOfferDocs}>
                  Подтвердить документы
                </Button>
              )}
              {lead?.status === 'ACCEPTED_OFFER_DOCS' && (
                <Text color="gray.700">Документы подтверждены. Агент готовит счёт на оплату.</Text>
              )}
            </Stack>
          </Tabs.Content>

          <Tabs.Content value="payment">
            <Stack gap="4">
              {lead?.payCheck ? <PayCheckDetails payCheck={lead.payCheck} /> : <Text>Счёт ещё не выставлен</Text>}
              {order.viewerCanMarkPaymentMade && (
                <Button alignSelf="flex-start" loading={marking} onClick={onMarkPaid}>
                  Оплата произведена
                </Button>
              )}
              {order.status === 'PAYMENT_CHECKING' && (
                <Text color="gray.700">Платёжный агент проверяет поступление оплаты.</Text>
              )}
              {order.status === 'EXECUTING' && lead?.status === 'EXECUTING' && (
                <Text color="gray.700">Оплата подтверждена, платёж исполняется.</Text>
              )}
            </Stack>
          </Tabs.Content>

          <Tabs.Content value="closing">
            <Stack gap="4">
              {order.viewerCanConfirmFinalDocuments && (
                <Text color="gray.700">Закрывающие документы требуют вашего {signWord}.</Text>
              )}
              {lead && (
                <DocumentList
                  documents={lead.finalDocuments}
                  label="Закрывающие документы"
                  emptyText="Агент ещё не отправил закрывающие документы"
                />
              )}
              {order.viewerCanConfirmFinalDocuments && lead?.partnerSignRequired && (
                <SignDealDocuments
                  documents={lead.finalDocuments}
                  orderId={order.id}
                  kind="FINAL_DOCS"
                  label="Подписать закрывающие документы"
                  onSigned={onConfirmFinalDocs}
                  busy={confirmingFinal}
                />
              )}
              {order.viewerCanConfirmFinalDocuments && !lead?.partnerSignRequired && (
                <Button alignSelf="flex-start" loading={confirmingFinal} onClick={onConfirmFinalDocs}>
                  Подтвердить закрывающие документы
                </Button>
              )}
            </Stack>
          </Tabs.Content>

          <Tabs.Content value="result">
            <Stack gap="5">
              <Alert.Root
                status={order.status === 'EXECUTED' ? 'success' : order.status === 'CANCELED' ? 'info' : 'error'}
              >
                <Alert.Indicator />
                <Alert.Content>
                  <Alert.Title data-testid="order-result">{order.clientDisplayStatus.label}</Alert.Title>
                  <Alert.Description>
                    {order.status === 'EXECUTED'
                      ? 'Сделка завершена.'
                      : order.status === 'CANCELED'
                        ? 'Вы отменили заявку.'
                        : 'Заявка отклонена сервисом.'}
                  </Alert.Description>
                </Alert.Content>
              </Alert.Root>
              <HistorySection history={order.history} brandOf={brandOf} />
            </Stack>
          </Tabs.Content>
        </DealStepTabs>
      </Dialog.Body>
      {order.viewerCanCancel && (
        <Dialog.Footer>
          <Button variant="outline" colorPalette="red" onClick={() => setCancelOpen(true)}>
            Отменить заявку
          </Button>
        </Dialog.Footer>
      )}
      <ConfirmDialog
        open={cancelOpen}
        onOpenChange={setCancelOpen}
        title="Отменить заявку?"
        text={`Заявка № ${order.number} будет отменена, предложения платёжных агентов закроются.`}
        confirmLabel="Да, отменить"
        cancelLabel="Нет"
        destructive
        onConfirm={async () => {
          try {
            const r = await cancelOrder({ input });
            reportResult(r.cancelOrder, { success: 'Заявка отменена', refetch });
            return true;
          } catch {
            return false;
          }
        }}
      />
    </>
  );
}
