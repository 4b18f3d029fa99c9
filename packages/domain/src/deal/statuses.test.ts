/** The statuses of spec core §4, their one set of Russian labels, and the deal table's helpers (rules.ts). */
import { describe, expect, it } from 'vitest';
import {
  DEAL_ACTIONS,
  DEAL_ROLES,
  DEAL_RULES,
  ORDER_OPEN_OFFER_STATUSES,
  allowsState,
  ruleOf,
  type DealAction,
} from './rules.js';
import {
  INITIAL_ORDER_STATUS,
  OFFER_STATUSES,
  OFFER_STATUS_LABELS,
  OFFER_STATUS_LABELS_FOR_CLIENT,
  OPEN_OFFER_STATUSES,
  ORDER_STATUSES,
  ORDER_STATUS_LABELS,
  PAYMENT_STATUSES,
  PAYMENT_STATUS_LABELS,
  TERMINAL_OFFER_STATUSES,
  TERMINAL_ORDER_STATUSES,
  isOpenOffer,
  isOrderStatus,
} from './statuses.js';

describe('statuses of spec core §4', () => {
  it('has the nine order statuses of the spec; a new request starts in VALIDATION', () => {
    expect([...ORDER_STATUSES].sort()).toEqual([
      'ACTIVE',
      'CANCELED',
      'EXECUTED',
      'EXECUTING',
      'IN_VALIDATION',
      'OFFER_ACCEPTED',
      'PAYMENT_CHECKING',
      'REJECTED',
      'VALIDATION',
    ]);
    expect(INITIAL_ORDER_STATUS).toBe('VALIDATION');
    expect(isOrderStatus('ACTIVE')).toBe(true);
    expect(isOrderStatus('active')).toBe(false);
    expect(isOrderStatus(3)).toBe(false);
    expect(TERMINAL_ORDER_STATUSES).toEqual(['EXECUTED', 'REJECTED', 'CANCELED']);
  });

  it('has the fifteen offer statuses and four payment statuses of the spec', () => {
    expect(OFFER_STATUSES).toHaveLength(15);
    expect(PAYMENT_STATUSES).toEqual(['ACTIVE', 'CHECK_PAYMENT', 'PAYMENT_CONFIRMED', 'ARCHIVED']);
  });

  it('splits the offer statuses into open and terminal', () => {
    expect([...OPEN_OFFER_STATUSES, ...TERMINAL_OFFER_STATUSES].sort()).toEqual([...OFFER_STATUSES].sort());
    expect(isOpenOffer('SEND_OFFER')).toBe(true);
    expect(isOpenOffer('REFUSE_OPER')).toBe(false);
  });

  it('labels every status in Russian, once (issue 9: the backend wording)', () => {
    for (const s of ORDER_STATUSES) expect(ORDER_STATUS_LABELS[s]).toMatch(/^[А-ЯЁ]/);
    for (const s of OFFER_STATUSES) expect(OFFER_STATUS_LABELS[s]).toMatch(/^[А-ЯЁ]/);
    for (const s of OFFER_STATUSES) expect(OFFER_STATUS_LABELS_FOR_CLIENT[s]).toMatch(/^[А-ЯЁ]/);
    for (const s of PAYMENT_STATUSES) expect(PAYMENT_STATUS_LABELS[s]).toMatch(/^[А-ЯЁ]/);
    expect(ORDER_STATUS_LABELS.EXECUTING).toBe('Исполняется');
    expect(ORDER_STATUS_LABELS.VALIDATION).toBe('Ожидает проверки');
  });
});

describe('the deal table (rules.ts)', () => {
  it('has one rule per action, named by it', () => {
    for (const a of DEAL_ACTIONS) expect(DEAL_RULES[a].action).toBe(a);
    expect(DEAL_ROLES).toEqual(['CLIENT', 'PARTNER', 'OPER', 'AGENT', 'SYSTEM']);
  });

  it('ruleOf finds a rule by name and refuses unknown names from the wire', () => {
    expect(ruleOf('CLIENT_CANCEL')).toBe(DEAL_RULES.CLIENT_CANCEL);
    expect(ruleOf('DROP_TABLE')).toBeUndefined();
  });

  it('allowsState matches the order status and, for actions on one offer, the offer status', () => {
    expect(allowsState(DEAL_RULES.CLIENT_CANCEL, { order: 'ACTIVE' })).toBe(true);
    expect(allowsState(DEAL_RULES.CLIENT_CANCEL, { order: 'PAYMENT_CHECKING' })).toBe(false);
    expect(allowsState(DEAL_RULES.PARTNER_TAKE, { order: 'ACTIVE', offer: 'ALLOWED' })).toBe(true);
    expect(allowsState(DEAL_RULES.PARTNER_TAKE, { order: 'ACTIVE', offer: 'IN_PROGRESS' })).toBe(false);
  });

  it('every rule moves only into states the order/offer invariant allows', () => {
    for (const a of DEAL_ACTIONS as readonly DealAction[]) {
      const rule = DEAL_RULES[a];
      for (const p of rule.from) {
        const order = rule.orderTo === 'SAME' ? p.order : rule.orderTo;
        if (rule.offerTo && !TERMINAL_OFFER_STATUSES.includes(rule.offerTo))
          expect(ORDER_OPEN_OFFER_STATUSES[order].statuses, `${a} from ${p.order}/${p.offer}`).toContain(rule.offerTo);
      }
    }
  });
});
