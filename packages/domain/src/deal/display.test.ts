/**
 * Derived statuses of spec core §4: every row of the client table, client tabs, the operator rule, agent tabs and
 * display codes, hidden details.
 */
import { describe, expect, it } from 'vitest';
import {
  CLIENT_DISPLAY_LABELS,
  PARTNER_TAB_LABELS,
  PARTNER_TAB_STATUSES,
  clientDisplayStatus,
  clientLeadingOffer,
  offerDetailsHidden,
  operatorDisplayStatus,
  CLIENT_DISPLAY_STATUSES,
  CLIENT_TAB_STATUSES,
  clientTabOf,
  partnerDisplayStatus,
  partnerOfferLabel,
  partnerTabFilter,
  partnerTabOf,
  type DisplayOffer,
} from './display.js';
import { OFFER_STATUSES, ORDER_STATUSES, type OfferStatus } from './statuses.js';

const offers = (...s: OfferStatus[]): DisplayOffer[] => s.map((status) => ({ status }));
const IGNORED: OfferStatus[] = [
  'ALLOWED',
  'IN_PROGRESS',
  'CREATED_OFFER',
  'REJECTED',
  'REFUSE_OPER',
  'SIGNED_ANOTHER_OFFER',
];

describe('client-facing display status (spec core §4 table, row by row)', () => {
  it('ACTIVE, no live offer → waiting for offers (offers in ignored statuses do not count)', () => {
    expect(clientDisplayStatus('ACTIVE', [])).toEqual({ code: 'WAITING_FOR_OFFERS', label: 'Ожидание предложений' });
    expect(clientDisplayStatus('ACTIVE', offers(...IGNORED)).code).toBe('WAITING_FOR_OFFERS');
  });
  it('ACTIVE, otherwise → has offers', () => {
    expect(clientDisplayStatus('ACTIVE', offers('ALLOWED', 'SEND_OFFER', 'REJECTED'))).toEqual({
      code: 'HAS_OFFERS',
      label: 'Есть предложения',
    });
  });
  it('OFFER_ACCEPTED, offer ACCEPTED_OFFER_DOCS → waiting for payment order', () => {
    expect(clientDisplayStatus('OFFER_ACCEPTED', offers('SIGNED_ANOTHER_OFFER', 'ACCEPTED_OFFER_DOCS'))).toEqual({
      code: 'WAITING_FOR_PAYMENT_ORDER',
      label: 'Ожидание платёжного поручения',
    });
  });
  it('OFFER_ACCEPTED, offer SEND_PAYCHECK → payment', () => {
    expect(clientDisplayStatus('OFFER_ACCEPTED', offers('SEND_PAYCHECK', 'SIGNED_ANOTHER_OFFER'))).toEqual({
      code: 'PAYMENT',
      label: 'Оплата',
    });
  });
  it('EXECUTING, offer SEND_EXECUTING_DOCS → requires signature, or confirmation for a non-signing agent', () => {
    expect(clientDisplayStatus('EXECUTING', [{ status: 'SEND_EXECUTING_DOCS', partnerSignRequired: true }])).toEqual({
      code: 'REQUIRES_SIGNATURE',
      label: 'Требует подписания',
    });
    expect(clientDisplayStatus('EXECUTING', [{ status: 'SEND_EXECUTING_DOCS', partnerSignRequired: false }])).toEqual({
      code: 'REQUIRES_CONFIRMATION',
      label: 'Требует подтверждения',
    });
    expect(clientDisplayStatus('EXECUTING', [{ status: 'SEND_EXECUTING_DOCS' }]).code).toBe('REQUIRES_CONFIRMATION');
  });
  it('VALIDATION, IN_VALIDATION → check', () => {
    expect(clientDisplayStatus('VALIDATION', [])).toEqual({ code: 'CHECK', label: 'Проверка' });
    expect(clientDisplayStatus('IN_VALIDATION', []).code).toBe('CHECK');
  });
  it('PAYMENT_CHECKING, EXECUTING, EXECUTED, CANCELED → shown as themselves', () => {
    expect(clientDisplayStatus('PAYMENT_CHECKING', offers('PAYMENT_CHECKING'))).toEqual({
      code: 'PAYMENT_CHECKING',
      label: 'Проверка оплаты',
    });
    expect(clientDisplayStatus('EXECUTING', offers('EXECUTING'))).toEqual({ code: 'EXECUTING', label: 'Исполняется' });
    expect(clientDisplayStatus('EXECUTED', offers('EXECUTED'))).toEqual({ code: 'EXECUTED', label: 'Исполнена' });
    expect(clientDisplayStatus('CANCELED', offers('REFUSE_OPER'))).toEqual({ code: 'CANCELED', label: 'Отменена' });
  });
  it('REJECTED → rejected by service', () => {
    expect(clientDisplayStatus('REJECTED', offers('REFUSE_OPER'))).toEqual({
      code: 'REJECTED_BY_SERVICE',
      label: 'Отклонена сервисом',
    });
  });
  it('where the table is silent: OFFER_ACCEPTED with ACCEPTED, and with SEND_OFFER_DOCS (display.ts header)', () => {
    expect(clientDisplayStatus('OFFER_ACCEPTED', offers('ACCEPTED', 'SIGNED_ANOTHER_OFFER')).code).toBe(
      'OFFER_ACCEPTED',
    );
    expect(clientDisplayStatus('OFFER_ACCEPTED', [{ status: 'SEND_OFFER_DOCS', partnerSignRequired: true }]).code).toBe(
      'REQUIRES_SIGNATURE',
    );
    expect(
      clientDisplayStatus('OFFER_ACCEPTED', [{ status: 'SEND_OFFER_DOCS', partnerSignRequired: false }]).code,
    ).toBe('REQUIRES_CONFIRMATION');
  });
  it('the leading offer ignores the six statuses and is the most advanced of the rest', () => {
    for (const s of IGNORED) expect(clientLeadingOffer(offers(s))).toBeUndefined();
    expect(clientLeadingOffer(offers('SEND_OFFER', 'SEND_PAYCHECK', 'SIGNED_ANOTHER_OFFER'))?.status).toBe(
      'SEND_PAYCHECK',
    );
    const two = [
      { status: 'SEND_OFFER' as const, partnerSignRequired: true },
      { status: 'SEND_OFFER' as const, partnerSignRequired: false },
    ];
    expect(clientLeadingOffer(two)).toBe(two[0]);
  });
  it('every label is Russian', () => {
    for (const l of Object.values(CLIENT_DISPLAY_LABELS)) expect(l).toMatch(/^[А-ЯЁа-яё ]+$/);
  });
});

