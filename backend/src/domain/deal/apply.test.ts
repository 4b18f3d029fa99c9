/**
 * The deal flow of spec core §4 end to end on an in-memory compare-and-set repository: the happy path from creation
 * to EXECUTED, every exit, comments and reasons, bills, history, and concurrent actions.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { MAX_COMMENT_LENGTH, REFUSAL_HTTP_STATUS, planTransition, type Plan } from './apply.js';
import { clientDisplayStatus, operatorDisplayStatus } from '@platform/domain/deal/display';
import { MemoryDealRepo } from './test-memory-repo.js';

const T0 = new Date('2026-03-02T09:00:00Z');
const at = (min: number) => new Date(T0.getTime() + min * 60_000);
const ORDER = 1;
const A = 101; // the agent whose offer wins; signs documents
const B = 102; // sends an offer too, loses to A
const C = 103; // never answers

function plan(result: ReturnType<typeof planTransition>): Plan {
  if (!result.ok) throw new Error(`refused: ${result.code}`);
  return result;
}

/** An order sent to A, B and C; A and B in SEND_OFFER, C in ALLOWED. */
function withOffers(repo: MemoryDealRepo): void {
  repo.createOrder(ORDER);
  repo.signRequired.set(A, true);
  repo.run('OPER_TAKE', { orderId: ORDER, role: 'OPER', actorId: 1, now: at(1) });
  repo.run('OPER_SEND_TO_PARTNERS', { orderId: ORDER, role: 'OPER', actorId: 1, partnerIds: [A, B, C], now: at(2) });
  for (const p of [A, B]) {
    const id = repo.offerOf(ORDER, p).id;
    repo.run('PARTNER_TAKE', { orderId: ORDER, offerId: id, role: 'PARTNER', actorId: p, now: at(3) });
    repo.run('PARTNER_SEND_OFFER', { orderId: ORDER, offerId: id, role: 'PARTNER', actorId: p, now: at(4) });
  }
}

const statuses = (repo: MemoryDealRepo) => ({
  order: repo.orders.get(ORDER)!.status,
  offers: Object.fromEntries(repo.offersOf(ORDER).map((o) => [o.partnerId, o.status])),
  payments: repo.paymentsOf(ORDER).map((p) => p.status),
});

