/**
 * Server-side verification of CAdES-BES detached signatures (issue 8; DESIGN "Signatures"; chat-and-shell §4
 * "Signing flow", §9 "basic CAdES, detached"; spec core §8 "Signature" texts; docs/rest-api.md codes) with real
 * certificates and signatures made by the openssl CLI (backend/test/certificates.ts).
 */
import { createHash, sign } from 'node:crypto';
import * as asn1js from 'asn1js';
import { ContentInfo, SignedData } from 'pkijs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createTestPki,
  gostAvailable,
  signDetached,
  TEST_COMPANY,
  TEST_SOLE_PROPRIETOR,
  type IssueOptions,
  type TestPki,
} from '../../test/certificates.js';
import { checkInn, checkOgrn } from '@platform/domain/validation/rules';
import { createSignatureVerifier, type ConfiguredSignatureVerifier } from './verifier.js';
import { SIGNATURE_ERROR_MESSAGES } from './messages.js';
import type { ExpectedSigner, SignatureCheck } from './types.js';

const DAY = 86_400_000;
const document = Buffer.from('Заявление на верификацию ООО «Ромашка»\n', 'utf8');
const company: ExpectedSigner = { ogrn: TEST_COMPANY.ogrn, inn: TEST_COMPANY.inn };
const holder = {
  surname: 'Иванов',
  givenName: 'Иван Иванович',
  organization: 'ООО «Ромашка»',
  position: 'Генеральный директор',
};

let pki: TestPki;
let verifier: ConfiguredSignatureVerifier;

beforeAll(async () => {
  pki = createTestPki();
  verifier = await createSignatureVerifier({ trustedCaDir: pki.dir });
});

function legalEntity(extra: Partial<IssueOptions> = {}) {
  return pki.issue({ kind: 'LEGAL_ENTITY', ...holder, algorithm: 'RSA', ...extra });
}

async function verify(cms: Buffer, content = document, expected = company, now = new Date()): Promise<SignatureCheck> {
  return verifier.verify({ cms, content, expected, now });
}

function expectRefusal(check: SignatureCheck, code: string) {
  expect(check).toEqual({
    ok: false,
    code,
    message: SIGNATURE_ERROR_MESSAGES[code as keyof typeof SIGNATURE_ERROR_MESSAGES],
  });
}

describe('test PKI defaults', () => {
  it('uses company numbers with valid check digits', () => {
    expect(checkOgrn(TEST_COMPANY.ogrn)).toBeNull();
    expect(checkInn(TEST_COMPANY.inn)).toBeNull();
    expect(checkOgrn(TEST_SOLE_PROPRIETOR.ogrn)).toBeNull();
    expect(checkInn(TEST_SOLE_PROPRIETOR.inn)).toBeNull();
  });
});

describe('SignatureVerifier: accepted signatures', () => {
  it('accepts an RSA company signature and reports what it proved', async () => {
    const cert = legalEntity({ email: 'ivanov@romashka.ru', snils: '11223344595' });
    const before = new Date(Date.now() - 1000);
    const check = await verify(signDetached(cert, document));
    expect(check.ok).toBe(true);
    if (!check.ok) return;
    const s = check.signature;
    expect(s.signerName).toBe('Иванов Иван Иванович (ООО «Ромашка»)');
    expect(s.digestAlgorithm).toBe('SHA-256');
    expect(s.signatureAlgorithm).toBe('RSA');
    expect(s.documentSha256).toBe(createHash('sha256').update(document).digest('hex'));
    expect(s.signedAt!.getTime()).toBeGreaterThanOrEqual(Math.floor(before.getTime() / 1000) * 1000);
    expect(s.signedAt!.getTime()).toBeLessThanOrEqual(Date.now());
    expect(s.certificate).toMatchObject({
      subjectName: 'ООО «Ромашка»',
      organization: 'ООО «Ромашка»',
      surname: 'Иванов',
      givenName: 'Иван Иванович',
      position: 'Генеральный директор',
      ogrn: company.ogrn,
      innLe: company.inn,
      ogrnip: null,
      inn: null,
      snils: '11223344595',
      email: 'ivanov@romashka.ru',
      thumbprint: cert.thumbprint,
    });
  });

  it('accepts an ECDSA (P-256) company signature', async () => {
    const check = await verify(signDetached(legalEntity({ algorithm: 'ECDSA' }), document));
    expect(check.ok && check.signature.signatureAlgorithm).toBe('ECDSA');
  });

  it('accepts a certificate issued by a trusted intermediate CA (loaded from a DER .cer file)', async () => {
    const check = await verify(signDetached(legalEntity({ issuer: 'INTERMEDIATE' }), document));
    expect(check.ok).toBe(true);
  });

  it("accepts a sole proprietor's signature (OGRNIP and the holder's INN)", async () => {
    const cert = pki.issue({
      kind: 'SOLE_PROPRIETOR',
      surname: 'Петров',
      givenName: 'Пётр Петрович',
      algorithm: 'ECDSA',
    });
    const check = await verify(signDetached(cert, document), document, { ...TEST_SOLE_PROPRIETOR });
    expect(check.ok).toBe(true);
    if (!check.ok) return;
    expect(check.signature.signerName).toBe('Петров Пётр Петрович');
    expect(check.signature.certificate).toMatchObject({
      ogrnip: TEST_SOLE_PROPRIETOR.ogrn,
      inn: TEST_SOLE_PROPRIETOR.inn,
      ogrn: null,
      innLe: null,
    });
  });

  it('checks validity at the signing time and reports it as signedAt', async () => {
    const signingTime = new Date(Date.now() - 2 * DAY);
    const cert = legalEntity({ notBefore: new Date(Date.now() - 10 * DAY) });
    const check = await verify(signDetached(cert, document, { signingTime }));
    expect(check.ok && check.signature.signedAt?.toISOString()).toBe(
      new Date(Math.floor(signingTime.getTime() / 1000) * 1000).toISOString(),
    );
  });
});

