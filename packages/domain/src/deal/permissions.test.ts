/**
 * The `viewerCan…` flags (spec core §6 roles, §4 deal flow and exits), derived from DEAL_RULES. The assertions are
 * the gateway's former hand-written flags (issue 3), so the derivation keeps what the UI offered; the last test
 * checks every flag that names an action against the table over all roles and statuses.
 */
import { describe, expect, it } from 'vitest';
import { canTrigger, operatorCanEdit, orderFlags, partnerOrderFlags } from './permissions.js';
import { DEAL_RULES } from './rules.js';
import { ACCOUNT_TYPES, OFFER_STATUSES, ORDER_STATUSES, type OfferStatus, type OrderStatus } from './statuses.js';

const offers = (...s: OfferStatus[]) => s.map((status) => ({ status, partnerSignRequired: false }));

describe('permission flags (role + status)', () => {
  it('client: cancel until the payment is marked made; confirm and pay by the leading offer', () => {
    const can = (o: OrderStatus, ...s: OfferStatus[]) => orderFlags('CLIENT', o, offers(...s));
    expect(can('ACTIVE').viewerCanCancel).toBe(true);
    expect(can('OFFER_ACCEPTED', 'ACCEPTED').viewerCanCancel).toBe(true);
    expect(can('PAYMENT_CHECKING', 'PAYMENT_CHECKING').viewerCanCancel).toBe(false);
    expect(can('OFFER_ACCEPTED', 'SEND_OFFER_DOCS').viewerCanConfirmOfferDocuments).toBe(true);
    expect(can('OFFER_ACCEPTED', 'SEND_PAYCHECK').viewerCanMarkPaymentMade).toBe(true);
    expect(can('EXECUTING', 'SEND_EXECUTING_DOCS').viewerCanConfirmFinalDocuments).toBe(true);
    expect(can('EXECUTING', 'SEND_EXECUTING_DOCS').viewerCanTakeForReview).toBe(false);
    expect(orderFlags('OPER', 'ACTIVE', []).viewerCanCancel).toBe(false);
  });
  it('operator: take, edit, reject on the check; send to agents; close after; confirm the payment', () => {
    expect(orderFlags('OPER', 'VALIDATION', [])).toMatchObject({
      viewerCanTakeForReview: true,
      viewerCanReject: true,
      viewerCanEdit: true,
      viewerCanClose: false,
    });
    expect(orderFlags('OPER', 'IN_VALIDATION', [])).toMatchObject({
      viewerCanTakeForReview: false,
      viewerCanSendToPartners: true,
    });
    expect(orderFlags('OPER', 'ACTIVE', [])).toMatchObject({
      viewerCanReject: false,
      viewerCanClose: true,
      viewerCanSendToPartners: true,
    });
    expect(orderFlags('OPER', 'PAYMENT_CHECKING', []).viewerCanConfirmPayCheck).toBe(true);
    expect(orderFlags('OPER', 'EXECUTED', [])).toMatchObject({ viewerCanClose: false, viewerCanComment: true });
    expect(orderFlags('PARTNER', 'VALIDATION', []).viewerCanTakeForReview).toBe(false);
  });
  it('payment agent and client on one side', () => {
    expect(partnerOrderFlags('PARTNER', 'ACTIVE', 'ALLOWED')).toMatchObject({
      viewerCanTake: true,
      viewerCanRefuse: true,
      viewerCanSendOffer: false,
    });
    expect(partnerOrderFlags('PARTNER', 'ACTIVE', 'IN_PROGRESS')).toMatchObject({
      viewerCanTake: false,
      viewerCanSendOffer: true,
    });
    expect(partnerOrderFlags('PARTNER', 'OFFER_ACCEPTED', 'ACCEPTED').viewerCanSendOfferDocuments).toBe(true);
    expect(partnerOrderFlags('PARTNER', 'OFFER_ACCEPTED', 'SEND_PAYCHECK')).toMatchObject({
      viewerCanIssuePayCheck: true,
      viewerCanRefuse: true,
    });
    expect(partnerOrderFlags('PARTNER', 'PAYMENT_CHECKING', 'PAYMENT_CHECKING')).toMatchObject({
      viewerCanConfirmPayment: true,
      viewerCanRefuse: false,
    });
    expect(partnerOrderFlags('PARTNER', 'EXECUTING', 'EXECUTING').viewerCanSendFinalDocuments).toBe(true);
    expect(partnerOrderFlags('CLIENT', 'ACTIVE', 'SEND_OFFER').viewerCanAccept).toBe(true);
    expect(partnerOrderFlags('CLIENT', 'OFFER_ACCEPTED', 'SEND_OFFER').viewerCanAccept).toBe(false);
    expect(partnerOrderFlags('OPER', 'ACTIVE', 'ALLOWED').viewerCanTake).toBe(false);
  });
});

describe('flags follow DEAL_RULES (no second list)', () => {
  it('canTrigger checks the role and the starting pair; without an offer, any offer state of the order', () => {
    expect(canTrigger('CLIENT_CANCEL', 'CLIENT', 'OFFER_ACCEPTED')).toBe(true);
    expect(canTrigger('CLIENT_CANCEL', 'OPER', 'OFFER_ACCEPTED')).toBe(false);
    expect(canTrigger('PARTNER_CONFIRM_PAYMENT', 'OPER', 'PAYMENT_CHECKING')).toBe(true);
    expect(canTrigger('PARTNER_CONFIRM_PAYMENT', 'OPER', 'EXECUTING')).toBe(false);
    expect(canTrigger('PARTNER_TAKE', 'PARTNER', 'ACTIVE', 'ALLOWED')).toBe(true);
    expect(canTrigger('PARTNER_TAKE', 'PARTNER', 'ACTIVE', 'SEND_OFFER')).toBe(false);
    expect(operatorCanEdit('IN_VALIDATION')).toBe(true);
    expect(operatorCanEdit('ACTIVE')).toBe(false);
  });

  it('every order and side flag that names an action equals the table, for every role and status', () => {
    const allowed = (action: keyof typeof DEAL_RULES, order: OrderStatus, offer?: OfferStatus) =>
      DEAL_RULES[action].from.some((p) => p.order === order && (offer === undefined || p.offer === offer));
    for (const role of ACCOUNT_TYPES)
      for (const order of ORDER_STATUSES) {
        const f = orderFlags(role, order, []);
        expect(f.viewerCanCancel).toBe(role === 'CLIENT' && allowed('CLIENT_CANCEL', order));
        expect(f.viewerCanClose).toBe(role === 'OPER' && allowed('OPER_CLOSE', order));
        expect(f.viewerCanConfirmOfferDocuments).toBe(false);
        for (const offer of OFFER_STATUSES) {
          const p = partnerOrderFlags(role, order, offer);
          expect(p.viewerCanAccept).toBe(role === 'CLIENT' && allowed('CLIENT_ACCEPT_OFFER', order, offer));
          expect(p.viewerCanRefuse).toBe(role === 'PARTNER' && allowed('PARTNER_REJECT', order, offer));
        }
      }
  });
});
