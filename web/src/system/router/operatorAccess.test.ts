import { describe, expect, it } from 'vitest';
import { decideRoute, effectiveAccountType, hasOperatorAccess, type GuardInput } from './guards';

const at = (
  pathname: string,
  userType: GuardInput['userType'],
  lastLoginType: GuardInput['lastLoginType'] = userType,
) => decideRoute({ pathname, userType, lastLoginType });

describe('operator-access check (spec core §2: all operator pages are protected)', () => {
  it('only an operator account has operator access', () => {
    expect(hasOperatorAccess('OPER')).toBe(true);
    for (const t of ['CLIENT', 'PARTNER', 'AGENT', null] as const) expect(hasOperatorAccess(t)).toBe(false);
  });
  it('lets an operator into every operator page', () => {
    for (const p of ['/operator/fea', '/operator/fea/125', '/operator/agents', '/operator/clients'])
      expect(at(p, 'OPER')).toEqual({ action: 'allow' });
  });
  it('sends other accounts to their home, also when their last-login cookie claims OPER', () => {
    expect(at('/operator/fea', 'CLIENT')).toEqual({ action: 'redirect', to: '/client/fea' });
    expect(at('/operator/fea/12', 'AGENT')).toEqual({ action: 'redirect', to: '/agent/fea' });
    expect(at('/operator/fea', 'CLIENT', 'OPER')).toEqual({ action: 'redirect', to: '/client/fea' });
    expect(at('/operator/fea', 'PARTNER', 'OPER')).toEqual({ action: 'redirect', to: '/partner' });
  });
  it('a forged OPER cookie does not bounce a client out of his own area', () => {
    expect(at('/client/fea', 'CLIENT', 'OPER')).toEqual({ action: 'allow' });
    expect(effectiveAccountType('CLIENT', 'OPER')).toBe('CLIENT');
    expect(effectiveAccountType('OPER', 'OPER')).toBe('OPER');
    expect(effectiveAccountType('CLIENT', 'AGENT')).toBe('AGENT');
    expect(effectiveAccountType('PARTNER', null)).toBe('PARTNER');
  });
  it("an operator whose cookie names another type still goes to that type's home (last-login rule)", () => {
    expect(at('/operator/fea', 'OPER', 'CLIENT')).toEqual({ action: 'redirect', to: '/client/fea' });
  });
  it('guests of the operator area go to the operator sign-in; a client may open it to sign in as operator', () => {
    expect(decideRoute({ pathname: '/operator/fea/3', userType: null, lastLoginType: null })).toEqual({
      action: 'redirect',
      to: '/operator/auth',
    });
    expect(at('/operator/auth', 'CLIENT')).toEqual({ action: 'allow' });
  });
});
