/** spec core §6 account rules of the current user (isVerified, isOriginalClient, canCreateOrders). */
import { describe, expect, it } from 'vitest';
import type { CurrentUserDto } from '../rest/dto.js';
import { canCreateOrders, isOriginalClient, isVerified } from './account.js';

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
