/** Client administration in the graph (issue 10): the filter body sent to the backend and the ids accepted. */
import { toGlobalId } from 'graphql-relay';
import { describe, expect, it } from 'vitest';
import { clientFilterBody, clientIdOf } from './index.js';

describe('clientFilterBody (spec core §3 "Operator client filter")', () => {
  it('sends only the set fields under the backend names', () => {
    expect(clientFilterBody(null)).toEqual({});
    expect(clientFilterBody({ nameInn: '   ' })).toEqual({});
    expect(
      clientFilterBody({
        status: 'SUSPENDED',
        nameInn: ' 9701160591 ',
        registeredFrom: '2026-01-01',
        registeredTo: null,
      }),
    ).toEqual({ clientStatus: 'SUSPENDED', nameInn: '9701160591', regDateRange: { from: '2026-01-01' } });
  });
});

describe('clientIdOf', () => {
  it('accepts an AdminClient global id or a plain company id, nothing else', () => {
    expect(clientIdOf(toGlobalId('AdminClient', '7'))).toBe(7);
    expect(clientIdOf('7')).toBe(7);
    expect(clientIdOf(toGlobalId('Order', '7'))).toBeNull();
    expect(clientIdOf('0')).toBeNull();
    expect(clientIdOf('99999999999')).toBeNull();
    expect(clientIdOf(toGlobalId('AdminClient', 'x'))).toBeNull();
    expect(clientIdOf('garbage')).toBeNull();
  });
});
