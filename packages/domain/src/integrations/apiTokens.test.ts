/** API token rules (issue 12 "API tokens"). */
import { describe, expect, it } from 'vitest';
import {
  API_TOKEN_ERRORS,
  apiTokenPrefix,
  apiTokenStatus,
  checkApiTokenExpiry,
  checkApiTokenName,
  isApiToken,
  isReadOnlyMethod,
  mayUseApiTokens,
  shouldTouchLastUsed,
} from './apiTokens.js';

const now = new Date('2026-11-23T12:00:00Z');
const day = 86_400_000;

describe('API tokens', () => {
  it('recognises an API token by its vpt_ prefix, not a chat session token', () => {
    expect(isApiToken('vpt_abc')).toBe(true);
    expect(isApiToken('vpt_')).toBe(false);
    expect(isApiToken('c2Vzc2lvbi10b2tlbg')).toBe(false);
    expect(isApiToken(undefined)).toBe(false);
    expect(isApiToken(null)).toBe(false);
    expect(apiTokenPrefix('vpt_AbCdEfGhIjKl')).toBe('vpt_AbCdEfGh');
  });

  it('lets clients, payment agents and operators use tokens, not referral partners', () => {
    expect(mayUseApiTokens('CLIENT')).toBe(true);
    expect(mayUseApiTokens('PARTNER')).toBe(true);
    expect(mayUseApiTokens('OPER')).toBe(true);
    expect(mayUseApiTokens('AGENT')).toBe(false);
  });

  it('checks the name: trimmed, 1–100 characters, no control characters', () => {
    expect(checkApiTokenName('  Отчёты  ')).toEqual({ value: 'Отчёты' });
    expect(checkApiTokenName('   ')).toEqual({ error: { field: 'name', ...API_TOKEN_ERRORS.nameRequired } });
    expect(checkApiTokenName('a'.repeat(101))).toEqual({ error: { field: 'name', ...API_TOKEN_ERRORS.nameTooLong } });
    expect(checkApiTokenName('😀'.repeat(100))).toEqual({ value: '😀'.repeat(100) });
    expect(checkApiTokenName('a\u0000b')).toEqual({ error: { field: 'name', ...API_TOKEN_ERRORS.nameInvalid } });
  });

  it('checks the expiry: none, future, at most 365 days ahead', () => {
    expect(checkApiTokenExpiry(null, now)).toBeNull();
    expect(checkApiTokenExpiry(new Date(now.getTime() + 365 * day), now)).toBeNull();
    expect(checkApiTokenExpiry(now, now)?.code).toBe('EXPIRY_IN_PAST');
    expect(checkApiTokenExpiry(new Date(now.getTime() + 365 * day + 1), now)?.code).toBe('EXPIRY_TOO_FAR');
  });

  it('derives the status: revoked wins over expired', () => {
    expect(apiTokenStatus({ expiresAt: null, revokedAt: null }, now)).toBe('ACTIVE');
    expect(apiTokenStatus({ expiresAt: new Date(now.getTime() + 1), revokedAt: null }, now)).toBe('ACTIVE');
    expect(apiTokenStatus({ expiresAt: now, revokedAt: null }, now)).toBe('EXPIRED');
    expect(apiTokenStatus({ expiresAt: now, revokedAt: now }, now)).toBe('REVOKED');
  });

  it('refreshes last use at most once a minute', () => {
    expect(shouldTouchLastUsed(null, now)).toBe(true);
    expect(shouldTouchLastUsed(new Date(now.getTime() - 59_999), now)).toBe(false);
    expect(shouldTouchLastUsed(new Date(now.getTime() - 60_000), now)).toBe(true);
  });

  it('treats only GET and HEAD as read-only methods', () => {
    expect(isReadOnlyMethod('GET')).toBe(true);
    expect(isReadOnlyMethod('HEAD')).toBe(true);
    expect(isReadOnlyMethod('POST')).toBe(false);
  });
});
