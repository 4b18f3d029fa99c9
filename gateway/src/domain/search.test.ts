/** spec core §5 "Search inputs" and §6 account rules. */
import { describe, expect, it } from 'vitest';
import type { CurrentUserDto } from '../rest/dto.js';
import { canCreateOrders, isOriginalClient, isVerified } from './account.js';
import { classifyTnvedQuery, numericOrderFilter, tnvedParentRef } from './search.js';

describe('TN VED query (spec core §5)', () => {
  it('numeric input is a code suggestion, text a name suggestion, 36 characters a key hash', () => {
    expect(classifyTnvedQuery('8471')).toEqual({ kind: 'code', value: '8471' });
    expect(classifyTnvedQuery(' 8471 30 ')).toEqual({ kind: 'code', value: '847130' });
    expect(classifyTnvedQuery('компьютеры')).toEqual({ kind: 'name', value: 'компьютеры' });
    const hash = '0f8fad5b-d9cb-569f-a165-70867728950e';
    expect(classifyTnvedQuery(hash)).toEqual({ kind: 'keyHash', value: hash });
    expect(tnvedParentRef(hash)).toEqual({ parentKeyHash: hash });
    expect(tnvedParentRef('84')).toEqual({ parentCode: '84' });
  });
});

describe('order number filter (spec core §5)', () => {
  it('applies only when numeric', () => {
    expect(numericOrderFilter('123')).toBe(123);
    expect(numericOrderFilter(' 42 ')).toBe(42);
    expect(numericOrderFilter('12a')).toBeUndefined();
    expect(numericOrderFilter('')).toBeUndefined();
    expect(numericOrderFilter(null)).toBeUndefined();
  });
});

const user = (over: Partial<CurrentUserDto> = {}): CurrentUserDto => ({
  userId: 1,
  email: 'a@b.ru',
  account: { type: 'CLIENT', status: 'ACTIVE' },
  verified: false,
  userRights: [],
  originalUser: null,
  reLoggedRights: [],
  company: { id: 7, status: 'NEW', verified: false },
  ...over,
});

describe('account rules (spec core §6)', () => {
  it('a client is verified by the VERIFIED_CLIENT right, others by the flag', () => {
    expect(isVerified(user({ userRights: ['VERIFIED_CLIENT'] }))).toBe(true);
    expect(isVerified(user({ verified: true }))).toBe(false);
    expect(isVerified(user({ account: { type: 'PARTNER', status: 'ACTIVE' }, verified: true }))).toBe(true);
  });
  it('original client: originalUser present and no AGENT re-login right', () => {
    expect(isOriginalClient(user({ originalUser: { id: 1 } }))).toBe(true);
    expect(isOriginalClient(user({ originalUser: { id: 1 }, reLoggedRights: ['AGENT'] }))).toBe(false);
    expect(isOriginalClient(user())).toBe(false);
  });
  it('only an active client with a verified company may create orders', () => {
    expect(canCreateOrders(user())).toBe(false);
    expect(canCreateOrders(user({ company: { id: 7, status: 'VERIFIED', verified: true } }))).toBe(true);
    expect(
      canCreateOrders(
        user({
          account: { type: 'CLIENT', status: 'USER_SUSPENDED' },
          company: { id: 7, status: 'VERIFIED', verified: true },
        }),
      ),
    ).toBe(false);
    expect(canCreateOrders(user({ account: { type: 'OPER', status: 'ACTIVE' }, company: null }))).toBe(false);
  });
});
