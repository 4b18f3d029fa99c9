/**
 * Tabs of the operator's request modal (spec core §2 "request modal (data, scoring where agents are chosen,
 * offers, payment, closure)", plus comments) and which of them a request in a given state offers.
 * Pure: tested in operatorOrderSteps.test.ts.
 * - data, closure and comments: always;
 * - scoring: while the request can be sent to payment agents, or once it was;
 * - offers: once agents' sides exist;
 * - payment: once the leading offer has a bill (SEND_PAYCHECK and later), or the payment can be confirmed.
 * The tab opened first is where the operator's work stands (`currentOperatorStep`).
 */
import { TERMINAL_ORDER_STATUSES } from '@platform/domain/deal/statuses';

export type OperatorStep = 'data' | 'scoring' | 'offers' | 'payment' | 'closure' | 'comments';

export const OPERATOR_STEPS: ReadonlyArray<{ value: OperatorStep; label: string }> = [
  { value: 'data', label: 'Данные' },
  { value: 'scoring', label: 'Скоринг' },
  { value: 'offers', label: 'Предложения' },
  { value: 'payment', label: 'Оплата' },
  { value: 'closure', label: 'Закрытие' },
  { value: 'comments', label: 'Комментарии' },
];

export interface OperatorStepState {
  orderStatus: string;
  leadingOfferStatus: string | null;
  partnerOrderCount: number;
  hasPayCheck: boolean;
  canSendToPartners: boolean;
  canConfirmPayCheck: boolean;
}

const BILLED = new Set(['SEND_PAYCHECK', 'PAYMENT_CHECKING', 'EXECUTING', 'SEND_EXECUTING_DOCS', 'EXECUTED']);
/** Order statuses that end a request (spec core §4; @platform/domain). */
const ENDED: ReadonlySet<string> = new Set(TERMINAL_ORDER_STATUSES);

export function availableOperatorSteps(s: OperatorStepState): OperatorStep[] {
  const steps: OperatorStep[] = ['data'];
  if (s.canSendToPartners || s.partnerOrderCount > 0) steps.push('scoring');
  if (s.partnerOrderCount > 0) steps.push('offers');
  if (s.hasPayCheck || s.canConfirmPayCheck || (s.leadingOfferStatus != null && BILLED.has(s.leadingOfferStatus)))
    steps.push('payment');
  steps.push('closure', 'comments');
  return steps;
}

export function currentOperatorStep(s: OperatorStepState): OperatorStep {
  if (ENDED.has(s.orderStatus)) return 'closure';
  if (s.canConfirmPayCheck || s.orderStatus === 'PAYMENT_CHECKING') return 'payment';
  if (s.orderStatus === 'IN_VALIDATION' && s.partnerOrderCount === 0) return 'scoring';
  if (s.partnerOrderCount > 0) return 'offers';
  return 'data';
}

export function isOperatorStep(value: string | null | undefined): value is OperatorStep {
  return OPERATOR_STEPS.some((s) => s.value === value);
}

/** One entry of the 'Комментарии' tab. */
export interface OrderCommentItem {
  author: string;
  at: string;
  text: string;
}

/** The 'Комментарии' tab: every given comment once (same time and text = the same comment), newest first. */
export function mergeOrderComments(...sources: ReadonlyArray<ReadonlyArray<OrderCommentItem>>): OrderCommentItem[] {
  const seen = new Set<string>();
  const items: OrderCommentItem[] = [];
  for (const list of sources) {
    for (const c of list) {
      const key = `${c.at}|${c.text}`;
      if (seen.has(key)) continue;
      seen.add(key);
      items.push(c);
    }
  }
  return items.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
}
