/**
 * The app's signature verifier (issue 8; backend/trust/README.md): buildApp decorates app.signatureVerifier over
 * config.trustedCaDir (TRUSTED_CA_DIR), and the harness's `trustedCaDir` option points it at a test PKI.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPki, signDetached, TEST_COMPANY } from './certificates.js';
import { createTestApp, type TestApp } from './harness.js';

describe('app.signatureVerifier', () => {
  const pki = createTestPki();
  const doc = Buffer.from('Заявление', 'utf8');
  let trusting: TestApp;
  let demo: TestApp;
  beforeAll(async () => {
    trusting = await createTestApp({ trustedCaDir: pki.dir });
    demo = await createTestApp();
  });
  afterAll(async () => {
    await trusting.close();
    await demo.close();
  });

  it('trusts the test PKI given as trustedCaDir, and only the demo CA by default', async () => {
    const cert = pki.issue({ kind: 'LEGAL_ENTITY', surname: 'Иванов', givenName: 'Иван Иванович', algorithm: 'ECDSA' });
    const input = { cms: signDetached(cert, doc), content: doc, expected: { ...TEST_COMPANY }, now: new Date() };
    expect((await trusting.app.signatureVerifier.verify(input)).ok).toBe(true);
    const refused = await demo.app.signatureVerifier.verify(input);
    expect(refused.ok ? 'ok' : refused.code).toBe('CERTIFICATE_UNTRUSTED');
  });
});
