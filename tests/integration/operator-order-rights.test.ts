/**
 * The operator's order actions follow his rights (issue 10: "permissions exposed as fields so the UI never guesses";
 * `@platform/domain/operator/rights`): an operator with only ORDERS_VIEW (the seeded support@example.com, role SUPPORT)
 * reads the request but is offered no action, and the backend refuses the action anyway; an operator with
 * ORDERS_MANAGE (operator@example.com, role ADMIN) is offered the same actions by the deal rules (spec core §4).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../backend/src/db/schema/core.js';
import { orderInput, signIn, signInOperator } from '../support/deal.js';
import { ok, startStack, type Stack } from '../support/stack.js';

const FLAGS = `viewerCanTakeForReview viewerCanEdit viewerCanReject viewerCanSendToPartners viewerCanClose
  viewerCanConfirmPayCheck viewerCanComment`;

let stack: Stack;
let orderGlobalId: string;

beforeAll(async () => {
  stack = await startStack();
  const { c: client } = await signIn(stack.url, 'client@example.com', 'CLIENT');
  const d = await ok(
    client,
    `mutation ($input: OrderInput!) { createOrder(input: $input) { __typename ... on CreateOrderSuccess { order { id } } } }`,
    { input: orderInput() },
  );
  expect(d.createOrder.__typename).toBe('CreateOrderSuccess');
  orderGlobalId = d.createOrder.order.id;
}, 120_000);

afterAll(async () => {
  await stack?.close();
});

describe('operator order actions by right (issue 10; spec core §4 operator actions, §6)', () => {
  it('an operator with ORDERS_VIEW only reads the request and is offered no action; the action is refused', async () => {
    const viewer = await signInOperator(stack.url, 'support@example.com');
    const d = await ok(viewer, `query ($id: ID!) { node(id: $id) { ... on Order { status ${FLAGS} } } }`, {
      id: orderGlobalId,
    });
    expect(d.node).toEqual({
      status: 'VALIDATION',
      viewerCanTakeForReview: false,
      viewerCanEdit: false,
      viewerCanReject: false,
      viewerCanSendToPartners: false,
      viewerCanClose: false,
      viewerCanConfirmPayCheck: false,
      viewerCanComment: false,
    });
    const r = await viewer.gql(
      `mutation ($input: OrderActionInput!) { takeOrderForReview(input: $input) { __typename ... on UserError { code } } }`,
      { input: { orderId: orderGlobalId } },
    );
    expect(r.data?.takeOrderForReview ?? r.errors).toMatchObject({ __typename: 'UserError' });
  });

  it('an operator with ORDERS_MANAGE is offered the actions the deal rules allow', async () => {
    const admin = await signInOperator(stack.url);
    const d = await ok(admin, `query ($id: ID!) { node(id: $id) { ... on Order { status ${FLAGS} } } }`, {
      id: orderGlobalId,
    });
    expect(d.node).toMatchObject({
      status: 'VALIDATION',
      viewerCanTakeForReview: true,
      viewerCanEdit: true,
      viewerCanReject: true,
      viewerCanComment: true,
    });
  });

  it('an operator without the order rights gets null lists instead of errors (issue 10)', async () => {
    // support@example.com with the SUPPORT role replaced by the CLIENTS right alone.
    await stack.backend.db
      .update(users)
      .set({ operatorRoles: [], rights: ['CLIENTS'] })
      .where(eq(users.email, 'support@example.com'));
    const c = await signInOperator(stack.url, 'support@example.com');
    const r = await c.gql('{ viewer { rights operators { userId } activePartners { partnerId } } }');
    expect(r.errors).toBeUndefined();
    expect(r.data.viewer).toEqual({ rights: ['CLIENTS'], operators: null, activePartners: null });
  });
});
