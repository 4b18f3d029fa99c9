import { describe, expect, it } from 'vitest';
import {
  availableOperatorSteps,
  currentOperatorStep,
  isOperatorStep,
  mergeOrderComments,
  type OperatorStepState,
} from './operatorOrderSteps';
import {
  EMPTY_OPERATOR_FILTERS,
  apiTab,
  employeeOptions,
  isOperatorTab,
  operatorFilterVariables,
} from './operatorFilters';

const st = (orderStatus: string, extra: Partial<OperatorStepState> = {}): OperatorStepState => ({
  orderStatus,
  leadingOfferStatus: null,
  partnerOrderCount: 0,
  hasPayCheck: false,
  canSendToPartners: false,
  canConfirmPayCheck: false,
  ...extra,
});

describe('operator request modal tabs (spec core §2)', () => {
  it('a new request: data, closure and comments', () => {
    expect(availableOperatorSteps(st('VALIDATION'))).toEqual(['data', 'closure', 'comments']);
    expect(currentOperatorStep(st('VALIDATION'))).toBe('data');
  });
  it('a request on the check opens on the scoring', () => {
    const s = st('IN_VALIDATION', { canSendToPartners: true });
    expect(availableOperatorSteps(s)).toEqual(['data', 'scoring', 'closure', 'comments']);
    expect(currentOperatorStep(s)).toBe('scoring');
  });
  it('a request with the agents opens on the offers', () => {
    const s = st('ACTIVE', { canSendToPartners: true, partnerOrderCount: 2, leadingOfferStatus: 'SEND_OFFER' });
    expect(availableOperatorSteps(s)).toEqual(['data', 'scoring', 'offers', 'closure', 'comments']);
    expect(currentOperatorStep(s)).toBe('offers');
  });
  it('the payment tab appears with the bill and opens when the payment can be confirmed', () => {
    const billed = st('OFFER_ACCEPTED', {
      partnerOrderCount: 2,
      leadingOfferStatus: 'SEND_PAYCHECK',
      hasPayCheck: true,
    });
    expect(availableOperatorSteps(billed)).toEqual(['data', 'scoring', 'offers', 'payment', 'closure', 'comments']);
    expect(currentOperatorStep(billed)).toBe('offers');
    const checking = st('PAYMENT_CHECKING', {
      partnerOrderCount: 1,
      leadingOfferStatus: 'PAYMENT_CHECKING',
      hasPayCheck: true,
      canConfirmPayCheck: true,
    });
    expect(currentOperatorStep(checking)).toBe('payment');
  });
  it('an ended request opens on the closure', () => {
    for (const s of ['EXECUTED', 'REJECTED', 'CANCELED'])
      expect(currentOperatorStep(st(s, { partnerOrderCount: 1 }))).toBe('closure');
  });
  it('recognises tab names', () => {
    expect(isOperatorStep('scoring')).toBe(true);
    expect(isOperatorStep('result')).toBe(false);
  });
});

describe('operator list tabs and filters (spec core §2, §5)', () => {
  it('maps URL tabs to the API', () => {
    expect(apiTab('new')).toBe('NEW');
    expect(apiTab('in-work')).toBe('IN_WORK');
    expect(apiTab('deals')).toBe('IN_DEALS');
    expect(apiTab('results')).toBe('IN_RESULTS');
    expect(apiTab('all')).toBe('ALL');
    expect(isOperatorTab('deals')).toBe(true);
    expect(isOperatorTab('current')).toBe(false);
    expect(isOperatorTab(null)).toBe(false);
  });
  it('applies the number only when numeric', () => {
    expect(operatorFilterVariables({ ...EMPTY_OPERATOR_FILTERS, number: ' 125 ' }).number).toBe('125');
    expect(operatorFilterVariables({ ...EMPTY_OPERATOR_FILTERS, number: '12a' }).number).toBeNull();
    expect(operatorFilterVariables({ ...EMPTY_OPERATOR_FILTERS, number: '' }).number).toBeNull();
  });
  it('passes the client text trimmed (INN or name decided by the gateway) and parses the selects', () => {
    expect(operatorFilterVariables({ number: '', client: '  ООО   Ромашка ', employee: '7', partner: '' })).toEqual({
      number: null,
      client: 'ООО Ромашка',
      employee: 7,
      partner: null,
    });
    expect(operatorFilterVariables({ number: '', client: '7701234567', employee: '', partner: '12' })).toEqual({
      number: null,
      client: '7701234567',
      employee: null,
      partner: 12,
    });
    expect(operatorFilterVariables({ number: '', client: '   ', employee: 'x', partner: '0' })).toEqual({
      number: null,
      client: null,
      employee: null,
      partner: null,
    });
  });
});

describe('Комментарии: every operator comment, newest first', () => {
  it('lists older plain comments too, once each, newest first', () => {
    const comments = [
      { author: 'Волкова Ольга', at: '2026-11-21T12:00:00.000Z', text: 'Причина отказа' },
      { author: 'Андреев Пётр', at: '2026-11-21T11:00:00.000Z', text: 'Второй' },
      { author: 'Волкова Ольга', at: '2026-11-21T10:00:00.000Z', text: 'Первый' },
    ];
    const history = [
      { author: 'Волкова Ольга', at: '2026-11-21T12:00:00.000Z', text: 'Причина отказа' },
      { author: 'Платёжный агент', at: '2026-11-21T11:30:00.000Z', text: 'Не работаем с этой страной' },
    ];
    expect(mergeOrderComments(comments, history, [comments[0]], []).map((c) => c.text)).toEqual([
      'Причина отказа',
      'Не работаем с этой страной',
      'Второй',
      'Первый',
    ]);
    expect(mergeOrderComments([], [])).toEqual([]);
  });
});

describe("'Сотрудник' filter options", () => {
  it('every active operator except the viewer, then validators no longer active', () => {
    const operators = [
      { userId: 3, name: 'Ольга', surname: 'Волкова' },
      { userId: 4, name: 'Пётр', surname: 'Андреев' },
      { userId: 5, name: '', surname: '' },
    ];
    expect(
      employeeOptions(
        operators,
        new Map([
          [4, 'Андреев П.'],
          [9, 'Борисов Иван'],
        ]),
        3,
      ),
    ).toEqual([
      [4, 'Андреев Пётр'],
      [5, '#5'],
      [9, 'Борисов Иван'],
    ]);
    expect(employeeOptions(null, new Map(), 3)).toEqual([]);
  });
});