describe('happy path: creation to EXECUTED (spec core §4 "Deal flow" steps 1–9)', () => {
  it('walks every step; the second offer ends SIGNED_ANOTHER_OFFER; the history has every change', () => {
    const repo = new MemoryDealRepo();
    repo.createOrder(ORDER);
    repo.signRequired.set(A, true);
    const step = (
      action: Parameters<MemoryDealRepo['run']>[0],
      role: 'OPER' | 'PARTNER' | 'CLIENT',
      minute: number,
      extra: { offerOf?: number; partnerIds?: number[] } = {},
    ) =>
      repo.run(action, {
        orderId: ORDER,
        role,
        actorId: role === 'CLIENT' ? 50 : role === 'OPER' ? 1 : extra.offerOf,
        now: at(minute),
        offerId: extra.offerOf ? repo.offerOf(ORDER, extra.offerOf).id : undefined,
        partnerIds: extra.partnerIds,
      });
    const client = () => clientDisplayStatus(repo.orders.get(ORDER)!.status, repo.offersOf(ORDER)).code;
    const oper = () => operatorDisplayStatus(repo.orders.get(ORDER)!.status, repo.offersOf(ORDER)).code;

    expect([client(), oper()]).toEqual(['CHECK', 'VALIDATION']);
    step('OPER_TAKE', 'OPER', 1);
    expect([client(), oper()]).toEqual(['CHECK', 'IN_VALIDATION']);
    step('OPER_SEND_TO_PARTNERS', 'OPER', 2, { partnerIds: [A, B, C] });
    expect(statuses(repo)).toEqual({
      order: 'ACTIVE',
      offers: { [A]: 'ALLOWED', [B]: 'ALLOWED', [C]: 'ALLOWED' },
      payments: [],
    });
    expect([client(), oper()]).toEqual(['WAITING_FOR_OFFERS', 'ON_REVIEW']);

    step('PARTNER_TAKE', 'PARTNER', 3, { offerOf: A });
    step('PARTNER_SAVE_OFFER', 'PARTNER', 4, { offerOf: A });
    expect([client(), oper()]).toEqual(['WAITING_FOR_OFFERS', 'ON_REVIEW']);
    step('PARTNER_SEND_OFFER', 'PARTNER', 5, { offerOf: A });
    step('PARTNER_TAKE', 'PARTNER', 6, { offerOf: B });
    step('PARTNER_SEND_OFFER', 'PARTNER', 7, { offerOf: B });
    expect(statuses(repo).offers).toEqual({ [A]: 'SEND_OFFER', [B]: 'SEND_OFFER', [C]: 'ALLOWED' });
    expect([client(), oper()]).toEqual(['HAS_OFFERS', 'OFFER']);

    step('CLIENT_ACCEPT_OFFER', 'CLIENT', 8, { offerOf: A });
    expect(statuses(repo)).toEqual({
      order: 'OFFER_ACCEPTED',
      offers: { [A]: 'ACCEPTED', [B]: 'SIGNED_ANOTHER_OFFER', [C]: 'SIGNED_ANOTHER_OFFER' },
      payments: [],
    });
    expect([client(), oper()]).toEqual(['OFFER_ACCEPTED', 'OFFER']);

    step('PARTNER_SEND_OFFER_DOCS', 'PARTNER', 9, { offerOf: A });
    expect([client(), oper()]).toEqual(['REQUIRES_SIGNATURE', 'OFFER']);
    step('CLIENT_CONFIRM_OFFER_DOCS', 'CLIENT', 10, { offerOf: A });
    expect([client(), oper()]).toEqual(['WAITING_FOR_PAYMENT_ORDER', 'ACCEPTED_OFFER_DOCS']);

    step('PARTNER_SEND_PAYCHECK', 'PARTNER', 11, { offerOf: A });
    expect(statuses(repo).payments).toEqual(['ACTIVE']);
    step('PARTNER_SEND_PAYCHECK', 'PARTNER', 12, { offerOf: A }); // the bill is reissued (§4 step 6)
    expect(statuses(repo).payments).toEqual(['ARCHIVED', 'ACTIVE']);
    expect([client(), oper()]).toEqual(['PAYMENT', 'SEND_PAYCHECK']);

    step('CLIENT_MARK_PAID', 'CLIENT', 13, { offerOf: A });
    expect(statuses(repo)).toMatchObject({
      order: 'PAYMENT_CHECKING',
      offers: { [A]: 'PAYMENT_CHECKING' },
      payments: ['ARCHIVED', 'CHECK_PAYMENT'],
    });
    expect([client(), oper()]).toEqual(['PAYMENT_CHECKING', 'PAYMENT_CHECKING']);

    step('PARTNER_CONFIRM_PAYMENT', 'PARTNER', 14, { offerOf: A });
    expect(statuses(repo)).toMatchObject({
      order: 'EXECUTING',
      offers: { [A]: 'EXECUTING' },
      payments: ['ARCHIVED', 'PAYMENT_CONFIRMED'],
    });
    expect([client(), oper()]).toEqual(['EXECUTING', 'EXECUTING']);

    step('PARTNER_SEND_FINAL_DOCS', 'PARTNER', 15, { offerOf: A });
    expect([client(), oper()]).toEqual(['REQUIRES_SIGNATURE', 'SEND_EXECUTING_DOCS']);
    step('CLIENT_CONFIRM_FINAL_DOCS', 'CLIENT', 16, { offerOf: A });
    expect(statuses(repo)).toEqual({
      order: 'EXECUTED',
      offers: { [A]: 'EXECUTED', [B]: 'SIGNED_ANOTHER_OFFER', [C]: 'SIGNED_ANOTHER_OFFER' },
      payments: ['ARCHIVED', 'PAYMENT_CONFIRMED'],
    });
    expect([client(), oper()]).toEqual(['EXECUTED', 'EXECUTED']);

    const orderHistory = repo.history.filter((h) => h.entity === 'ORDER');
    expect(orderHistory.map((h) => `${h.from}→${h.to}`)).toEqual([
      'VALIDATION→IN_VALIDATION',
      'IN_VALIDATION→ACTIVE',
      'ACTIVE→OFFER_ACCEPTED',
      'OFFER_ACCEPTED→PAYMENT_CHECKING',
      'PAYMENT_CHECKING→EXECUTING',
      'EXECUTING→EXECUTED',
    ]);
    expect(orderHistory[2]).toEqual({
      entity: 'ORDER',
      id: ORDER,
      from: 'ACTIVE',
      to: 'OFFER_ACCEPTED',
      actorRole: 'CLIENT',
      actorId: 50,
      at: at(8).toISOString(),
      comment: null,
    });
    const offerA = repo.offerOf(ORDER, A).id;
    expect(repo.history.filter((h) => h.entity === 'OFFER' && h.id === offerA).map((h) => h.to)).toEqual([
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
    ]);
    expect(repo.history.filter((h) => h.entity === 'OFFER' && h.from === null).map((h) => h.partnerId)).toEqual([
      A,
      B,
      C,
    ]);
    expect(repo.history.filter((h) => h.entity === 'PAYMENT').map((h) => `${h.from}→${h.to}`)).toEqual([
      'null→ACTIVE',
      'ACTIVE→ARCHIVED',
      'null→ACTIVE',
      'ACTIVE→CHECK_PAYMENT',
      'CHECK_PAYMENT→PAYMENT_CONFIRMED',
    ]);
    // Nothing is possible after the end.
    expect(repo.plan('CLIENT_CANCEL', { orderId: ORDER, role: 'CLIENT', now: at(17) })).toMatchObject({
      ok: false,
      code: 'INVALID_STATE',
    });
    expect(repo.plan('OPER_CLOSE', { orderId: ORDER, role: 'OPER', comment: 'x', now: at(17) })).toMatchObject({
      ok: false,
      code: 'INVALID_STATE',
    });
  });

  it('a non-signing agent makes the documents "requires confirmation"', () => {
    const repo = new MemoryDealRepo();
    withOffers(repo);
    const b = repo.offerOf(ORDER, B).id;
    repo.run('CLIENT_ACCEPT_OFFER', { orderId: ORDER, offerId: b, role: 'CLIENT', now: at(10) });
    repo.run('PARTNER_SEND_OFFER_DOCS', { orderId: ORDER, offerId: b, role: 'PARTNER', now: at(11) });
    expect(clientDisplayStatus('OFFER_ACCEPTED', repo.offersOf(ORDER)).code).toBe('REQUIRES_CONFIRMATION');
  });
});

