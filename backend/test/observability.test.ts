/**
 * Backend observability (issue 12, docs/observability.md): request ids (valid X-Request-Id kept, others replaced),
 * /metrics behind METRICS_TOKEN with the route, database and event-log series, database spans under the request span,
 * and error logs without SQL parameter values.
 */
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlOperation } from '../src/observability/db.js';
import { serializeError } from '../src/observability/log.js';
import { validRequestId } from '@platform/observability';
import { createTestApp, DRIVERS, type TestApp } from './harness.js';

describe('observability helpers', () => {
  it('accepts request ids of at most 64 characters of [A-Za-z0-9._-] only', () => {
    expect(validRequestId('abc-1.2_3')).toBe(true);
    expect(validRequestId('x'.repeat(64))).toBe(true);
    expect(validRequestId('x'.repeat(65))).toBe(false);
    expect(validRequestId('')).toBe(false);
    expect(validRequestId('a b')).toBe(false);
    expect(validRequestId('a\nb')).toBe(false);
    expect(validRequestId(['a'])).toBe(false);
  });

  it('names SQL operations by their first keyword', () => {
    expect(sqlOperation('  select 1')).toBe('SELECT');
    expect(sqlOperation('insert into x values ($1)')).toBe('INSERT');
    expect(sqlOperation('with a as (select 1) select * from a')).toBe('WITH');
    expect(sqlOperation('LISTEN chat')).toBe('OTHER');
    expect(sqlOperation('')).toBe('OTHER');
  });

  it('serialises query errors without the parameter values', () => {
    const cause = Object.assign(new Error('duplicate key'), { code: '23505' });
    const err = Object.assign(
      new Error('Failed query: insert into users (email) values ($1)\nparams: secret@example.com'),
      { params: ['secret@example.com'], query: 'insert …', cause },
    );
    const out = serializeError(err);
    expect(JSON.stringify(out)).not.toContain('secret@example.com');
    expect(out.message).toContain('insert into users');
    expect(out.cause?.code).toBe('23505');
  });
});

describe.each(DRIVERS)('observability of the backend (%s)', (driver) => {
  const spans = new InMemorySpanExporter();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      driver,
      config: {
        observability: { otlp: false, serviceName: 'platform-backend', metricsToken: 'tok', spanExporter: spans },
      },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('keeps a valid X-Request-Id and makes a UUID otherwise', async () => {
    const kept = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'req.1' } });
    expect(kept.headers['x-request-id']).toBe('req.1');
    const made = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'a b' } });
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('opens a server span per request with database spans under it, continuing the caller’s trace', async () => {
    spans.reset();
    const traceId = '0af7651916cd43dd8448eb211c80319c';
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { traceparent: `00-${traceId}-b7ad6b7169203331-01` },
    });
    expect(res.statusCode).toBe(200);
    const finished = spans.getFinishedSpans();
    const server = finished.find((s) => s.name === 'GET /api/health');
    expect(server?.spanContext().traceId).toBe(traceId);
    expect(server?.parentSpanContext?.spanId).toBe('b7ad6b7169203331');
    expect(server?.attributes['http.response.status_code']).toBe(200);
    // The request's own database spans: background work (the stream hub's 1 s sweep of the chat event log) makes
    // root spans of its own that may finish in the same moment.
    const db = finished.filter(
      (s) => s.attributes['db.system.name'] === 'postgresql' && s.spanContext().traceId === traceId,
    );
    expect(db.length).toBeGreaterThan(0);
    expect(db[0].parentSpanContext?.spanId).toBe(server?.spanContext().spanId);
    expect(db[0].attributes['db.operation.name']).toBe('SELECT');
  });

  it('serves /metrics only with the token, with route, database and event-log series', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer tok' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(
      /http_server_request_duration_seconds_count\{method="GET",route="\/api\/health",status_class="2xx"\} \d+/,
    );
    expect(res.body).toMatch(/db_query_duration_seconds_count\{operation="SELECT",result="ok"\} \d+/);
    expect(res.body).toMatch(/event_log_lag_events \d+/);
    expect(res.body).toMatch(/event_stream_view_failures_total 0/);
    if (driver === 'postgres') expect(res.body).toMatch(/db_pool_connections\{state="total"\} \d+/);
    else expect(res.body).not.toMatch(/db_pool_connections\{/);
  });
});
