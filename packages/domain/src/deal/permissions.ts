/**
 * What a viewer may do with an order and with one payment agent's side of it (spec core §6 "Roles and permissions",
 * §4 "Deal flow" and its exits): the `viewerCan…` flags of the GraphQL schema (graphql-hive style). Every flag that
 * names a deal action is DERIVED from DEAL_RULES (rules.ts: the roles allowed and the (order, offer) starting
 * pairs), so the UI offers exactly what the backend's planner accepts; there is no second list. The backend decides;
 * these only say what to offer. Pure functions, no I/O.
 */
import { clientLeadingOffer, type DisplayOffer } from './display.js';
import { DEAL_RULES, allowsState, type DealAction, type DealRole } from './rules.js';
import type { AccountType, OfferStatus, OrderStatus } from './statuses.js';

/**
 * True when `role` may trigger `action` on an order in `order` (spec core §4, §6; DEAL_RULES). For an action on one
 * offer, `offer` is that offer's status; when it is absent the answer is whether SOME offer state allows it (the
 * order-level question "may the operator confirm a payment of this order").
 */
export function canTrigger(action: DealAction, role: DealRole, order: OrderStatus, offer?: OfferStatus): boolean {
  const rule = DEAL_RULES[action];
  if (!rule.roles.includes(role)) return false;
  if (rule.targetsOffer && offer === undefined) return rule.from.some((p) => p.order === order);
  return allowsState(rule, rule.targetsOffer ? { order, offer } : { order });
}

/** Order statuses in which the operator may edit the request (during the check; spec core §4 "Other states: edit"). */
export const OPER_EDITABLE_ORDER_STATUSES: readonly OrderStatus[] = ['VALIDATION', 'IN_VALIDATION'];

/** True when the operator may edit an order in `status` (OPER_EDITABLE_ORDER_STATUSES). */
export function operatorCanEdit(status: OrderStatus): boolean {
  return OPER_EDITABLE_ORDER_STATUSES.includes(status);
}

/** The order-level flags of the GraphQL `Order` type. */
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

/**
 * What a viewer of `role` may do with an order in `status` with these `offers` (every side of the order; the
 * client's actions on documents and payment apply to the client's leading offer, display.ts). The operator's
 * payment confirmation is PARTNER_CONFIRM_PAYMENT, which DEAL_RULES allows the operator too; commenting is any
 * operator's, editing the operator's during the check. Other roles (AGENT) get false everywhere.
 */
export function orderFlags(role: AccountType, status: OrderStatus, offers: readonly DisplayOffer[]): OrderFlags {
  const lead = clientLeadingOffer(offers)?.status;
  const onLead = (action: DealAction) => lead !== undefined && canTrigger(action, role, status, lead);
  const oper = role === 'OPER';
  return {
    viewerCanCancel: canTrigger('CLIENT_CANCEL', role, status),
    viewerCanConfirmOfferDocuments: onLead('CLIENT_CONFIRM_OFFER_DOCS'),
    viewerCanMarkPaymentMade: onLead('CLIENT_MARK_PAID'),
    viewerCanConfirmFinalDocuments: onLead('CLIENT_CONFIRM_FINAL_DOCS'),
    viewerCanTakeForReview: canTrigger('OPER_TAKE', role, status),
    viewerCanEdit: oper && operatorCanEdit(status),
    viewerCanReject: canTrigger('OPER_REJECT', role, status),
    viewerCanSendToPartners: canTrigger('OPER_SEND_TO_PARTNERS', role, status),
    viewerCanClose: canTrigger('OPER_CLOSE', role, status),
    viewerCanConfirmPayCheck: oper && canTrigger('PARTNER_CONFIRM_PAYMENT', role, status),
    viewerCanComment: oper,
  };
}

/** The flags of the GraphQL `PartnerOrder` type (one payment agent's side of an order). */
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

/**
 * What a viewer of `role` may do with one agent's side in `status` of an order in `orderStatus` (DEAL_RULES). The
 * agent's flags are the agent's only: an operator reading the side gets false (it confirms payments through the
 * order's viewerCanConfirmPayCheck).
 */
export function partnerOrderFlags(role: AccountType, orderStatus: OrderStatus, status: OfferStatus): PartnerOrderFlags {
  const agent = (action: DealAction) => role === 'PARTNER' && canTrigger(action, role, orderStatus, status);
  return {
    viewerCanAccept: canTrigger('CLIENT_ACCEPT_OFFER', role, orderStatus, status),
    viewerCanTake: agent('PARTNER_TAKE'),
    viewerCanRefuse: agent('PARTNER_REJECT'),
    viewerCanSendOffer: agent('PARTNER_SEND_OFFER'),
    viewerCanSendOfferDocuments: agent('PARTNER_SEND_OFFER_DOCS'),
    viewerCanIssuePayCheck: agent('PARTNER_SEND_PAYCHECK'),
    viewerCanConfirmPayment: agent('PARTNER_CONFIRM_PAYMENT'),
    viewerCanSendFinalDocuments: agent('PARTNER_SEND_FINAL_DOCS'),
  };
}
