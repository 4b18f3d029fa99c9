/**
 * Gateway observability helpers (issue 12, docs/observability.md): span names with `{id}` for numeric segments,
 * bounded operation-name labels, the metrics token comparison, request id validation.
 */
import { describe, expect, it } from 'vitest';
import { tokenMatches, validRequestId } from '@platform/observability';
import { GatewayMetrics } from './metrics.js';
import { pathTemplate } from './operation.js';

describe('gateway observability helpers', () => {
  it('names upstream spans by path template', () => {
    expect(pathTemplate('/api/secured/client/order/exch/42/files')).toBe('/api/secured/client/order/exch/{id}/files');
    expect(pathTemplate('/api/chat/message/7')).toBe('/api/chat/message/{id}');
    expect(pathTemplate('/api/public/csrf')).toBe('/api/public/csrf');
  });

  it('keeps at most 500 operation names as label values, then counts the rest as other', () => {
    const m = new GatewayMetrics({
      ws: () => ({ connections: 0, operations: 0 }),
      channels: () => 0,
      backlog: () => [],
    });
    expect(m.operationLabel(undefined)).toBe('anonymous');
    for (let i = 0; i < 500; i++) expect(m.operationLabel(`Op${i}`)).toBe(`Op${i}`);
    expect(m.operationLabel('Op0')).toBe('Op0');
    expect(m.operationLabel('OneTooMany')).toBe('other');
  });

  it('compares the metrics token exactly', () => {
    expect(tokenMatches('Bearer s3cret', 's3cret')).toBe(true);
    expect(tokenMatches('bearer s3cret', 's3cret')).toBe(true);
    expect(tokenMatches('Bearer s3cre', 's3cret')).toBe(false);
    expect(tokenMatches('Basic s3cret', 's3cret')).toBe(false);
    expect(tokenMatches(undefined, 's3cret')).toBe(false);
  });

  it('accepts request ids of at most 64 characters of [A-Za-z0-9._-]', () => {
    expect(validRequestId('a-b.c_1')).toBe(true);
    expect(validRequestId('x'.repeat(65))).toBe(false);
    expect(validRequestId('a;b')).toBe(false);
  });
});
