/**
 * Tabs of the operator's request modal (spec core §2): Данные (with 'Редактировать' while allowed), Скоринг,
 * Предложения, Оплата ('Подтвердить оплату'), Закрытие ('Отклонить' / 'Закрыть заявку', each with a required
 * comment), Комментарии; 'Взять в работу' in the header while the request waits for a check. Tabs and actions
 * follow the state (operatorOrderSteps.ts) and the viewerCan* flags; every mutation returns the changed order.
 */
import { Alert, Button, Dialog, HStack, Spinner, Stack, Tabs, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import type { OperatorOrderContent_order$key } from '../../../__generated__/OperatorOrderContent_order.graphql';
import { ConfirmDialog } from '../../../components/deal/ConfirmDialog';
import { DealStepTabs } from '../../../components/deal/DealStepTabs';
import { reportResult } from '../../../system/errors/resultMessage';
import { userErrorOf, type ResultMember } from '../../../system/errors/userError';
import { HistorySection } from '../../../components/deal/HistorySection';
import { OfferComparison } from '../../../components/deal/OfferComparison';
import { OrderDetails } from '../../../components/deal/OrderDetails';
import { PayCheckDetails } from '../../../components/deal/PayCheckDetails';
import { StatusBadge } from '../../../components/deal/StatusBadge';
import { useMinimumDisplay } from '../../../system/useMinimumDisplay';
import { useCloseOrderMutation } from './mutations/useCloseOrderMutation';
import { useConfirmPayCheckMutation } from './mutations/useConfirmPayCheckMutation';
import { useRejectOrderMutation } from './mutations/useRejectOrderMutation';
import { useTakeOrderForReviewMutation } from './mutations/useTakeOrderForReviewMutation';
import { OperatorComments } from './OperatorComments';
import { OperatorOrderEditForm } from './OperatorOrderEditForm';
import { OperatorScoring } from './OperatorScoring';
import { OPERATOR_STEPS, availableOperatorSteps, currentOperatorStep } from './operatorOrderSteps';

export function OperatorOrderContent({
  order: orderKey,
  refetch,
}: {
  order: OperatorOrderContent_order$key;
  refetch: () => void;
}) {
  const order = useFragment(
    graphql`
      fragment OperatorOrderContent_order on Order {
        id
        orderId
        number
        status
        paymentType
        operatorDisplayStatus {
          code
          label
        }
        validator {
          name
          surname
        }
        viewerCanTakeForReview
        viewerCanEdit
        viewerCanReject
        viewerCanSendToPartners
        viewerCanClose
        viewerCanConfirmPayCheck
        ...OrderDetails_order
        ...OperatorOrderEditForm_order
        ...OperatorScoring_order
        ...OperatorComments_order
        partnerOrders {
          id
          partnerId
          brand
          ...OfferComparison_partnerOrders
        }
        leadingOffer {
          id
          status
          payCheck {
            id
            ...PayCheckDetails_payCheck
          }
        }
        lastOperatorComment {
          comment
        }
        history {
          id
          ...HistoryList_history
        }
      }
    `,
    orderKey,
  );
  const [take, taking] = useTakeOrderForReviewMutation();
  const [confirmPayCheck, confirming] = useConfirmPayCheckMutation();
  const [rejectOrder] = useRejectOrderMutation();
  const [closeOrder] = useCloseOrderMutation();
  const [editing, setEditing] = useState(false);
  const [rejectOpen, setRejectOpen] = useState(false);
  const [closeOpen, setCloseOpen] = useState(false);
  const busy = useMinimumDisplay(taking || confirming);

  const lead = order.leadingOffer;
  const stepState = {
    orderStatus: order.status,
    leadingOfferStatus: lead?.status ?? null,
    partnerOrderCount: order.partnerOrders.length,
    hasPayCheck: lead?.payCheck != null,
    canSendToPartners: order.viewerCanSendToPartners,
    canConfirmPayCheck: order.viewerCanConfirmPayCheck,
  };
  const available = availableOperatorSteps(stepState);
  const current = currentOperatorStep(stepState);
  const brandOf = (partnerId: number) => order.partnerOrders.find((p) => p.partnerId === partnerId)?.brand ?? null;
  const ended = order.status === 'EXECUTED' || order.status === 'REJECTED' || order.status === 'CANCELED';

  const onTake = () =>
    take({ input: { orderId: order.id } }).then(
      (r) => reportResult(r.takeOrderForReview, { success: 'Заявка взята в работу', refetch }),
      () => false,
    );
  const onConfirmPayment = () =>
    confirmPayCheck({ input: { orderId: order.id } }).then(
      (r) => reportResult(r.confirmPayCheck, { success: 'Оплата подтверждена', refetch }),
      () => false,
    );
  /** Keeps the dialog open only when the comment itself was refused. */
  const commentResult = (res: ResultMember, success: string) => {
    reportResult(res, { success, refetch });
    const code = userErrorOf(res)?.code;
    return !(code === 'COMMENT_REQUIRED' || code === 'VALIDATION_ERROR');
  };

  return (
    <>
      <Dialog.Header>
        <HStack gap="3" wrap="wrap" pr="8">
          <Dialog.Title>Заявка № {order.number}</Dialog.Title>
          {order.operatorDisplayStatus && (
            <StatusBadge
              code={order.operatorDisplayStatus.code}
              label={order.operatorDisplayStatus.label}
              testId="order-display-status"
            />
          )}
          {order.validator && (
            <Text fontSize="sm" color="gray.600">
              Проверяет: {order.validator.surname} {order.validator.name}
            </Text>
          )}
          {busy && <Spinner size="sm" aria-label="Загрузка" />}
          {order.viewerCanTakeForReview && (
            <Button size="sm" ml="auto" onClick={onTake} loading={taking}>
              Взять в работу
            </Button>
          )}
        </HStack>
      </Dialog.Header>
      <Dialog.Body>
        <DealStepTabs label="Разделы заявки" steps={OPERATOR_STEPS} available={available} current={current}>
          <Tabs.Content value="data">
            {editing && order.viewerCanEdit ? (
              <OperatorOrderEditForm order={order} onDone={() => setEditing(false)} refetch={refetch} />
            ) : (
              <Stack gap="4">
                {order.viewerCanEdit && (
                  <Button alignSelf="flex-start" variant="outline" onClick={() => setEditing(true)}>
                    Редактировать
                  </Button>
                )}
                <OrderDetails order={order} showClient />
              </Stack>
            )}
          </Tabs.Content>

          <Tabs.Content value="scoring">
            <OperatorScoring order={order} refetch={refetch} />
          </Tabs.Content>

          <Tabs.Content value="offers">
            <OfferComparison partnerOrders={order.partnerOrders} paymentType={order.paymentType} leadingId={lead?.id} />
          </Tabs.Content>

          <Tabs.Content value="payment">
            <Stack gap="4">
              {lead?.payCheck ? <PayCheckDetails payCheck={lead.payCheck} /> : <Text>Счёт ещё не выставлен</Text>}
              {order.viewerCanConfirmPayCheck && (
                <Button alignSelf="flex-start" onClick={onConfirmPayment} loading={confirming}>
                  Подтвердить оплату
                </Button>
              )}
            </Stack>
          </Tabs.Content>

          <Tabs.Content value="closure">
            <Stack gap="5">
              {ended ? (
                <Alert.Root status={order.status === 'EXECUTED' ? 'success' : 'info'}>
                  <Alert.Indicator />
                  <Alert.Content>
                    <Alert.Title data-testid="order-result">
                      {order.operatorDisplayStatus?.label ?? order.status}
                    </Alert.Title>
                    {order.lastOperatorComment && order.status === 'REJECTED' && (
                      <Alert.Description>{order.lastOperatorComment.comment}</Alert.Description>
                    )}
                  </Alert.Content>
                </Alert.Root>
              ) : (
                <Stack gap="3">
                  <Text color="gray.700">
                    {order.viewerCanReject
                      ? 'Заявку на проверке можно отклонить с комментарием — клиент увидит «Отклонена сервисом».'
                      : order.viewerCanClose
                        ? 'Заявку можно закрыть с комментарием: открытые предложения агентов закроются.'
                        : 'Сейчас заявку нельзя отклонить или закрыть.'}
                  </Text>
                  <HStack gap="3">
                    {order.viewerCanReject && (
                      <Button colorPalette="red" variant="outline" onClick={() => setRejectOpen(true)}>
                        Отклонить
                      </Button>
                    )}
                    {order.viewerCanClose && (
                      <Button colorPalette="red" variant="outline" onClick={() => setCloseOpen(true)}>
                        Закрыть заявку
                      </Button>
                    )}
                  </HStack>
                </Stack>
              )}
              <HistorySection history={order.history} brandOf={brandOf} />
            </Stack>
          </Tabs.Content>

          <Tabs.Content value="comments">
            <OperatorComments order={order} refetch={refetch} />
          </Tabs.Content>
        </DealStepTabs>
      </Dialog.Body>
      <ConfirmDialog
        open={rejectOpen}
        onOpenChange={setRejectOpen}
        title="Отклонение заявки"
        text="Клиент увидит статус «Отклонена сервисом» и ваш комментарий."
        commentLabel="Причина отклонения"
        commentRequired
        confirmLabel="Отклонить заявку"
        destructive
        onConfirm={async (comment) => {
          try {
            const r = await rejectOrder({ input: { orderId: order.id, comment } });
            return commentResult(r.rejectOrder, 'Заявка отклонена');
          } catch {
            return false;
          }
        }}
      />
      <ConfirmDialog
        open={closeOpen}
        onOpenChange={setCloseOpen}
        title="Закрытие заявки"
        text="Открытые предложения платёжных агентов будут закрыты."
        commentLabel="Причина закрытия"
        commentRequired
        confirmLabel="Подтвердить закрытие"
        destructive
        onConfirm={async (comment) => {
          try {
            const r = await closeOrder({ input: { orderId: order.id, comment } });
            return commentResult(r.closeOrder, 'Заявка закрыта');
          } catch {
            return false;
          }
        }}
      />
    </>
  );
}
