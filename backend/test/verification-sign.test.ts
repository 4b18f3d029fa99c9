/**
 * Company verification by a qualified electronic signature (issue 8; spec core §1 "get verified", §3 "Documents:
 * verification documents have a content field; signature details", §6 VERIFIED_CLIENT, §7 Client
 * "verification/document", "verification/document/sign", "verification/documents/info", "verification/document/{id}
 * ?withSign=true", §8 "Signature"; chat-and-shell §4 "Signing flow", §9 CAdES-BES detached; docs/rest-api.md
 * "Company, bank requisites, verification and signatures"). Real signatures from the test PKI (backend/test/certificates.ts).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies } from '../src/db/schema/core.js';
import { signatures, verificationDocuments } from '../src/db/schema/verification.js';
import { supersedeVerificationDocuments } from '../src/accounts/company-verification.js';
import { createTestPki, gostAvailable, signDetached, TEST_COMPANY, TEST_SOLE_PROPRIETOR } from './certificates.js';
import { createTestApp, DRIVERS, type TestApp, type TestClient } from './harness.js';
import { BASE, freshDataDir, orderInput } from './orders-helpers.js';
import { addRequisite, application, companyIdOf, newClientCompany, sha256, VBASE } from './verification-helpers.js';

const NEW_CLIENT = { ogrn: '1207700123454', inn: '9701160591' };
const SIG_HINT = /^Ошибка подписи: .+\. Если ошибка повторится, обратитесь в поддержку$/;

for (const driver of DRIVERS) {
  describe(`verification by qualified signature [${driver}]`, () => {
    const pki = createTestPki();
    let t: TestApp;
    let client: TestClient;
    let companyId: number;
    const holder = {
      surname: 'Кузнецова',
      givenName: 'Анна Сергеевна',
      organization: 'ООО «Новый клиент»',
      position: 'Генеральный директор',
    };

    beforeAll(async () => {
      t = await createTestApp({ driver, trustedCaDir: pki.dir, config: { dataDir: freshDataDir() } });
      client = await t.signedIn('newclient@example.com');
      companyId = await companyIdOf(t, 'newclient@example.com');
    });
    afterAll(async () => {
      await t?.close();
    });

    it('needs bank requisites first (409 REQUISITES_REQUIRED), then generates one Russian PDF, reused and race-safe', async () => {
      const none = await client.get(`${VBASE}/document`);
      expect(none.statusCode).toBe(409);
      expect(none.json()).toMatchObject({
        code: 'REQUISITES_REQUIRED',
        message: 'Добавьте банковские реквизиты компании',
      });
      await addRequisite(t, companyId);

      const [a, b] = await Promise.all([client.get(`${VBASE}/document`), client.get(`${VBASE}/document`)]);
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
      expect(a.json().id).toBe(b.json().id);
      const generated = await t.db
        .select()
        .from(verificationDocuments)
        .where(and(eq(verificationDocuments.companyId, companyId), eq(verificationDocuments.status, 'GENERATED')));
      expect(generated).toHaveLength(1);

      const doc = await application(client);
      expect(doc.id).toBe(a.json().id);
      expect(doc.body).toMatchObject({
        name: 'Заявление о присоединении к платформе.pdf',
        status: 'GENERATED',
        contentType: 'application/pdf',
        size: doc.bytes.length,
        sha256: sha256(doc.bytes),
      });
      expect(doc.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      // The Cyrillic font is embedded (no system fonts): a TrueType FontFile2 of DejaVu Sans.
      expect(doc.bytes.toString('latin1')).toMatch(/DejaVuSans/);
      expect(doc.bytes.toString('latin1')).toMatch(/FontFile2/);

      const dl = await client.get(`${VBASE}/document/${doc.id}/content`);
      expect(dl.statusCode).toBe(200);
      expect(dl.headers['content-type']).toBe('application/pdf');
      expect(dl.headers['content-disposition']).toContain("filename*=UTF-8''");
      expect(sha256(dl.rawPayload)).toBe(sha256(doc.bytes));
    });

    it('a changed company data supersedes the application: the old id answers 409 DOCUMENT_SUPERSEDED', async () => {
      const old = await application(client);
      await t.db.transaction((tx) => supersedeVerificationDocuments(tx, companyId));
      const fresh = await application(client);
      expect(fresh.id).not.toBe(old.id);
      const cert = pki.issue({ kind: 'LEGAL_ENTITY', ...NEW_CLIENT, ...holder, algorithm: 'RSA' });
      const before = await t.snapshot();
      const res = await client.post(`${VBASE}/document/sign`, {
        documentId: old.id,
        signature: signDetached(cert, old.bytes).toString('base64'),
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('DOCUMENT_SUPERSEDED');
      expect(await t.snapshot()).toEqual(before);
    });

    it('refuses bad signatures with the verifier code and §8 text, writing nothing', async () => {
      const doc = await application(client);
      const past = new Date(Date.now() - 400 * 86400_000);
      const cases: Array<[string, () => string, string]> = [
        [
          'DOCUMENT_MISMATCH',
          () =>
            signDetached(
              pki.issue({ kind: 'LEGAL_ENTITY', ...NEW_CLIENT, ...holder, algorithm: 'RSA' }),
              Buffer.from('другой документ'),
            ).toString('base64'),
          'a signature of other bytes',
        ],
        [
          'CERTIFICATE_EXPIRED',
          () =>
            signDetached(
              pki.issue({
                kind: 'LEGAL_ENTITY',
                ...NEW_CLIENT,
                ...holder,
                algorithm: 'RSA',
                notBefore: past,
                notAfter: new Date(Date.now() - 86400_000),
              }),
              doc.bytes,
            ).toString('base64'),
          'expired',
        ],
        [
          'CERTIFICATE_NOT_YET_VALID',
          () =>
            signDetached(
              pki.issue({
                kind: 'LEGAL_ENTITY',
                ...NEW_CLIENT,
                ...holder,
                algorithm: 'RSA',
                notBefore: new Date(Date.now() + 86400_000),
                notAfter: new Date(Date.now() + 400 * 86400_000),
              }),
              doc.bytes,
            ).toString('base64'),
          'not yet valid',
        ],
        [
          'CERTIFICATE_UNTRUSTED',
          () =>
            signDetached(
              pki.issue({ kind: 'LEGAL_ENTITY', ...NEW_CLIENT, ...holder, algorithm: 'RSA', issuer: 'UNTRUSTED' }),
              doc.bytes,
            ).toString('base64'),
          'untrusted CA',
        ],
        [
          'INDIVIDUAL_SIGNATURE_UNSUPPORTED',
          () =>
            signDetached(
              pki.issue({
                kind: 'INDIVIDUAL',
                inn: '500100732259',
                surname: 'Кузнецова',
                givenName: 'Анна Сергеевна',
                algorithm: 'RSA',
              }),
              doc.bytes,
            ).toString('base64'),
          'individual',
        ],
        [
          'COMPANY_MISMATCH',
          () =>
            signDetached(
              pki.issue({ kind: 'LEGAL_ENTITY', ...TEST_COMPANY, ...holder, algorithm: 'RSA' }),
              doc.bytes,
            ).toString('base64'),
          'another company',
        ],
        ['SIGNATURE_MALFORMED', () => 'это не base64!', 'not base64'],
        ['SIGNATURE_MALFORMED', () => Buffer.from('garbage garbage garbage').toString('base64'), 'not a CMS'],
        ['SIGNATURE_MALFORMED', () => Buffer.alloc(65 * 1024, 7).toString('base64'), 'over 64 KiB'],
        [
          'SIGNATURE_MALFORMED',
          () =>
            signDetached(pki.issue({ kind: 'LEGAL_ENTITY', ...NEW_CLIENT, ...holder, algorithm: 'RSA' }), doc.bytes, {
              attached: true,
            }).toString('base64'),
          'attached',
        ],
      ];
      for (const [code, make, what] of cases) {
        const before = await t.snapshot();
        const res = await client.post(`${VBASE}/document/sign`, { documentId: doc.id, signature: make() });
        expect(res.statusCode, what).toBe(400);
        expect(res.json().code, what).toBe(code);
        if (code === 'INDIVIDUAL_SIGNATURE_UNSUPPORTED')
          expect(res.json().message).toBe(
            'Подпись физического лица не поддерживается. Используйте подпись индивидуального предпринимателя или организации',
          );
        else expect(res.json().message, what).toMatch(SIG_HINT);
        expect(await t.snapshot(), what).toEqual(before);
      }
      // Still unverified: requests are refused.
      expect((await client.post(BASE, orderInput(t))).json().code).toBe('COMPANY_NOT_VERIFIED');
    });

    it('roles, anti-forgery and foreign ids', async () => {
      const doc = await application(client);
      expect((await t.client().get(`${VBASE}/document`)).statusCode).toBe(401);
      const partner = await t.signedIn('partner1@example.com');
      expect((await partner.get(`${VBASE}/document`)).statusCode).toBe(403);
      expect((await partner.post(`${VBASE}/document/sign`, { signature: 'AAAA' })).statusCode).toBe(403);
      const noCsrf = await client.post(`${VBASE}/document/sign`, { signature: 'AAAA' }, { csrf: false });
      expect(noCsrf.statusCode).toBe(403);
      expect(noCsrf.json().code).toBe('CSRF_INVALID');
      const other = await t.signedIn('client@example.com');
      expect((await other.get(`${VBASE}/document/${doc.id}`)).statusCode).toBe(404);
      expect((await other.get(`${VBASE}/document/${doc.id}/content`)).statusCode).toBe(404);
      expect((await other.post(`${VBASE}/document/sign`, { documentId: doc.id, signature: 'AAAA' })).json().code).toBe(
        'ALREADY_VERIFIED',
      );
      expect((await other.get(`${VBASE}/document`)).json()).toMatchObject({
        code: 'ALREADY_VERIFIED',
        message: 'Компания уже верифицирована',
      });
    });

    it('a valid RSA signature verifies the company in one step; the same session then creates a request', async () => {
      const before = await client.post(BASE, orderInput(t));
      expect(before.statusCode).toBe(403);
      expect(before.json().code).toBe('COMPANY_NOT_VERIFIED');

      const doc = await application(client);
      const cert = pki.issue({
        kind: 'LEGAL_ENTITY',
        ...NEW_CLIENT,
        ...holder,
        algorithm: 'RSA',
        issuer: 'INTERMEDIATE',
      });
      const cms = signDetached(cert, doc.bytes);
      const res = await client.post(`${VBASE}/document/sign`, {
        documentId: doc.id,
        signature: cms.toString('base64'),
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.user).toMatchObject({
        verified: true,
        userRights: expect.arrayContaining(['VERIFIED_CLIENT']),
        company: { id: companyId, status: 'VERIFIED', verified: true },
      });
      expect(body.document).toMatchObject({
        id: doc.id,
        status: 'SIGNED',
        signature: {
          qualified: true,
          signer: expect.stringContaining('Кузнецова Анна Сергеевна'),
          documentHash: sha256(doc.bytes),
          digestAlgorithm: 'SHA-256',
          signatureAlgorithm: 'RSA',
          certificate: {
            ogrn: NEW_CLIENT.ogrn,
            innLe: NEW_CLIENT.inn,
            thumbprint: cert.thumbprint,
            position: 'Генеральный директор',
          },
        },
      });
      expect(new Date(body.document.signature.certificateValidUntil).getTime()).toBeGreaterThan(Date.now());
      const [c] = await t.db.select().from(companies).where(eq(companies.id, companyId));
      expect(c).toMatchObject({ status: 'VERIFIED', signatureConfirmed: true });
      expect(c.verifiedAt).toBeInstanceOf(Date);

      const order = await client.post(BASE, orderInput(t));
      expect(order.statusCode, order.body).toBe(201);

      // The stored signature: withSign gives the CMS back; the .sig download is the same DER.
      const one = (await client.get(`${VBASE}/document/${doc.id}`, { query: { withSign: 'true' } })).json();
      expect(one.signature.cms).toBe(cms.toString('base64'));
      expect(Buffer.from(one.content, 'base64').equals(doc.bytes)).toBe(true);
      const sig = await client.get(`/api/secured/common/signatures/${one.signature.id}`);
      expect(sig.statusCode).toBe(200);
      expect(sig.headers['content-type']).toBe('application/pkcs7-signature');
      expect(sig.headers['content-disposition']).toContain('.sig');
      expect(sig.rawPayload.equals(cms)).toBe(true);
      expect(
        (await (await t.signedIn('client@example.com')).get(`/api/secured/common/signatures/${one.signature.id}`))
          .statusCode,
      ).toBe(404);
      expect(
        (await (await t.signedIn('partner1@example.com')).get(`/api/secured/common/signatures/${one.signature.id}`))
          .statusCode,
      ).toBe(404);

      const info = (await client.get(`${VBASE}/documents/info`)).json();
      expect(info[0]).toMatchObject({ id: doc.id, status: 'SIGNED', signature: { qualified: true } });
      expect(
        info
          .slice(1)
          .every((d: { status: string; signature: unknown }) => d.status === 'SUPERSEDED' && d.signature === null),
      ).toBe(true);
      const page = (await client.get('/api/secured/client/documents', { query: { page: '0', size: '2' } })).json();
      expect(page).toMatchObject({ totalElements: info.length, page: 0, pageSize: 2, last: info.length <= 2 });
      expect(page.content[0]).toMatchObject({
        kind: 'VERIFICATION',
        id: doc.id,
        status: 'SIGNED',
        clientSignature: { qualified: true },
        agentSignature: null,
        orderId: null,
      });

      // Signing again: 409 ALREADY_VERIFIED, nothing written; GET document too.
      const snap = await t.snapshot();
      const again = await client.post(`${VBASE}/document/sign`, {
        documentId: doc.id,
        signature: cms.toString('base64'),
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('ALREADY_VERIFIED');
      expect(await t.snapshot()).toEqual(snap);
      expect(await t.db.select().from(signatures).where(eq(signatures.companyId, companyId))).toHaveLength(1);
    });

    it('of two concurrent valid signatures exactly one verifies the company; the other is refused with nothing written', async () => {
      const ids = { ogrn: '1027739609391', inn: '7725038124' };
      const x = await newClientCompany(t, `race-${driver}@example.com`, ids, 'ООО «Гонка»');
      await addRequisite(t, x.companyId);
      const xc = await t.signedIn(`race-${driver}@example.com`);
      const doc = await application(xc);
      const cert = pki.issue({
        kind: 'LEGAL_ENTITY',
        ...ids,
        surname: 'Быстров',
        givenName: 'Олег Игоревич',
        organization: 'ООО «Гонка»',
        algorithm: 'ECDSA',
      });
      const body = () => ({ documentId: doc.id, signature: signDetached(cert, doc.bytes).toString('base64') });
      const [a, b] = await Promise.all([
        xc.post(`${VBASE}/document/sign`, body()),
        xc.post(`${VBASE}/document/sign`, body()),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
      expect(['ALREADY_VERIFIED', 'DOCUMENT_SUPERSEDED']).toContain((a.statusCode === 409 ? a : b).json().code);
      expect(await t.db.select().from(signatures).where(eq(signatures.companyId, x.companyId))).toHaveLength(1);
    });

    it('ECDSA (legal entity) and GOST or RSA (sole proprietor) signatures verify too; SUSPENDED companies cannot verify', async () => {
      const e = await newClientCompany(t, `ecdsa-${driver}@example.com`, TEST_COMPANY, 'ООО «Ромашка»');
      await addRequisite(t, e.companyId);
      const ec = await t.signedIn(`ecdsa-${driver}@example.com`);
      const edoc = await application(ec);
      const ecert = pki.issue({
        kind: 'LEGAL_ENTITY',
        ...TEST_COMPANY,
        surname: 'Петрова',
        givenName: 'Мария Ивановна',
        organization: 'ООО «Ромашка»',
        algorithm: 'ECDSA',
      });
      const eres = await ec.post(`${VBASE}/document/sign`, {
        signature: signDetached(ecert, edoc.bytes).toString('base64'),
      });
      expect(eres.statusCode, eres.body).toBe(200);
      expect(eres.json().document.signature).toMatchObject({ signatureAlgorithm: 'ECDSA', qualified: true });

      const s = await newClientCompany(t, `ip-${driver}@example.com`, TEST_SOLE_PROPRIETOR, 'ИП Сидоров');
      await addRequisite(t, s.companyId);
      const sc = await t.signedIn(`ip-${driver}@example.com`);
      const sdoc = await application(sc);
      const gost = gostAvailable();
      const scert = pki.issue({
        kind: 'SOLE_PROPRIETOR',
        ...TEST_SOLE_PROPRIETOR,
        surname: 'Сидоров',
        givenName: 'Пётр Петрович',
        algorithm: gost ? 'GOST2012_256' : 'RSA',
      });
      const sres = await sc.post(`${VBASE}/document/sign`, {
        signature: signDetached(scert, sdoc.bytes).toString('base64'),
      });
      expect(sres.statusCode, sres.body).toBe(200);
      expect(sres.json().document.signature).toMatchObject({
        signatureAlgorithm: gost ? 'GOST R 34.10-2012 256' : 'RSA',
        certificate: { ogrnip: TEST_SOLE_PROPRIETOR.ogrn },
      });
      expect(sres.json().user.userRights).toContain('VERIFIED_CLIENT');

      const x = await newClientCompany(
        t,
        `susp-${driver}@example.com`,
        { ogrn: '1037739010891', inn: '7702070139' },
        'ООО «Заблокированная»',
      );
      await addRequisite(t, x.companyId);
      const xc = await t.signedIn(`susp-${driver}@example.com`);
      await t.db.update(companies).set({ status: 'SUSPENDED' }).where(eq(companies.id, x.companyId));
      // A suspended company's users are signed out at their next request and cannot sign in (issue 10, spec core §4
      // "USER_SUSPENDED blocks login"), so nobody of it reaches the verification document any more.
      const xres = await xc.get(`${VBASE}/document`);
      expect(xres.statusCode).toBe(401);
      await expect(t.signedIn(`susp-${driver}@example.com`)).rejects.toThrow(/403.*ACCOUNT_SUSPENDED/);
    });
  });
}
