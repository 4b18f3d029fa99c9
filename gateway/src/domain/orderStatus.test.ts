/**
 * spec core §4 "Client-facing display status" and "Client tab groups": every row of the client table,
 * including states this slice cannot reach yet (offers come in a later slice).
 */
import { describe, expect, it } from 'vitest';
import type { OfferStatusDto, OrderStatusDto } from '../rest/dto.js';
import {
  CLIENT_DISPLAY_LABELS,
  CLIENT_TAB_STATUSES,
  clientDisplayStatus,
  clientTabOf,
  IGNORED_OFFER_STATUSES,
  leadingOffer,
  type OfferState,
} from './orderStatus.js';

const offer = (status: OfferStatusDto, partnerSignRequired = true): OfferState => ({ status, partnerSignRequired });
const IGNORED: OfferStatusDto[] = [
  'ALLOWED',
  'IN_PROGRESS',
  'CREATED_OFFER',
  'REJECTED',
  'REFUSE_OPER',
  'SIGNED_ANOTHER_OFFER',
];
const label = (status: OrderStatusDto, offers: OfferState[]) =>
  CLIENT_DISPLAY_LABELS[clientDisplayStatus(status, offers)];

describe('client display status (spec core §4 client table)', () => {
  it('row VALIDATION, IN_VALIDATION → check', () => {
    expect(clientDisplayStatus('VALIDATION', [])).toBe('CHECK');
    expect(clientDisplayStatus('IN_VALIDATION', [])).toBe('CHECK');
    expect(label('VALIDATION', [])).toBe('Проверка');
  });

  it('row ACTIVE, no live offer → waiting for offers (no offers, or only ignored ones)', () => {
    expect(clientDisplayStatus('ACTIVE', [])).toBe('WAITING_FOR_OFFERS');
    expect(
      clientDisplayStatus(
        'ACTIVE',
        IGNORED.map((s) => offer(s)),
      ),
    ).toBe('WAITING_FOR_OFFERS');
    expect(label('ACTIVE', [])).toBe('Ожидание предложений');
  });

  it('row ACTIVE, otherwise → has offers', () => {
    expect(clientDisplayStatus('ACTIVE', [offer('ALLOWED'), offer('SEND_OFFER')])).toBe('HAS_OFFERS');
    expect(label('ACTIVE', [offer('SEND_OFFER')])).toBe('Есть предложения');
  });

  it('row OFFER_ACCEPTED with offer ACCEPTED_OFFER_DOCS → waiting for payment order', () => {
    const offers = [offer('SIGNED_ANOTHER_OFFER'), offer('ACCEPTED_OFFER_DOCS')];
    expect(clientDisplayStatus('OFFER_ACCEPTED', offers)).toBe('WAITING_FOR_PAYMENT_ORDER');
    expect(label('OFFER_ACCEPTED', offers)).toBe('Ожидание платёжного поручения');
  });

  it('row OFFER_ACCEPTED with offer SEND_PAYCHECK → payment', () => {
    const offers = [offer('SEND_PAYCHECK'), offer('SIGNED_ANOTHER_OFFER')];
    expect(clientDisplayStatus('OFFER_ACCEPTED', offers)).toBe('PAYMENT');
    expect(label('OFFER_ACCEPTED', offers)).toBe('Оплата');
  });

  it('row EXECUTING with offer SEND_EXECUTING_DOCS → requires signature, or confirmation for a non-signing agent', () => {
    expect(clientDisplayStatus('EXECUTING', [offer('SEND_EXECUTING_DOCS', true)])).toBe('REQUIRES_SIGNATURE');
    expect(label('EXECUTING', [offer('SEND_EXECUTING_DOCS', true)])).toBe('Требуется подпись');
    expect(clientDisplayStatus('EXECUTING', [offer('SEND_EXECUTING_DOCS', false)])).toBe('REQUIRES_CONFIRMATION');
    expect(label('EXECUTING', [offer('SEND_EXECUTING_DOCS', false)])).toBe('Требуется подтверждение');
  });

  it('row PAYMENT_CHECKING, EXECUTING, EXECUTED, CANCELED → shown as themselves', () => {
    expect(label('PAYMENT_CHECKING', [offer('PAYMENT_CHECKING')])).toBe('Проверка оплаты');
    expect(clientDisplayStatus('EXECUTING', [offer('EXECUTING')])).toBe('EXECUTING');
    expect(label('EXECUTING', [offer('EXECUTING')])).toBe('Исполнение');
    expect(label('EXECUTED', [offer('EXECUTED')])).toBe('Исполнена');
    expect(label('CANCELED', [])).toBe('Отменена');
    expect(clientDisplayStatus('CANCELED', [offer('SEND_OFFER')])).toBe('CANCELED');
  });

  it('row REJECTED → rejected by service', () => {
    expect(clientDisplayStatus('REJECTED', [])).toBe('REJECTED');
    expect(label('REJECTED', [])).toBe('Отклонена сервисом');
  });

  it('OFFER_ACCEPTED cases the table leaves open: documents sent → sign/confirm; just accepted → offer accepted', () => {
    expect(clientDisplayStatus('OFFER_ACCEPTED', [offer('SEND_OFFER_DOCS', true)])).toBe('REQUIRES_SIGNATURE');
    expect(clientDisplayStatus('OFFER_ACCEPTED', [offer('SEND_OFFER_DOCS', false)])).toBe('REQUIRES_CONFIRMATION');
    expect(clientDisplayStatus('OFFER_ACCEPTED', [offer('ACCEPTED')])).toBe('OFFER_ACCEPTED');
    expect(clientDisplayStatus('OFFER_ACCEPTED', [])).toBe('OFFER_ACCEPTED');
  });

  it('ignored offers never lead, even when the only ones (e.g. a REFUSE_OPER beside SEND_PAYCHECK)', () => {
    expect(
      clientDisplayStatus('OFFER_ACCEPTED', [offer('REFUSE_OPER'), offer('SEND_PAYCHECK'), offer('REJECTED')]),
    ).toBe('PAYMENT');
    expect(clientDisplayStatus('EXECUTING', [offer('SIGNED_ANOTHER_OFFER'), offer('SEND_EXECUTING_DOCS', false)])).toBe(
      'REQUIRES_CONFIRMATION',
    );
  });

  it('every code has a Russian label', () => {
    for (const text of Object.values(CLIENT_DISPLAY_LABELS)) expect(text).toMatch(/^[А-ЯЁ][а-яё ]+$/);
  });
});

