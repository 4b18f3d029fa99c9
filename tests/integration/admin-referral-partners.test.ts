/**
 * Referral partners through the gateway over a real backend (issue 10; spec core §3 "Referral partner", §4, §5):
 * Administration.referralPartners (filter, totalCount, paging), createReferralPartner with a field UserError and a
 * success, the card with its requisites, a document uploaded through the file proxy and listed with its download
 * path, deleteReferralPartnerDocument, block / unblock with the permission fields, node(id:), and null for an
 * operator without the REFERRAL_PARTNERS right.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOperator } from '../support/admin.js';
import { pdf, signInOperator } from '../support/deal.js';
import { ok, startStack, type GqlClient, type Stack } from '../support/stack.js';

const PARTNER_FIELDS = `id partnerId kind ogrn inn shortName fullName legalAddress email phone extraPhones extraEmails
  commissionPercent contractNumber contractDate status viewerCanEdit viewerCanBlock viewerCanUnblock documentUploadUrl
  bankRequisites { bankBik bankName checkAccount index }
  documents { id documentId type name number fileName fileSize mimeType downloadUrl createdByName viewerCanDelete
    agentSignature { signer } operatorSignature { signer } }`;

const LIST = `query List($filter: ReferralPartnerFilter, $first: Int, $after: String) { viewer { administration {
  referralPartners(filter: $filter, first: $first, after: $after) { totalCount
    pageInfo { hasNextPage endCursor }
    edges { cursor node { id partnerId kind shortName inn email status viewerCanBlock } } } } } }`;

const ONE = `query One($id: ID!) { viewer { administration { referralPartner(id: $id) { ${PARTNER_FIELDS} } } } }`;

const USER_ERROR = `... on UserError { code message field fieldErrors { field code message } retryAfterSeconds }`;

const CREATE = `mutation Create($input: ReferralPartnerInput!) { createReferralPartner(input: $input) {
  __typename ... on CreateReferralPartnerSuccess { invitationSent referralPartner { ${PARTNER_FIELDS} } } ${USER_ERROR} } }`;

const BLOCK = `mutation Block($id: ID!) { blockReferralPartner(id: $id) {
  __typename ... on ReferralPartnerChangeSuccess { referralPartner { id status viewerCanBlock viewerCanUnblock } } ${USER_ERROR} } }`;
const UNBLOCK = BLOCK.replace('blockReferralPartner', 'unblockReferralPartner').replace('Block(', 'Unblock(');

const DELETE_DOC = `mutation Del($id: ID!) { deleteReferralPartnerDocument(id: $id) {
  __typename ... on DeleteReferralPartnerDocumentSuccess { deletedDocumentId referralPartner { id documents { id } } }
  ${USER_ERROR} } }`;

const NODE = `query Node($id: ID!) { node(id: $id) { __typename ... on ReferralPartner { partnerId shortName } } }`;

const input = (over: Record<string, unknown> = {}) => ({
  ogrn: '1177746126040',
  inn: '7707393126',
  email: 'gw-partner@example.com',
  phone: '9161234567',
  extraPhones: ['9167654321'],
  commissionPercent: '10',
  contractNumber: 'АГ-1',
  contractDate: '2026-02-01',
  bankRequisites: [{ bankBik: '044525225', checkAccount: '40702810938000000001' }],
  ...over,
});

describe('referral partners through the gateway (issue 10; spec core §3 "Referral partner")', () => {
  let stack: Stack;
  let oper: GqlClient;
  let ordersOnly: GqlClient;

  beforeAll(async () => {
    stack = await startStack();
    await insertOperator(stack, 'orders-only@example.com');
    oper = await signInOperator(stack.url);
    ordersOnly = await signInOperator(stack.url, 'orders-only@example.com');
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('lists, creates (field errors as UserError), uploads a document through the file proxy, deletes it, blocks and unblocks', async () => {
    const before = await ok(oper, LIST, { first: 10 });
    const list = before.viewer.administration.referralPartners;
    expect(list.totalCount).toBeGreaterThanOrEqual(1);
    expect(list.edges.map((e: { node: { email: string } }) => e.node.email)).toContain('agent@example.com');

    const bad = await ok(oper, CREATE, { input: input({ email: 'плохой', phone: '123' }) });
    expect(bad.createReferralPartner.__typename).toBe('UserError');
    expect(bad.createReferralPartner.fieldErrors.map((f: { field: string }) => f.field).sort()).toEqual([
      'email',
      'phone',
    ]);

    const created = await ok(oper, CREATE, { input: input() });
    expect(created.createReferralPartner.__typename).toBe('CreateReferralPartnerSuccess');
    const partner = created.createReferralPartner.referralPartner;
    expect(created.createReferralPartner.invitationSent).toBe(true);
    expect(partner).toMatchObject({
      kind: 'LEGAL_ENTITY',
      shortName: 'ООО «ВЭД Трейд»',
      email: 'gw-partner@example.com',
      status: 'ACTIVE',
      viewerCanBlock: true,
      viewerCanUnblock: false,
      commissionPercent: '10',
      bankRequisites: [{ bankBik: '044525225', bankName: 'ПАО Сбербанк', index: 1 }],
      documents: [],
      documentUploadUrl: `/files/oper/referral-partners/${partner.partnerId}/documents`,
    });
    expect(stack.mailer.last('gw-partner@example.com')?.text).toContain('/agent/auth/forgot/pass?token=');

    const found = await ok(oper, LIST, { filter: { query: '7707393' } });
    expect(found.viewer.administration.referralPartners.totalCount).toBe(1);

    // Upload through the gateway's file proxy: fields first, then the file.
    const form = new FormData();
    form.append('type', 'ACT');
    form.append('name', 'Акт за февраль');
    form.append('number', '2');
    form.append('file', new Blob([new Uint8Array(pdf('act'))], { type: 'application/pdf' }), 'act.pdf');
    const up = await oper.fetch(partner.documentUploadUrl, { method: 'POST', body: form as never });
    expect(up.status).toBe(201);

    const card = (await ok(oper, ONE, { id: partner.id })).viewer.administration.referralPartner;
    expect(card.documents).toHaveLength(1);
    const doc = card.documents[0];
    expect(doc).toMatchObject({
      type: 'ACT',
      name: 'Акт за февраль',
      number: '2',
      fileName: 'act.pdf',
      mimeType: 'application/pdf',
      viewerCanDelete: true,
      agentSignature: null,
      operatorSignature: null,
    });
    const download = await oper.fetch(doc.downloadUrl);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(pdf('act'))).toBe(true);
    // The plain company id works too, and node(id:) resolves the partner.
    expect((await ok(oper, ONE, { id: String(partner.partnerId) })).viewer.administration.referralPartner.id).toBe(
      partner.id,
    );
    expect((await ok(oper, NODE, { id: partner.id })).node).toEqual({
      __typename: 'ReferralPartner',
      partnerId: partner.partnerId,
      shortName: 'ООО «ВЭД Трейд»',
    });

    const del = await ok(oper, DELETE_DOC, { id: doc.id });
    expect(del.deleteReferralPartnerDocument).toMatchObject({
      __typename: 'DeleteReferralPartnerDocumentSuccess',
      deletedDocumentId: doc.id,
      referralPartner: { id: partner.id, documents: [] },
    });

    const blocked = await ok(oper, BLOCK, { id: partner.id });
    expect(blocked.blockReferralPartner.referralPartner).toMatchObject({
      status: 'BLOCKED',
      viewerCanBlock: false,
      viewerCanUnblock: true,
    });
    const unblocked = await ok(oper, UNBLOCK, { id: partner.id });
    expect(unblocked.unblockReferralPartner.referralPartner.status).toBe('ACTIVE');
  });

  it('is null for an operator without the REFERRAL_PARTNERS right (list, card, node) and the proxy refuses', async () => {
    const list = await ok(ordersOnly, LIST, {});
    expect(list.viewer.administration.referralPartners).toBeNull();
    const all = await ok(oper, LIST, { first: 1 });
    const id = all.viewer.administration.referralPartners.edges[0].node.id;
    expect((await ok(ordersOnly, ONE, { id })).viewer.administration.referralPartner).toBeNull();
    expect((await ok(ordersOnly, NODE, { id })).node).toBeNull();
    const r = await ordersOnly.gql(BLOCK, { id });
    expect(r.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});
