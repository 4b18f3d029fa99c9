import { describe, expect, it } from 'vitest';
import {
  areaOfPath,
  authStepEntry,
  decideRoute,
  isAuthPath,
  isNumericIdParam,
  isOrderPathTail,
  isValidOgrnParam,
  lastLoginTypeFromCookies,
  normalizePath,
  notFoundMessage,
  type GuardInput,
} from './guards';

const guest = (pathname: string, extra: Partial<GuardInput> = {}) =>
  decideRoute({ pathname, userType: null, lastLoginType: null, ...extra });
const signedIn = (
  pathname: string,
  userType: GuardInput['userType'],
  lastLoginType: GuardInput['lastLoginType'] = userType,
) => decideRoute({ pathname, userType, lastLoginType });

describe('paths', () => {
  it('ignores trailing slashes', () => {
    expect(normalizePath('/client/fea/')).toBe('/client/fea');
    expect(normalizePath('/client//auth///')).toBe('/client/auth');
    expect(normalizePath('/')).toBe('/');
    expect(normalizePath('')).toBe('/');
  });
  it('finds the area of a path', () => {
    expect(areaOfPath('/client/fea/12')).toBe('client');
    expect(areaOfPath('/clients')).toBeNull();
    expect(areaOfPath('/operator/auth')).toBe('operator');
    expect(areaOfPath('/partner')).toBe('partner');
    expect(areaOfPath('/unknown')).toBeNull();
  });
  it('recognises auth pages', () => {
    expect(isAuthPath('/client/auth')).toBe(true);
    expect(isAuthPath('/client/auth/registration/expired')).toBe(true);
    expect(isAuthPath('/client/authors')).toBe(false);
    expect(isAuthPath('/client/fea')).toBe(false);
  });
});

describe('routing rules (spec core §2)', () => {
  it('redirects a path with a trailing slash to the same path without it, keeping the query', () => {
    expect(
      decideRoute({ pathname: '/client/fea/', search: '?a=1', userType: 'CLIENT', lastLoginType: 'CLIENT' }),
    ).toEqual({ action: 'redirect', to: '/client/fea?a=1' });
  });
  it('always allows public pages', () => {
    for (const p of ['/', '/clients', '/clients/cards', '/agents', '/partners']) {
      expect(guest(p)).toEqual({ action: 'allow' });
      expect(signedIn(p, 'PARTNER')).toEqual({ action: 'allow' });
    }
  });
  it('sends a guest on a protected page to the auth page of that area', () => {
    expect(guest('/client/fea')).toEqual({ action: 'redirect', to: '/client/auth' });
    expect(guest('/client/company')).toEqual({ action: 'redirect', to: '/client/auth' });
    expect(guest('/agent/clients')).toEqual({ action: 'redirect', to: '/agent/auth' });
    expect(guest('/partner')).toEqual({ action: 'redirect', to: '/partner/auth' });
    expect(guest('/partner/anything/deep')).toEqual({ action: 'redirect', to: '/partner/auth' });
  });
  it('sends a guest of the operator area to the operator login, external when configured', () => {
    expect(guest('/operator/fea')).toEqual({ action: 'redirect', to: '/operator/auth' });
    expect(guest('/operator/fea', { operatorLoginUrl: 'https://login.example.com/oper' })).toEqual({
      action: 'external',
      url: 'https://login.example.com/oper',
    });
  });
  it('lets a guest open any auth page, whatever his last-login type', () => {
    expect(guest('/client/auth')).toEqual({ action: 'allow' });
    expect(guest('/partner/auth', { lastLoginType: 'CLIENT' })).toEqual({ action: 'allow' });
    expect(guest('/client/auth/registration')).toEqual({ action: 'allow' });
  });
  it('sends a signed-in user opening an auth page to the home of his type', () => {
    expect(signedIn('/client/auth', 'CLIENT')).toEqual({ action: 'redirect', to: '/client/fea' });
    expect(signedIn('/client/auth/pass', 'CLIENT')).toEqual({ action: 'redirect', to: '/client/fea' });
    expect(signedIn('/partner/auth', 'PARTNER')).toEqual({ action: 'redirect', to: '/partner' });
    expect(signedIn('/client/auth', 'OPER')).toEqual({ action: 'redirect', to: '/operator/fea' });
    expect(signedIn('/agent/auth', 'AGENT')).toEqual({ action: 'redirect', to: '/agent/fea' });
  });
  it('does not redirect a client or partner opening /operator/auth', () => {
    expect(signedIn('/operator/auth', 'CLIENT')).toEqual({ action: 'allow' });
    expect(signedIn('/operator/auth', 'PARTNER')).toEqual({ action: 'allow' });
    expect(signedIn('/operator/auth', 'AGENT')).toEqual({ action: 'redirect', to: '/agent/fea' });
    expect(signedIn('/operator/auth', 'OPER')).toEqual({ action: 'redirect', to: '/operator/fea' });
  });
  it('sends a signed-in user whose last-login type differs from the area to the home of that type', () => {
    expect(signedIn('/partner/orders', 'CLIENT')).toEqual({ action: 'redirect', to: '/client/fea' });
    expect(signedIn('/client/fea', 'CLIENT', 'AGENT')).toEqual({ action: 'redirect', to: '/agent/fea' });
    expect(signedIn('/operator/fea', 'PARTNER')).toEqual({ action: 'redirect', to: '/partner' });
  });
  it('allows a signed-in user in his own area', () => {
    expect(signedIn('/client/fea', 'CLIENT')).toEqual({ action: 'allow' });
    expect(signedIn('/client/fea/123', 'CLIENT')).toEqual({ action: 'allow' });
    expect(signedIn('/partner', 'PARTNER')).toEqual({ action: 'allow' });
    expect(signedIn('/client/fea', 'CLIENT', null)).toEqual({ action: 'allow' });
  });
  it('leaves unknown top-level paths to the router (not-found page)', () => {
    expect(guest('/nowhere')).toEqual({ action: 'allow' });
  });
});

