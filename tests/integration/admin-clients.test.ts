/**
 * Operator administration of clients through the gateway over a real backend (issue 10; spec core §3 "Operator client
 * filter", "Client status", §4 "Other states", §7 Operator client/*): Administration.clients with a filter and
 * totalCount, the card fields, node(id:), changeClientStatus VERIFIED (the client becomes verified), a refused change as
 * UserError, registryCompany, and null for an operator without the CLIENTS right.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOperator } from '../support/admin.js';
import { signIn, signInOperator } from '../support/deal.js';
import { ok, startStack, type GqlClient, type Stack } from '../support/stack.js';

const LIST = `query Clients($filter: AdminClientFilter, $first: Int, $after: String) { viewer { administration {
  clients(filter: $filter, first: $first, after: $after) { totalCount pageInfo { hasNextPage endCursor }
    edges { cursor node { id clientId shortName inn ogrn status verified registeredAt orderCount
      contact { email name surname } } } } } } }`;

const CARD = `query Card($id: ID!) { viewer { administration { client(id: $id) { id clientId status verified
  allowedStatusChanges viewerCanChangeStatus
  company { ogrn inn kpp fullName ceoName legalAddress registrationDate }
  users { userId email status } checklist { countryCodes currencyCodes paymentsNumber }
  requisites { bankBik checkAccount } verification { status verified documents { name status signature { signer } } }
  orderCounts { current completed cancelled total } } } } }`;

const NODE = `query Node($id: ID!) { node(id: $id) { __typename ... on AdminClient { clientId shortName status } } }`;

const CHANGE = `mutation Change($input: ChangeClientStatusInput!) { changeClientStatus(input: $input) { __typename
  ... on ChangeClientStatusSuccess { client { id status verified verifiedAt allowedStatusChanges } }
  ... on UserError { code message } } }`;

const REGISTRY = `query Registry($ogrn: String!) { viewer { administration {
  registryCompany(ogrn: $ogrn) { ogrn inn shortName ceo } } } }`;

describe('client administration through the gateway (issue 10)', () => {
  let stack: Stack;
  let oper: GqlClient;

  beforeAll(async () => {
    stack = await startStack();
    await insertOperator(stack, 'no-clients@example.com');
    oper = await signInOperator(stack.url);
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('lists clients with a filter and totalCount, pages with cursors, and shows the card (spec core §3, §9)', async () => {
    const all = (await ok(oper, LIST, {})).viewer.administration.clients;
    expect(all.totalCount).toBeGreaterThanOrEqual(2);
    const byInn = (await ok(oper, LIST, { filter: { nameInn: '9701160591' } })).viewer.administration.clients;
    expect(byInn.totalCount).toBe(1);
    const newcomer = byInn.edges[0].node;
    expect(newcomer).toMatchObject({
      shortName: 'ООО «Новый Импорт»',
      status: 'NEW',
      verified: false,
      contact: { email: 'newclient@example.com' },
    });
    const byName = (await ok(oper, LIST, { filter: { nameInn: 'вэд трейд', status: 'VERIFIED' } })).viewer
      .administration.clients;
    expect(byName.edges.map((e: { node: { inn: string } }) => e.node.inn)).toEqual(['7707393126']);
    const first = (await ok(oper, LIST, { first: 1 })).viewer.administration.clients;
    expect(first.pageInfo.hasNextPage).toBe(true);
    const second = (await ok(oper, LIST, { first: 1, after: first.pageInfo.endCursor })).viewer.administration.clients;
    expect(second.edges[0].node.id).not.toBe(first.edges[0].node.id);
    const future = (await ok(oper, LIST, { filter: { registeredFrom: '2999-01-01' } })).viewer.administration.clients;
    expect(future.totalCount).toBe(0);
    const bad = await oper.gql(LIST, { filter: { registeredFrom: '2026-03-12', registeredTo: '2026-03-01' } });
    expect(bad.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');

    const verified = byName.edges[0].node;
    const card = (await ok(oper, CARD, { id: verified.id })).viewer.administration.client;
    expect(card).toMatchObject({
      status: 'VERIFIED',
      allowedStatusChanges: ['NEW', 'SUSPENDED'],
      viewerCanChangeStatus: true,
      company: { ogrn: '1177746126040', ceoName: 'Смирнов Иван Петрович' },
      verification: { status: 'VERIFIED', verified: true },
    });
    expect(card.users.map((u: { email: string }) => u.email)).toContain('client@example.com');
    expect(card.orderCounts.total).toBeGreaterThanOrEqual(0);
    // The backend id works as well as the global id (the ?client=<id> of the page).
    const byId = (await ok(oper, CARD, { id: String(verified.clientId) })).viewer.administration.client;
    expect(byId.id).toBe(verified.id);

    const node = await ok(oper, NODE, { id: newcomer.id });
    expect(node.node).toEqual({
      __typename: 'AdminClient',
      clientId: newcomer.clientId,
      shortName: newcomer.shortName,
      status: 'NEW',
    });

    const BY_OGRN = `query ByOgrn($ogrn: String!) { viewer { administration { clientByOgrn(ogrn: $ogrn) { id status } } } }`;
    const byOgrn = (await ok(oper, BY_OGRN, { ogrn: '1207700123454' })).viewer.administration.clientByOgrn;
    expect(byOgrn).toEqual({ id: newcomer.id, status: 'NEW' });
    expect((await ok(oper, BY_OGRN, { ogrn: '1027700132195' })).viewer.administration.clientByOgrn).toBeNull();
    const malformed = await oper.gql(BY_OGRN, { ogrn: '123' });
    expect(malformed.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');

    const reg = (await ok(oper, REGISTRY, { ogrn: '1207700123454' })).viewer.administration.registryCompany;
    expect(reg).toMatchObject({ inn: '9701160591', ceo: expect.stringContaining('Кузнецова') });
    expect((await ok(oper, REGISTRY, { ogrn: '1000000000009' })).viewer.administration.registryCompany).toBeNull();
  });

  it('changeClientStatus VERIFIED verifies the newcomer at once; the same status again is a UserError', async () => {
    const { c: client } = await signIn(stack.url, 'newclient@example.com', 'CLIENT');
    const VIEWER = `{ viewer { verified } }`;
    expect((await ok(client, VIEWER)).viewer.verified).toBe(false);
    const id = (await ok(oper, LIST, { filter: { nameInn: '9701160591' } })).viewer.administration.clients.edges[0].node
      .id;
    const r = await ok(oper, CHANGE, { input: { clientId: id, status: 'VERIFIED', comment: 'Документы проверены' } });
    expect(r.changeClientStatus).toMatchObject({
      __typename: 'ChangeClientStatusSuccess',
      client: { id, status: 'VERIFIED', verified: true, allowedStatusChanges: ['NEW', 'SUSPENDED'] },
    });
    expect((await ok(client, VIEWER)).viewer.verified).toBe(true);

    const again = await ok(oper, CHANGE, { input: { clientId: id, status: 'VERIFIED' } });
    expect(again.changeClientStatus).toMatchObject({ __typename: 'UserError', code: 'STATUS_UNCHANGED' });
    const unknown = await ok(oper, CHANGE, { input: { clientId: 'AdminClient:999999', status: 'SUSPENDED' } });
    expect(unknown.changeClientStatus).toMatchObject({ __typename: 'UserError', code: 'CLIENT_NOT_FOUND' });
  });

  it('is null (node too) for an operator without CLIENTS, and the mutation answers RIGHT_REQUIRED', async () => {
    const plain = await signInOperator(stack.url, 'no-clients@example.com');
    const r = await ok(plain, LIST, {});
    expect(r.viewer.administration.clients).toBeNull();
    const id = (await ok(oper, LIST, { first: 1 })).viewer.administration.clients.edges[0].node.id;
    expect((await ok(plain, NODE, { id })).node).toBeNull();
    expect((await ok(plain, CARD, { id })).viewer.administration.client).toBeNull();
    expect((await ok(plain, REGISTRY, { ogrn: '1207700123454' })).viewer.administration.registryCompany).toBeNull();
    const m = await ok(plain, CHANGE, { input: { clientId: id, status: 'SUSPENDED' } });
    expect(m.changeClientStatus).toMatchObject({ __typename: 'UserError', code: 'RIGHT_REQUIRED' });
  });
});
