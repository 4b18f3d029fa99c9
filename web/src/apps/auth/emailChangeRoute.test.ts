/** The mailed e-mail change link opens for a signed-in user too (issue 8; spec core §2 routing rule for auth pages). */
import { describe, expect, it } from 'vitest';
import { decideRoute, isEmailChangeConfirmPath } from '../../system/router/guards';

describe('e-mail change confirmation route', () => {
  it('is allowed signed in (any type) and as a guest, in the client, partner and agent areas', () => {
    for (const area of ['client', 'partner', 'agent']) {
      const pathname = `/${area}/auth/email/confirm`;
      expect(isEmailChangeConfirmPath(pathname)).toBe(true);
      expect(decideRoute({ pathname, search: '?token=x', userType: null, lastLoginType: null })).toEqual({
        action: 'allow',
      });
      expect(decideRoute({ pathname, search: '?token=x', userType: 'CLIENT', lastLoginType: 'CLIENT' })).toEqual({
        action: 'allow',
      });
    }
  });
  it('leaves the other auth pages to rule 3 (a signed-in user goes home)', () => {
    expect(isEmailChangeConfirmPath('/operator/auth/email/confirm')).toBe(false);
    expect(decideRoute({ pathname: '/client/auth/pass', userType: 'CLIENT', lastLoginType: 'CLIENT' })).toEqual({
      action: 'redirect',
      to: '/client/fea',
    });
    expect(
      decideRoute({ pathname: '/client/auth/email/confirm/extra', userType: 'CLIENT', lastLoginType: 'CLIENT' }),
    ).toEqual({ action: 'redirect', to: '/client/fea' });
  });
});