describe('route validation (spec core §5, §8)', () => {
  it('accepts under a request area only the list or one numeric request id (core §2 fea/{path})', () => {
    expect(isOrderPathTail(undefined)).toBe(true);
    expect(isOrderPathTail('')).toBe(true);
    expect(isOrderPathTail('42')).toBe(true);
    expect(isOrderPathTail('42/')).toBe(true);
    expect(isOrderPathTail('1/extra')).toBe(false);
    expect(isOrderPathTail('abc')).toBe(false);
    expect(isOrderPathTail('1234567890123456')).toBe(false);
  });

  it('needs an ogrn of exactly 13 or 15 digits', () => {
    expect(isValidOgrnParam('1027700132195')).toBe(true);
    expect(isValidOgrnParam('304500116000157')).toBe(true);
    expect(isValidOgrnParam('12345678901234')).toBe(false);
    expect(isValidOgrnParam('10277001321a5')).toBe(false);
    expect(isValidOgrnParam(undefined)).toBe(false);
  });
  it('needs a numeric id', () => {
    expect(isNumericIdParam('15')).toBe(true);
    expect(isNumericIdParam('x15')).toBe(false);
  });
  it('names the path in the not-found message', () => {
    expect(notFoundMessage('/client/nope')).toBe('Page Not Found: /client/nope');
  });
});

describe('last-login type cookie', () => {
  it('reads USER_TYPE among other cookies', () => {
    expect(lastLoginTypeFromCookies('XSRF-TOKEN=abc; USER_TYPE=PARTNER')).toBe('PARTNER');
    expect(lastLoginTypeFromCookies('USER_TYPE=OPER')).toBe('OPER');
    expect(lastLoginTypeFromCookies('USER_TYPE=ROOT')).toBeNull();
    expect(lastLoginTypeFromCookies('')).toBeNull();
  });
});

describe('steps entered only from a previous page', () => {
  it('needs the remembered e-mail for the password step', () => {
    expect(authStepEntry('/client/auth/pass', { rememberedEmail: null, token: null })).toEqual({
      action: 'redirect',
      to: '/client/auth',
    });
    expect(authStepEntry('/client/auth/pass', { rememberedEmail: 'a@b.ru', token: null })).toEqual({ action: 'allow' });
    expect(authStepEntry('/partner/auth/pass', { rememberedEmail: null, token: null })).toEqual({
      action: 'redirect',
      to: '/partner/auth',
    });
  });
  it('allows registration with a token and no remembered e-mail', () => {
    expect(authStepEntry('/client/auth/registration', { rememberedEmail: null, token: 'tkn' })).toEqual({
      action: 'allow',
    });
    expect(authStepEntry('/client/auth/registration', { rememberedEmail: null, token: null })).toEqual({
      action: 'redirect',
      to: '/client/auth',
    });
  });
  it('needs a token to set a new password', () => {
    expect(authStepEntry('/client/auth/forgot/pass', { rememberedEmail: null, token: null })).toEqual({
      action: 'redirect',
      to: '/client/auth/forgot',
    });
    expect(authStepEntry('/client/auth/forgot/pass', { rememberedEmail: null, token: 't' })).toEqual({
      action: 'allow',
    });
  });
});
