/**
 * Certificate fields (chat-and-shell §3 "Signing certificate": subject and issuer names, registration numbers, SNILS,
 * position, validity, thumbprint) and the trust store directory (backend/trust/README.md), checked against the
 * openssl CLI's own reading of the same certificates.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createTestPki,
  signDetached,
  TEST_COMPANY,
  TEST_SOLE_PROPRIETOR,
  type TestPki,
} from '../../test/certificates.js';
import { loadConfig } from '../config.js';
import { demoCaPaths } from './demo-ca.js';
import { parseCertificate, signerDisplayName } from './certificate.js';
import { INDIVIDUAL_SIGNATURE_MESSAGE, SIGNATURE_ERROR_MESSAGES } from './messages.js';
import { loadTrustStore } from './trust-store.js';
import { createSignatureVerifier } from './verifier.js';

let pki: TestPki;
beforeAll(() => {
  pki = createTestPki();
});

function opensslField(pem: string, flag: string): string {
  return execFileSync('openssl', ['x509', '-noout', flag], { input: pem }).toString('utf8').trim();
}

describe('parseCertificate', () => {
  it("reads a legal entity's subject, registration numbers, issuer, serial, thumbprint and validity", () => {
    const notBefore = new Date('2026-01-15T09:30:00Z');
    const notAfter = new Date('2027-04-15T09:30:00Z');
    const cert = pki.issue({
      kind: 'LEGAL_ENTITY',
      surname: 'Иванов',
      givenName: 'Иван Иванович',
      organization: 'ООО «Ромашка»',
      position: 'Генеральный директор',
      email: 'ivanov@romashka.ru',
      snils: '11223344595',
      algorithm: 'ECDSA',
      notBefore,
      notAfter,
    });
    const info = parseCertificate(cert.der);
    expect(info).toEqual({
      subjectName: 'ООО «Ромашка»',
      surname: 'Иванов',
      givenName: 'Иван Иванович',
      organization: 'ООО «Ромашка»',
      position: 'Генеральный директор',
      email: 'ivanov@romashka.ru',
      inn: null,
      innLe: TEST_COMPANY.inn,
      ogrn: TEST_COMPANY.ogrn,
      ogrnip: null,
      snils: '11223344595',
      issuerName: 'Тестовый УЦ root',
      issuerOrganization: 'Тестовый удостоверяющий центр',
      issuerEmail: null,
      issuerInn: '7700000000',
      serialNumber: opensslField(cert.certPem, '-serial').replace('serial=', '').toLowerCase().replace(/^0+/, ''),
      thumbprint: opensslField(cert.certPem, '-fingerprint').replace(/^.*=/, '').replace(/:/g, ''),
      validFrom: '2026-01-15T09:30:00.000Z',
      validTo: '2027-04-15T09:30:00.000Z',
    });
    expect(info.thumbprint).toBe(cert.thumbprint);
    expect(info.serialNumber).toMatch(/^[0-9a-f]+$/);
    expect(signerDisplayName(info)).toBe('Иванов Иван Иванович (ООО «Ромашка»)');
  });

  it("reads a sole proprietor's OGRNIP and personal INN, and an intermediate issuer", () => {
    const cert = pki.issue({
      kind: 'SOLE_PROPRIETOR',
      surname: 'Петров',
      givenName: 'Пётр Петрович',
      algorithm: 'RSA',
      issuer: 'INTERMEDIATE',
    });
    const info = parseCertificate(cert.der);
    expect(info).toMatchObject({
      subjectName: 'Петров Пётр Петрович',
      ogrnip: TEST_SOLE_PROPRIETOR.ogrn,
      inn: TEST_SOLE_PROPRIETOR.inn,
      ogrn: null,
      innLe: null,
      organization: null,
      issuerName: 'Тестовый УЦ intermediate',
      issuerInn: null,
    });
    expect(signerDisplayName(info)).toBe('Петров Пётр Петрович');
  });

  it('throws for bytes that are not a certificate', () => {
    expect(() => parseCertificate(Buffer.from('garbage'))).toThrow();
  });
});

describe('trust store directory', () => {
  it('loads PEM bundles, DER files and skips other files with a warning', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'trust-'));
    const own = createTestPki(mkdtempSync(join(tmpdir(), 'trust-src-')));
    writeFileSync(
      join(dir, 'bundle.pem'),
      readFileSync(join(own.dir, 'root.pem'), 'utf8') +
        pki.issue({ kind: 'LEGAL_ENTITY', surname: 'А', givenName: 'Б', algorithm: 'ECDSA' }).certPem,
    );
    writeFileSync(join(dir, 'intermediate.crt'), readFileSync(join(own.dir, 'intermediate.cer')));
    writeFileSync(join(dir, 'notes.pem'), 'not a certificate');
    writeFileSync(join(dir, 'key.pem'), '-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n');
    writeFileSync(join(dir, 'ignored.txt'), 'other extension');
    const store = await loadTrustStore(dir);
    expect(store.roots.map((r) => r.file)).toEqual([join(dir, 'bundle.pem')]);
    expect(store.intermediates.map((r) => r.file).sort()).toEqual([
      join(dir, 'bundle.pem'),
      join(dir, 'intermediate.crt'),
    ]);
    expect(store.skipped).toEqual(['key.pem: no certificate', 'notes.pem: not an X.509 certificate']);
    const warnings: string[] = [];
    await createSignatureVerifier({ trustedCaDir: dir, onWarning: (m) => warnings.push(m) });
    expect(warnings).toEqual([
      `Trust store ${dir}: skipped key.pem: no certificate`,
      `Trust store ${dir}: skipped notes.pem: not an X.509 certificate`,
    ]);
  });

  it("TRUSTED_CA_DIR: the installation's generated demo CA outside production, nothing in production (config docstring)", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'demo-ca-'));
    const demoDir = loadConfig({ sessionSecret: 'x', dataDir }, {}).trustedCaDir;
    expect(demoDir).toBe(demoCaPaths(dataDir).trustDir);
    expect(statSync(demoCaPaths(dataDir).keyPath).mode & 0o077).toBe(0);
    // generated once: a second start keeps the same root
    const root = readFileSync(demoCaPaths(dataDir).certPath, 'utf8');
    loadConfig({ sessionSecret: 'x', dataDir }, {});
    expect(readFileSync(demoCaPaths(dataDir).certPath, 'utf8')).toBe(root);
    expect(loadConfig({ sessionSecret: 'x', dataDir: '/tmp/x' }, { NODE_ENV: 'production' }).trustedCaDir).toBeNull();
    expect(
      loadConfig({ sessionSecret: 'x', dataDir: '/tmp/x' }, { NODE_ENV: 'production', TRUSTED_CA_DIR: '/etc/ca' })
        .trustedCaDir,
    ).toBe('/etc/ca');
    const demo = await createSignatureVerifier({ trustedCaDir: demoDir });
    expect(demo.trustedRootCount).toBe(1);
    // the test PKI's certificates are not trusted by the demo CA
    const cert = pki.issue({ kind: 'LEGAL_ENTITY', surname: 'Иванов', givenName: 'Иван', algorithm: 'RSA' });
    const doc = Buffer.from('документ');
    const check = await demo.verify({
      cms: signDetached(cert, doc),
      content: doc,
      expected: { ...TEST_COMPANY },
      now: new Date(),
    });
    expect(check.ok ? 'ok' : check.code).toBe('CERTIFICATE_UNTRUSTED');

    // scripts/demo-certificate.mjs issues from this installation's demo CA; its signatures verify (README "Demo CA")
    const out = join(dataDir, 'cert');
    execFileSync('node', [join(import.meta.dirname, '../../../scripts/demo-certificate.mjs'), '--out', out], {
      env: { ...process.env, DATA_DIR: dataDir },
      stdio: 'ignore',
    });
    writeFileSync(join(out, 'doc.txt'), doc);
    execFileSync('openssl', [
      'cms',
      '-sign',
      '-binary',
      '-cades',
      '-in',
      join(out, 'doc.txt'),
      '-signer',
      join(out, 'certificate.pem'),
      '-inkey',
      join(out, 'private-key.pem'),
      '-outform',
      'DER',
      '-out',
      join(out, 'doc.sig'),
    ]);
    const demoSigned = await demo.verify({
      cms: readFileSync(join(out, 'doc.sig')),
      content: doc,
      expected: { ...TEST_COMPANY },
      now: new Date(),
    });
    expect(demoSigned.ok ? demoSigned.signature.signerName : demoSigned.code).toContain('ООО «Ромашка»');
  });
});

describe('signature error messages (spec core §8 "Signature")', () => {
  it('has a Russian text with the support hint for every code but the individual one', () => {
    for (const [code, message] of Object.entries(SIGNATURE_ERROR_MESSAGES)) {
      if (code === 'INDIVIDUAL_SIGNATURE_UNSUPPORTED') expect(message).toBe(INDIVIDUAL_SIGNATURE_MESSAGE);
      else expect(message).toMatch(/^Ошибка подписи: [а-яё ]+\. Если ошибка повторится, обратитесь в поддержку$/);
    }
    expect(Object.keys(SIGNATURE_ERROR_MESSAGES).sort()).toEqual([
      'CERTIFICATE_EXPIRED',
      'CERTIFICATE_NOT_YET_VALID',
      'CERTIFICATE_UNTRUSTED',
      'COMPANY_MISMATCH',
      'DOCUMENT_MISMATCH',
      'INDIVIDUAL_SIGNATURE_UNSUPPORTED',
      'SIGNATURE_ALGORITHM_UNSUPPORTED',
      'SIGNATURE_INVALID',
      'SIGNATURE_MALFORMED',
    ]);
  });
});