describe('SignatureVerifier: refusals (docs/rest-api.md codes, spec core §8 texts)', () => {
  it('DOCUMENT_MISMATCH when another document was signed', async () => {
    const cms = signDetached(legalEntity(), Buffer.from('другой документ'));
    expectRefusal(await verify(cms), 'DOCUMENT_MISMATCH');
    expect(SIGNATURE_ERROR_MESSAGES.DOCUMENT_MISMATCH).toBe(
      'Ошибка подписи: подписан другой документ. Если ошибка повторится, обратитесь в поддержку',
    );
  });

  it('SIGNATURE_INVALID when the signature value does not match the key', async () => {
    const cms = signDetached(legalEntity(), document);
    const info = new ContentInfo({ schema: asn1js.fromBER(new Uint8Array(cms)).result });
    const sd = new SignedData({ schema: info.content });
    const sig = new Uint8Array(sd.signerInfos[0].signature.valueBlock.valueHexView);
    sig[10] ^= 0xff;
    sd.signerInfos[0].signature = new asn1js.OctetString({ valueHex: sig });
    const tampered = Buffer.from(
      new ContentInfo({ contentType: info.contentType, content: sd.toSchema(true) }).toSchema().toBER(false),
    );
    expectRefusal(await verify(tampered), 'SIGNATURE_INVALID');
  });

  it('SIGNATURE_INVALID when the signed signing-certificate-v2 attribute names another certificate (CAdES-BES)', async () => {
    const cert = legalEntity();
    const info = new ContentInfo({ schema: asn1js.fromBER(new Uint8Array(signDetached(cert, document))).result });
    const sd = new SignedData({ schema: info.content });
    const signer = sd.signerInfos[0];
    const ess = signer.signedAttrs!.attributes.find((a) => a.type === '1.2.840.113549.1.9.16.2.47')!;
    const certId = ((ess.values[0] as asn1js.Sequence).valueBlock.value[0] as asn1js.Sequence).valueBlock
      .value[0] as asn1js.Sequence;
    const hash = certId.valueBlock.value.find((v) => v instanceof asn1js.OctetString) as asn1js.OctetString;
    expect(Buffer.from(hash.valueBlock.valueHexView).toString('hex')).toBe(
      createHash('sha256').update(cert.der).digest('hex'),
    );
    const other = legalEntity();
    hash.valueBlock.valueHexView = new Uint8Array(createHash('sha256').update(other.der).digest());
    // signed again with the holder's key: the signature is valid, only the certificate binding is wrong
    const attrsDer = Buffer.from(
      new asn1js.Set({ value: signer.signedAttrs!.attributes.map((a) => a.toSchema()) }).toBER(false),
    );
    signer.signature = new asn1js.OctetString({ valueHex: new Uint8Array(sign('sha256', attrsDer, cert.keyPem)) });
    const substituted = Buffer.from(
      new ContentInfo({ contentType: info.contentType, content: sd.toSchema(true) }).toSchema().toBER(false),
    );
    expectRefusal(await verify(substituted), 'SIGNATURE_INVALID');
  });

  it('CERTIFICATE_EXPIRED for a certificate that expired before now', async () => {
    const cert = legalEntity({ notBefore: new Date(Date.now() - 400 * DAY), notAfter: new Date(Date.now() - DAY) });
    expectRefusal(await verify(signDetached(cert, document)), 'CERTIFICATE_EXPIRED');
    expect(SIGNATURE_ERROR_MESSAGES.CERTIFICATE_EXPIRED).toBe(
      'Ошибка подписи: срок действия сертификата истёк. Если ошибка повторится, обратитесь в поддержку',
    );
  });

  it('CERTIFICATE_EXPIRED when the certificate is valid at signing but expired at the time of checking', async () => {
    const cert = legalEntity({ notAfter: new Date(Date.now() + DAY) });
    expectRefusal(
      await verify(signDetached(cert, document), document, company, new Date(Date.now() + 2 * DAY)),
      'CERTIFICATE_EXPIRED',
    );
  });

  it('CERTIFICATE_NOT_YET_VALID for a certificate that starts in the future', async () => {
    const cert = legalEntity({ notBefore: new Date(Date.now() + DAY), notAfter: new Date(Date.now() + 30 * DAY) });
    expectRefusal(await verify(signDetached(cert, document)), 'CERTIFICATE_NOT_YET_VALID');
  });

  it('CERTIFICATE_NOT_YET_VALID when the signing time precedes the certificate', async () => {
    const cert = legalEntity({ notBefore: new Date(Date.now() - DAY) });
    expectRefusal(
      await verify(signDetached(cert, document, { signingTime: new Date(Date.now() - 3 * DAY) })),
      'CERTIFICATE_NOT_YET_VALID',
    );
  });

  it('SIGNATURE_INVALID when the signing time claims a moment after now (beyond 5 minutes of clock skew)', async () => {
    const cert = legalEntity();
    expectRefusal(
      await verify(signDetached(cert, document, { signingTime: new Date(Date.now() + 60 * 60_000) })),
      'SIGNATURE_INVALID',
    );
    const check = await verify(signDetached(cert, document, { signingTime: new Date(Date.now() + 60_000) }));
    expect(check.ok).toBe(true);
  });

  it('CERTIFICATE_UNTRUSTED for a CA outside the trust store', async () => {
    expectRefusal(await verify(signDetached(legalEntity({ issuer: 'UNTRUSTED' }), document)), 'CERTIFICATE_UNTRUSTED');
    expect(SIGNATURE_ERROR_MESSAGES.CERTIFICATE_UNTRUSTED).toBe(
      'Ошибка подписи: сертификат выдан недоверенным удостоверяющим центром. Если ошибка повторится, обратитесь в поддержку',
    );
  });

  it('CERTIFICATE_UNTRUSTED for everything when no trust store is configured', async () => {
    const empty = await createSignatureVerifier({ trustedCaDir: null });
    expect(empty.trustedRootCount).toBe(0);
    const check = await empty.verify({
      cms: signDetached(legalEntity(), document),
      content: document,
      expected: company,
      now: new Date(),
    });
    expectRefusal(check, 'CERTIFICATE_UNTRUSTED');
  });

  it("INDIVIDUAL_SIGNATURE_UNSUPPORTED for an individual person's certificate (spec core §8)", async () => {
    const cert = pki.issue({ kind: 'INDIVIDUAL', surname: 'Сидоров', givenName: 'Сидор Сидорович', algorithm: 'RSA' });
    const check = await verify(signDetached(cert, document));
    expect(check).toEqual({
      ok: false,
      code: 'INDIVIDUAL_SIGNATURE_UNSUPPORTED',
      message:
        'Подпись физического лица не поддерживается. Используйте подпись индивидуального предпринимателя или организации',
    });
  });

  it("COMPANY_MISMATCH for another company's OGRN", async () => {
    const cert = legalEntity({ ogrn: '1037739010891', inn: company.inn });
    expectRefusal(await verify(signDetached(cert, document)), 'COMPANY_MISMATCH');
    expect(SIGNATURE_ERROR_MESSAGES.COMPANY_MISMATCH).toBe(
      'Ошибка подписи: сертификат выдан другой организации. Если ошибка повторится, обратитесь в поддержку',
    );
  });

  it('COMPANY_MISMATCH for another INN with the same OGRN', async () => {
    const cert = legalEntity({ inn: '7736050003' });
    expectRefusal(await verify(signDetached(cert, document)), 'COMPANY_MISMATCH');
  });

  it("COMPANY_MISMATCH for a sole proprietor's certificate checked against a company", async () => {
    const cert = pki.issue({
      kind: 'SOLE_PROPRIETOR',
      surname: 'Петров',
      givenName: 'Пётр Петрович',
      algorithm: 'RSA',
    });
    expectRefusal(await verify(signDetached(cert, document)), 'COMPANY_MISMATCH');
  });

  it('SIGNATURE_MALFORMED for garbage, empty input and non-CMS DER', async () => {
    const cert = legalEntity();
    for (const bad of [
      Buffer.from('not a signature'),
      Buffer.alloc(0),
      Buffer.from(cert.der),
      Buffer.from([0x30, 0x03, 0x02, 0x01]),
    ]) {
      expectRefusal(await verify(bad), 'SIGNATURE_MALFORMED');
    }
    expect(SIGNATURE_ERROR_MESSAGES.SIGNATURE_MALFORMED).toBe(
      'Ошибка подписи: не удалось прочитать подпись. Если ошибка повторится, обратитесь в поддержку',
    );
  });

  it('SIGNATURE_MALFORMED for a CMS over 64 KiB', async () => {
    const cms = signDetached(legalEntity(), document);
    const oversized = Buffer.concat([cms, Buffer.alloc(64 * 1024 + 1 - cms.length, 0)]);
    expect(oversized.length).toBe(64 * 1024 + 1);
    expectRefusal(await verify(oversized), 'SIGNATURE_MALFORMED');
  });

  it('SIGNATURE_MALFORMED for an attached signature (the document inside the CMS)', async () => {
    const cms = signDetached(legalEntity(), document, { attached: true });
    expectRefusal(await verify(cms), 'SIGNATURE_MALFORMED');
  });

  it('SIGNATURE_MALFORMED for a truncated signature', async () => {
    const cms = signDetached(legalEntity(), document);
    expectRefusal(await verify(cms.subarray(0, cms.length - 20)), 'SIGNATURE_MALFORMED');
  });
});

