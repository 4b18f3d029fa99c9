/**
 * Documents and acts between a referral partner and the operator, signed by both sides (issue 11; spec core §3
 * "Referral partner: documents/acts (type ACT or DOCUMENT, …, agent signature, operator signature, created)", §5
 * partner documents ≤ 50 MB, §8 "Signature"; docs/rest-api.md "Company, requisites, documents and acts"). The operator
 * uploads an act (issue 10), the partner lists, downloads, uploads his own document and signs with his company's
 * certificate; the operator signs with the platform's (config PLATFORM_OGRN / PLATFORM_INN). Wrong certificates, a
 * second signature, another partner's document, wrong roles and deleting a signed document are refused with nothing
 * written.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, referralPartnerDocuments } from '../src/db/schema/admin.js';
import { companies, users } from '../src/db/schema/core.js';
import { signatures } from '../src/db/schema/verification.js';
import { DEFAULT_PLATFORM } from '../src/config.js';
import { createTestPki, signDetached, type TestCertificate } from './certificates.js';
import { createTestApp, DRIVERS, type TestApp, type TestClient } from './harness.js';
import { multipart } from './multipart-helpers.js';
import { freshDataDir, pdf } from './orders-helpers.js';

const DOCS = '/api/secured/agent/documents';
const OPER = '/api/secured/oper/agents';
/** ООО «ВЭД Трейд» in the fake registry: a second referral partner created by the operator. */
const OTHER = { ogrn: '1177746126040', inn: '7707393126' };

const b64 = (b: Buffer) => b.toString('base64');

