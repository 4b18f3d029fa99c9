/** The API token of a gateway request (issue 12): only `Authorization: Bearer vpt_…` counts. */
import { describe, expect, it } from 'vitest';
import { apiTokenKey, bearerApiToken } from './bearer.js';

describe('bearerApiToken', () => {
  it('takes the vpt_ token of a Bearer header only', () => {
    expect(bearerApiToken({ authorization: 'Bearer vpt_abc' })).toBe('vpt_abc');
    expect(bearerApiToken({ authorization: 'bearer  vpt_abc ' })).toBe('vpt_abc');
    expect(bearerApiToken({ authorization: 'Bearer chat-session-token' })).toBeUndefined();
    expect(bearerApiToken({ authorization: 'Basic dXNlcjpwYXNz' })).toBeUndefined();
    expect(bearerApiToken({})).toBeUndefined();
  });

  it('keys on the SHA-256 of the token, never the token', () => {
    expect(apiTokenKey('vpt_abc')).toMatch(/^[0-9a-f]{64}$/);
    expect(apiTokenKey('vpt_abc')).not.toContain('vpt_');
  });
});
