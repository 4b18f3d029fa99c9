/**
 * The OpenAPI UI and document (/api/docs, /api/docs/json, /api/docs/yaml) are served only when configured on
 * (issue 14 "Hardening": off in production unless OPENAPI_DOCS=true; config.ts openApiDocs, app.ts); the document
 * itself (app.swagger(), used by src/openapi.ts and the gateway's codegen) is built either way.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { createTestApp, type TestApp } from './harness.js';

const DOC_PATHS = ['/api/docs', '/api/docs/', '/api/docs/json', '/api/docs/yaml', '/api/docs/static/index.html'];

describe('OpenAPI docs switch', () => {
  it('is off by default in production only; OPENAPI_DOCS decides when set', () => {
    const base = { dataDir: '/tmp/openapi-docs-config', sessionSecret: 'x', trustedCaDir: null };
    expect(loadConfig(base, {}).openApiDocs).toBe(true);
    expect(loadConfig(base, { NODE_ENV: 'production' }).openApiDocs).toBe(false);
    expect(loadConfig(base, { NODE_ENV: 'production', OPENAPI_DOCS: 'true' }).openApiDocs).toBe(true);
    expect(loadConfig(base, { OPENAPI_DOCS: 'false' }).openApiDocs).toBe(false);
    expect(loadConfig(base, { OPENAPI_DOCS: 'off' }).openApiDocs).toBe(false);
  });

  describe('off', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ config: { openApiDocs: false } });
    });
    afterAll(() => t.close());

    it('answers 404 for the UI and the document', async () => {
      const c = t.client();
      for (const path of DOC_PATHS) expect((await c.get(path)).statusCode, path).toBe(404);
    });

    it('still builds the document for the codegen', () => {
      const doc = t.app.swagger() as { openapi: string; paths: Record<string, unknown> };
      expect(doc.openapi).toMatch(/^3\./);
      expect(Object.keys(doc.paths)).toContain('/api/public/common/email/check');
    });
  });

  describe('on', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ config: { openApiDocs: true } });
    });
    afterAll(() => t.close());

    it('serves the UI and the document', async () => {
      const c = t.client();
      const json = await c.get('/api/docs/json');
      expect(json.statusCode).toBe(200);
      expect(Object.keys((json.json() as { paths: object }).paths)).toContain('/api/public/common/email/check');
      expect((await c.get('/api/docs/yaml')).body).toMatch(/^openapi: 3\./);
      expect((await c.get('/api/docs/static/swagger-ui.css')).statusCode).toBe(200);
    });
  });
});