describe('exits (spec core §4 "Exits")', () => {
  let repo: MemoryDealRepo;
  beforeEach(() => {
    repo = new MemoryDealRepo();
  });

  it('client cancels while offers are open: every open offer REFUSE_OPER, refused ones stay REJECTED', () => {
    withOffers(repo);
    const c = repo.offerOf(ORDER, C).id;
    repo.run('PARTNER_REJECT', {
      orderId: ORDER,
      offerId: c,
      role: 'PARTNER',
      comment: 'Не работаем со страной',
      now: at(5),
    });
    repo.run('CLIENT_CANCEL', { orderId: ORDER, role: 'CLIENT', now: at(6) });
    expect(statuses(repo)).toEqual({
      order: 'CANCELED',
      offers: { [A]: 'REFUSE_OPER', [B]: 'REFUSE_OPER', [C]: 'REJECTED' },
      payments: [],
    });
    expect(clientDisplayStatus('CANCELED', repo.offersOf(ORDER)).code).toBe('CANCELED');
  });

  it('client cancels during the check, and after acceptance with a bill issued (the bill is archived)', () => {
    repo.createOrder(ORDER);
    repo.run('CLIENT_CANCEL', { orderId: ORDER, role: 'CLIENT', now: at(1) });
    expect(statuses(repo).order).toBe('CANCELED');

    const other = new MemoryDealRepo();
    withOffers(other);
    const a = other.offerOf(ORDER, A).id;
    other.run('CLIENT_ACCEPT_OFFER', { orderId: ORDER, offerId: a, role: 'CLIENT', now: at(5) });
    other.run('PARTNER_SEND_OFFER_DOCS', { orderId: ORDER, offerId: a, role: 'PARTNER', now: at(6) });
    other.run('CLIENT_CONFIRM_OFFER_DOCS', { orderId: ORDER, offerId: a, role: 'CLIENT', now: at(7) });
    other.run('PARTNER_SEND_PAYCHECK', { orderId: ORDER, offerId: a, role: 'PARTNER', now: at(8) });
    other.run('CLIENT_CANCEL', { orderId: ORDER, role: 'CLIENT', now: at(9) });
    expect(statuses(other)).toEqual({
      order: 'CANCELED',
      offers: { [A]: 'REFUSE_OPER', [B]: 'SIGNED_ANOTHER_OFFER', [C]: 'SIGNED_ANOTHER_OFFER' },
      payments: ['ARCHIVED'],
    });
  });

  it('client cannot cancel once the payment is marked made (transitions.ts decision 5)', () => {
    repo.createOrder(ORDER, 'PAYMENT_CHECKING');
    const r = repo.plan('CLIENT_CANCEL', { orderId: ORDER, role: 'CLIENT', now: at(1) });
    expect(r).toMatchObject({ ok: false, code: 'INVALID_STATE' });
    if (!r.ok) {
      expect(r.message).toBe('Действие «Отменить заявку» недоступно: заявка в статусе «Проверка оплаты»');
      expect(REFUSAL_HTTP_STATUS[r.code]).toBe(409);
    }
  });

  it('agent refuses only with a reason (spec core §5); the reason is in the history', () => {
    withOffers(repo);
    const a = repo.offerOf(ORDER, A).id;
    for (const comment of [undefined, '', '   ']) {
      const r = repo.plan('PARTNER_REJECT', { orderId: ORDER, offerId: a, role: 'PARTNER', comment, now: at(5) });
      expect(r).toEqual({ ok: false, code: 'COMMENT_REQUIRED', message: 'Укажите причину отказа' });
    }
    const long = repo.plan('PARTNER_REJECT', {
      orderId: ORDER,
      offerId: a,
      role: 'PARTNER',
      comment: 'я'.repeat(MAX_COMMENT_LENGTH + 1),
      now: at(5),
    });
    expect(long).toMatchObject({ ok: false, code: 'COMMENT_TOO_LONG' });
    repo.run('PARTNER_REJECT', {
      orderId: ORDER,
      offerId: a,
      role: 'PARTNER',
      actorId: A,
      comment: '  Сумма ниже лимита  ',
      now: at(5),
    });
    expect(statuses(repo)).toMatchObject({ order: 'ACTIVE', offers: { [A]: 'REJECTED', [B]: 'SEND_OFFER' } });
    expect(repo.history.at(-1)).toMatchObject({
      entity: 'OFFER',
      id: a,
      from: 'SEND_OFFER',
      to: 'REJECTED',
      actorRole: 'PARTNER',
      actorId: A,
      comment: 'Сумма ниже лимита',
    });
  });

  it('agent refuses after acceptance: the order returns to ACTIVE, the bill is archived, the operator re-sends (decisions 2, 6)', () => {
    withOffers(repo);
    const a = repo.offerOf(ORDER, A).id;
    repo.run('CLIENT_ACCEPT_OFFER', { orderId: ORDER, offerId: a, role: 'CLIENT', now: at(5) });
    repo.run('PARTNER_SEND_OFFER_DOCS', { orderId: ORDER, offerId: a, role: 'PARTNER', now: at(6) });
    repo.run('CLIENT_CONFIRM_OFFER_DOCS', { orderId: ORDER, offerId: a, role: 'CLIENT', now: at(7) });
    repo.run('PARTNER_SEND_PAYCHECK', { orderId: ORDER, offerId: a, role: 'PARTNER', now: at(8) });
    repo.run('PARTNER_REJECT', {
      orderId: ORDER,
      offerId: a,
      role: 'PARTNER',
      comment: 'Банк-корреспондент отказал',
      now: at(9),
    });
    expect(statuses(repo)).toEqual({
      order: 'ACTIVE',
      offers: { [A]: 'REJECTED', [B]: 'SIGNED_ANOTHER_OFFER', [C]: 'SIGNED_ANOTHER_OFFER' },
      payments: ['ARCHIVED'],
    });
    expect(clientDisplayStatus('ACTIVE', repo.offersOf(ORDER)).code).toBe('WAITING_FOR_OFFERS');
    expect(operatorDisplayStatus('ACTIVE', repo.offersOf(ORDER)).code).toBe('ON_REVIEW');

    expect(
      repo.plan('OPER_SEND_TO_PARTNERS', { orderId: ORDER, role: 'OPER', partnerIds: [A], now: at(10) }),
    ).toMatchObject({ ok: false, code: 'PARTNER_REFUSED', partnerIds: [A] });
    expect(
      repo.plan('OPER_SEND_TO_PARTNERS', { orderId: ORDER, role: 'OPER', partnerIds: [], now: at(10) }),
    ).toMatchObject({ ok: false, code: 'PARTNERS_REQUIRED' });
    const p = repo.run('OPER_SEND_TO_PARTNERS', {
      orderId: ORDER,
      role: 'OPER',
      partnerIds: [B, 104, 104],
      now: at(10),
    });
    expect(p.offerCreates).toEqual([{ partnerId: 104, status: 'ALLOWED' }]);
    expect(p.orderUpdate).toMatchObject({ from: 'ACTIVE', to: 'ACTIVE' });
    expect(statuses(repo).offers).toEqual({
      [A]: 'REJECTED',
      [B]: 'ALLOWED',
      [C]: 'SIGNED_ANOTHER_OFFER',
      104: 'ALLOWED',
    });
    expect(
      repo.plan('OPER_SEND_TO_PARTNERS', { orderId: ORDER, role: 'OPER', partnerIds: [104], now: at(11) }),
    ).toMatchObject({ ok: false, code: 'PARTNER_ALREADY_SENT', partnerIds: [104] });
  });

  it('operator rejects during the check only with a comment', () => {
    repo.createOrder(ORDER);
    expect(repo.plan('OPER_REJECT', { orderId: ORDER, role: 'OPER', now: at(1) })).toEqual({
      ok: false,
      code: 'COMMENT_REQUIRED',
      message: 'Укажите комментарий',
    });
    repo.run('OPER_TAKE', { orderId: ORDER, role: 'OPER', now: at(1) });
    repo.run('OPER_REJECT', { orderId: ORDER, role: 'OPER', actorId: 1, comment: 'Нет контракта', now: at(2) });
    expect(statuses(repo).order).toBe('REJECTED');
    expect(repo.history.at(-1)).toMatchObject({
      entity: 'ORDER',
      from: 'IN_VALIDATION',
      to: 'REJECTED',
      comment: 'Нет контракта',
    });
    expect(clientDisplayStatus('REJECTED', []).label).toBe('Отклонена сервисом');
  });

  it('operator closes with a comment while offers are open', () => {
    withOffers(repo);
    expect(repo.plan('OPER_CLOSE', { orderId: ORDER, role: 'OPER', now: at(5) })).toMatchObject({
      ok: false,
      code: 'COMMENT_REQUIRED',
    });
    repo.run('OPER_CLOSE', { orderId: ORDER, role: 'OPER', comment: 'Клиент не выходит на связь', now: at(5) });
    expect(statuses(repo)).toEqual({
      order: 'REJECTED',
      offers: { [A]: 'REFUSE_OPER', [B]: 'REFUSE_OPER', [C]: 'REFUSE_OPER' },
      payments: [],
    });
    expect(operatorDisplayStatus('REJECTED', repo.offersOf(ORDER)).code).toBe('REJECTED');
  });

  it('operator closes an executing deal: the confirmed payment stays a fact (decision 9)', () => {
    withOffers(repo);
    const a = repo.offerOf(ORDER, A).id;
    for (const [action, role] of [
      ['CLIENT_ACCEPT_OFFER', 'CLIENT'],
      ['PARTNER_SEND_OFFER_DOCS', 'PARTNER'],
      ['CLIENT_CONFIRM_OFFER_DOCS', 'CLIENT'],
      ['PARTNER_SEND_PAYCHECK', 'PARTNER'],
      ['CLIENT_MARK_PAID', 'CLIENT'],
    ] as const)
      repo.run(action, { orderId: ORDER, offerId: a, role, now: at(6) });
    // The operator may confirm the payment too (spec core §7 operator "pay-checks confirm").
    repo.run('PARTNER_CONFIRM_PAYMENT', { orderId: ORDER, offerId: a, role: 'OPER', now: at(7) });
    repo.run('OPER_CLOSE', { orderId: ORDER, role: 'OPER', comment: 'Возврат средств', now: at(8) });
    expect(statuses(repo)).toEqual({
      order: 'REJECTED',
      offers: { [A]: 'REFUSE_OPER', [B]: 'SIGNED_ANOTHER_OFFER', [C]: 'SIGNED_ANOTHER_OFFER' },
      payments: ['PAYMENT_CONFIRMED'],
    });
  });

  it('operator closes during the payment check: the bill under check is archived', () => {
    withOffers(repo);
    const a = repo.offerOf(ORDER, A).id;
    for (const [action, role] of [
      ['CLIENT_ACCEPT_OFFER', 'CLIENT'],
      ['PARTNER_SEND_OFFER_DOCS', 'PARTNER'],
      ['CLIENT_CONFIRM_OFFER_DOCS', 'CLIENT'],
      ['PARTNER_SEND_PAYCHECK', 'PARTNER'],
      ['CLIENT_MARK_PAID', 'CLIENT'],
    ] as const)
      repo.run(action, { orderId: ORDER, offerId: a, role, now: at(6) });
    repo.run('OPER_CLOSE', { orderId: ORDER, role: 'OPER', comment: 'Оплата не поступила', now: at(8) });
    expect(statuses(repo).payments).toEqual(['ARCHIVED']);
  });

  it('marking paid or confirming needs the bill in the right status', () => {
    withOffers(repo);
    const a = repo.offerOf(ORDER, A).id;
    const snap = repo.snapshot(ORDER, a);
    const r = planTransition('CLIENT_MARK_PAID', {
      ...snap,
      offer: { ...snap.offer!, status: 'SEND_PAYCHECK' },
      order: { ...snap.order, status: 'OFFER_ACCEPTED' },
      actorRole: 'CLIENT',
      now: at(1),
    });
    expect(r).toEqual({ ok: false, code: 'PAYMENT_NOT_FOUND', message: 'Нет выставленного счёта на оплату' });
  });

  it('unknown actions and missing offers are refused as data', () => {
    withOffers(repo);
    expect(
      planTransition('HACK', {
        actorRole: 'OPER',
        order: { id: 1, status: 'ACTIVE', version: 1 },
        otherOffers: [],
        now: T0,
      }),
    ).toEqual({ ok: false, code: 'UNKNOWN_ACTION', message: 'Неизвестное действие' });
    expect(repo.plan('PARTNER_TAKE', { orderId: ORDER, role: 'PARTNER', now: T0 })).toMatchObject({
      ok: false,
      code: 'OFFER_REQUIRED',
    });
    const r = repo.plan('PARTNER_TAKE', {
      orderId: ORDER,
      role: 'CLIENT',
      offerId: repo.offerOf(ORDER, C).id,
      now: T0,
    });
    expect(r).toEqual({
      ok: false,
      code: 'FORBIDDEN_ROLE',
      message: 'Действие «Взять заявку в работу» недоступно для вашей роли',
    });
  });
});

