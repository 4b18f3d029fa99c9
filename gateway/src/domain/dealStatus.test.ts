/** Derived statuses of spec core §4 for the operator and the payment agent, hidden details, permission flags. */
import { describe, expect, it } from 'vitest';
import type { OfferStatusDto, OrderStatusDto } from '../rest/dto.js';
import {
  OFFER_FLOW,
  offerDetailsHidden,
  operatorDisplayStatus,
  operatorLeadingOffer,
  orderFlags,
  PARTNER_TAB_STATUSES,
  partnerDisplayStatus,
  partnerOrderFlags,
  partnerTabOf,
} from './dealStatus.js';

const offers = (...s: OfferStatusDto[]) => s.map((status) => ({ status, partnerSignRequired: false }));
const HIDDEN: OfferStatusDto[] = [
  'ALLOWED',
  'IN_PROGRESS',
  'CREATED_OFFER',
  'REJECTED',
  'REFUSE_OPER',
  'SIGNED_ANOTHER_OFFER',
];

describe('operator-facing display status (spec core §4, every row of the rule)', () => {
  it('ON_REVIEW when the order is ACTIVE without a live offer', () => {
    expect(operatorDisplayStatus('ACTIVE', [])).toEqual({ code: 'ON_REVIEW', label: 'У агентов', source: 'DERIVED' });
    expect(operatorDisplayStatus('ACTIVE', offers('REFUSE_OPER', 'SIGNED_ANOTHER_OFFER')).code).toBe('ON_REVIEW');
  });
  it.each(['ALLOWED', 'IN_PROGRESS', 'CREATED_OFFER', 'REJECTED'] as const)(
    'ON_REVIEW when the leading offer is %s',
    (s) => {
      expect(operatorDisplayStatus('ACTIVE', offers(s, 'REFUSE_OPER')).code).toBe('ON_REVIEW');
    },
  );
  it('REJECTED ranks below ALLOWED, so an order with a refusal and a new offer is ON_REVIEW', () => {
    expect(operatorLeadingOffer(offers('REJECTED', 'ALLOWED'))?.status).toBe('ALLOWED');
    expect(operatorDisplayStatus('ACTIVE', offers('REJECTED', 'CREATED_OFFER', 'ALLOWED')).code).toBe('ON_REVIEW');
  });
  it.each([
    ['ACTIVE', 'SEND_OFFER'],
    ['OFFER_ACCEPTED', 'ACCEPTED'],
    ['OFFER_ACCEPTED', 'SEND_OFFER_DOCS'],
  ] as const)("%s with leading %s shows as 'offer'", (order, offer) => {
    expect(operatorDisplayStatus(order, offers(offer, 'SIGNED_ANOTHER_OFFER', 'IN_PROGRESS'))).toEqual({
      code: 'OFFER',
      label: 'Предложение',
      source: 'DERIVED',
    });
  });
  it.each([
    ['OFFER_ACCEPTED', 'ACCEPTED_OFFER_DOCS', 'Выставление счёта'],
    ['OFFER_ACCEPTED', 'SEND_PAYCHECK', 'Оплата'],
    ['PAYMENT_CHECKING', 'PAYMENT_CHECKING', 'Проверка оплаты'],
    ['EXECUTING', 'EXECUTING', 'Исполнение'],
    ['EXECUTING', 'SEND_EXECUTING_DOCS', 'Требует подтверждения'],
    ['EXECUTED', 'EXECUTED', 'Исполнена'],
  ] as const)('otherwise %s shows the leading offer status %s', (order, offer, label) => {
    expect(operatorDisplayStatus(order, offers(offer, 'SIGNED_ANOTHER_OFFER'))).toEqual({
      code: offer,
      label,
      source: 'OFFER',
    });
  });
  it.each([
    ['VALIDATION', 'Ожидает проверки'],
    ['IN_VALIDATION', 'На проверке'],
    ['REJECTED', 'Отклонена'],
    ['CANCELED', 'Отменена'],
  ] as const)('otherwise %s shows the order status', (order, label) => {
    expect(operatorDisplayStatus(order, offers('REJECTED', 'REFUSE_OPER'))).toEqual({
      code: order,
      label,
      source: 'ORDER',
    });
  });
  it('an order past ACTIVE whose offers were all withdrawn shows its own status', () => {
    expect(operatorDisplayStatus('OFFER_ACCEPTED', offers('SIGNED_ANOTHER_OFFER'))).toMatchObject({
      code: 'OFFER_ACCEPTED',
      source: 'ORDER',
    });
  });
});

