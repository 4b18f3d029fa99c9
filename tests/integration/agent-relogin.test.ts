/**
 * A referral partner acting for his client through the gateway over a real backend (issue 11; spec core §3 "Current
 * user: originalUser, reLoggedRights", §6): actAsReferralClient (the viewer becomes the client with originalUser,
 * reLoggedRights AGENT, isOriginalClient false; the rotated cookie reaches the browser), returnToReferralPartnerArea,
 * the refusals as UserError, and the partner's requests, card, commissions and totals.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referralCommissions } from '../../backend/src/db/schema/referral.js';
import { reloginFixture, type ReloginFixture } from '../../backend/test/agent-relogin-helpers.js';
import { created, orderInput } from '../../backend/test/orders-helpers.js';
import {
  activeOrder,
  partnerCompanyId,
  partnerOrderId,
  partnerStep,
  sendOffer,
} from '../../backend/test/deal-helpers.js';
import { toGlobalId } from 'graphql-relay';
import { signIn } from '../support/deal.js';
import { ok, startStack, type GqlClient, type Stack } from '../support/stack.js';

const VIEWER = `{ viewer { email accountType reLoggedRights actingAsAnotherUser isOriginalClient
  originalUser { userId email accountType companyName } referralPartnerArea { companyName } } }`;

const ACT = `mutation Act($clientId: ID!) { actAsReferralClient(clientId: $clientId) { __typename
  ... on ActAsReferralClientSuccess { viewer { email reLoggedRights isOriginalClient originalUser { email } } }
  ... on UserError { code message } } }`;

const RETURN = `mutation { returnToReferralPartnerArea { __typename
  ... on ReturnToReferralPartnerAreaSuccess { viewer { email originalUser { email } referralPartnerArea { companyName } } }
  ... on UserError { code message } } }`;

const AREA = `query Area($filter: ReferralOrderFilter, $id: ID!) { viewer { referralPartnerArea {
  orders(filter: $filter, first: 5) { totalCount pageInfo { hasNextPage }
    edges { node { id orderId number status displayStatus { code label } amount { amount currency }
      client { companyId shortName } documentsCount commission { amount { amount currency } percent } } } }
  order(id: $id) { orderId documents { name status } }
  commissions(first: 5) { totalCount edges { node { orderId percent base { amount currency } amount { amount currency }
    client { shortName } } } }
  commissionTotals { amount currency } } } }`;

describe('re-login of a referral partner through the gateway (issue 11)', () => {
  let stack: Stack;
  let agent: GqlClient;
  let f: ReloginFixture;

  beforeAll(async () => {
    stack = await startStack();
    f = await reloginFixture(stack.backend);
    agent = (await signIn(stack.url, 'agent@example.com', 'AGENT' as 'CLIENT')).c;
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('acts for the verified client and returns in one step; refusals are UserErrors', async () => {
    expect((await ok(agent, VIEWER)).viewer).toMatchObject({
      email: 'agent@example.com',
      originalUser: null,
      referralPartnerArea: { companyName: 'ИП Орлов Д. А.' },
    });
    const refused = (await ok(agent, ACT, { clientId: String(f.unverifiedLinkId) })).actAsReferralClient;
    expect(refused).toMatchObject({ __typename: 'UserError', code: 'CLIENT_NOT_VERIFIED' });
    expect((await ok(agent, ACT, { clientId: 'bogus' })).actAsReferralClient).toMatchObject({
      code: 'CLIENT_NOT_FOUND',
    });

    const acted = (await ok(agent, ACT, { clientId: String(f.linkId) })).actAsReferralClient;
    expect(acted).toMatchObject({
      __typename: 'ActAsReferralClientSuccess',
      viewer: { email: 'client@example.com', reLoggedRights: ['AGENT'], isOriginalClient: false },
    });
    // The next operation runs in the rotated session: the client, acted for by the partner.
    expect((await ok(agent, VIEWER)).viewer).toEqual({
      email: 'client@example.com',
      accountType: 'CLIENT',
      reLoggedRights: ['AGENT'],
      actingAsAnotherUser: true,
      isOriginalClient: false,
      originalUser: {
        userId: f.agentUserId,
        email: 'agent@example.com',
        accountType: 'AGENT',
        companyName: 'ИП Орлов Д. А.',
      },
      referralPartnerArea: null,
    });

    const back = (await ok(agent, RETURN)).returnToReferralPartnerArea;
    expect(back).toMatchObject({
      __typename: 'ReturnToReferralPartnerAreaSuccess',
      viewer: {
        email: 'agent@example.com',
        originalUser: null,
        referralPartnerArea: { companyName: 'ИП Орлов Д. А.' },
      },
    });
    expect((await ok(agent, RETURN)).returnToReferralPartnerArea).toMatchObject({
      __typename: 'UserError',
      code: 'NOT_RELOGGED',
    });
  });

  it("shows the partner's requests, a request's card, his commissions and their totals", async () => {
    const client = await stack.backend.signedIn('client@example.com');
    const order = await created(client, orderInput(stack.backend));
    await stack.backend.db.insert(referralCommissions).values({
      orderId: order.id,
      partnerCompanyId: f.agentCompanyId,
      clientCompanyId: f.clientCompanyId,
      baseAmount: '50.00',
      baseCurrency: 'USD',
      percent: '20',
      amount: '10.00',
      currency: 'USD',
      createdAt: new Date(),
    });
    const area = (await ok(agent, AREA, { filter: { number: String(order.id) }, id: String(order.id) })).viewer
      .referralPartnerArea;
    expect(area.orders.totalCount).toBe(1);
    expect(area.orders.edges[0].node).toMatchObject({
      orderId: order.id,
      status: 'VALIDATION',
      displayStatus: { code: 'CHECK' },
      client: { companyId: f.clientCompanyId },
      documentsCount: 0,
      commission: { amount: { amount: '10.00', currency: 'USD' }, percent: '20' },
    });
    expect(area.order).toEqual({ orderId: order.id, documents: [] });
    expect(area.commissions.totalCount).toBe(1);
    expect(area.commissions.edges[0].node).toMatchObject({
      orderId: order.id,
      percent: '20',
      base: { amount: '50.00', currency: 'USD' },
      amount: { amount: '10.00', currency: 'USD' },
    });
    expect(area.commissionTotals).toEqual([{ amount: '10.00', currency: 'USD' }]);

    const other = (await ok(agent, AREA, { filter: { clientCompanyId: 999999 }, id: '999999' })).viewer
      .referralPartnerArea;
    expect(other.orders.totalCount).toBe(0);
    expect(other.order).toBeNull();
  });

  it("does not offer the original client's document confirmation to a re-logged viewer (the client still sees it)", async () => {
    const t = stack.backend;
    const client = await t.signedIn('client@example.com');
    const p1Id = await partnerCompanyId(t, 'Альфа Платежи');
    const id = await activeOrder(t, client, [p1Id]);
    await sendOffer(t, await t.signedIn('partner1@example.com'), id);
    const po = await partnerOrderId(t, id, p1Id);
    expect((await client.post(`/api/secured/client/order/exch/${id}/offers/${po}/accept`, {})).statusCode).toBe(200);
    await partnerStep(t, 'partner1@example.com', 'PARTNER_SEND_OFFER_DOCS', id);
    const FLAGS = `query ($id: ID!) { node(id: $id) { ... on Order { orderId viewerCanConfirmOfferDocuments } } }`;
    const nodeId = toGlobalId('Order', String(id));
    const own = (await signIn(stack.url, 'client@example.com', 'CLIENT')).c;
    expect((await ok(own, FLAGS, { id: nodeId })).node).toEqual({ orderId: id, viewerCanConfirmOfferDocuments: true });
    expect((await ok(agent, ACT, { clientId: String(f.linkId) })).actAsReferralClient.__typename).toBe(
      'ActAsReferralClientSuccess',
    );
    try {
      expect((await ok(agent, FLAGS, { id: nodeId })).node).toEqual({
        orderId: id,
        viewerCanConfirmOfferDocuments: false,
      });
    } finally {
      await ok(agent, RETURN);
    }
  });
});
