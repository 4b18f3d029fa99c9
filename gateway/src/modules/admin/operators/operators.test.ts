import { toGlobalId } from 'graphql-relay';
import { describe, expect, it } from 'vitest';
import { operatorFilterBody, operatorIdOf } from './index.js';

describe('operator administration helpers (issue 10)', () => {
  it('reads an operator id from a global id of type Operator or a plain number, nothing else', () => {
    expect(operatorIdOf(toGlobalId('Operator', '5'))).toBe(5);
    expect(operatorIdOf('7')).toBe(7);
    expect(operatorIdOf(toGlobalId('AdminClient', '5'))).toBeNull();
    expect(operatorIdOf('0')).toBeNull();
    expect(operatorIdOf('abc')).toBeNull();
    expect(operatorIdOf('99999999999')).toBeNull();
  });

  it('sends only the filled filter fields', () => {
    expect(operatorFilterBody(null)).toEqual({});
    expect(operatorFilterBody({ query: '  ', status: null, role: null })).toEqual({});
    expect(operatorFilterBody({ query: ' иван ', status: 'SUSPENDED', role: 'SUPPORT' })).toEqual({
      query: 'иван',
      status: 'SUSPENDED',
      role: 'SUPPORT',
    });
  });
});
