/**
 * Helpers of the payment agent route tests (deal-partner*.test.ts): ids of the demo accounts, and the steps of the
 * other roles (operator sends the order to agents, client accepts, confirms documents, marks the payment made) taken
 * through the deal repository (src/deal/repository.ts runTransition) — the same path their routes use.
 */
import { and, eq } from 'drizzle-orm';
import { companies, users } from '../src/db/schema/core.js';
import { partnerOrders } from '../src/db/schema/orders.js';
import { runTransition } from '../src/deal/repository.js';
import type { DealAction } from '@platform/domain/deal/rules';
import type { AuthUser } from '../src/plugins/auth.js';
import { createTestApp, type Driver, type TestApp, type TestClient } from './harness.js';
import { created, day, freshDataDir, orderInput } from './orders-helpers.js';

export const PBASE = '/api/secured/partner';
export const PORDER = `${PBASE}/order/exch`;

export async function userOf(t: TestApp, email: string): Promise<AuthUser> {
  const [u] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return (await t.app.loadAuthUser(u.id))!;
}

export async function partnerCompanyId(t: TestApp, brand: string): Promise<number> {
  const [c] = await t.db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.kind, 'PARTNER'), eq(companies.brand, brand)));
  return c.id;
}

/** Creates a request as the client and has the operator take it and send it to `partnerIds` (order ACTIVE, offers ALLOWED). */
export async function activeOrder(
  t: TestApp,
  client: TestClient,
  partnerIds: number[],
  over: Record<string, unknown> = {},
): Promise<number> {
  const order = await created(client, orderInput(t, over));
  const oper = await userOf(t, 'operator@example.com');
  await runTransition(t.db, { action: 'OPER_TAKE', actor: oper, orderId: order.id, now: t.clock.now() });
  await runTransition(t.db, {
    action: 'OPER_SEND_TO_PARTNERS',
    actor: oper,
    orderId: order.id,
    partnerIds,
    now: t.clock.now(),
  });
  return order.id as number;
}

/** A client action on the offer of `partnerId` (CLIENT_ACCEPT_OFFER, CLIENT_CONFIRM_OFFER_DOCS, CLIENT_MARK_PAID…). */
export async function clientAction(t: TestApp, action: DealAction, orderId: number, partnerId: number): Promise<void> {
  const client = await userOf(t, 'client@example.com');
  const [po] = await t.db
    .select({ id: partnerOrders.id })
    .from(partnerOrders)
    .where(and(eq(partnerOrders.orderId, orderId), eq(partnerOrders.partnerCompanyId, partnerId)));
  await runTransition(t.db, { action, actor: client, orderId, partnerOrderId: po.id, now: t.clock.now() });
}

/** Status of the offer of `partnerId` in `orderId`. */
export async function offerStatus(t: TestApp, orderId: number, partnerId: number): Promise<string> {
  const [po] = await t.db
    .select({ status: partnerOrders.status })
    .from(partnerOrders)
    .where(and(eq(partnerOrders.orderId, orderId), eq(partnerOrders.partnerCompanyId, partnerId)));
  return po.status;
}

/** A valid offer/send body for a 12 500.00 USD order of partner1 (service fee 0.4 % from its license contract). */
export function offerBody(
  t: { day: (n: number) => string },
  over: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    dealMethod: 'PROTECTED',
    paymentDateFrom: t.day(2),
    paymentDateTo: t.day(10),
    clientFeePercent: '1.5',
    additionalExpenses: [{ amount: '25', currency: 'USD', rate: '92.5', description: 'Комиссия банка-корреспондента' }],
    exchangeRate: { course: '92.5' },
    transactionType: 'SWIFT',
    ...over,
  };
}

/**
 * The payment agents' list world of deal-partner.test.ts and partner-tab-counts.test.ts: a fresh app on `driver`, the
 * client and both agents signed in, and three requests sent to agents — A and B to both, C to alfa only (counterparty
 * in TR, payment term 30–40 days ahead).
 */
export async function partnerListWorld(driver: Driver) {
  const t = await createTestApp({ driver, config: { dataDir: freshDataDir() } });
  const client = await t.signedIn('client@example.com');
  const p1 = await t.signedIn('partner1@example.com');
  const p2 = await t.signedIn('partner2@example.com');
  const alfa = await partnerCompanyId(t, 'Альфа Платежи');
  const beta = await partnerCompanyId(t, 'Бета Трансфер');
  const A = await activeOrder(t, client, [alfa, beta]);
  const B = await activeOrder(t, client, [alfa, beta]);
  const C = await activeOrder(t, client, [alfa], {
    counterparty: { countryCode: 'TR', city: 'Istanbul', bankName: 'Ziraat', swift: null },
    paymentDateFrom: day(t, 30),
    paymentDateTo: day(t, 40),
  });
  return { t, client, p1, p2, alfa, beta, A, B, C };
}