describe('operator-facing display status (spec core §4)', () => {
  it('ON_REVIEW when ACTIVE without a live offer', () => {
    expect(operatorDisplayStatus('ACTIVE', [])).toEqual({ code: 'ON_REVIEW', label: 'У агентов', source: 'DERIVED' });
    expect(operatorDisplayStatus('ACTIVE', offers('REFUSE_OPER', 'SIGNED_ANOTHER_OFFER')).code).toBe('ON_REVIEW');
  });
  it('ON_REVIEW when the leading offer is ALLOWED, IN_PROGRESS, CREATED_OFFER or REJECTED', () => {
    for (const s of ['ALLOWED', 'IN_PROGRESS', 'CREATED_OFFER', 'REJECTED'] as const) {
      expect(operatorDisplayStatus('ACTIVE', offers(s, 'REFUSE_OPER')).code, s).toBe('ON_REVIEW');
    }
    expect(operatorDisplayStatus('ACTIVE', offers('REJECTED', 'CREATED_OFFER', 'ALLOWED')).code).toBe('ON_REVIEW');
  });
  it("SEND_OFFER, ACCEPTED and SEND_OFFER_DOCS show as 'offer'", () => {
    expect(operatorDisplayStatus('ACTIVE', offers('IN_PROGRESS', 'SEND_OFFER'))).toEqual({
      code: 'OFFER',
      label: 'Предложение',
      source: 'DERIVED',
    });
    expect(operatorDisplayStatus('OFFER_ACCEPTED', offers('ACCEPTED', 'SIGNED_ANOTHER_OFFER')).code).toBe('OFFER');
    expect(operatorDisplayStatus('OFFER_ACCEPTED', offers('SEND_OFFER_DOCS')).code).toBe('OFFER');
  });
  it('otherwise the leading offer status', () => {
    for (const [order, offer] of [
      ['OFFER_ACCEPTED', 'ACCEPTED_OFFER_DOCS'],
      ['OFFER_ACCEPTED', 'SEND_PAYCHECK'],
      ['PAYMENT_CHECKING', 'PAYMENT_CHECKING'],
      ['EXECUTING', 'EXECUTING'],
      ['EXECUTING', 'SEND_EXECUTING_DOCS'],
      ['EXECUTED', 'EXECUTED'],
    ] as const) {
      expect(operatorDisplayStatus(order, offers(offer, 'SIGNED_ANOTHER_OFFER'))).toMatchObject({
        code: offer,
        source: 'OFFER',
      });
    }
  });
  it('otherwise the order status: the check stages and the exits', () => {
    for (const s of ['VALIDATION', 'IN_VALIDATION', 'REJECTED', 'CANCELED'] as const) {
      expect(operatorDisplayStatus(s, offers('REJECTED', 'REFUSE_OPER'))).toMatchObject({ code: s, source: 'ORDER' });
    }
    expect(operatorDisplayStatus('IN_VALIDATION', []).label).toBe('На проверке');
  });
});

