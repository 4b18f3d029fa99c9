/**
 * Operators, roles and rights through the gateway over a real backend (issue 10; spec core §3 "Operator", §6, §7
 * Operator users/*, §9 page size 20): Administration.operators with filter and totalCount, createOperator and its
 * invitation (password set with resetPassword, sign-in through /oper-login), setOperatorRights with the viewer flags,
 * setOperatorStatus refusing oneself, node(id:), and null / UserError for an operator without the OPERATORS right.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setPasswordByToken } from '../support/admin.js';
import { signInOperator } from '../support/deal.js';
import { GqlClient, ok, startStack, type Stack } from '../support/stack.js';

const OPERATOR_FIELDS = `id operatorId fullName email phone position roles rights effectiveRights status createdAt
  invitationPending isViewer viewerCanSuspend viewerCanActivate viewerCanEditRights viewerCanRemoveOperatorsRight`;

const LIST = `query Operators($filter: OperatorFilter, $first: Int, $after: String) { viewer { administration {
  operators(filter: $filter, first: $first, after: $after) { totalCount pageInfo { hasNextPage endCursor }
    edges { cursor node { ${OPERATOR_FIELDS} } } } } } }`;

const ONE = `query One($id: ID!) { viewer { administration { operator(id: $id) { ${OPERATOR_FIELDS} } } } }`;
const CATALOG = `{ viewer { administration { rightCatalog { rights { right label } roles { role label rights } } } } }`;
const NODE = `query Node($id: ID!) { node(id: $id) { __typename ... on Operator { operatorId email } } }`;

const CREATE = `mutation Create($input: CreateOperatorInput!) { createOperator(input: $input) { __typename
  ... on CreateOperatorSuccess { invitationSent operator { ${OPERATOR_FIELDS} } }
  ... on UserError { code message field fieldErrors { field code message } } } }`;
const RIGHTS = `mutation Rights($input: SetOperatorRightsInput!) { setOperatorRights(input: $input) { __typename
  ... on OperatorChangeSuccess { operator { ${OPERATOR_FIELDS} } } ... on UserError { code message } } }`;
const STATUS = `mutation Status($input: SetOperatorStatusInput!) { setOperatorStatus(input: $input) { __typename
  ... on OperatorChangeSuccess { operator { status viewerCanSuspend viewerCanActivate } }
  ... on UserError { code message } } }`;

describe('operators, roles and rights through the gateway (issue 10)', () => {
  let stack: Stack;
  let admin: GqlClient;

  beforeAll(async () => {
    stack = await startStack();
    admin = await signInOperator(stack.url);
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('lists operators (20 per page) with filter and totalCount; the catalogue of rights and roles', async () => {
    const all = (await ok(admin, LIST, {})).viewer.administration.operators;
    expect(all.totalCount).toBe(2);
    const emails = all.edges.map((e: { node: { email: string } }) => e.node.email);
    expect(emails).toEqual(expect.arrayContaining(['operator@example.com', 'support@example.com']));
    const me = all.edges.find((e: { node: { email: string } }) => e.node.email === 'operator@example.com').node;
    expect(me).toMatchObject({
      fullName: 'Волкова Ольга Игоревна',
      roles: ['ADMIN'],
      status: 'ACTIVE',
      isViewer: true,
      viewerCanSuspend: false,
      viewerCanRemoveOperatorsRight: false,
      viewerCanEditRights: true,
    });
    const support = (await ok(admin, LIST, { filter: { role: 'SUPPORT' } })).viewer.administration.operators;
    expect(support.totalCount).toBe(1);
    expect(support.edges[0].node).toMatchObject({
      email: 'support@example.com',
      isViewer: false,
      viewerCanSuspend: true,
      effectiveRights: ['ORDERS_VIEW', 'SUPPORT'],
    });
    const first = (await ok(admin, LIST, { first: 1 })).viewer.administration.operators;
    expect(first.pageInfo.hasNextPage).toBe(true);
    const second = (await ok(admin, LIST, { first: 1, after: first.pageInfo.endCursor })).viewer.administration
      .operators;
    expect(second.edges[0].node.id).not.toBe(first.edges[0].node.id);
    const catalog = (await ok(admin, CATALOG)).viewer.administration.rightCatalog;
    expect(catalog.rights.find((r: { right: string }) => r.right === 'OPERATORS').label).toBe('Сотрудники');
    expect(catalog.roles.find((r: { role: string }) => r.role === 'SUPPORT')).toEqual({
      role: 'SUPPORT',
      label: 'Поддержка',
      rights: ['ORDERS_VIEW', 'SUPPORT'],
    });
    const node = (await ok(admin, NODE, { id: me.id })).node;
    expect(node).toEqual({ __typename: 'Operator', operatorId: me.operatorId, email: 'operator@example.com' });
  });

  it('creates an operator who sets his password by the invitation and signs in; bad input is a UserError', async () => {
    const bad = (
      await ok(admin, CREATE, {
        input: { surname: 'Smith', name: 'Анна', email: 'anna@example.com', phone: '123', roles: ['OPERATOR'] },
      })
    ).createOperator;
    expect(bad).toMatchObject({ __typename: 'UserError', code: 'VALIDATION_ERROR' });
    expect(bad.fieldErrors.map((f: { field: string }) => f.field).sort()).toEqual(['phone', 'surname']);
    const taken = (
      await ok(admin, CREATE, {
        input: { surname: 'Иванова', name: 'Анна', email: 'support@example.com', roles: ['OPERATOR'] },
      })
    ).createOperator;
    expect(taken).toMatchObject({ __typename: 'UserError', code: 'EMAIL_TAKEN' });

    const res = (
      await ok(admin, CREATE, {
        input: {
          surname: 'Иванова',
          name: 'Анна',
          patronymic: 'Павловна',
          position: 'Оператор заявок',
          email: 'anna@example.com',
          phone: '9161234567',
          roles: ['OPERATOR'],
          rights: ['CLIENTS'],
        },
      })
    ).createOperator;
    expect(res).toMatchObject({
      __typename: 'CreateOperatorSuccess',
      invitationSent: true,
      operator: {
        fullName: 'Иванова Анна Павловна',
        roles: ['OPERATOR'],
        rights: ['CLIENTS'],
        effectiveRights: ['ORDERS_VIEW', 'ORDERS_MANAGE', 'CLIENTS', 'SUPPORT'],
        invitationPending: true,
        status: 'ACTIVE',
      },
    });
    const token = stack.mailer.lastToken('anna@example.com')!;
    expect(stack.mailer.last('anna@example.com')!.text).toContain('/operator/auth/invitation?token=');
    expect(await setPasswordByToken(stack.url, token, 'Anna-Pass-1!')).not.toBe('UserError');
    const anna = await signInOperatorWith(stack.url, 'anna@example.com', 'Anna-Pass-1!');
    // without OPERATORS: the list is null and a mutation is a UserError RIGHT_REQUIRED
    expect((await ok(anna, LIST, {})).viewer.administration.operators).toBeNull();
    expect((await ok(anna, ONE, { id: res.operator.id })).viewer.administration.operator).toBeNull();
    expect((await ok(anna, NODE, { id: res.operator.id })).node).toBeNull();
    const refused = (await ok(anna, RIGHTS, { input: { operatorId: res.operator.id, roles: ['ADMIN'], rights: [] } }))
      .setOperatorRights;
    expect(refused).toMatchObject({ __typename: 'UserError', code: 'RIGHT_REQUIRED' });
    // the catalogue is there for every operator
    expect((await ok(anna, CATALOG)).viewer.administration.rightCatalog.roles).toHaveLength(5);
  });

  it("changes rights (flags follow) and refuses removing one's own OPERATORS right and suspending oneself", async () => {
    const list = (await ok(admin, LIST, { filter: { query: 'anna@' } })).viewer.administration.operators;
    const anna = list.edges[0].node;
    const changed = (
      await ok(admin, RIGHTS, { input: { operatorId: anna.id, roles: ['SUPPORT'], rights: ['OPERATORS'] } })
    ).setOperatorRights;
    expect(changed).toMatchObject({
      __typename: 'OperatorChangeSuccess',
      operator: { roles: ['SUPPORT'], rights: ['OPERATORS'], effectiveRights: ['ORDERS_VIEW', 'OPERATORS', 'SUPPORT'] },
    });
    const me = (await ok(admin, LIST, { filter: { query: 'operator@' } })).viewer.administration.operators.edges[0]
      .node;
    const own = (await ok(admin, RIGHTS, { input: { operatorId: me.id, roles: ['SENIOR_OPERATOR'], rights: [] } }))
      .setOperatorRights;
    expect(own).toMatchObject({
      __typename: 'UserError',
      code: 'OWN_OPERATORS_RIGHT',
      message: 'Нельзя снять с себя право управления сотрудниками',
    });
    const self = (await ok(admin, STATUS, { input: { operatorId: me.id, status: 'SUSPENDED' } })).setOperatorStatus;
    expect(self).toMatchObject({ __typename: 'UserError', code: 'SELF_SUSPEND' });
    const suspended = (await ok(admin, STATUS, { input: { operatorId: anna.id, status: 'SUSPENDED' } }))
      .setOperatorStatus;
    expect(suspended).toMatchObject({
      __typename: 'OperatorChangeSuccess',
      operator: { status: 'SUSPENDED', viewerCanSuspend: false, viewerCanActivate: true },
    });
    const unknown = (await ok(admin, STATUS, { input: { operatorId: 'nope', status: 'ACTIVE' } })).setOperatorStatus;
    expect(unknown).toMatchObject({ __typename: 'UserError', code: 'OPERATOR_NOT_FOUND' });
  });
});

/** Sign-in through /oper-login with a given password (signInOperator of tests/support uses the demo password). */
async function signInOperatorWith(url: string, email: string, password: string): Promise<GqlClient> {
  const c = new GqlClient(url);
  const page = await c.fetch('/oper-login');
  const token = /name="_csrf" value="([^"]+)"/.exec(await page.text())![1];
  const post = await c.fetch('/oper-login', {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ _csrf: token, email, password }).toString(),
  });
  expect(post.status).toBe(303);
  const code = new URL(post.headers.get('location')!, url).searchParams.get('code');
  const r = await c.gql(`mutation ($code: String!) { operatorAutologin(input: { code: $code }) { __typename } }`, {
    code,
  });
  expect(r.data.operatorAutologin.__typename).toBe('OperatorAutologinSuccess');
  return c;
}
