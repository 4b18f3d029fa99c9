/**
 * Qualified electronic signatures of deal documents (issue 8; spec core §3 "Documents: signature details", §4 "Deal
 * flow" steps 5 and 9 "client signs or confirms", agent documents; §8 "Signature"; chat-and-shell §4, §9;
 * docs/rest-api.md "Company, bank requisites, verification and signatures"). Бета Трансфер requires signatures
 * (partnerSignRequired, seed/partners.ts); Альфа Платежи only confirms.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealDocuments } from '../src/db/schema/deal.js';
import { signatures } from '../src/db/schema/verification.js';
import { createTestPki, signDetached } from './certificates.js';
import { actors, CLIENT, orderWithOffers, partnerOrderId, PORDER, type Actors } from './deal-helpers.js';
import { PBASE } from './deal-partner-helpers.js';
import { createTestApp, DRIVERS, type TestApp } from './harness.js';
import { freshDataDir, pdf } from './orders-helpers.js';
import { sha256 } from './verification-helpers.js';

const CLIENT_CO = { ogrn: '1177746126040', inn: '7707393126' };
const BETA_CO = { ogrn: '1187746414096', inn: '9705119964' };
const ALFA_CO = { ogrn: '1157746580529', inn: '7725282965' };

for (const driver of DRIVERS) {
  describe(`deal documents signed with qualified signatures [${driver}]`, () => {
    const pki = createTestPki();
    let t: TestApp;
    let a: Actors;
    let id: number;
    let docId: number;
    const content = pdf(900, 'offer-contract');
    const clientCert = () =>
      pki.issue({
        kind: 'LEGAL_ENTITY',
        ...CLIENT_CO,
        surname: 'Смирнов',
        givenName: 'Иван Петрович',
        organization: 'ООО «Клиент»',
        algorithm: 'RSA',
      });
    const betaCert = () =>
      pki.issue({
        kind: 'LEGAL_ENTITY',
        ...BETA_CO,
        surname: 'Соколова',
        givenName: 'Елена Викторовна',
        organization: 'ООО «Бета Трансфер»',
        algorithm: 'ECDSA',
      });
    const b64 = (b: Buffer) => b.toString('base64');

    beforeAll(async () => {
      t = await createTestApp({ driver, trustedCaDir: pki.dir, config: { dataDir: freshDataDir() } });
      a = await actors(t);
      id = await orderWithOffers(t, a);
      const accept = await a.client.post(`${CLIENT}/${id}/offers/${await partnerOrderId(t, id, a.p2Id)}/accept`, {});
      expect(accept.statusCode, accept.body).toBe(200);
    });
    afterAll(async () => {
      await t?.close();
    });

    it('the agent must sign each document: bulk /sign and /send answer 409 SIGNATURE_REQUIRED until it does', async () => {
      const up = await a.p2.upload(`${PORDER}/${id}/offer/docs`, 'Договор.pdf', content);
      expect(up.statusCode).toBe(201);
      docId = up.json().id;
      const before = await t.snapshot();
      for (const path of ['sign', 'send']) {
        const res = await a.p2.post(`${PORDER}/${id}/offer/docs/${path}`);
        expect(res.statusCode, path).toBe(409);
        expect(res.json(), path).toMatchObject({
          code: 'SIGNATURE_REQUIRED',
          message: 'Подпишите документы квалифицированной электронной подписью',
        });
      }
      expect(await t.snapshot()).toEqual(before);
    });

    it("refuses the agent's signature by another company's certificate, of other bytes, or garbage; nothing written", async () => {
      const cases: Array<[string, string]> = [
        [
          'COMPANY_MISMATCH',
          b64(
            signDetached(
              pki.issue({
                kind: 'LEGAL_ENTITY',
                ...ALFA_CO,
                surname: 'Морозов',
                givenName: 'Павел Алексеевич',
                algorithm: 'RSA',
              }),
              content,
            ),
          ),
        ],
        ['DOCUMENT_MISMATCH', b64(signDetached(betaCert(), pdf(900, 'other')))],
        ['SIGNATURE_MALFORMED', '%%%'],
      ];
      for (const [code, signature] of cases) {
        const before = await t.snapshot();
        const res = await a.p2.post(`${PORDER}/${id}/offer/docs/${docId}/sign`, { signature });
        expect(res.statusCode, code).toBe(400);
        expect(res.json().code).toBe(code);
        expect(await t.snapshot()).toEqual(before);
      }
      // Another agent cannot reach the document; the client cannot use the agent's path.
      expect(
        (
          await a.p1.post(`${PORDER}/${id}/offer/docs/${docId}/sign`, {
            signature: b64(signDetached(betaCert(), content)),
          })
        ).statusCode,
      ).toBe(404);
      expect((await a.client.post(`${PORDER}/${id}/offer/docs/${docId}/sign`, { signature: 'AAAA' })).statusCode).toBe(
        403,
      );
      expect(
        (await a.p2.post(`${PORDER}/${id}/offer/docs/${docId}/sign`, { signature: 'AAAA' }, { csrf: false })).json()
          .code,
      ).toBe('CSRF_INVALID');
    });

    it('a valid agent signature: UPLOADED → SIGNED with the qualified agentSignature; then /send works', async () => {
      const cert = betaCert();
      const res = await a.p2.post(`${PORDER}/${id}/offer/docs/${docId}/sign`, {
        signature: b64(signDetached(cert, content)),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        id: docId,
        status: 'SIGNED',
        clientSignature: null,
        agentSignature: {
          qualified: true,
          signer: expect.stringContaining('Соколова Елена Викторовна'),
          documentHash: sha256(content),
          signatureAlgorithm: 'ECDSA',
          digestAlgorithm: 'SHA-256',
          certificate: { ogrn: BETA_CO.ogrn, thumbprint: cert.thumbprint },
        },
      });
      const [row] = await t.db.select().from(dealDocuments).where(eq(dealDocuments.id, docId));
      expect(row).toMatchObject({
        agentSignerName: res.json().agentSignature.signer,
        agentDocumentHash: sha256(content),
      });
      expect(row.agentCertValidUntil).toBeInstanceOf(Date);
      const again = await a.p2.post(`${PORDER}/${id}/offer/docs/${docId}/sign`, {
        signature: b64(signDetached(cert, content)),
      });
      expect(again.statusCode).toBe(409);
      const sent = await a.p2.post(`${PORDER}/${id}/offer/docs/send`);
      expect(sent.statusCode, sent.body).toBe(200);
      expect(sent.json().partnerOrders[0]).toMatchObject({ status: 'SEND_OFFER_DOCS', partnerSignRequired: true });
    });

    it('the client must sign before confirming (409 SIGNATURE_REQUIRED), refused signatures write nothing, a valid one is shown to both sides', async () => {
      const docs = (await a.client.get(`${CLIENT}/${id}/offer/docs`)).json();
      expect(docs).toHaveLength(1);
      expect(docs[0]).toMatchObject({
        id: docId,
        status: 'SENT',
        agentSignature: { qualified: true },
        clientSignature: null,
      });

      const before = await t.snapshot();
      const confirm = await a.client.post(`${CLIENT}/${id}/offer/docs/confirm`, {});
      expect(confirm.statusCode).toBe(409);
      expect(confirm.json()).toMatchObject({
        code: 'SIGNATURE_REQUIRED',
        message: 'Подпишите документы квалифицированной электронной подписью',
      });
      for (const [code, signature] of [
        ['COMPANY_MISMATCH', b64(signDetached(betaCert(), content))],
        [
          'CERTIFICATE_UNTRUSTED',
          b64(
            signDetached(
              pki.issue({
                kind: 'LEGAL_ENTITY',
                ...CLIENT_CO,
                surname: 'Смирнов',
                givenName: 'Иван Петрович',
                algorithm: 'RSA',
                issuer: 'UNTRUSTED',
              }),
              content,
            ),
          ),
        ],
        ['SIGNATURE_MALFORMED', b64(Buffer.alloc(70 * 1024, 1))],
      ] as const) {
        const res = await a.client.post(`${CLIENT}/${id}/offer/docs/${docId}/sign`, { signature });
        expect(res.statusCode, code).toBe(400);
        expect(res.json().code).toBe(code);
      }
      expect(await t.snapshot()).toEqual(before);
      // Closing documents cannot be signed at this step; a foreign document id is not found.
      expect(
        (await a.client.post(`${CLIENT}/${id}/offer/final-docs/${docId}/sign`, { signature: 'AAAA' })).statusCode,
      ).toBe(404);
      const other = await t.signedIn('newclient@example.com');
      expect((await other.post(`${CLIENT}/${id}/offer/docs/${docId}/sign`, { signature: 'AAAA' })).statusCode).toBe(
        404,
      );

      const cert = clientCert();
      const signed = await a.client.post(`${CLIENT}/${id}/offer/docs/${docId}/sign`, {
        signature: b64(signDetached(cert, content)),
      });
      expect(signed.statusCode, signed.body).toBe(200);
      expect(signed.json()).toMatchObject({
        status: 'SENT',
        clientSignature: {
          qualified: true,
          signer: expect.stringContaining('Смирнов Иван Петрович'),
          certificate: { innLe: CLIENT_CO.inn },
        },
        agentSignature: { qualified: true },
      });
      expect(
        (
          await a.client.post(`${CLIENT}/${id}/offer/docs/${docId}/sign`, {
            signature: b64(signDetached(cert, content)),
          })
        ).statusCode,
      ).toBe(409);

      const ok = await a.client.post(`${CLIENT}/${id}/offer/docs/confirm`, {});
      expect(ok.statusCode, ok.body).toBe(200);
      const [row] = await t.db.select().from(dealDocuments).where(eq(dealDocuments.id, docId));
      expect(row).toMatchObject({ status: 'CONFIRMED', clientDocumentHash: sha256(content) });

      // The partner sees the client's signature; the .sig downloads are scoped.
      const partnerView = (await a.p2.get(`${PORDER}/${id}/offer/docs/${docId}`)).json();
      expect(partnerView.clientSignature).toMatchObject({
        qualified: true,
        signer: signed.json().clientSignature.signer,
      });
      const sigs = await t.db.select().from(signatures).where(eq(signatures.dealDocumentId, docId));
      expect(sigs.map((s) => s.party).sort()).toEqual(['AGENT', 'CLIENT']);
      const clientSig = sigs.find((s) => s.party === 'CLIENT')!;
      const agentSig = sigs.find((s) => s.party === 'AGENT')!;
      const oper = a.oper;
      for (const [who, c, sigId, status] of [
        ['client own', a.client, clientSig.id, 200],
        ['client: agent signature', a.client, agentSig.id, 200],
        ['agent own', a.p2, agentSig.id, 200],
        ['agent: client signature', a.p2, clientSig.id, 200],
        ['operator', oper, clientSig.id, 200],
        ['another agent', a.p1, clientSig.id, 404],
        ['another client', other, agentSig.id, 404],
      ] as const) {
        const res = await c.get(`/api/secured/common/signatures/${sigId}`);
        expect(res.statusCode, who).toBe(status);
        if (status === 200) expect(res.headers['content-disposition'], who).toContain('.sig');
      }

      // The client's 'Документы' page lists the deal document with both signatures.
      const page = (await a.client.get('/api/secured/client/documents')).json();
      const item = page.content.find((d: { kind: string; id: number }) => d.kind === 'OFFER_DOCS' && d.id === docId);
      expect(item).toMatchObject({
        orderId: id,
        orderNumber: id,
        partnerBrand: 'Бета Трансфер',
        status: 'CONFIRMED',
        clientSignature: { qualified: true },
        agentSignature: { qualified: true },
      });
    });

    it('closing documents: the same rules through to EXECUTED', async () => {
      const pc = (await a.p2.get(`${PBASE}/payment-companies`)).json();
      expect(
        (await a.p2.post(`${PORDER}/${id}/offer/pay-checks/active/confirm`, { paymentCompanyId: pc[0].id })).statusCode,
      ).toBe(200);
      expect((await a.client.post(`${CLIENT}/${id}/payment/made`, {})).statusCode).toBe(200);
      expect((await a.p2.post(`${PORDER}/${id}/payment/confirm`)).statusCode).toBe(200);
      const act = pdf(600, 'act');
      const up = await a.p2.upload(`${PORDER}/${id}/offer/final-docs`, 'Акт.pdf', act);
      const finId = up.json().id;
      expect((await a.p2.post(`${PORDER}/${id}/offer/final-docs/send`)).json().code).toBe('SIGNATURE_REQUIRED');
      expect(
        (
          await a.p2.post(`${PORDER}/${id}/offer/final-docs/${finId}/sign`, {
            signature: b64(signDetached(betaCert(), act)),
          })
        ).statusCode,
      ).toBe(200);
      expect((await a.p2.post(`${PORDER}/${id}/offer/final-docs/send`)).statusCode).toBe(200);
      expect((await a.client.post(`${CLIENT}/${id}/offer/final-docs/confirm`, {})).json().code).toBe(
        'SIGNATURE_REQUIRED',
      );
      const s = await a.client.post(`${CLIENT}/${id}/offer/final-docs/${finId}/sign`, {
        signature: b64(signDetached(clientCert(), act)),
      });
      expect(s.statusCode, s.body).toBe(200);
      const done = await a.client.post(`${CLIENT}/${id}/offer/final-docs/confirm`, {});
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json().status).toBe('EXECUTED');
    });

    it('without partnerSignRequired the bulk /sign still records the confirmation and the client confirms without signing', async () => {
      const id2 = await orderWithOffers(t, a);
      expect(
        (await a.client.post(`${CLIENT}/${id2}/offers/${await partnerOrderId(t, id2, a.p1Id)}/accept`, {})).statusCode,
      ).toBe(200);
      await a.p1.upload(`${PORDER}/${id2}/offer/docs`, 'Договор.pdf', pdf(300, 'alfa'));
      const signedAll = await a.p1.post(`${PORDER}/${id2}/offer/docs/sign`);
      expect(signedAll.statusCode).toBe(200);
      expect(signedAll.json()[0]).toMatchObject({
        status: 'SIGNED',
        agentSignature: { qualified: false, signer: 'Морозов Павел Алексеевич', certificate: null },
      });
      expect((await a.p1.post(`${PORDER}/${id2}/offer/docs/send`)).statusCode).toBe(200);
      expect((await a.client.post(`${CLIENT}/${id2}/offer/docs/confirm`, {})).statusCode).toBe(200);
      const rows = await t.db
        .select()
        .from(dealDocuments)
        .where(and(eq(dealDocuments.orderId, id2), eq(dealDocuments.kind, 'OFFER_DOCS')));
      expect(rows.map((r) => r.status)).toEqual(['CONFIRMED']);
    });
  });
}