describe('payment agent tabs and display status (spec core §4)', () => {
  it('puts every offer status in exactly the tab of the spec', () => {
    const expected: Record<OfferStatusDto, string> = {
      ALLOWED: 'NEW',
      CREATED_OFFER: 'WORKING',
      IN_PROGRESS: 'WORKING',
      SEND_OFFER: 'WORKING',
      ACCEPTED: 'DEALS',
      ACCEPTED_OFFER_DOCS: 'DEALS',
      EXECUTING: 'DEALS',
      PAYMENT_CHECKING: 'DEALS',
      SEND_EXECUTING_DOCS: 'DEALS',
      SEND_OFFER_DOCS: 'DEALS',
      SEND_PAYCHECK: 'DEALS',
      EXECUTED: 'RESULTS',
      REFUSE_OPER: 'RESULTS',
      REJECTED: 'RESULTS',
      SIGNED_ANOTHER_OFFER: 'RESULTS',
    };
    for (const s of OFFER_FLOW) expect(partnerTabOf(s), s).toBe(expected[s]);
    expect(Object.values(PARTNER_TAB_STATUSES).flat().sort()).toEqual([...OFFER_FLOW].sort());
  });
  it("results read executed, client refusal, agent refusal, rejected by service, 'another offer accepted'", () => {
    expect(partnerDisplayStatus('EXECUTED', 'EXECUTED')).toEqual({ code: 'EXECUTED', label: 'Исполнена' });
    expect(partnerDisplayStatus('REFUSE_OPER', 'CANCELED')).toEqual({ code: 'CLIENT_REFUSAL', label: 'Отказ клиента' });
    expect(partnerDisplayStatus('REJECTED', 'ACTIVE')).toEqual({ code: 'AGENT_REFUSAL', label: 'Отказ агента' });
    expect(partnerDisplayStatus('REFUSE_OPER', 'REJECTED')).toEqual({
      code: 'REJECTED_BY_SERVICE',
      label: 'Отклонена сервисом',
    });
    expect(partnerDisplayStatus('SIGNED_ANOTHER_OFFER', 'OFFER_ACCEPTED')).toEqual({
      code: 'ANOTHER_OFFER_ACCEPTED',
      label: 'Принято другое предложение',
    });
  });
  it('in work reads check and offer; deals read billing, payment, payment check, executing, requires confirmation', () => {
    const code = (s: OfferStatusDto) => partnerDisplayStatus(s, 'ACTIVE').code;
    expect([code('ALLOWED'), code('IN_PROGRESS'), code('CREATED_OFFER'), code('SEND_OFFER')]).toEqual([
      'NEW',
      'CHECK',
      'OFFER_PREPARED',
      'OFFER',
    ]);
    expect([
      code('ACCEPTED_OFFER_DOCS'),
      code('SEND_PAYCHECK'),
      code('PAYMENT_CHECKING'),
      code('EXECUTING'),
      code('SEND_EXECUTING_DOCS'),
    ]).toEqual(['BILLING', 'PAYMENT', 'PAYMENT_CHECKING', 'EXECUTING', 'REQUIRES_CONFIRMATION']);
    for (const s of OFFER_FLOW) expect(partnerDisplayStatus(s, 'ACTIVE').label).toMatch(/^[А-ЯЁа-яё ]+$/);
  });
});

describe('hidden offer details (spec core §4)', () => {
  it('hides fee, percent, dates and protection exactly for the six statuses', () => {
    for (const s of OFFER_FLOW) expect(offerDetailsHidden(s), s).toBe(HIDDEN.includes(s));
  });
});

describe('permission flags (role + status)', () => {
  it('client: cancel until the payment is marked made; confirm and pay by the leading offer', () => {
    const can = (o: OrderStatusDto, ...s: OfferStatusDto[]) => orderFlags('CLIENT', o, offers(...s));
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
