/**
 * The referral partner's clients through the gateway over a real backend (issue 11; spec core §3 "Client added by a
 * partner", §5, §6): ReferralPartnerArea.clients with search and totalCount, verificationShare, registryCompany, the
 * card by OGRN; addReferralClient (a refusal as UserError with fieldErrors, then INVITED with the invitation mail),
 * the password set by the invitation makes the client ACTIVE; updateReferralClientContacts, removeReferralClient; a
 * company already on the platform asks consent and its user accepts through Viewer.referralRequests /
 * acceptReferralRequest; the area is null for a client.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setPasswordByToken } from '../support/admin.js';
import { GqlClient, ok, startStack, type Stack } from '../support/stack.js';
import { DEMO_PASSWORD } from '../support/ui.js';

const LOGIN = `mutation ($input: LoginInput!) { login(input: $input) { __typename ... on UserError { code message } } }`;

async function signInAs(url: string, email: string, userType: 'CLIENT' | 'AGENT'): Promise<GqlClient> {
  const c = new GqlClient(url);
  const r = await ok(c, LOGIN, { input: { email, password: DEMO_PASSWORD, userType } });
  expect(r.login.__typename).toBe('LoginSuccess');
  return c;
}

const AREA = `query Area($search: String, $first: Int, $after: String) { viewer { referralPartnerArea {
  verificationShare { total verified percent label }
  clients(search: $search, first: $first, after: $after) { totalCount pageInfo { hasNextPage endCursor }
    edges { node { id linkId status statusLabel verified countryCodes monthlyVolume { amount currency } monthlyPayments
      company { companyId shortName inn ogrn } contact { email name surname } extraPhones extraEmails } } } } } }`;

const REGISTRY = `query R($ogrn: String!) { viewer { referralPartnerArea { registryCompany(ogrn: $ogrn) {
  onPlatform hasPartner ownClient liquidated company { ogrn inn shortName ceo } } } } }`;

const CARD = `query C($ogrn: String!) { viewer { referralPartnerArea { client(ogrn: $ogrn) { orderCount approvalConfirmedAt
  client { id status verified } company { inn ceoName } checklist { countryCodes paymentsNumber } } } } }`;

const ADD = `mutation Add($input: AddReferralClientInput!) { addReferralClient(input: $input) { __typename
  ... on AddReferralClientSuccess { outcome mailSent client { id linkId status company { ogrn } } }
  ... on UserError { code message fieldErrors { field code message } } } }`;

const CONTACTS = `mutation U($input: UpdateReferralClientContactsInput!) { updateReferralClientContacts(input: $input) {
  __typename ... on UpdateReferralClientContactsSuccess { client { id extraPhones extraEmails } }
  ... on UserError { code fieldErrors { field code } } } }`;

const REMOVE = `mutation Rm($id: ID!) { removeReferralClient(clientId: $id) { __typename
  ... on RemoveReferralClientSuccess { removedClientId } ... on UserError { code } } }`;

const NODE = `query N($id: ID!) { node(id: $id) { __typename ... on ReferralClient { linkId status } } }`;

const REQUESTS = `query { viewer { referralRequests { requestId partnerName partnerInn requestedBy } referralPartnerArea { companyName } } }`;
const ACCEPT = `mutation A($id: Int!) { acceptReferralRequest(requestId: $id) { __typename
  ... on ReferralRequestAnswerSuccess { accepted } ... on UserError { code } } }`;

const input = (over: Record<string, unknown> = {}) => ({
  ogrn: '1197746123453',
  contact: { surname: 'Лебедев', name: 'Сергей', email: 'lebedev@techno.example.com', phone: '9161112233' },
  countryCodes: ['CN'],
  currencyCodes: ['USD'],
  monthlyVolume: '120000.50',
  monthlyPayments: 6,
  clientApproved: true,
  ...over,
});

describe('referral partner clients through the gateway (issue 11)', () => {
  let stack: Stack;
  let agent: GqlClient;

  beforeAll(async () => {
    stack = await startStack();
    agent = await signInAs(stack.url, 'agent@example.com', 'AGENT');
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('lists the seeded client with the share, looks a company up and refuses a bad addition as UserError', async () => {
    const area = (await ok(agent, AREA, {})).viewer.referralPartnerArea;
    expect(area.verificationShare).toEqual({
      total: 1,
      verified: 1,
      percent: 100,
      label: 'Верифицировано 1 из 1 (100 %)',
    });
    expect(area.clients.totalCount).toBe(1);
    expect(area.clients.edges[0].node).toMatchObject({
      status: 'ACTIVE',
      statusLabel: 'Активен',
      verified: true,
      monthlyVolume: { amount: '250000.00', currency: 'USD' },
      company: { ogrn: '1177746126040' },
    });
    expect((await ok(agent, AREA, { search: 'Техно' })).viewer.referralPartnerArea.clients.totalCount).toBe(0);
    const reg = (await ok(agent, REGISTRY, { ogrn: '1197746123453' })).viewer.referralPartnerArea.registryCompany;
    expect(reg).toMatchObject({ onPlatform: false, hasPartner: false, company: { shortName: 'ООО «Техноимпорт»' } });
    const badOgrn = await agent.gql(REGISTRY, { ogrn: '123' });
    expect(badOgrn.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');

    const refused = (await ok(agent, ADD, { input: input({ clientApproved: false }) })).addReferralClient;
    expect(refused).toMatchObject({ __typename: 'UserError', code: 'VALIDATION_ERROR' });
    expect(refused.fieldErrors).toContainEqual({
      field: 'clientApproved',
      code: 'CLIENT_APPROVAL_REQUIRED',
      message: 'Подтвердите, что клиент согласен на регистрацию',
    });
    const card = (await ok(agent, CARD, { ogrn: '1177746126040' })).viewer.referralPartnerArea.client;
    expect(card).toMatchObject({ client: { status: 'ACTIVE', verified: true }, company: { inn: '7707393126' } });
    expect((await ok(agent, CARD, { ogrn: '1207700123454' })).viewer.referralPartnerArea.client).toBeNull();

    // node(id:): the partner's own client; null for a client user (another viewer) and a malformed id.
    const id = area.clients.edges[0].node.id;
    expect((await ok(agent, NODE, { id })).node).toMatchObject({ __typename: 'ReferralClient', status: 'ACTIVE' });
    const client = await signInAs(stack.url, 'client@example.com', 'CLIENT');
    expect((await ok(client, NODE, { id })).node).toBeNull();
    expect((await ok(agent, NODE, { id: 'UmVmZXJyYWxDbGllbnQ6eA==' })).node).toBeNull();
  });

  it('adds a new company (INVITED, mail), the invitation makes it ACTIVE; contacts and removal', async () => {
    const added = (await ok(agent, ADD, { input: input() })).addReferralClient;
    expect(added).toMatchObject({
      __typename: 'AddReferralClientSuccess',
      outcome: 'INVITED',
      mailSent: true,
      client: { status: 'INVITED' },
    });
    const text = stack.mailer.last('lebedev@techno.example.com')?.text ?? '';
    const token = /\/client\/auth\/forgot\/pass\?token=([^&\s]+)&invitation=1/.exec(text)?.[1];
    expect(token).toBeTruthy();
    expect(await setPasswordByToken(stack.url, decodeURIComponent(token!), 'Client-2026!')).toBe(
      'ResetPasswordSuccess',
    );
    const card = (await ok(agent, CARD, { ogrn: '1197746123453' })).viewer.referralPartnerArea.client;
    expect(card.client.status).toBe('ACTIVE');
    expect(card.checklist).toMatchObject({ countryCodes: ['CN'], paymentsNumber: 6 });

    const bad = (
      await ok(agent, CONTACTS, { input: { clientId: added.client.id, extraPhones: ['1'], extraEmails: [] } })
    ).updateReferralClientContacts;
    expect(bad).toMatchObject({
      __typename: 'UserError',
      fieldErrors: [{ field: 'extraPhones.0', code: 'PHONE_INVALID' }],
    });
    const saved = (
      await ok(agent, CONTACTS, {
        input: { clientId: added.client.id, extraPhones: ['9000000001', '9000000001'], extraEmails: ['A@B.ru'] },
      })
    ).updateReferralClientContacts;
    expect(saved.client).toMatchObject({ extraPhones: ['9000000001'], extraEmails: ['a@b.ru'] });

    const removed = (await ok(agent, REMOVE, { id: added.client.id })).removeReferralClient;
    expect(removed).toEqual({ __typename: 'RemoveReferralClientSuccess', removedClientId: added.client.id });
    expect((await ok(agent, REMOVE, { id: added.client.id })).removeReferralClient).toMatchObject({
      code: 'REFERRAL_CLIENT_NOT_FOUND',
    });
  });

  it('a company on the platform asks consent; its user accepts through Viewer.referralRequests', async () => {
    const asked = (
      await ok(agent, ADD, {
        input: input({
          ogrn: '1207700123454',
          contact: { surname: 'Кузнецова', name: 'Анна', email: 'newclient@example.com', phone: '9167654321' },
        }),
      })
    ).addReferralClient;
    expect(asked).toMatchObject({ outcome: 'CONSENT_REQUESTED', client: { status: 'CONSENT_REQUESTED' } });
    const client = await signInAs(stack.url, 'newclient@example.com', 'CLIENT');
    const viewer = (await ok(client, REQUESTS)).viewer;
    expect(viewer.referralPartnerArea).toBeNull();
    expect(viewer.referralRequests).toEqual([
      expect.objectContaining({
        requestId: asked.client.linkId,
        partnerName: 'ИП Орлов Д. А.',
        requestedBy: 'Орлов Дмитрий',
      }),
    ]);
    expect((await ok(client, ACCEPT, { id: asked.client.linkId })).acceptReferralRequest).toEqual({
      __typename: 'ReferralRequestAnswerSuccess',
      accepted: true,
    });
    expect((await ok(agent, AREA, {})).viewer.referralPartnerArea.verificationShare).toMatchObject({
      total: 2,
      verified: 1,
      percent: 50,
    });
  });
});
