/**
 * Helpers of the deal tests (deal-*.test.ts, issue 3): the demo actors, an order brought to a given stage through
 * the real routes where they exist (client create, operator take/send, agent take/offer) and through the deal
 * repository (src/deal/repository.ts, the path every route uses) for the agent's later steps.
 */
import { and, eq } from 'drizzle-orm';
import { partnerOrders } from '../src/db/schema/orders.js';
import { runTransition } from '../src/deal/repository.js';
import type { DealAction } from '@platform/domain/deal/rules';
import type { TestApp, TestClient } from './harness.js';
import { activeOrder, offerBody, partnerCompanyId, PORDER, userOf } from './deal-partner-helpers.js';
import { created, day, orderInput } from './orders-helpers.js';

export const OPER = '/api/secured/oper/order/exch';
export const CLIENT = '/api/secured/client/order/exch';
export { activeOrder, partnerCompanyId, userOf, PORDER };

/** The order sent to both demo agents (ACTIVE, offers ALLOWED): {@link activeOrder} with the actors' ids. */
export function activeOrderOfBoth(t: TestApp, a: Actors): Promise<number> {
  return activeOrder(t, a.client, [a.p1Id, a.p2Id]);
}

export interface Actors {
  client: TestClient;
  oper: TestClient;
  p1: TestClient;
  p2: TestClient;
  p1Id: number;
  p2Id: number;
}

export async function actors(t: TestApp): Promise<Actors> {
  return {
    client: await t.signedIn('client@example.com'),
    oper: await t.signedIn('operator@example.com'),
    p1: await t.signedIn('partner1@example.com'),
    p2: await t.signedIn('partner2@example.com'),
    p1Id: await partnerCompanyId(t, 'Альфа Платежи'),
    p2Id: await partnerCompanyId(t, 'Бета Трансфер'),
  };
}

function ok(res: { statusCode: number; body: string }, what: string, codes = [200, 201]): void {
  if (!codes.includes(res.statusCode)) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
}

/** A new request (VALIDATION) of client@example.com; returns its id. */
export async function newOrder(t: TestApp, a: Actors, over: Record<string, unknown> = {}): Promise<number> {
  return (await created(a.client, orderInput(t, over))).id as number;
}

/** An agent takes the order and sends an offer (SEND_OFFER) through the partner routes; `to`: last day of the term. */
export async function sendOffer(t: TestApp, p: TestClient, id: number, toDays = 10): Promise<void> {
  ok(await p.post(`${PORDER}/${id}/take`, {}), 'partner take');
  ok(
    await p.post(
      `${PORDER}/${id}/offer/send`,
      offerBody({ day: (n) => day(t, n) }, { paymentDateTo: day(t, toDays), clientFeePercent: '1.5' }),
    ),
    'offer send',
  );
}

/** ACTIVE order with offers of both agents sent. */
export async function orderWithOffers(t: TestApp, a: Actors): Promise<number> {
  const id = await activeOrderOfBoth(t, a);
  await sendOffer(t, a.p1, id);
  await sendOffer(t, a.p2, id);
  return id;
}

export async function partnerOrderId(t: TestApp, orderId: number, partnerId: number): Promise<number> {
  const [po] = await t.db
    .select({ id: partnerOrders.id })
    .from(partnerOrders)
    .where(and(eq(partnerOrders.orderId, orderId), eq(partnerOrders.partnerCompanyId, partnerId)));
  return po.id;
}

/** An agent's step through the repository (as the partner routes do). */
export async function partnerStep(
  t: TestApp,
  email: string,
  action: DealAction,
  orderId: number,
  extra: Record<string, unknown> = {},
): Promise<void> {
  await runTransition(t.db, { action, actor: await userOf(t, email), orderId, now: t.clock.now(), ...extra });
}