describe('payment agent tabs and labels (spec core §4)', () => {
  it('puts each offer status in exactly the tab of the spec', () => {
    const expected: Record<OfferStatus, string> = {
      ALLOWED: 'new',
      CREATED_OFFER: 'working',
      IN_PROGRESS: 'working',
      SEND_OFFER: 'working',
      ACCEPTED: 'deals',
      ACCEPTED_OFFER_DOCS: 'deals',
      EXECUTING: 'deals',
      PAYMENT_CHECKING: 'deals',
      SEND_EXECUTING_DOCS: 'deals',
      SEND_OFFER_DOCS: 'deals',
      SEND_PAYCHECK: 'deals',
      EXECUTED: 'results',
      REFUSE_OPER: 'results',
      REJECTED: 'results',
      SIGNED_ANOTHER_OFFER: 'results',
    };
    for (const s of OFFER_STATUSES) expect(partnerTabOf(s), s).toBe(expected[s]);
    const listed = Object.values(PARTNER_TAB_STATUSES).flat();
    expect(listed.sort()).toEqual([...OFFER_STATUSES].sort());
  });
  it("'all' has no filter; tab labels are Russian", () => {
    expect(partnerTabFilter('all')).toBeUndefined();
    expect(partnerTabFilter('new')).toEqual(['ALLOWED']);
    expect(PARTNER_TAB_LABELS).toEqual({
      all: 'Все',
      new: 'Новые',
      working: 'В работе',
      deals: 'Сделки',
      results: 'Результаты',
    });
  });
  it('results read executed, client refusal, agent refusal, rejected by service', () => {
    expect(partnerOfferLabel('EXECUTED')).toBe('Исполнена');
    expect(partnerOfferLabel('REFUSE_OPER', 'CANCELED')).toBe('Отказ клиента');
    expect(partnerOfferLabel('REJECTED', 'ACTIVE')).toBe('Отказ агента');
    expect(partnerOfferLabel('REFUSE_OPER', 'REJECTED')).toBe('Отклонена сервисом');
    expect(partnerOfferLabel('SIGNED_ANOTHER_OFFER')).toBe('Принято другое предложение');
  });
});

describe('hidden offer details (spec core §4)', () => {
  it('hides fee, percent, dates and protection type exactly for the six statuses', () => {
    for (const s of OFFER_STATUSES) expect(offerDetailsHidden(s), s).toBe(IGNORED.includes(s));
  });
});