describe('concurrency: compare-and-set lets exactly one of two actions win', () => {
  it('two accepts of different offers planned from the same versions: the first wins, the second is stale', () => {
    const repo = new MemoryDealRepo();
    withOffers(repo);
    const a = repo.offerOf(ORDER, A).id;
    const b = repo.offerOf(ORDER, B).id;
    const first = plan(repo.plan('CLIENT_ACCEPT_OFFER', { orderId: ORDER, offerId: a, role: 'CLIENT', now: at(10) }));
    const second = plan(repo.plan('CLIENT_ACCEPT_OFFER', { orderId: ORDER, offerId: b, role: 'CLIENT', now: at(10) }));
    expect(first.orderUpdate!.expectedVersion).toBe(second.orderUpdate!.expectedVersion);
    expect(repo.apply(first, ORDER)).toBe(true);
    const historyLength = repo.history.length;
    expect(repo.apply(second, ORDER)).toBe(false);
    expect(repo.history.length).toBe(historyLength);
    expect(statuses(repo).offers).toEqual({
      [A]: 'ACCEPTED',
      [B]: 'SIGNED_ANOTHER_OFFER',
      [C]: 'SIGNED_ANOTHER_OFFER',
    });
    // Re-planned on fresh data, the loser is told why.
    expect(repo.plan('CLIENT_ACCEPT_OFFER', { orderId: ORDER, offerId: b, role: 'CLIENT', now: at(11) })).toMatchObject(
      { ok: false, code: 'INVALID_STATE' },
    );
  });

  it('the same accept sent twice (double click) applies once', () => {
    const repo = new MemoryDealRepo();
    withOffers(repo);
    const a = repo.offerOf(ORDER, A).id;
    const p1 = plan(repo.plan('CLIENT_ACCEPT_OFFER', { orderId: ORDER, offerId: a, role: 'CLIENT', now: at(10) }));
    const p2 = plan(repo.plan('CLIENT_ACCEPT_OFFER', { orderId: ORDER, offerId: a, role: 'CLIENT', now: at(10) }));
    expect([repo.apply(p1, ORDER), repo.apply(p2, ORDER)]).toEqual([true, false]);
    expect(repo.history.filter((h) => h.entity === 'ORDER' && h.to === 'OFFER_ACCEPTED')).toHaveLength(1);
  });

  it('two operators take the same order: one becomes the validator', () => {
    const repo = new MemoryDealRepo();
    repo.createOrder(ORDER);
    const p1 = plan(repo.plan('OPER_TAKE', { orderId: ORDER, role: 'OPER', actorId: 1, now: at(1) }));
    const p2 = plan(repo.plan('OPER_TAKE', { orderId: ORDER, role: 'OPER', actorId: 2, now: at(1) }));
    expect([repo.apply(p2, ORDER), repo.apply(p1, ORDER)]).toEqual([true, false]);
    expect(repo.history.filter((h) => h.entity === 'ORDER')).toEqual([
      expect.objectContaining({ actorId: 2, to: 'IN_VALIDATION' }),
    ]);
  });

  it('an agent sending an offer while the client accepts another: whichever applies second loses', () => {
    for (const acceptFirst of [true, false]) {
      const repo = new MemoryDealRepo();
      withOffers(repo);
      const c = repo.offerOf(ORDER, C).id;
      const a = repo.offerOf(ORDER, A).id;
      repo.run('PARTNER_TAKE', { orderId: ORDER, offerId: c, role: 'PARTNER', now: at(5) });
      const send = plan(repo.plan('PARTNER_SEND_OFFER', { orderId: ORDER, offerId: c, role: 'PARTNER', now: at(6) }));
      const accept = plan(repo.plan('CLIENT_ACCEPT_OFFER', { orderId: ORDER, offerId: a, role: 'CLIENT', now: at(6) }));
      const results = acceptFirst
        ? [repo.apply(accept, ORDER), repo.apply(send, ORDER)]
        : [repo.apply(send, ORDER), repo.apply(accept, ORDER)];
      expect(results).toEqual([true, false]);
      repo.checkInvariant(ORDER);
    }
  });

  it('agents of one order act on their own offers without conflicting (the order row is not locked)', () => {
    const repo = new MemoryDealRepo();
    repo.createOrder(ORDER);
    repo.run('OPER_TAKE', { orderId: ORDER, role: 'OPER', now: at(1) });
    repo.run('OPER_SEND_TO_PARTNERS', { orderId: ORDER, role: 'OPER', partnerIds: [A, B], now: at(2) });
    const pa = plan(
      repo.plan('PARTNER_TAKE', { orderId: ORDER, offerId: repo.offerOf(ORDER, A).id, role: 'PARTNER', now: at(3) }),
    );
    const pb = plan(
      repo.plan('PARTNER_TAKE', { orderId: ORDER, offerId: repo.offerOf(ORDER, B).id, role: 'PARTNER', now: at(3) }),
    );
    expect(pa.orderUpdate).toBeUndefined();
    expect([repo.apply(pa, ORDER), repo.apply(pb, ORDER)]).toEqual([true, true]);
  });

  it('sending to more agents while the client accepts: one of them loses (the order row is locked by both)', () => {
    const repo = new MemoryDealRepo();
    withOffers(repo);
    const send = plan(
      repo.plan('OPER_SEND_TO_PARTNERS', { orderId: ORDER, role: 'OPER', partnerIds: [104], now: at(6) }),
    );
    const accept = plan(
      repo.plan('CLIENT_ACCEPT_OFFER', {
        orderId: ORDER,
        offerId: repo.offerOf(ORDER, A).id,
        role: 'CLIENT',
        now: at(6),
      }),
    );
    expect([repo.apply(accept, ORDER), repo.apply(send, ORDER)]).toEqual([true, false]);
  });
});

describe('order-level actions sweep every offer of the order', () => {
  it('an offer passed as `offer` to CLIENT_CANCEL is swept like the others', () => {
    const r = planTransition('CLIENT_CANCEL', {
      actorRole: 'CLIENT',
      order: { id: 1, status: 'ACTIVE', version: 3 },
      now: T0,
      offer: { id: 10, status: 'SEND_OFFER', version: 2 },
      otherOffers: [
        { id: 11, status: 'ALLOWED', version: 1 },
        { id: 12, status: 'REJECTED', version: 4 },
      ],
    });
    expect(plan(r).offerUpdates).toEqual([
      { offerId: 11, from: 'ALLOWED', to: 'REFUSE_OPER', expectedVersion: 1 },
      { offerId: 10, from: 'SEND_OFFER', to: 'REFUSE_OPER', expectedVersion: 2 },
    ]);
    expect(plan(r).orderUpdate).toEqual({ orderId: 1, from: 'ACTIVE', to: 'CANCELED', expectedVersion: 3 });
  });
});
