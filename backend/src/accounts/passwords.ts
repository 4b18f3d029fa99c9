/**
 * Password hashing with scrypt (node:crypto). Stored form: `scrypt$<N>$<r>$<p>$<salt b64>$<hash b64>`,
 * so the cost can be raised later without invalidating old hashes.
 */
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const scrypt = (password: string, salt: Buffer, keylen: number, opts: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCb(password, salt, keylen, opts, (err, key) => (err ? reject(err) : resolve(key))),
  );

/** The scrypt cost parameter N of new hashes in production: 2^14 (OWASP's minimum for scrypt with r = 8, p = 1). */
export const PRODUCTION_SCRYPT_N = 16384;

/**
 * N of new hashes: PASSWORD_SCRYPT_N (a power of two from 1024 to 2^14) outside production, else
 * {@link PRODUCTION_SCRYPT_N}. The test suite lowers it (vitest.config.ts: every sign-in of thousands of tests paid
 * ~50–140 ms of CPU at 2^14), as test set-ups of other frameworks lower bcrypt's cost; with NODE_ENV=production the
 * variable is ignored, so a deployment cannot weaken its hashes by it. Stored hashes carry their own N, so hashes made
 * with any N keep verifying (and a changed N affects new hashes only).
 */
export function scryptCost(env: NodeJS.ProcessEnv = process.env): number {
  if (env.NODE_ENV === 'production') return PRODUCTION_SCRYPT_N;
  const n = Number(env.PASSWORD_SCRYPT_N);
  const valid = Number.isInteger(n) && n >= 1024 && n <= PRODUCTION_SCRYPT_N && (n & (n - 1)) === 0;
  return valid ? n : PRODUCTION_SCRYPT_N;
}

const N = scryptCost();
const R = 8;
const P = 1;
const KEYLEN = 64;

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEYLEN, { N, r: R, p: P });
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`;
}

/** True when `password` matches `stored`; false for any malformed stored value. Constant-time compare. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, saltB64, hashB64] = parts;
  const expected = Buffer.from(hashB64, 'base64');
  if (expected.length === 0) return false;
  // A stored N, r or p that scrypt refuses (not a number, N not a power of two) is a malformed value: false.
  const key = await scrypt(password, Buffer.from(saltB64, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: 256 * Number(n) * Number(r),
  }).catch(() => undefined);
  return key !== undefined && key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash of a random password: compared against when the e-mail is unknown, so timing does not reveal it. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(12).toString('hex'));
  return dummyHash;
}