describe('client tab groups (spec core §4 "Client tab groups")', () => {
  it('groups the tabs exactly as the spec and puts every status in exactly one tab', () => {
    expect(CLIENT_TAB_STATUSES.current).toEqual([
      'ACTIVE',
      'EXECUTING',
      'IN_VALIDATION',
      'OFFER_ACCEPTED',
      'PAYMENT_CHECKING',
      'VALIDATION',
    ]);
    expect(CLIENT_TAB_STATUSES.completed).toEqual(['EXECUTED']);
    expect(CLIENT_TAB_STATUSES.cancelled).toEqual(['CANCELED', 'REJECTED']);
    const all = Object.values(CLIENT_TAB_STATUSES).flat();
    expect(all.sort()).toEqual([...ORDER_STATUSES].sort());
    for (const s of ORDER_STATUSES) expect(CLIENT_TAB_STATUSES[clientTabOf(s)]).toContain(s);
    expect(clientTabOf('VALIDATION')).toBe('current');
    expect(clientTabOf('EXECUTED')).toBe('completed');
    expect(clientTabOf('REJECTED')).toBe('cancelled');
  });
});

describe('client display codes and labels follow the spec wording (issue 9)', () => {
  it('uses the codes of spec core §4 and the order status label for statuses shown as themselves', () => {
    expect(CLIENT_DISPLAY_STATUSES).toContain('WAITING_FOR_OFFERS');
    expect(CLIENT_DISPLAY_STATUSES).toContain('WAITING_FOR_PAYMENT_ORDER');
    expect(CLIENT_DISPLAY_STATUSES).toContain('REJECTED_BY_SERVICE');
    expect(CLIENT_DISPLAY_STATUSES).toHaveLength(13);
    expect(CLIENT_DISPLAY_LABELS.REQUIRES_SIGNATURE).toBe('Требует подписания');
    expect(CLIENT_DISPLAY_LABELS.REQUIRES_CONFIRMATION).toBe('Требует подтверждения');
    expect(CLIENT_DISPLAY_LABELS.EXECUTING).toBe('Исполняется');
  });
});

describe('payment agent\'s display codes (spec core §4 "In display terms")', () => {
  it('gives one code per offer status and splits REFUSE_OPER by why the order ended', () => {
    expect(partnerDisplayStatus('ALLOWED', 'ACTIVE')).toEqual({ code: 'NEW', label: 'Новая' });
    expect(partnerDisplayStatus('ACCEPTED_OFFER_DOCS', 'OFFER_ACCEPTED')).toEqual({
      code: 'BILLING',
      label: 'Выставление счёта',
    });
    expect(partnerDisplayStatus('SEND_EXECUTING_DOCS', 'EXECUTING')).toEqual({
      code: 'REQUIRES_CONFIRMATION',
      label: 'Требует подтверждения',
    });
    expect(partnerDisplayStatus('REFUSE_OPER', 'CANCELED')).toEqual({ code: 'CLIENT_REFUSAL', label: 'Отказ клиента' });
    expect(partnerDisplayStatus('REFUSE_OPER', 'REJECTED')).toEqual({
      code: 'REJECTED_BY_SERVICE',
      label: 'Отклонена сервисом',
    });
    expect(partnerDisplayStatus('REJECTED')).toEqual({ code: 'AGENT_REFUSAL', label: 'Отказ агента' });
    expect(new Set(OFFER_STATUSES.map((s) => partnerDisplayStatus(s, 'ACTIVE').code)).size).toBe(15);
  });
});

describe('operator display status past ACTIVE without a leading offer (spec core §4)', () => {
  it('shows the order status when every offer was withdrawn', () => {
    expect(operatorDisplayStatus('OFFER_ACCEPTED', offers('SIGNED_ANOTHER_OFFER', 'REFUSE_OPER'))).toEqual({
      code: 'OFFER_ACCEPTED',
      label: 'Предложение принято',
      source: 'ORDER',
    });
  });
});
