/**
 * The debit card lead through the gateway over a real backend (issue 13; spec core §1, §5, §7
 * POST /api/public/lead/card/debit): Mutation.requestCardDebitLead stores a lead (field errors as UserError with the
 * §5 messages), the operator sees it in Administration.inbox as kind LEAD with the power of attorney and the city,
 * marks it handled (audit entity CARD_LEAD); and the rate limit of the public forms reaches the browser as UserError
 * RATE_LIMITED with retryAfterSeconds, counted per browser address — the gateway passes it on in X-Forwarded-For.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInOperator } from '../support/deal.js';
import { GqlClient, ok, startStack, type Stack } from '../support/stack.js';

const LEAD = `mutation Lead($input: CardDebitLeadInput!) { requestCardDebitLead(input: $input) { __typename
  ... on CardDebitLeadCreated { leadId }
  ... on UserError { code message retryAfterSeconds fieldErrors { field code message } } } }`;

const CALLBACK = `mutation Callback($input: RequestCallbackInput!) { requestCallback(input: $input) { __typename
  ... on CallbackRequested { requestId } ... on UserError { code message retryAfterSeconds } } }`;

const INBOX = `query Inbox($kind: InboxItemKind) { viewer { administration { inboxNewCount
  inbox(kind: $kind, first: 50) { totalCount edges { node { id kind itemId type typeLabel name phone email comment
    powerOfAttorney city status handledBy { email } } } } } } }`;

const SET_STATUS = `mutation Set($input: SetInboxItemStatusInput!) { setInboxItemStatus(input: $input) { __typename
  ... on SetInboxItemStatusSuccess { item { id status } } ... on UserError { code message } } }`;

const AUDIT = `query Audit { viewer { administration { auditLog(filter: { entityType: CARD_LEAD }) {
  edges { node { action actionLabel entityType entityId } } } } } }`;

const GOOD = { name: 'Анна Картина', phone: '9161234567', powerOfAttorney: true, city: 'Казань' };

/** A browser behind a proxy that says it is `address` (X-Forwarded-For to the gateway). */
class ForwardedClient extends GqlClient {
  constructor(
    baseUrl: string,
    private readonly address: string,
  ) {
    super(baseUrl);
  }
  override headers(extra: Record<string, string> = {}): Record<string, string> {
    return super.headers({ ...extra, 'x-forwarded-for': this.address });
  }
}

describe('the debit card lead through the gateway (issue 13)', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('stores a lead, answers bad input with field errors, and the operator handles it in the inbox', async () => {
    const visitor = new GqlClient(stack.url);
    const bad = (await ok(visitor, LEAD, { input: { ...GOOD, name: ' ', phone: '+7 916', email: 'nope' } }))
      .requestCardDebitLead;
    expect(bad).toMatchObject({ __typename: 'UserError', code: 'VALIDATION_ERROR' });
    expect(bad.fieldErrors).toEqual([
      { field: 'name', code: 'REQUIRED', message: 'Обязательное поле' },
      { field: 'phone', code: 'PHONE_INVALID', message: 'Номер телефона — 10 цифр' },
      { field: 'email', code: 'EMAIL_INVALID', message: 'Проверьте корректность данных' },
    ]);

    const created = (
      await ok(visitor, LEAD, { input: { ...GOOD, email: 'Anna@Example.com', comment: 'Карта банка Армении' } })
    ).requestCardDebitLead;
    expect(created.__typename).toBe('CardDebitLeadCreated');
    expect(created.leadId).toBeGreaterThan(0);

    const oper = await signInOperator(stack.url);
    const admin = (await ok(oper, INBOX, { kind: 'LEAD' })).viewer.administration;
    expect(admin.inbox.totalCount).toBe(1);
    const node = admin.inbox.edges[0].node;
    expect(node).toMatchObject({
      kind: 'LEAD',
      itemId: created.leadId,
      type: 'CARD_DEBIT',
      typeLabel: 'Заявка на дебетовую карту',
      name: 'Анна Картина',
      phone: '9161234567',
      email: 'anna@example.com',
      comment: 'Карта банка Армении',
      powerOfAttorney: true,
      city: 'Казань',
      status: 'NEW',
      handledBy: null,
    });
    const newBefore = admin.inboxNewCount;

    const set = (await ok(oper, SET_STATUS, { input: { id: node.id, status: 'HANDLED' } })).setInboxItemStatus;
    expect(set).toMatchObject({ __typename: 'SetInboxItemStatusSuccess', item: { id: node.id, status: 'HANDLED' } });
    expect((await ok(oper, INBOX, {})).viewer.administration.inboxNewCount).toBe(newBefore - 1);
    const audit = (await ok(oper, AUDIT)).viewer.administration.auditLog.edges.map((e: { node: unknown }) => e.node);
    expect(audit).toContainEqual({
      action: 'LEAD_STATUS_CHANGE',
      actionLabel: 'Смена статуса заявки на карту',
      entityType: 'CARD_LEAD',
      entityId: String(created.leadId),
    });
  });
});

describe('the rate limit of the public forms through the gateway (issue 13)', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({
      backendConfig: {
        publicRateLimit: {
          forms: { max: 2, windowSeconds: 60 },
          calculator: { max: 60, windowSeconds: 60 },
          redisPrefix: 'platform-backend-rate-limit:',
        },
      },
    });
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('refuses the third form from one browser address with RATE_LIMITED; another address still passes', async () => {
    const browser = new ForwardedClient(stack.url, '198.51.100.10');
    expect((await ok(browser, LEAD, { input: GOOD })).requestCardDebitLead.__typename).toBe('CardDebitLeadCreated');
    expect(
      (await ok(browser, CALLBACK, { input: { name: 'Олег', phone: '9260001122' } })).requestCallback.__typename,
    ).toBe('CallbackRequested');
    const over = (await ok(browser, LEAD, { input: GOOD })).requestCardDebitLead;
    expect(over).toMatchObject({
      __typename: 'UserError',
      code: 'RATE_LIMITED',
      message: 'Слишком много запросов. Попробуйте позже.',
    });
    expect(over.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    const overCallback = (await ok(browser, CALLBACK, { input: { name: 'Олег', phone: '9260001122' } }))
      .requestCallback;
    expect(overCallback).toMatchObject({ __typename: 'UserError', code: 'RATE_LIMITED' });

    const neighbour = new ForwardedClient(stack.url, '198.51.100.11');
    expect((await ok(neighbour, LEAD, { input: GOOD })).requestCardDebitLead.__typename).toBe('CardDebitLeadCreated');
  });
});