for (const driver of DRIVERS)
  describe(`referral partner documents and acts signed by both sides [${driver}]`, () => {
    const pki = createTestPki();
    let t: TestApp;
    let agent: TestClient;
    let operator: TestClient;
    let partnerId: number;
    let agentCert: TestCertificate;
    let platformCert: TestCertificate;
    let actId: number;
    let ownId: number;
    let otherDocId: number;
    const act = pdf(1500, 'act-january');

    beforeAll(async () => {
      t = await createTestApp({ driver, trustedCaDir: pki.dir, config: { dataDir: freshDataDir() } });
      agent = await t.signedIn('agent@example.com');
      operator = await t.signedIn('operator@example.com');
      const [u] = await t.db
        .select({ companyId: users.companyId, ogrn: companies.ogrn, inn: companies.inn })
        .from(users)
        .innerJoin(companies, eq(companies.id, users.companyId))
        .where(eq(users.email, 'agent@example.com'));
      partnerId = u.companyId!;
      agentCert = pki.issue({
        kind: 'SOLE_PROPRIETOR',
        ogrn: u.ogrn,
        inn: u.inn,
        surname: 'Орлов',
        givenName: 'Дмитрий Андреевич',
        algorithm: 'RSA',
      });
      platformCert = pki.issue({
        kind: 'LEGAL_ENTITY',
        ...DEFAULT_PLATFORM,
        surname: 'Кузнецова',
        givenName: 'Анна Игоревна',
        organization: 'ООО «Платформа»',
        algorithm: 'ECDSA',
      });
      const up = await operator.request('POST', `${OPER}/${partnerId}/documents`, {
        ...multipart({ type: 'ACT', name: 'Акт за январь', number: '1' }, { name: 'Акт.pdf', content: act }),
      });
      expect(up.statusCode, up.body).toBe(201);
      actId = up.json().id;
      // A second partner with its own document, for the "someone else's document" checks.
      const other = await operator.post(OPER, { ...OTHER, email: 'other-partner@example.com' });
      expect(other.statusCode, other.body).toBe(201);
      const otherUp = await operator.request('POST', `${OPER}/${other.json().id}/documents`, {
        ...multipart({ type: 'DOCUMENT', name: 'Чужой' }, { name: 'Чужой.pdf', content: pdf(900, 'other') }),
      });
      otherDocId = otherUp.json().id;
    }, 120_000);
    afterAll(() => t?.close());

    it("lists the operator's act awaiting the partner's signature and downloads its exact bytes", async () => {
      const list = await agent.get(DOCS);
      expect(list.statusCode, list.body).toBe(200);
      expect(list.json()).toEqual([
        expect.objectContaining({
          id: actId,
          type: 'ACT',
          name: 'Акт за январь',
          number: '1',
          uploadedBy: 'OPERATOR',
          agentSignature: null,
          operatorSignature: null,
          status: 'AWAITING_PARTNER',
          statusLabel: 'Ожидает подписи партнёра',
          canDelete: false,
          file: { name: 'Акт.pdf', size: act.length, mime: 'application/pdf' },
        }),
      ]);
      const file = await agent.get(`${DOCS}/${actId}/file`);
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(act)).toBe(true);
      expect(file.headers['content-disposition']).toContain('attachment');
    });

    it('uploads a DOCUMENT checked by content; an act type, a bad file or no name store nothing', async () => {
      const before = await t.snapshot();
      const asAct = await agent.request('POST', DOCS, {
        ...multipart({ type: 'ACT', name: 'Акт' }, { name: 'a.pdf', content: pdf(600) }),
      });
      expect(asAct.statusCode).toBe(400);
      expect(asAct.json().errors).toEqual([
        expect.objectContaining({ field: 'type', code: 'TYPE_INVALID', message: 'Партнёр загружает только документы' }),
      ]);
      const exe = await agent.request('POST', DOCS, {
        ...multipart({ name: 'Программа' }, { name: 'a.pdf', content: Buffer.from('MZ\x90\x00binary-not-a-pdf') }),
      });
      expect(exe.statusCode).toBe(415);
      expect(exe.json()).toMatchObject({ code: 'UNSUPPORTED_FILE_TYPE', message: 'Недопустимый тип файла' });
      const noName = await agent.request('POST', DOCS, { ...multipart({}, { name: 'a.pdf', content: pdf(600) }) });
      expect(noName.statusCode).toBe(400);
      expect(await t.snapshot()).toEqual(before);

      const up = await agent.request('POST', DOCS, {
        ...multipart(
          { name: 'Счёт на вознаграждение', description: 'За январь' },
          { name: 'Счёт.pdf', content: pdf(700, 'bill') },
        ),
      });
      expect(up.statusCode, up.body).toBe(201);
      expect(up.json()).toMatchObject({
        type: 'DOCUMENT',
        uploadedBy: 'REFERRAL_PARTNER',
        status: 'AWAITING_PARTNER',
        canDelete: true,
      });
      ownId = up.json().id;
      const [entry] = await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'REFERRAL_PARTNER_DOCUMENT_UPLOAD'), eq(auditLog.entityId, String(ownId))));
      expect(entry).toBeDefined();
    });

    it("refuses other roles and another partner's document (404 like a missing one)", async () => {
      const client = await t.signedIn('client@example.com');
      expect((await client.get(DOCS)).statusCode).toBe(403);
      expect((await operator.get(DOCS)).statusCode).toBe(403);
      expect((await t.client().get(DOCS)).statusCode).toBe(401);
      const before = await t.snapshot();
      expect((await agent.get(`${DOCS}/${otherDocId}/file`)).statusCode).toBe(404);
      const sign = await agent.post(`${DOCS}/${otherDocId}/sign`, { signature: b64(signDetached(agentCert, act)) });
      expect(sign.statusCode).toBe(404);
      expect(sign.json().code).toBe('DOCUMENT_NOT_FOUND');
      expect((await agent.delete(`${DOCS}/${otherDocId}`)).statusCode).toBe(404);
      expect((await agent.post(`${DOCS}/${actId}/sign`, { signature: 'AAAA' }, { csrf: false })).statusCode).toBe(403);
      expect((await agent.post(`${DOCS}/${actId}/sign`, {})).statusCode).toBe(400);
      expect(await t.snapshot()).toEqual(before);
    });

    it("refuses a wrong certificate, an individual's signature, other bytes and garbage; nothing written", async () => {
      const cases: Array<[string, string]> = [
        ['COMPANY_MISMATCH', b64(signDetached(platformCert, act))],
        [
          'INDIVIDUAL_SIGNATURE_UNSUPPORTED',
          b64(
            signDetached(
              pki.issue({ kind: 'INDIVIDUAL', surname: 'Орлов', givenName: 'Дмитрий', algorithm: 'RSA' }),
              act,
            ),
          ),
        ],
        ['DOCUMENT_MISMATCH', b64(signDetached(agentCert, pdf(1500, 'other-bytes')))],
        ['SIGNATURE_MALFORMED', '%%%'],
      ];
      for (const [code, signature] of cases) {
        const before = await t.snapshot();
        const res = await agent.post(`${DOCS}/${actId}/sign`, { signature });
        expect(res.statusCode, code).toBe(400);
        expect(res.json().code).toBe(code);
        expect(await t.snapshot()).toEqual(before);
      }
      const mismatch = await agent.post(`${DOCS}/${actId}/sign`, { signature: b64(signDetached(platformCert, act)) });
      expect(mismatch.json().message).toBe(
        'Ошибка подписи: сертификат выдан другой организации. Если ошибка повторится, обратитесь в поддержку',
      );
    });

    it("the partner signs once with his company's certificate: AWAITING_OPERATOR, a second signature 409, no delete", async () => {
      const res = await agent.post(`${DOCS}/${actId}/sign`, { signature: b64(signDetached(agentCert, act)) });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ status: 'AWAITING_OPERATOR', statusLabel: 'Ожидает подписи оператора' });
      expect(res.json().agentSignature).toMatchObject({
        qualified: true,
        documentHash: expect.stringMatching(/^[0-9a-f]{64}$/),
      });
      expect(res.json().agentSignature.signer).toContain('Орлов');
      const [doc] = await t.db.select().from(referralPartnerDocuments).where(eq(referralPartnerDocuments.id, actId));
      const [sig] = await t.db.select().from(signatures).where(eq(signatures.id, doc.agentSignatureId!));
      expect(sig).toMatchObject({ party: 'REFERRAL_PARTNER', companyId: partnerId, verificationDocumentId: null });

      const before = await t.snapshot();
      const again = await agent.post(`${DOCS}/${actId}/sign`, { signature: b64(signDetached(agentCert, act)) });
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('DOCUMENT_ALREADY_SIGNED');
      const del = await operator.delete(`${OPER}/${partnerId}/documents/${actId}`);
      expect(del.statusCode).toBe(409);
      expect(await t.snapshot()).toEqual(before);
    });

    it("the operator signs with the platform's certificate only: then both see 'Подписан обеими сторонами'", async () => {
      const noRight = await t.signedIn('support@example.com');
      const before = await t.snapshot();
      const wrong = await operator.post(`${OPER}/${partnerId}/documents/${actId}/sign`, {
        signature: b64(signDetached(agentCert, act)),
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().code).toBe('COMPANY_MISMATCH');
      expect(
        (
          await noRight.post(`${OPER}/${partnerId}/documents/${actId}/sign`, {
            signature: b64(signDetached(platformCert, act)),
          })
        ).json().code,
      ).toBe('RIGHT_REQUIRED');
      expect((await agent.post(`${OPER}/${partnerId}/documents/${actId}/sign`, { signature: 'AAAA' })).statusCode).toBe(
        403,
      );
      expect(await t.snapshot()).toEqual(before);

      const res = await operator.post(`${OPER}/${partnerId}/documents/${actId}/sign`, {
        signature: b64(signDetached(platformCert, act)),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ status: 'SIGNED' });
      expect(res.json().operatorSignature.signer).toContain('Кузнецова');
      const [doc] = await t.db.select().from(referralPartnerDocuments).where(eq(referralPartnerDocuments.id, actId));
      const [sig] = await t.db.select().from(signatures).where(eq(signatures.id, doc.operatorSignatureId!));
      expect(sig).toMatchObject({ party: 'OPERATOR', companyId: null });
      const twice = await operator.post(`${OPER}/${partnerId}/documents/${actId}/sign`, {
        signature: b64(signDetached(platformCert, act)),
      });
      expect(twice.statusCode).toBe(409);

      const mine = (await agent.get(DOCS)).json().find((d: { id: number }) => d.id === actId);
      expect(mine).toMatchObject({ status: 'SIGNED', statusLabel: 'Подписан обеими сторонами' });
      expect(mine.operatorSignature).not.toBeNull();
      const theirs = (await operator.get(`${OPER}/${partnerId}/documents`))
        .json()
        .find((d: { id: number }) => d.id === actId);
      expect(theirs).toMatchObject({ status: 'SIGNED' });
      const actions = (
        await t.db
          .select()
          .from(auditLog)
          .where(eq(auditLog.entityId, String(actId)))
      ).map((a) => a.action);
      expect(actions).toEqual(
        expect.arrayContaining(['REFERRAL_PARTNER_DOCUMENT_AGENT_SIGN', 'REFERRAL_PARTNER_DOCUMENT_OPERATOR_SIGN']),
      );
    });

    it("deletes only the partner's own unsigned document", async () => {
      const operatorsAct = await operator.request('POST', `${OPER}/${partnerId}/documents`, {
        ...multipart({ type: 'ACT', name: 'Акт за февраль' }, { name: 'Акт2.pdf', content: pdf(800, 'feb') }),
      });
      const notOwn = await agent.delete(`${DOCS}/${operatorsAct.json().id}`);
      expect(notOwn.statusCode).toBe(403);
      expect(notOwn.json().code).toBe('DOCUMENT_NOT_OWN');
      expect((await agent.delete(`${DOCS}/${actId}`)).statusCode).toBe(409);
      expect((await agent.delete(`${DOCS}/${ownId}`)).statusCode).toBe(204);
      expect((await agent.get(DOCS)).json().map((d: { id: number }) => d.id)).not.toContain(ownId);
    });
  });
