/** Ids of the administration records (issue 10): global or plain ids, and the not-found UserError. */
import { toGlobalId } from 'graphql-relay';
import { describe, expect, it } from 'vitest';
import { adminIdOf, isBackendId, notFoundError } from './ids.js';

describe('adminIdOf', () => {
  it('accepts a global id of the type or plain digits within 1..2147483647, nothing else', () => {
    expect(adminIdOf('Operator', toGlobalId('Operator', '5'))).toBe(5);
    expect(adminIdOf('Operator', '7')).toBe(7);
    expect(adminIdOf('Operator', '2147483647')).toBe(2147483647);
    expect(adminIdOf('Operator', '2147483648')).toBeNull();
    expect(adminIdOf('Operator', toGlobalId('AdminClient', '5'))).toBeNull();
    expect(adminIdOf('Operator', toGlobalId('Operator', 'x'))).toBeNull();
    expect(adminIdOf('Operator', '0')).toBeNull();
    expect(adminIdOf('Operator', 'garbage')).toBeNull();
  });

  it('isBackendId checks the raw part only', () => {
    expect(isBackendId('1')).toBe(true);
    expect(isBackendId('01')).toBe(true);
    expect(isBackendId(' 1')).toBe(false);
    expect(isBackendId('12345678901')).toBe(false);
    expect(isBackendId('')).toBe(false);
  });

  it('takes a larger maximum for bigint ids (orders)', () => {
    expect(adminIdOf('ReferralOrder', '9007199254740991', Number.MAX_SAFE_INTEGER)).toBe(Number.MAX_SAFE_INTEGER);
    expect(adminIdOf('ReferralOrder', toGlobalId('ReferralOrder', '2147483648'), Number.MAX_SAFE_INTEGER)).toBe(
      2147483648,
    );
    expect(adminIdOf('ReferralOrder', '9007199254740992', Number.MAX_SAFE_INTEGER)).toBeNull();
    expect(adminIdOf('ReferralOrder', '2147483648')).toBeNull();
  });
});

describe('notFoundError', () => {
  it('is a UserError without field items', () => {
    expect(notFoundError('CLIENT_NOT_FOUND', 'Клиент не найден', 'clientId')).toEqual({
      __typename: 'UserError',
      code: 'CLIENT_NOT_FOUND',
      message: 'Клиент не найден',
      field: 'clientId',
      fieldErrors: [],
      retryAfterSeconds: null,
    });
  });
});
