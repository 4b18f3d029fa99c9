/**
 * Recommendations and the operators' inbox through the gateway over a real backend (issue 11): a visitor's callback
 * from the partners' page (/callback/agent) and a client's recommendation (Mutation.recommendClient, with field errors
 * as UserError) appear in Administration.inbox with their fields, inboxNewCount counts them, setInboxItemStatus marks
 * one handled (and the audit log names it with AuditEntityType CALLBACK_REQUEST), and the inbox is null without the
 * CLIENTS right.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOperator } from '../support/admin.js';
import { signIn, signInOperator } from '../support/deal.js';
import { GqlClient, ok, startStack, type Stack } from '../support/stack.js';

const RECOMMEND = `mutation Recommend($input: RecommendClientInput!) { recommendClient(input: $input) { __typename
  ... on RecommendClientSuccess { recommendationId }
  ... on UserError { code message fieldErrors { field code message } } } }`;

const INBOX = `query Inbox($kind: InboxItemKind, $status: InboxItemStatus, $type: String, $first: Int, $after: String) {
  viewer { administration { inboxNewCount
    inbox(kind: $kind, status: $status, type: $type, first: $first, after: $after) { totalCount
      pageInfo { hasNextPage endCursor }
      edges { node { id kind itemId type typeLabel name companyName inn phone email comment createdAt status handledAt
        handledBy { userId name surname email } recommender { companyId shortName inn } } } } } } }`;

const CALLBACK = `mutation Callback($input: RequestCallbackInput!) { requestCallback(input: $input) { __typename
  ... on CallbackRequested { requestId } ... on UserError { code message } } }`;

const SET_STATUS = `mutation Set($input: SetInboxItemStatusInput!) { setInboxItemStatus(input: $input) { __typename
  ... on SetInboxItemStatusSuccess { item { id status handledAt handledBy { email } } }
  ... on UserError { code message } } }`;

const AUDIT = `query Audit { viewer { administration { auditLog(filter: { entityType: CALLBACK_REQUEST }) {
  edges { node { action actionLabel entityType entityId } } } } } }`;

describe("recommendations and the operators' inbox through the gateway (issue 11)", () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack();
    await insertOperator(stack, 'inbox-no-right@example.com');
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('a callback and a recommendation reach the inbox; the operator marks the callback handled', async () => {
    // A visitor's callback from the partners' page (the public site's form sends topic "agent": /callback/agent).
    const visitor = new GqlClient(stack.url);
    const requested = (
      await ok(visitor, CALLBACK, {
        input: { name: 'Олег Партнёров', phone: '9032223344', comment: 'Хочу стать партнёром', topic: 'agent' },
      })
    ).requestCallback;
    expect(requested.__typename).toBe('CallbackRequested');

    const { c: client } = await signIn(stack.url, 'client@example.com', 'CLIENT');
    const bad = (await ok(client, RECOMMEND, { input: { companyName: '', contactName: 'Иван', phone: '123' } }))
      .recommendClient;
    expect(bad.__typename).toBe('UserError');
    expect(bad.code).toBe('VALIDATION_ERROR');
    expect(bad.fieldErrors).toEqual(
      expect.arrayContaining([
        { field: 'companyName', code: 'REQUIRED', message: 'Обязательное поле' },
        { field: 'phone', code: 'PHONE_INVALID', message: 'Номер телефона — 10 цифр' },
      ]),
    );
    const good = (
      await ok(client, RECOMMEND, {
        input: {
          companyName: 'ООО «Ромашка»',
          inn: '7707083893',
          contactName: 'Иван Петров',
          phone: '9161234567',
          email: 'Ivan@Romashka.ru',
          comment: '',
        },
      })
    ).recommendClient;
    expect(good.__typename).toBe('RecommendClientSuccess');

    const oper = await signInOperator(stack.url);
    const adm = (await ok(oper, INBOX, {})).viewer.administration;
    const nodes = adm.inbox.edges.map((e: { node: Record<string, unknown> }) => e.node);
    const rec = nodes.find((n: { kind: string }) => n.kind === 'RECOMMENDATION');
    expect(rec).toMatchObject({
      itemId: good.recommendationId,
      type: 'RECOMMENDATION',
      typeLabel: 'Рекомендация клиента',
      name: 'Иван Петров',
      companyName: 'ООО «Ромашка»',
      inn: '7707083893',
      email: 'ivan@romashka.ru',
      comment: null,
      status: 'NEW',
      handledBy: null,
      recommender: { inn: '7707393126' },
    });
    expect(adm.inboxNewCount).toBe(adm.inbox.totalCount);

    const agent = (await ok(oper, INBOX, { kind: 'CALLBACK', type: 'AGENT' })).viewer.administration.inbox;
    expect(agent.totalCount).toBe(1);
    const call = agent.edges[0].node;
    expect(call.itemId).toBe(requested.requestId);
    expect(call).toMatchObject({
      kind: 'CALLBACK',
      type: 'AGENT',
      typeLabel: 'Стать партнёром',
      name: 'Олег Партнёров',
      phone: '9032223344',
      companyName: null,
      recommender: null,
    });
    const bad2 = await oper.gql(INBOX, { type: 'agent; drop' });
    expect(bad2.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');

    const set = (await ok(oper, SET_STATUS, { input: { id: call.id, status: 'HANDLED' } })).setInboxItemStatus;
    expect(set).toMatchObject({ __typename: 'SetInboxItemStatusSuccess', item: { id: call.id, status: 'HANDLED' } });
    expect(set.item.handledBy.email).toBe('operator@example.com');
    expect(set.item.handledAt).not.toBeNull();
    const again = (await ok(oper, SET_STATUS, { input: { id: call.id, status: 'HANDLED' } })).setInboxItemStatus;
    expect(again).toMatchObject({ __typename: 'UserError', code: 'STATUS_UNCHANGED' });
    const unknown = (await ok(oper, SET_STATUS, { input: { id: 'bm9wZQ==', status: 'HANDLED' } })).setInboxItemStatus;
    expect(unknown).toMatchObject({ __typename: 'UserError', code: 'INBOX_ITEM_NOT_FOUND' });
    const after = (await ok(oper, INBOX, { status: 'NEW' })).viewer.administration;
    expect(after.inboxNewCount).toBe(adm.inboxNewCount - 1);
    expect(after.inbox.edges.map((e: { node: { id: string } }) => e.node.id)).not.toContain(call.id);

    const audit = (await ok(oper, AUDIT)).viewer.administration.auditLog.edges;
    expect(audit[0].node).toMatchObject({
      action: 'CALLBACK_STATUS_CHANGE',
      actionLabel: 'Смена статуса обращения',
      entityType: 'CALLBACK_REQUEST',
      entityId: String(call.itemId),
    });
  });

  it('is null without the CLIENTS right; recommendClient is refused to an operator', async () => {
    const noRight = await signInOperator(stack.url, 'inbox-no-right@example.com');
    const adm = (await ok(noRight, INBOX, {})).viewer.administration;
    expect(adm).toMatchObject({ inbox: null, inboxNewCount: null });
    const refused = (
      await ok(noRight, RECOMMEND, {
        input: { companyName: 'ООО «Ромашка»', contactName: 'Иван', phone: '9161234567' },
      })
    ).recommendClient;
    expect(refused).toMatchObject({ __typename: 'UserError', code: 'FORBIDDEN' });
    const set = (await ok(noRight, SET_STATUS, { input: { id: 'SW5ib3hJdGVtOkNBTExCQUNLOjE=', status: 'HANDLED' } }))
      .setInboxItemStatus;
    expect(set).toMatchObject({ __typename: 'UserError', code: 'RIGHT_REQUIRED' });
  });
});
