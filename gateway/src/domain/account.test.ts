/**
 * spec core §6 account rules of the current user (isVerified, isOriginalClient, isReferralPartnerInOwnSession,
 * canCreateOrders).
 */
import { describe, expect, it } from 'vitest';
import type { CurrentUserDto } from '../rest/contract.js';
import { canCreateOrders, isOriginalClient, isReferralPartnerInOwnSession, isVerified } from './account.js';

// `originalUser` is typed null by the backend's schema; the rules also read a present one (an operator acting as the user).
const user = (over: Partial<Omit<CurrentUserDto, 'originalUser'>> & { originalUser?: unknown } = {}) =>
  ({
    userId: 1,
    email: 'a@b.ru',
    name: 'Иван',
    surname: 'Петров',
    patronymic: null,
    phone: null,
    account: { type: 'CLIENT', status: 'ACTIVE' },
    verified: false,
    userRights: [],
    originalUser: null,
    reLoggedRights: [],
    company: { ...company, status: 'NEW', verified: false },
    ...over,
  }) as CurrentUserDto;

const company = { id: 7, shortName: 'Ромашка', fullName: 'ООО «Ромашка»', inn: '7701234567', ogrn: '1027700000000' };

describe('account rules (spec core §6)', () => {
  it('a client is verified by the VERIFIED_CLIENT right, others by the flag', () => {
    expect(isVerified(user({ userRights: ['VERIFIED_CLIENT'] }))).toBe(true);
    expect(isVerified(user({ verified: true }))).toBe(false);
    expect(isVerified(user({ account: { type: 'PARTNER', status: 'ACTIVE' }, verified: true }))).toBe(true);
  });
  it('original client: not a referral partner re-login (AGENT right absent; issue 11 reading of §6)', () => {
    expect(isOriginalClient(user({ originalUser: { id: 1 } }))).toBe(true);
    expect(isOriginalClient(user({ originalUser: { id: 1 }, reLoggedRights: ['AGENT'] }))).toBe(false);
    expect(isOriginalClient(user())).toBe(true);
  });
  it('a referral partner is in his own session only as an AGENT account without the AGENT re-login right', () => {
    const agent = { type: 'AGENT', status: 'ACTIVE' } as CurrentUserDto['account'];
    expect(isReferralPartnerInOwnSession(user({ account: agent }))).toBe(true);
    expect(isReferralPartnerInOwnSession(user({ account: agent, reLoggedRights: ['AGENT'] }))).toBe(false);
    expect(isReferralPartnerInOwnSession(user())).toBe(false);
    expect(isReferralPartnerInOwnSession(user({ originalUser: { id: 1 }, reLoggedRights: ['AGENT'] }))).toBe(false);
    expect(isReferralPartnerInOwnSession(null)).toBe(false);
  });
  it('only an active client with a verified company may create orders', () => {
    expect(canCreateOrders(user())).toBe(false);
    expect(canCreateOrders(user({ company: { ...company, status: 'VERIFIED', verified: true } }))).toBe(true);
    expect(
      canCreateOrders(
        user({
          account: { type: 'CLIENT', status: 'USER_SUSPENDED' },
          company: { ...company, status: 'VERIFIED', verified: true },
        }),
      ),
    ).toBe(false);
    expect(canCreateOrders(user({ account: { type: 'OPER', status: 'ACTIVE' }, company: null }))).toBe(false);
  });
});
