/**
 * Derived statuses of the deal flow for the operator and the payment agent (spec core §4), and the permission
 * flags of each role (spec core §6, issue 3). Pure functions, no I/O; the client's display status and the
 * client's leading offer live in ./orderStatus.ts.
 *
 * Operator display status (spec core §4 "Operator-facing display status"), checked in this order:
 *   order VALIDATION, IN_VALIDATION, REJECTED, CANCELED        → the order status (offers of a closed order must
 *                                                                 not turn it back into ON_REVIEW)
 *   order ACTIVE, no operator-leading offer, or it is ALLOWED,
 *     IN_PROGRESS, CREATED_OFFER or REJECTED                    → ON_REVIEW 'У агентов'
 *   no operator-leading offer (order past ACTIVE)               → the order status
 *   leading offer SEND_OFFER, ACCEPTED, SEND_OFFER_DOCS         → OFFER 'Предложение'
 *   otherwise                                                   → the leading offer's status
 * The operator's leading offer ignores only the offers the platform withdrew (REFUSE_OPER, SIGNED_ANOTHER_OFFER) and
 * ranks REJECTED below ALLOWED — otherwise §4's "leading offer is … REJECTED" could never hold. Same rule as the
 * backend's domain/deal/display.ts (ported, not imported: tiers do not share code).
 *
 * Payment agent tabs (spec core §4): new = ALLOWED; working = IN_PROGRESS, CREATED_OFFER, SEND_OFFER; deals =
 * ACCEPTED … SEND_EXECUTING_DOCS; results = EXECUTED, REFUSE_OPER, REJECTED, SIGNED_ANOTHER_OFFER.
 * Payment agent display status: one code per offer status; REFUSE_OPER reads 'Отказ клиента' when the client
 * cancelled the order and 'Отклонена сервисом' otherwise ("results = executed, client refusal, agent refusal,
 * rejected by service").
 * Hidden details: offers in ALLOWED, IN_PROGRESS, CREATED_OFFER, REJECTED, REFUSE_OPER and SIGNED_ANOTHER_OFFER
 * show no fee, percent, dates or protection type (spec core §4) — to every viewer.
 */
import type { OfferStatusDto, OrderStatusDto } from '../rest/dto.js';
import { IGNORED_OFFER_STATUSES, leadingOffer, type OfferState } from './orderStatus.js';

/** Offer statuses in deal-flow order (spec core §4 Offer statuses); later is further along. */
export const OFFER_FLOW: readonly OfferStatusDto[] = [
  'ALLOWED',
  'IN_PROGRESS',
  'CREATED_OFFER',
  'SEND_OFFER',
  'ACCEPTED',
  'SEND_OFFER_DOCS',
  'ACCEPTED_OFFER_DOCS',
  'SEND_PAYCHECK',
  'PAYMENT_CHECKING',
  'EXECUTING',
  'SEND_EXECUTING_DOCS',
  'EXECUTED',
  'SIGNED_ANOTHER_OFFER',
  'REJECTED',
  'REFUSE_OPER',
];

export const ORDER_STATUS_LABELS: Readonly<Record<OrderStatusDto, string>> = {
  VALIDATION: 'Ожидает проверки',
  IN_VALIDATION: 'На проверке',
  ACTIVE: 'Активна',
  OFFER_ACCEPTED: 'Предложение принято',
  PAYMENT_CHECKING: 'Проверка оплаты',
  EXECUTING: 'Исполняется',
  EXECUTED: 'Исполнена',
  REJECTED: 'Отклонена',
  CANCELED: 'Отменена',
};

export const OFFER_STATUS_LABELS: Readonly<Record<OfferStatusDto, string>> = {
  ALLOWED: 'Новая',
  IN_PROGRESS: 'Проверка',
  CREATED_OFFER: 'Предложение подготовлено',
  SEND_OFFER: 'Предложение',
  ACCEPTED: 'Предложение принято',
  SEND_OFFER_DOCS: 'Документы отправлены',
  ACCEPTED_OFFER_DOCS: 'Выставление счёта',
  SEND_PAYCHECK: 'Оплата',
  PAYMENT_CHECKING: 'Проверка оплаты',
  EXECUTING: 'Исполнение',
  SEND_EXECUTING_DOCS: 'Требует подтверждения',
  EXECUTED: 'Исполнена',
  SIGNED_ANOTHER_OFFER: 'Принято другое предложение',
  REJECTED: 'Отказ агента',
  REFUSE_OPER: 'Отклонена сервисом',
};