describe('leading offer (spec core §4)', () => {
  it('ignores ALLOWED, IN_PROGRESS, CREATED_OFFER, REJECTED, REFUSE_OPER, SIGNED_ANOTHER_OFFER', () => {
    expect([...IGNORED_OFFER_STATUSES].sort()).toEqual([...IGNORED].sort());
    expect(leadingOffer(IGNORED.map((s) => offer(s)))).toBeUndefined();
  });

  it('picks the live offer furthest along the deal flow', () => {
    expect(leadingOffer([offer('SEND_OFFER'), offer('SEND_PAYCHECK'), offer('ACCEPTED')])?.status).toBe(
      'SEND_PAYCHECK',
    );
  });
});

describe('client tab groups (spec core §4)', () => {
  it('current: ACTIVE, EXECUTING, IN_VALIDATION, OFFER_ACCEPTED, PAYMENT_CHECKING, VALIDATION', () => {
    expect([...CLIENT_TAB_STATUSES.CURRENT].sort()).toEqual([
      'ACTIVE',
      'EXECUTING',
      'IN_VALIDATION',
      'OFFER_ACCEPTED',
      'PAYMENT_CHECKING',
      'VALIDATION',
    ]);
  });
  it('completed: EXECUTED; cancelled: CANCELED, REJECTED', () => {
    expect(CLIENT_TAB_STATUSES.COMPLETED).toEqual(['EXECUTED']);
    expect([...CLIENT_TAB_STATUSES.CANCELLED].sort()).toEqual(['CANCELED', 'REJECTED']);
  });
  it('every order status belongs to exactly one tab', () => {
    const all: OrderStatusDto[] = [
      'VALIDATION',
      'IN_VALIDATION',
      'ACTIVE',
      'OFFER_ACCEPTED',
      'PAYMENT_CHECKING',
      'EXECUTING',
      'EXECUTED',
      'REJECTED',
      'CANCELED',
    ];
    for (const s of all) {
      const tabs = Object.entries(CLIENT_TAB_STATUSES).filter(([, list]) => list.includes(s));
      expect(tabs).toHaveLength(1);
      expect(clientTabOf(s)).toBe(tabs[0][0]);
    }
  });
});