describe.runIf(gostAvailable())('SignatureVerifier: GOST R 34.10-2012 with Streebog (OpenSSL GOST engine)', () => {
  it('reports GOST support', () => {
    expect(verifier.gostSupported).toBe(true);
  });

  it('accepts a GOST R 34.10-2012 256 company signature', async () => {
    const cert = legalEntity({ algorithm: 'GOST2012_256' });
    const check = await verify(signDetached(cert, document));
    expect(check.ok).toBe(true);
    if (!check.ok) return;
    expect(check.signature.digestAlgorithm).toBe('GOST R 34.11-2012 256');
    expect(check.signature.signatureAlgorithm).toBe('GOST R 34.10-2012 256');
    expect(check.signature.certificate.issuerName).toBe('Тестовый УЦ gost-root');
  });

  it("accepts a GOST R 34.10-2012 512 sole proprietor's signature", async () => {
    const cert = pki.issue({
      kind: 'SOLE_PROPRIETOR',
      surname: 'Петров',
      givenName: 'Пётр Петрович',
      algorithm: 'GOST2012_512',
    });
    const check = await verify(signDetached(cert, document), document, { ...TEST_SOLE_PROPRIETOR });
    expect(check.ok && [check.signature.digestAlgorithm, check.signature.signatureAlgorithm]).toEqual([
      'GOST R 34.11-2012 512',
      'GOST R 34.10-2012 512',
    ]);
  });

  it('DOCUMENT_MISMATCH for a GOST signature of another document', async () => {
    for (const algorithm of ['GOST2012_256', 'GOST2012_512'] as const) {
      const cms = signDetached(legalEntity({ algorithm }), Buffer.from('другой документ'));
      expectRefusal(await verify(cms), 'DOCUMENT_MISMATCH');
    }
  });

  it('CERTIFICATE_UNTRUSTED for a GOST certificate from a CA outside the trust store', async () => {
    expectRefusal(
      await verify(signDetached(legalEntity({ algorithm: 'GOST2012_256', issuer: 'UNTRUSTED' }), document)),
      'CERTIFICATE_UNTRUSTED',
    );
  });

  it('SIGNATURE_ALGORITHM_UNSUPPORTED for GOST signatures when the engine is absent', async () => {
    const noGost = await createSignatureVerifier({ trustedCaDir: pki.dir, gost: false });
    expect(noGost.gostSupported).toBe(false);
    const check = await noGost.verify({
      cms: signDetached(legalEntity({ algorithm: 'GOST2012_256' }), document),
      content: document,
      expected: company,
      now: new Date(),
    });
    expectRefusal(check, 'SIGNATURE_ALGORITHM_UNSUPPORTED');
    expect(SIGNATURE_ERROR_MESSAGES.SIGNATURE_ALGORITHM_UNSUPPORTED).toBe(
      'Ошибка подписи: алгоритм подписи не поддерживается. Если ошибка повторится, обратитесь в поддержку',
    );
  });

  it('SIGNATURE_INVALID for a tampered GOST signature', async () => {
    const cms = signDetached(legalEntity({ algorithm: 'GOST2012_256' }), document);
    const info = new ContentInfo({ schema: asn1js.fromBER(new Uint8Array(cms)).result });
    const sd = new SignedData({ schema: info.content });
    const sig = new Uint8Array(sd.signerInfos[0].signature.valueBlock.valueHexView);
    sig[5] ^= 0x01;
    sd.signerInfos[0].signature = new asn1js.OctetString({ valueHex: sig });
    const tampered = Buffer.from(
      new ContentInfo({ contentType: info.contentType, content: sd.toSchema(true) }).toSchema().toBER(false),
    );
    expectRefusal(await verify(tampered), 'SIGNATURE_INVALID');
  });
});