export const PAYMENT_STATUS_LABELS = {
  ACTIVE: 'Счёт выставлен',
  CHECK_PAYMENT: 'Проверка оплаты',
  PAYMENT_CONFIRMED: 'Оплата подтверждена',
  ARCHIVED: 'В архиве',
} as const;

// ---------------------------------------------------------------------------------------------------------
// Hidden details (spec core §4)
// ---------------------------------------------------------------------------------------------------------

/** Whether an offer's details (fee, percent, dates, protection type) must not be shown (spec core §4). */
export function offerDetailsHidden(status: OfferStatusDto): boolean {
  return IGNORED_OFFER_STATUSES.has(status);
}

// ---------------------------------------------------------------------------------------------------------
// Operator (spec core §4 "Operator-facing display status")
// ---------------------------------------------------------------------------------------------------------

export type OperatorDisplayCode =
  'ON_REVIEW' | 'OFFER' | OrderStatusDto | 'ACCEPTED_OFFER_DOCS' | 'SEND_PAYCHECK' | 'SEND_EXECUTING_DOCS';

export interface OperatorShown {
  code: OperatorDisplayCode;
  label: string;
  source: 'DERIVED' | 'ORDER' | 'OFFER';
}

const WITHDRAWN: ReadonlySet<OfferStatusDto> = new Set<OfferStatusDto>(['REFUSE_OPER', 'SIGNED_ANOTHER_OFFER']);
const OPERATOR_OFFER: ReadonlySet<OfferStatusDto> = new Set<OfferStatusDto>([
  'SEND_OFFER',
  'ACCEPTED',
  'SEND_OFFER_DOCS',
]);
const ON_REVIEW_LEAD: ReadonlySet<OfferStatusDto> = new Set<OfferStatusDto>([
  'ALLOWED',
  'IN_PROGRESS',
  'CREATED_OFFER',
  'REJECTED',
]);

/** The operator's leading offer (header): withdrawn offers ignored, REJECTED ranked lowest; first wins ties. */
export function operatorLeadingOffer<T extends { status: OfferStatusDto }>(offers: readonly T[]): T | undefined {
  const rank = (s: OfferStatusDto) => (s === 'REJECTED' ? -1 : OFFER_FLOW.indexOf(s));
  let best: T | undefined;
  for (const o of offers) {
    if (WITHDRAWN.has(o.status)) continue;
    if (!best || rank(o.status) > rank(best.status)) best = o;
  }
  return best;
}

/** The operator-facing display status of an order (header table). */
export function operatorDisplayStatus(
  order: OrderStatusDto,
  offers: readonly { status: OfferStatusDto }[],
): OperatorShown {
  const byOrder = (): OperatorShown => ({ code: order, label: ORDER_STATUS_LABELS[order], source: 'ORDER' });
  if (order === 'VALIDATION' || order === 'IN_VALIDATION' || order === 'REJECTED' || order === 'CANCELED')
    return byOrder();
  const lead = operatorLeadingOffer(offers);
  if (order === 'ACTIVE' && (!lead || ON_REVIEW_LEAD.has(lead.status)))
    return { code: 'ON_REVIEW', label: 'У агентов', source: 'DERIVED' };
  if (!lead) return byOrder();
  if (OPERATOR_OFFER.has(lead.status)) return { code: 'OFFER', label: 'Предложение', source: 'DERIVED' };
  // From ACCEPTED_OFFER_DOCS on, every reachable leading status is a code of OperatorDisplayStatusCode.
  return { code: lead.status as OperatorDisplayCode, label: OFFER_STATUS_LABELS[lead.status], source: 'OFFER' };
}

// ---------------------------------------------------------------------------------------------------------
// Payment agent (spec core §4 "Payment agent tabs", "In display terms")
// ---------------------------------------------------------------------------------------------------------

