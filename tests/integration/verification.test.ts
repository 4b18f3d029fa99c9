/**
 * Company verification and document signing over the real stack (issue 8; spec core §1 "register, get verified by a
 * qualified electronic signature", §4 "Deal flow" steps 1, 5, 9, §6 VERIFIED_CLIENT, §7 Client verification, §8
 * "Signature"; chat-and-shell §4 "Signing flow", §9 CAdES-BES detached): backend + gateway over HTTP, signatures made
 * with the test PKI (tests/support/certificates.ts) whose trust dir is the backend's TRUSTED_CA_DIR.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealDocuments } from '../../backend/src/db/schema/deal.js';
import { partnerOrders } from '../../backend/src/db/schema/orders.js';
import { runTransition } from '../../backend/src/deal/repository.js';
import { userOf } from '../../backend/test/deal-partner-helpers.js';
import { createTestPki, signDetached } from '../support/certificates.js';
import { day, DEMO_PASSWORD, orderInput, pdf, signIn } from '../support/deal.js';
import { GqlClient, startStack, type Stack } from '../support/stack.js';

const COMPANY = { ogrn: '1197746123453', inn: '7704123450' }; // ООО «Техноимпорт» of the demo company registry
const EMAIL = 'verify.me@example.com';

const VERIFICATION = `{ viewer { verified canCreateOrders rights verification { verified status verifiedAt missing
  document { id documentId name status contentType size sha256 content downloadUrl signature { qualified } } } } }`;
const SIGN = `mutation ($input: SignVerificationDocumentInput!) { signVerificationDocument(input: $input) { __typename
  ... on UserError { code message }
  ... on SignVerificationDocumentSuccess {
    document { status signature { qualified signer signedAt certificateValidUntil documentHash digestAlgorithm signatureAlgorithm signatureUrl certificate { ogrn innLe surname thumbprint validTo } } }
    viewer { verified canCreateOrders rights verification { verified status missing document { id } } } } } }`;
const CREATE_ORDER = `mutation ($input: OrderInput!) { createOrder(input: $input) { __typename ... on UserError { code message } ... on CreateOrderSuccess { order { id } } } }`;
const SIGN_DOC = `mutation ($input: SignDocumentInput!) { signDocument(input: $input) { __typename ... on UserError { code message }
  ... on SignDocumentSuccess { document { id status clientSignature { qualified signer signatureUrl } agentSignature { qualified signer signatureUrl certificate { ogrn } } } } } }`;

describe('verification and signing through the gateway', () => {
  const pki = createTestPki();
  let stack: Stack;
  let client: GqlClient;
  beforeAll(async () => {
    stack = await startStack({ trustedCaDir: pki.dir });
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('a newly registered client adds a requisite, signs the application and creates an order in the same session', async () => {
    client = new GqlClient(stack.url);
    const sent = await client.gql(
      `mutation ($input: SendEmailConfirmationInput!) { sendEmailConfirmation(input: $input) { __typename } }`,
      { input: { email: EMAIL } },
    );
    expect(sent.errors).toBeUndefined();
    const token = stack.mailer.lastToken(EMAIL);
    expect(token).toBeTruthy();
    const confirmed = await client.gql(
      `mutation ($input: ConfirmEmailInput!) { confirmEmail(input: $input) { __typename ... on ConfirmEmailSuccess { token } } }`,
      { input: { token } },
    );
    const reg = await client.gql(
      `mutation ($input: RegisterClientInput!) { registerClient(input: $input) { __typename ... on UserError { code message fieldErrors { field code } } ... on RegisterClientSuccess { viewer { email verified } } } }`,
      {
        input: {
          ogrn: COMPANY.ogrn,
          token: confirmed.data.confirmEmail.token,
          user: {
            name: 'Сергей',
            surname: 'Лебедев',
            patronymic: 'Николаевич',
            email: EMAIL,
            password: DEMO_PASSWORD,
            passwordSecondTime: DEMO_PASSWORD,
            phone: '9161112233',
            processingPersonalDataAgreement: true,
          },
          checklist: {
            countryCodes: ['CN'],
            currencyCodes: ['USD'],
            paymentsNumber: 3,
            monthlyCurrencyPayment: '50000',
            comment: null,
          },
        },
      },
    );
    expect(reg.data.registerClient, JSON.stringify(reg)).toMatchObject({
      __typename: 'RegisterClientSuccess',
      viewer: { email: EMAIL, verified: false },
    });

    const before = await client.gql(VERIFICATION);
    expect(before.errors).toBeUndefined();
    expect(before.data.viewer).toMatchObject({
      verified: false,
      canCreateOrders: false,
      verification: {
        verified: false,
        status: 'NEW',
        missing: ['ADD_BANK_REQUISITES', 'SIGN_VERIFICATION_DOCUMENT'],
        document: null,
      },
    });
    const refused = await client.gql(CREATE_ORDER, { input: orderInput() });
    expect(refused.data.createOrder).toMatchObject({ __typename: 'UserError', code: 'COMPANY_NOT_VERIFIED' });

    const req = await client.gql(
      `mutation ($input: BankRequisiteInput!) { createBankRequisite(input: $input) { __typename ... on UserError { code message } } }`,
      { input: { bankBik: '044525225', checkAccount: '40702810938000012345' } },
    );
    expect(req.data.createBankRequisite.__typename, JSON.stringify(req)).toBe('CreateBankRequisiteSuccess');

    const ready = (await client.gql(VERIFICATION)).data.viewer.verification;
    expect(ready).toMatchObject({
      missing: ['SIGN_VERIFICATION_DOCUMENT'],
      document: {
        name: 'Заявление о присоединении к платформе.pdf',
        status: 'GENERATED',
        contentType: 'application/pdf',
        signature: null,
      },
    });
    const bytes = Buffer.from(ready.document.content, 'base64');
    expect(bytes.length).toBe(ready.document.size);
    const download = await client.fetch(ready.document.downloadUrl);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(bytes)).toBe(true);
    expect((await new GqlClient(stack.url).fetch(ready.document.downloadUrl)).status).toBe(401);

    // A certificate of another company is refused with its code; nothing changes.
    const foreign = pki.issue({
      kind: 'LEGAL_ENTITY',
      ogrn: '1177746126040',
      inn: '7707393126',
      surname: 'Лебедев',
      givenName: 'Сергей Николаевич',
      algorithm: 'RSA',
    });
    const bad = await client.gql(SIGN, {
      input: { documentId: ready.document.id, signature: signDetached(foreign, bytes).toString('base64') },
    });
    expect(bad.data.signVerificationDocument).toMatchObject({
      __typename: 'UserError',
      code: 'COMPANY_MISMATCH',
      message: expect.stringMatching(/^Ошибка подписи: /),
    });
    const individual = pki.issue({
      kind: 'INDIVIDUAL',
      inn: '500100732259',
      surname: 'Лебедев',
      givenName: 'Сергей Николаевич',
      algorithm: 'RSA',
    });
    const ind = await client.gql(SIGN, {
      input: { documentId: ready.document.id, signature: signDetached(individual, bytes).toString('base64') },
    });
    expect(ind.data.signVerificationDocument).toMatchObject({
      __typename: 'UserError',
      code: 'INDIVIDUAL_SIGNATURE_UNSUPPORTED',
    });
    expect((await client.gql(VERIFICATION)).data.viewer.verified).toBe(false);

    const cert = pki.issue({
      kind: 'LEGAL_ENTITY',
      ...COMPANY,
      surname: 'Лебедев',
      givenName: 'Сергей Николаевич',
      organization: 'ООО «Техноимпорт»',
      algorithm: 'ECDSA',
    });
    const ok = await client.gql(SIGN, {
      input: { documentId: ready.document.id, signature: signDetached(cert, bytes).toString('base64') },
    });
    expect(ok.errors).toBeUndefined();
    const success = ok.data.signVerificationDocument;
    expect(success, JSON.stringify(ok)).toMatchObject({
      __typename: 'SignVerificationDocumentSuccess',
      document: {
        status: 'SIGNED',
        signature: {
          qualified: true,
          signer: expect.stringContaining('Лебедев Сергей Николаевич'),
          signatureAlgorithm: 'ECDSA',
          certificate: { ogrn: COMPANY.ogrn, innLe: COMPANY.inn, thumbprint: cert.thumbprint },
        },
      },
      viewer: {
        verified: true,
        canCreateOrders: true,
        rights: expect.arrayContaining(['VERIFIED_CLIENT']),
        verification: { verified: true, status: 'VERIFIED', missing: [], document: null },
      },
    });
    const sig = await client.fetch(success.document.signature.signatureUrl);
    expect(sig.status).toBe(200);
    expect(sig.headers.get('content-type')).toBe('application/pkcs7-signature');

    const order = await client.gql(CREATE_ORDER, { input: orderInput() });
    expect(order.data.createOrder.__typename, JSON.stringify(order)).toBe('CreateOrderSuccess');

    const docs = await client.gql(
      `{ viewer { verification { verifiedAt } companyDocuments(first: 5) { totalCount edges { node { kind name status clientSignature { qualified signatureUrl } downloadUrl } } } } }`,
    );
    expect(docs.data.viewer.verification.verifiedAt).toBeTruthy();
    expect(docs.data.viewer.companyDocuments.totalCount).toBe(1);
    expect(docs.data.viewer.companyDocuments.edges[0].node).toMatchObject({
      kind: 'VERIFICATION',
      status: 'SIGNED',
      clientSignature: { qualified: true },
    });
  });

  it('signDocument: the payment agent and the client sign offer documents where the agent requires signatures', async () => {
    const b = stack.backend;
    const { c: clientGql } = await signIn(stack.url, 'client@example.com', 'CLIENT');
    const { c: beta, companyId: betaId } = await signIn(stack.url, 'partner2@example.com', 'PARTNER');
    // Setting up the deal through the backend (the deal flow itself is covered by deal-flow.test.ts).
    const created = await clientGql.gql(CREATE_ORDER, { input: orderInput() });
    const orderId = Number(Buffer.from(created.data.createOrder.order.id, 'base64').toString().split(':')[1]);
    const oper = await userOf(b, 'operator@example.com');
    await runTransition(b.db, { action: 'OPER_TAKE', actor: oper, orderId, now: new Date() });
    await runTransition(b.db, {
      action: 'OPER_SEND_TO_PARTNERS',
      actor: oper,
      orderId,
      partnerIds: [betaId!],
      now: new Date(),
    });
    const p2 = await b.signedIn('partner2@example.com');
    expect((await p2.post(`/api/secured/partner/order/exch/${orderId}/take`)).statusCode).toBe(200);
    const offer = await p2.post(`/api/secured/partner/order/exch/${orderId}/offer/send`, {
      dealMethod: 'PROTECTED',
      paymentDateFrom: day(3),
      paymentDateTo: day(10),
      clientFeePercent: '1',
      additionalExpenses: [],
      exchangeRate: { course: '92.4' },
    });
    expect(offer.statusCode, offer.body).toBe(200);
    const [po] = await b.db
      .select({ id: partnerOrders.id })
      .from(partnerOrders)
      .where(and(eq(partnerOrders.orderId, orderId), eq(partnerOrders.partnerCompanyId, betaId!)));
    const c = await b.signedIn('client@example.com');
    expect((await c.post(`/api/secured/client/order/exch/${orderId}/offers/${po.id}/accept`, {})).statusCode).toBe(200);
    const content = pdf('Договор с Бета Трансфер');
    const up = await p2.upload(`/api/secured/partner/order/exch/${orderId}/offer/docs`, 'Договор.pdf', content);
    expect(up.statusCode).toBe(201);
    const docId = up.json().id as number;
    const ids = {
      documentId: Buffer.from(`Document:${docId}`).toString('base64'),
      orderId: Buffer.from(`Order:${orderId}`).toString('base64'),
      kind: 'OFFER_DOCS',
    };

    const agentCert = pki.issue({
      kind: 'LEGAL_ENTITY',
      ogrn: '1187746414096',
      inn: '9705119964',
      surname: 'Соколова',
      givenName: 'Елена Викторовна',
      organization: 'ООО «Бета Трансфер»',
      algorithm: 'RSA',
    });
    const garbage = await beta.gql(SIGN_DOC, { input: { ...ids, signature: 'bm90IGEgc2lnbmF0dXJl' } });
    expect(garbage.data.signDocument).toMatchObject({ __typename: 'UserError', code: 'SIGNATURE_MALFORMED' });
    const agentSigned = await beta.gql(SIGN_DOC, {
      input: { ...ids, signature: signDetached(agentCert, content).toString('base64') },
    });
    expect(agentSigned.data.signDocument, JSON.stringify(agentSigned)).toMatchObject({
      __typename: 'SignDocumentSuccess',
      document: {
        status: 'SIGNED',
        agentSignature: {
          qualified: true,
          signer: expect.stringContaining('Соколова'),
          certificate: { ogrn: '1187746414096' },
        },
        clientSignature: null,
      },
    });
    expect((await p2.post(`/api/secured/partner/order/exch/${orderId}/offer/docs/send`)).statusCode).toBe(200);

    const confirmEarly = await clientGql.gql(
      `mutation ($input: OrderActionInput!) { confirmOfferDocuments(input: $input) { __typename ... on UserError { code message } } }`,
      { input: { orderId: ids.orderId } },
    );
    expect(confirmEarly.data.confirmOfferDocuments).toMatchObject({
      __typename: 'UserError',
      code: 'SIGNATURE_REQUIRED',
      message: 'Подпишите документы квалифицированной электронной подписью',
    });
    const clientCert = pki.issue({
      kind: 'LEGAL_ENTITY',
      ogrn: '1177746126040',
      inn: '7707393126',
      surname: 'Смирнов',
      givenName: 'Иван Петрович',
      organization: 'ООО «Клиент»',
      algorithm: 'RSA',
    });
    const clientSigned = await clientGql.gql(SIGN_DOC, {
      input: { ...ids, signature: signDetached(clientCert, content).toString('base64') },
    });
    expect(clientSigned.data.signDocument, JSON.stringify(clientSigned)).toMatchObject({
      __typename: 'SignDocumentSuccess',
      document: {
        status: 'SENT',
        clientSignature: { qualified: true, signer: expect.stringContaining('Смирнов') },
        agentSignature: { qualified: true },
      },
    });
    const agentSig = await clientGql.fetch(clientSigned.data.signDocument.document.agentSignature.signatureUrl);
    expect(agentSig.status).toBe(200);
    const confirm = await clientGql.gql(
      `mutation ($input: OrderActionInput!) { confirmOfferDocuments(input: $input) { __typename ... on UserError { code message } } }`,
      { input: { orderId: ids.orderId } },
    );
    expect(confirm.data.confirmOfferDocuments.__typename, JSON.stringify(confirm)).toBe('ConfirmOfferDocumentsSuccess');
    const [row] = await b.db
      .select({ status: dealDocuments.status })
      .from(dealDocuments)
      .where(eq(dealDocuments.id, docId));
    expect(row.status).toBe('CONFIRMED');
  });
});
