/**
 * Test PKI for integration and e2e tests of qualified signatures (issue 8): createTestPki(dir?) → { dir (a
 * TRUSTED_CA_DIR), rootPem, issue(opts) → { certPem, keyPem, der, thumbprint, algorithm, chainPem } },
 * signDetached(cert, content, { signingTime?, attached? }) → DER CMS (CAdES-BES), gostAvailable().
 * The implementation lives in backend/test/certificates.ts so that backend tests can use it too (backend tests
 * must import that file, not this one: backend/tsconfig.json's rootDir is the backend).
 */
export * from '../../backend/test/certificates.js';
