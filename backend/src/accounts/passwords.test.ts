/**
 * Password hashing (src/accounts/passwords.ts): the stored form carries its own cost, so hashes of any allowed cost keep
 * verifying, and the cost of new hashes comes from PASSWORD_SCRYPT_N outside production only.
 */
import { describe, expect, it } from 'vitest';
import { hashPassword, PRODUCTION_SCRYPT_N, scryptCost, verifyPassword } from './passwords.js';

describe('scryptCost (PASSWORD_SCRYPT_N)', () => {
  it('takes a power of two from 1024 to 2^14 outside production', () => {
    expect(scryptCost({ PASSWORD_SCRYPT_N: '1024' })).toBe(1024);
    expect(scryptCost({ NODE_ENV: 'test', PASSWORD_SCRYPT_N: '4096' })).toBe(4096);
    expect(scryptCost({})).toBe(PRODUCTION_SCRYPT_N);
  });

  it('ignores values that are not such a power of two', () => {
    for (const bad of ['512', '1000', '3072', 'abc', '', '32768', '-1024', '1024.5'])
      expect(scryptCost({ PASSWORD_SCRYPT_N: bad }), bad).toBe(PRODUCTION_SCRYPT_N);
  });

  it('is always the production cost with NODE_ENV=production', () => {
    expect(scryptCost({ NODE_ENV: 'production', PASSWORD_SCRYPT_N: '1024' })).toBe(PRODUCTION_SCRYPT_N);
  });
});

describe('hashPassword / verifyPassword', () => {
  it('stores scrypt$N$r$p$salt$hash with the cost of this process and verifies only the same password', async () => {
    const stored = await hashPassword('Demo-2026!');
    expect(stored).toMatch(new RegExp(`^scrypt\\$${scryptCost()}\\$8\\$1\\$[A-Za-z0-9+/=]+\\$[A-Za-z0-9+/=]+$`));
    expect(await verifyPassword('Demo-2026!', stored)).toBe(true);
    expect(await verifyPassword('Demo-2026?', stored)).toBe(false);
  });

  it('verifies a hash made with another cost (the stored N is used)', async () => {
    // A hash of 'Demo-2026!' with N = 2^14, the production cost, made once by hashPassword.
    const salt = Buffer.alloc(16, 7).toString('base64');
    const { scryptSync } = await import('node:crypto');
    const key = scryptSync('Demo-2026!', Buffer.alloc(16, 7), 64, { N: 16384, r: 8, p: 1 }).toString('base64');
    const stored = `scrypt$16384$8$1$${salt}$${key}`;
    expect(await verifyPassword('Demo-2026!', stored)).toBe(true);
    expect(await verifyPassword('demo-2026!', stored)).toBe(false);
  });

  it('answers false for malformed stored values', async () => {
    for (const bad of ['', 'scrypt$1$2', 'bcrypt$16384$8$1$a$b', 'scrypt$x$8$1$AAAA$AAAA'])
      expect(await verifyPassword('Demo-2026!', bad), bad).toBe(false);
  });
});
