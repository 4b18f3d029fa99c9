import { describe, expect, it } from 'vitest';
import {
  CLIENT_NOT_VERIFIED,
  isActingAsAnotherUser,
  isAgentRelogin,
  isOriginalClient,
  mayStartRelogin,
  mayTakeClientAction,
  ORIGINAL_CLIENT_ACTIONS,
  ORIGINAL_CLIENT_REQUIRED,
  reloginSessionVerdict,
} from './relogin.js';

describe('re-login and the original client (spec core §3, §6; issue 11)', () => {
  const partner = { originalUser: { userId: 7 }, reLoggedRights: ['AGENT'] };

  it('a client in his own session is the original client and may take every action', () => {
    expect(isActingAsAnotherUser({})).toBe(false);
    expect(isActingAsAnotherUser({ originalUser: null, reLoggedRights: null })).toBe(false);
    expect(isOriginalClient({ originalUser: null, reLoggedRights: [] })).toBe(true);
    for (const a of ORIGINAL_CLIENT_ACTIONS) expect(mayTakeClientAction({}, a)).toBe(true);
  });

  it("a referral partner's re-login is not the original client: the reserved actions are refused, others allowed", () => {
    expect(isActingAsAnotherUser(partner)).toBe(true);
    expect(isAgentRelogin(partner)).toBe(true);
    expect(isOriginalClient(partner)).toBe(false);
    for (const a of ORIGINAL_CLIENT_ACTIONS) expect(mayTakeClientAction(partner, a)).toBe(false);
    expect(mayTakeClientAction(partner, 'ORDER_CREATE')).toBe(true);
    expect(ORIGINAL_CLIENT_REQUIRED.message).toBe('Это действие доступно только самому клиенту');
  });

  it('someone acting without the AGENT right (an operator) counts as the original client', () => {
    expect(isOriginalClient({ originalUser: { userId: 1 }, reLoggedRights: [] })).toBe(true);
  });

  it('a re-login needs an ACTIVE link and a VERIFIED company with a confirmed signature', () => {
    const ok = { linkStatus: 'ACTIVE', clientCompanyStatus: 'VERIFIED', clientSignatureConfirmed: true };
    expect(mayStartRelogin(ok)).toBe(true);
    expect(mayStartRelogin({ ...ok, linkStatus: 'INVITED' })).toBe(false);
    expect(mayStartRelogin({ ...ok, clientCompanyStatus: 'NEW' })).toBe(false);
    expect(mayStartRelogin({ ...ok, clientSignatureConfirmed: false })).toBe(false);
    expect(CLIENT_NOT_VERIFIED.message).toBe('Заявки можно создавать только для верифицированных клиентов');
  });

  it('a running re-login continues, returns to the partner or ends', () => {
    const live = { partnerBlocked: false, linkStatus: 'ACTIVE', clientCompanyStatus: 'VERIFIED' };
    expect(reloginSessionVerdict(live)).toBe('CONTINUE');
    expect(reloginSessionVerdict({ ...live, partnerBlocked: true })).toBe('END');
    expect(reloginSessionVerdict({ ...live, linkStatus: 'REMOVED' })).toBe('RETURN');
    expect(reloginSessionVerdict({ ...live, linkStatus: null })).toBe('RETURN');
    expect(reloginSessionVerdict({ ...live, clientCompanyStatus: 'SUSPENDED' })).toBe('RETURN');
    expect(reloginSessionVerdict({ ...live, clientCompanyStatus: null })).toBe('RETURN');
  });
});
