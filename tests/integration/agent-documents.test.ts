/**
 * The referral partner's company, requisites, documents and acts through the gateway over a real backend (issue 11;
 * spec core §3 "Company", "Referral partner", "Bank requisite"; §5; §8 "Signature"): ReferralPartnerArea.company with
 * the operator's contract, updateReferralPartnerContacts (field UserError, then success), the client's
 * createBankRequisite acting on the partner's company, a document uploaded by the partner through /files/agent/documents,
 * an act uploaded by the operator, signed by the partner (a wrong certificate refused as UserError) and by the operator
 * with the platform organisation's certificate, after which both see 'Подписан обеими сторонами'.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PLATFORM } from '../../backend/src/config.js';
import { companies, users } from '../../backend/src/db/schema/core.js';
import { createTestPki, signDetached } from '../support/certificates.js';
import { pdf, signIn, signInOperator } from '../support/deal.js';
import { ok, startStack, type GqlClient, type Stack } from '../support/stack.js';

const USER_ERROR = `... on UserError { code message field fieldErrors { field code message } }`;
const DOC_FIELDS = `id documentId type name fileName downloadUrl uploadedBy status statusLabel viewerCanSign viewerCanDelete
  agentSignature { signer qualified documentHash } operatorSignature { signer qualified signatureUrl }`;
const AREA = `{ viewer { referralPartnerArea { documentUploadUrl
  company { kind status loginEmail extraPhones contractNumber commissionPercent company { ogrn inn shortName actualAddress } }
  requisites { bankBik bankName index }
  documents { ${DOC_FIELDS} } } } }`;
const CONTACTS = `mutation ($input: ReferralPartnerContactsInput!) { updateReferralPartnerContacts(input: $input) { __typename
  ... on UpdateReferralPartnerContactsSuccess { company { extraPhones extraEmails company { actualAddress } } } ${USER_ERROR} } }`;
const ADD_REQUISITE = `mutation ($input: BankRequisiteInput!) { createBankRequisite(input: $input) { __typename
  ... on CreateBankRequisiteSuccess { bankRequisiteEdge { node { bankName index } } viewer { bankRequisites { totalCount } } }
  ${USER_ERROR} } }`;
const SIGN = `mutation ($id: ID!, $signature: String!) { signReferralPartnerDocument(id: $id, signature: $signature) {
  __typename ... on SignReferralPartnerDocumentSuccess { document { ${DOC_FIELDS} } } ${USER_ERROR} } }`;
const OPER_DOCS = `query ($id: ID!) { viewer { administration { referralPartner(id: $id) { documents {
  id name status statusLabel viewerCanSign agentSignature { signer } operatorSignature { signer } } } } } }`;
const OPER_SIGN = `mutation ($id: ID!, $signature: String!) { signReferralPartnerDocumentAsOperator(id: $id, signature: $signature) {
  __typename ... on SignReferralPartnerDocumentAsOperatorSuccess { document { id status statusLabel viewerCanSign } }
  ${USER_ERROR} } }`;

describe("the referral partner's company and documents through the gateway (issue 11)", () => {
  const pki = createTestPki();
  let stack: Stack;
  let agent: GqlClient;
  let oper: GqlClient;
  let partnerId: number;
  let partner: { ogrn: string; inn: string };

  beforeAll(async () => {
    stack = await startStack({ trustedCaDir: pki.dir });
    agent = (await signIn(stack.url, 'agent@example.com', 'AGENT' as 'CLIENT')).c;
    oper = await signInOperator(stack.url);
    const [row] = await stack.backend.db
      .select({ id: companies.id, ogrn: companies.ogrn, inn: companies.inn })
      .from(users)
      .innerJoin(companies, eq(companies.id, users.companyId))
      .where(eq(users.email, 'agent@example.com'));
    partnerId = row.id;
    partner = { ogrn: row.ogrn, inn: row.inn };
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('shows the company, saves the contacts (field errors as UserError) and adds a requisite with the client mutation', async () => {
    const area = (await ok(agent, AREA)).viewer.referralPartnerArea;
    expect(area.company).toMatchObject({ kind: 'SOLE_PROPRIETOR', status: 'ACTIVE', loginEmail: 'agent@example.com' });
    expect(area.company.company.ogrn).toBe(partner.ogrn);
    expect(area.documentUploadUrl).toBe('/files/agent/documents');

    const bad = (await ok(agent, CONTACTS, { input: { extraPhones: ['12'], extraEmails: [] } }))
      .updateReferralPartnerContacts;
    expect(bad).toMatchObject({ __typename: 'UserError', code: 'VALIDATION_ERROR' });
    expect(bad.fieldErrors).toEqual([
      { field: 'extraPhones.0', code: 'PHONE_INVALID', message: 'Номер телефона — 10 цифр' },
    ]);
    const saved = (
      await ok(agent, CONTACTS, {
        input: { extraPhones: ['9161234567'], extraEmails: ['Buh@Example.com'], actualAddress: 'г. Москва' },
      })
    ).updateReferralPartnerContacts;
    expect(saved).toEqual({
      __typename: 'UpdateReferralPartnerContactsSuccess',
      company: {
        extraPhones: ['9161234567'],
        extraEmails: ['buh@example.com'],
        company: { actualAddress: 'г. Москва' },
      },
    });

    const added = (
      await ok(agent, ADD_REQUISITE, { input: { bankBik: '044525225', checkAccount: '40702810938000000001' } })
    ).createBankRequisite;
    expect(added).toMatchObject({
      __typename: 'CreateBankRequisiteSuccess',
      bankRequisiteEdge: { node: { bankName: 'ПАО Сбербанк', index: 1 } },
      viewer: { bankRequisites: { totalCount: 1 } },
    });
    expect((await ok(agent, AREA)).viewer.referralPartnerArea.requisites).toEqual([
      { bankBik: '044525225', bankName: 'ПАО Сбербанк', index: 1 },
    ]);
  });

  it('the partner uploads a document; the operator uploads an act; both sign it and both see it signed', async () => {
    const form = new FormData();
    form.append('name', 'Счёт на вознаграждение');
    form.append('file', new Blob([new Uint8Array(pdf('bill'))], { type: 'application/pdf' }), 'bill.pdf');
    const mine = await agent.fetch('/files/agent/documents', { method: 'POST', body: form as never });
    expect(mine.status).toBe(201);

    const act = pdf('act-march');
    const actForm = new FormData();
    actForm.append('type', 'ACT');
    actForm.append('name', 'Акт за март');
    actForm.append('file', new Blob([new Uint8Array(act)], { type: 'application/pdf' }), 'act.pdf');
    const up = await oper.fetch(`/files/oper/referral-partners/${partnerId}/documents`, {
      method: 'POST',
      body: actForm as never,
    });
    expect(up.status).toBe(201);

    const docs = (await ok(agent, AREA)).viewer.referralPartnerArea.documents;
    expect(docs.map((d: { name: string }) => d.name)).toEqual(['Акт за март', 'Счёт на вознаграждение']);
    const doc = docs[0];
    expect(doc).toMatchObject({
      type: 'ACT',
      uploadedBy: 'OPERATOR',
      status: 'AWAITING_PARTNER',
      statusLabel: 'Ожидает подписи партнёра',
      viewerCanSign: true,
      viewerCanDelete: false,
    });
    expect(docs[1]).toMatchObject({ uploadedBy: 'REFERRAL_PARTNER', viewerCanDelete: true });
    const bytes = Buffer.from(await (await agent.fetch(doc.downloadUrl)).arrayBuffer());
    expect(bytes.equals(act)).toBe(true);

    const platformCert = pki.issue({
      kind: 'LEGAL_ENTITY',
      ...DEFAULT_PLATFORM,
      surname: 'Кузнецова',
      givenName: 'Анна Игоревна',
      organization: 'ООО «Платформа»',
      algorithm: 'RSA',
    });
    const wrong = (
      await ok(agent, SIGN, { id: doc.id, signature: signDetached(platformCert, bytes).toString('base64') })
    ).signReferralPartnerDocument;
    expect(wrong).toMatchObject({ __typename: 'UserError', code: 'COMPANY_MISMATCH' });

    const agentCert = pki.issue({
      kind: 'SOLE_PROPRIETOR',
      ...partner,
      surname: 'Орлов',
      givenName: 'Дмитрий Андреевич',
      algorithm: 'RSA',
    });
    const signed = (await ok(agent, SIGN, { id: doc.id, signature: signDetached(agentCert, bytes).toString('base64') }))
      .signReferralPartnerDocument;
    expect(signed.document).toMatchObject({
      status: 'AWAITING_OPERATOR',
      statusLabel: 'Ожидает подписи оператора',
      viewerCanSign: false,
      agentSignature: { qualified: true },
    });

    const partnerGid = Buffer.from(`ReferralPartner:${partnerId}`).toString('base64');
    const operDocs = (await ok(oper, OPER_DOCS, { id: partnerGid })).viewer.administration.referralPartner.documents;
    const operDoc = operDocs.find((d: { name: string }) => d.name === 'Акт за март');
    expect(operDoc).toMatchObject({
      status: 'AWAITING_OPERATOR',
      viewerCanSign: true,
      agentSignature: { signer: expect.stringContaining('Орлов') },
    });
    const refused = (
      await ok(oper, OPER_SIGN, { id: operDoc.id, signature: signDetached(agentCert, bytes).toString('base64') })
    ).signReferralPartnerDocumentAsOperator;
    expect(refused).toMatchObject({ __typename: 'UserError', code: 'COMPANY_MISMATCH' });
    const done = (
      await ok(oper, OPER_SIGN, { id: operDoc.id, signature: signDetached(platformCert, bytes).toString('base64') })
    ).signReferralPartnerDocumentAsOperator;
    expect(done.document).toMatchObject({
      status: 'SIGNED',
      statusLabel: 'Подписан обеими сторонами',
      viewerCanSign: false,
    });

    const after = (await ok(agent, AREA)).viewer.referralPartnerArea.documents[0];
    expect(after).toMatchObject({ status: 'SIGNED', statusLabel: 'Подписан обеими сторонами' });
    expect(after.operatorSignature).toMatchObject({ qualified: true, signatureUrl: null });
    expect(after.operatorSignature.signer).toContain('Кузнецова');
  });
});
