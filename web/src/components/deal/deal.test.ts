import { describe, expect, it } from 'vitest';
import { parseOrderIdParam, orderGlobalId } from './dealIds';
import { OFFER_DETAILS_HIDDEN_STATUSES, OFFER_STATUS_LABEL, ORDER_STATUS_LABEL, statusLabel } from './labels';

describe('order id in the path', () => {
  it('accepts digits only', () => {
    expect(parseOrderIdParam('125')).toBe(125);
    expect(parseOrderIdParam('0')).toBeNull();
    expect(parseOrderIdParam('01')).toBeNull();
    expect(parseOrderIdParam('12a')).toBeNull();
    expect(parseOrderIdParam(undefined)).toBeNull();
  });
  it('builds the global id base64("Order:<id>")', () => {
    expect(orderGlobalId(125)).toBe(Buffer.from('Order:125').toString('base64'));
  });
});

describe('deal labels (spec core §4)', () => {
  it('has a Russian label for every order and offer status', () => {
    for (const s of [
      'VALIDATION',
      'IN_VALIDATION',
      'ACTIVE',
      'OFFER_ACCEPTED',
      'PAYMENT_CHECKING',
      'EXECUTING',
      'EXECUTED',
      'REJECTED',
      'CANCELED',
    ]) {
      expect(ORDER_STATUS_LABEL[s]).toMatch(/[а-яё]/i);
    }
    for (const s of [
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
    ]) {
      expect(OFFER_STATUS_LABEL[s]).toMatch(/[а-яё]/i);
    }
    expect(OFFER_STATUS_LABEL.SIGNED_ANOTHER_OFFER).toBe('Принято другое предложение');
  });
  it('labels history rows by their entity', () => {
    expect(statusLabel('ORDER', 'CANCELED')).toBe('Отменена');
    expect(statusLabel('OFFER', 'REJECTED')).toBe('Отказ агента');
    expect(statusLabel('PAYMENT', 'CHECK_PAYMENT')).toBe('Проверка оплаты');
    expect(statusLabel('ORDER', null)).toBe('');
    expect(statusLabel('ORDER', 'NEW_THING')).toBe('NEW_THING');
  });
  it('hides offer details for the six statuses of §4', () => {
    expect([...OFFER_DETAILS_HIDDEN_STATUSES].sort()).toEqual([
      'ALLOWED',
      'CREATED_OFFER',
      'IN_PROGRESS',
      'REFUSE_OPER',
      'REJECTED',
      'SIGNED_ANOTHER_OFFER',
    ]);
  });
});