export type PartnerTab = 'NEW' | 'WORKING' | 'DEALS' | 'RESULTS';

export const PARTNER_TAB_STATUSES: Readonly<Record<PartnerTab, readonly OfferStatusDto[]>> = {
  NEW: ['ALLOWED'],
  WORKING: ['CREATED_OFFER', 'IN_PROGRESS', 'SEND_OFFER'],
  DEALS: [
    'ACCEPTED',
    'ACCEPTED_OFFER_DOCS',
    'EXECUTING',
    'PAYMENT_CHECKING',
    'SEND_EXECUTING_DOCS',
    'SEND_OFFER_DOCS',
    'SEND_PAYCHECK',
  ],
  RESULTS: ['EXECUTED', 'REFUSE_OPER', 'REJECTED', 'SIGNED_ANOTHER_OFFER'],
};

/** The payment agent's tab of an offer status. */
export function partnerTabOf(status: OfferStatusDto): PartnerTab {
  for (const tab of ['NEW', 'WORKING', 'DEALS', 'RESULTS'] as const) {
    if (PARTNER_TAB_STATUSES[tab].includes(status)) return tab;
  }
  /* c8 ignore next: every status is in a tab (unit-tested) */
  throw new Error(`offer status without a tab: ${status}`);
}

export type PartnerDisplayCode =
  | 'NEW'
  | 'CHECK'
  | 'OFFER_PREPARED'
  | 'OFFER'
  | 'OFFER_ACCEPTED'
  | 'DOCUMENTS_SENT'
  | 'BILLING'
  | 'PAYMENT'
  | 'PAYMENT_CHECKING'
  | 'EXECUTING'
  | 'REQUIRES_CONFIRMATION'
  | 'EXECUTED'
  | 'ANOTHER_OFFER_ACCEPTED'
  | 'AGENT_REFUSAL'
  | 'CLIENT_REFUSAL'
  | 'REJECTED_BY_SERVICE';

const PARTNER_CODE: Readonly<Record<OfferStatusDto, PartnerDisplayCode>> = {
  ALLOWED: 'NEW',
  IN_PROGRESS: 'CHECK',
  CREATED_OFFER: 'OFFER_PREPARED',
  SEND_OFFER: 'OFFER',
  ACCEPTED: 'OFFER_ACCEPTED',
  SEND_OFFER_DOCS: 'DOCUMENTS_SENT',
  ACCEPTED_OFFER_DOCS: 'BILLING',
  SEND_PAYCHECK: 'PAYMENT',
  PAYMENT_CHECKING: 'PAYMENT_CHECKING',
  EXECUTING: 'EXECUTING',
  SEND_EXECUTING_DOCS: 'REQUIRES_CONFIRMATION',
  EXECUTED: 'EXECUTED',
  SIGNED_ANOTHER_OFFER: 'ANOTHER_OFFER_ACCEPTED',
  REJECTED: 'AGENT_REFUSAL',
  REFUSE_OPER: 'REJECTED_BY_SERVICE',
};

/** The payment agent's display status of its side (header). */
export function partnerDisplayStatus(
  status: OfferStatusDto,
  orderStatus: OrderStatusDto,
): { code: PartnerDisplayCode; label: string } {
  if (status === 'REFUSE_OPER' && orderStatus === 'CANCELED') return { code: 'CLIENT_REFUSAL', label: 'Отказ клиента' };
  return { code: PARTNER_CODE[status], label: OFFER_STATUS_LABELS[status] };
}

// ---------------------------------------------------------------------------------------------------------
// Permission flags (role + status; graphql-hive style `viewerCan…`). The backend decides; these only say what
// the UI may offer. Role CLIENT / PARTNER / OPER of the viewer; other roles get false everywhere.
// ---------------------------------------------------------------------------------------------------------

export type Role = 'CLIENT' | 'PARTNER' | 'OPER' | 'AGENT';

