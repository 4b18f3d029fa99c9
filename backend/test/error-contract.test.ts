/**
 * The error contract of the REST API (spec core §8 "every error answer is `{ message, code, errors?, retryCsrf? }`";
 * issue 9 "error responses declared per status with their codes in the schema"):
 * - every route's OpenAPI operation declares each error status it answers with a `code` enum (routes/schemas.ts
 *   errorResponses), so the gateway's generated contract knows the codes;
 * - the app records an error answer whose status or code its route did not declare (plugins/errors.ts
 *   undeclaredError), and the test harness fails a test that provokes one (harness.ts checkErrorContract).
 */
import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorResponses, errorSchema, ROLE_ERRORS } from '../src/routes/schemas.js';
import { undeclaredError } from '../src/plugins/errors.js';
import { createTestApp, type TestApp } from './harness.js';

interface Operation {
  responses?: Record<string, { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> }>;
}

describe('error contract', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ driver: 'pglite' });
  });
  afterAll(() => t.close());

  it('errorResponses merges code lists status by status into enum schemas', () => {
    const r = errorResponses(ROLE_ERRORS, { 403: ['CSRF_INVALID'], 404: ['ORDER_NOT_FOUND', 'ORDER_NOT_FOUND'] });
    expect(Object.keys(r).sort()).toEqual(['401', '403', '404']);
    expect(r[403].properties.code).toMatchObject({ type: 'string', enum: ['CSRF_INVALID', 'FORBIDDEN'] });
    expect(r[404].properties.code).toMatchObject({ enum: ['ORDER_NOT_FOUND'] });
    expect(Object.keys(errorSchema(['X']).properties).sort()).toEqual(
      ['code', 'error', 'errors', 'message', 'retryAfterSeconds', 'retryCsrf'].sort(),
    );
  });

  it('every documented 4xx/5xx answer of every route lists its codes', () => {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
    const missing: string[] = [];
    let declared = 0;
    for (const [path, ops] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(ops))
        for (const [status, res] of Object.entries(op.responses ?? {})) {
          if (!/^[45]\d\d$/.test(status)) continue;
          // Downloads list their error answers under the media type they produce (PDF, .sig…), others under JSON.
          const [media] = Object.values(res.content ?? {});
          const code = media?.schema?.properties?.code as { enum?: string[] } | undefined;
          if (code?.enum?.length) declared++;
          else missing.push(`${method.toUpperCase()} ${path} ${status}`);
        }
    expect(missing).toEqual([]);
    expect(declared).toBeGreaterThan(400);
  });

  it('undeclaredError names an undeclared status or code and accepts a declared one', () => {
    const request = (response?: Record<string, unknown>) =>
      ({ method: 'GET', routeOptions: { url: '/x/:id', schema: response ? { response } : {} } }) as never;
    const declared = request({ 200: Type.Object({}), ...errorResponses({ 404: ['ORDER_NOT_FOUND'] }) });
    expect(undeclaredError(declared, 404, 'ORDER_NOT_FOUND')).toBeNull();
    expect(undeclaredError(declared, 404, 'NOT_FOUND')).toBe('GET /x/:id 404 NOT_FOUND: code not declared');
    expect(undeclaredError(declared, 409, 'CONFLICT')).toBe('GET /x/:id 409 CONFLICT: status not declared');
    expect(undeclaredError(request(), 404, 'NOT_FOUND')).toBeNull();
  });

  it('a declared error answer of a real route is not recorded', async () => {
    const res = await t.client().get('/api/secured/common/current/user');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED', error: 'Unauthorized' });
    expect(t.app.undeclaredErrors).toEqual([]);
  });
});
