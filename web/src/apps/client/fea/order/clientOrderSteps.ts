/**
 * Steps of the client's request modal (spec core §2 "request modal (data, review of offers, offer detail,
 * documents, payment, closing documents, result)") and which of them a request in a given state offers.
 * Pure: tested in clientOrderSteps.test.ts.
 *
 * Rules, by the order status and the status of its leading offer (spec core §4, "Deal flow" steps):
 * - data: always;
 * - offers: once the request went to payment agents (ACTIVE and later) or when it has agents' sides;
 * - offer (detail of the accepted or leading offer): when a leading offer exists;
 * - documents: from SEND_OFFER_DOCS on (step 5), or when offer documents exist;
 * - payment: once a bill is issued (SEND_PAYCHECK and later, step 6–7), or when one exists;
 * - closing documents: from SEND_EXECUTING_DOCS on (step 8–9), or when closing documents exist;
 * - result: when the request ended (EXECUTED, CANCELED, REJECTED).
 * The step opened first is the one where the deal stands now (`currentClientStep`).
 */
import { TERMINAL_ORDER_STATUSES } from '@platform/domain/deal/statuses';

export type ClientStep = 'data' | 'offers' | 'offer' | 'documents' | 'payment' | 'closing' | 'result';

export const CLIENT_STEPS: ReadonlyArray<{ value: ClientStep; label: string }> = [
  { value: 'data', label: 'Данные' },
  { value: 'offers', label: 'Предложения' },
  { value: 'offer', label: 'Предложение' },
  { value: 'documents', label: 'Документы' },
  { value: 'payment', label: 'Оплата' },
  { value: 'closing', label: 'Закрывающие документы' },
  { value: 'result', label: 'Результат' },
];

export interface ClientStepState {
  orderStatus: string;
  /** Status of `Order.leadingOffer`, null when none. */
  leadingOfferStatus: string | null;
  /** Number of agents' sides (`Order.partnerOrders`). */
  partnerOrderCount: number;
  offerDocumentCount: number;
  finalDocumentCount: number;
  hasPayCheck: boolean;
}

/** Order statuses that end a request (spec core §4; @platform/domain). */
const ENDED: ReadonlySet<string> = new Set(TERMINAL_ORDER_STATUSES);
const AFTER_VALIDATION = new Set(['ACTIVE', 'OFFER_ACCEPTED', 'PAYMENT_CHECKING', 'EXECUTING', 'EXECUTED']);
/** Offer statuses in deal-flow order, from acceptance on. */
const FLOW = [
  'ACCEPTED',
  'SEND_OFFER_DOCS',
  'ACCEPTED_OFFER_DOCS',
  'SEND_PAYCHECK',
  'PAYMENT_CHECKING',
  'EXECUTING',
  'SEND_EXECUTING_DOCS',
  'EXECUTED',
];

function reached(offerStatus: string | null, step: string): boolean {
  if (!offerStatus) return false;
  const at = FLOW.indexOf(offerStatus);
  return at >= 0 && at >= FLOW.indexOf(step);
}

/** The steps a request in this state offers, in display order. */
export function availableClientSteps(s: ClientStepState): ClientStep[] {
  const steps: ClientStep[] = ['data'];
  if (AFTER_VALIDATION.has(s.orderStatus) || s.partnerOrderCount > 0) steps.push('offers');
  if (s.leadingOfferStatus) steps.push('offer');
  if (reached(s.leadingOfferStatus, 'SEND_OFFER_DOCS') || s.offerDocumentCount > 0) steps.push('documents');
  if (reached(s.leadingOfferStatus, 'SEND_PAYCHECK') || s.hasPayCheck) steps.push('payment');
  if (reached(s.leadingOfferStatus, 'SEND_EXECUTING_DOCS') || s.finalDocumentCount > 0) steps.push('closing');
  if (ENDED.has(s.orderStatus)) steps.push('result');
  return steps;
}

/** The step where the deal stands now: opened first in the modal. */
export function currentClientStep(s: ClientStepState): ClientStep {
  if (ENDED.has(s.orderStatus)) return 'result';
  const o = s.leadingOfferStatus;
  if (reached(o, 'SEND_EXECUTING_DOCS')) return 'closing';
  if (reached(o, 'SEND_PAYCHECK')) return 'payment';
  if (reached(o, 'SEND_OFFER_DOCS')) return 'documents';
  if (o === 'ACCEPTED') return 'offer';
  if (AFTER_VALIDATION.has(s.orderStatus)) return 'offers';
  return 'data';
}

export function isClientStep(value: string | null | undefined): value is ClientStep {
  return CLIENT_STEPS.some((s) => s.value === value);
}