/** Client may cancel until the payment is marked made (VALIDATION … OFFER_ACCEPTED). */
const CLIENT_CANCELLABLE: ReadonlySet<OrderStatusDto> = new Set<OrderStatusDto>([
  'VALIDATION',
  'IN_VALIDATION',
  'ACTIVE',
  'OFFER_ACCEPTED',
]);
const OPER_CLOSABLE: ReadonlySet<OrderStatusDto> = new Set<OrderStatusDto>([
  'ACTIVE',
  'OFFER_ACCEPTED',
  'PAYMENT_CHECKING',
  'EXECUTING',
]);
/** Agent refusal: before acceptance, and after it until the client pays. */
const PARTNER_REFUSABLE: ReadonlySet<OfferStatusDto> = new Set<OfferStatusDto>([
  'ALLOWED',
  'IN_PROGRESS',
  'CREATED_OFFER',
  'SEND_OFFER',
  'ACCEPTED',
  'SEND_OFFER_DOCS',
  'ACCEPTED_OFFER_DOCS',
  'SEND_PAYCHECK',
]);

export interface OrderFlags {
  viewerCanCancel: boolean;
  viewerCanConfirmOfferDocuments: boolean;
  viewerCanMarkPaymentMade: boolean;
  viewerCanConfirmFinalDocuments: boolean;
  viewerCanTakeForReview: boolean;
  viewerCanEdit: boolean;
  viewerCanReject: boolean;
  viewerCanSendToPartners: boolean;
  viewerCanClose: boolean;
  viewerCanConfirmPayCheck: boolean;
  viewerCanComment: boolean;
}

/** What a viewer of `role` may do with an order in `status` with these offers. */
export function orderFlags(role: Role, status: OrderStatusDto, offers: readonly OfferState[]): OrderFlags {
  const client = role === 'CLIENT';
  const oper = role === 'OPER';
  const lead = leadingOffer(offers)?.status;
  return {
    viewerCanCancel: client && CLIENT_CANCELLABLE.has(status),
    viewerCanConfirmOfferDocuments: client && status === 'OFFER_ACCEPTED' && lead === 'SEND_OFFER_DOCS',
    viewerCanMarkPaymentMade: client && status === 'OFFER_ACCEPTED' && lead === 'SEND_PAYCHECK',
    viewerCanConfirmFinalDocuments: client && status === 'EXECUTING' && lead === 'SEND_EXECUTING_DOCS',
    viewerCanTakeForReview: oper && status === 'VALIDATION',
    viewerCanEdit: oper && (status === 'VALIDATION' || status === 'IN_VALIDATION'),
    viewerCanReject: oper && (status === 'VALIDATION' || status === 'IN_VALIDATION'),
    viewerCanSendToPartners: oper && (status === 'IN_VALIDATION' || status === 'ACTIVE'),
    viewerCanClose: oper && OPER_CLOSABLE.has(status),
    viewerCanConfirmPayCheck: oper && status === 'PAYMENT_CHECKING',
    viewerCanComment: oper,
  };
}

export interface PartnerOrderFlags {
  viewerCanAccept: boolean;
  viewerCanTake: boolean;
  viewerCanRefuse: boolean;
  viewerCanSendOffer: boolean;
  viewerCanSendOfferDocuments: boolean;
  viewerCanIssuePayCheck: boolean;
  viewerCanConfirmPayment: boolean;
  viewerCanSendFinalDocuments: boolean;
}

/** What a viewer of `role` may do with one agent's side (`status`) of an order in `orderStatus`. */
export function partnerOrderFlags(role: Role, orderStatus: OrderStatusDto, status: OfferStatusDto): PartnerOrderFlags {
  const agent = role === 'PARTNER';
  return {
    viewerCanAccept: role === 'CLIENT' && orderStatus === 'ACTIVE' && status === 'SEND_OFFER',
    viewerCanTake: agent && status === 'ALLOWED',
    viewerCanRefuse: agent && PARTNER_REFUSABLE.has(status),
    viewerCanSendOffer: agent && (status === 'IN_PROGRESS' || status === 'CREATED_OFFER'),
    viewerCanSendOfferDocuments: agent && status === 'ACCEPTED',
    viewerCanIssuePayCheck: agent && (status === 'ACCEPTED_OFFER_DOCS' || status === 'SEND_PAYCHECK'),
    viewerCanConfirmPayment: agent && status === 'PAYMENT_CHECKING',
    viewerCanSendFinalDocuments: agent && status === 'EXECUTING',
  };
}
