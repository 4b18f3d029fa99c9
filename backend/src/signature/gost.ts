/**
 * GOST R 34.10-2012 (256/512) signatures with GOST R 34.11-2012 (Streebog) digests through OpenSSL's GOST engine
 * (Debian package libengine-gost-openssl; DESIGN "Signatures": "GOST R 34.10-2012 as well as RSA/ECDSA"). Node's
 * crypto has no GOST, so the `openssl` CLI is run with execFile (no shell), inputs in a private temporary directory
 * (mode 0700, removed afterwards) and a timeout. `detectOpensslGost()` checks once whether the engine works.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Streebog output size in bits; also the GOST R 34.10-2012 key size it goes with. */
export type GostBits = 256 | 512;

const TIMEOUT_MS = 15_000;

function run(args: string[]): Promise<{ ok: boolean; stdout: Buffer; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      'openssl',
      args,
      { encoding: 'buffer', timeout: TIMEOUT_MS, maxBuffer: 1024 * 1024 },
      (err, stdout, stderr) => {
        resolve({ ok: !err, stdout: stdout ?? Buffer.alloc(0), stderr: stderr?.toString('utf8') ?? '' });
      },
    );
  });
}

async function withTempDir<T>(fn: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'sig-gost-'));
  try {
    return await fn(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function pem(label: string, der: Uint8Array): string {
  const b64 = Buffer.from(der)
    .toString('base64')
    .replace(/(.{64})/g, '$1\n')
    .replace(/\n$/, '');
  return `-----BEGIN ${label}-----\n${b64}\n-----END ${label}-----\n`;
}

/** GOST operations through `openssl -engine gost`. Obtain one with `detectOpensslGost()`. */
export class OpensslGost {
  /** Streebog digest (`bits` 256 or 512) of `data`. Rejects when OpenSSL fails. */
  async digest(bits: GostBits, data: Uint8Array): Promise<Buffer> {
    return withTempDir(async (dir) => {
      const file = join(dir, 'data.bin');
      await writeFile(file, data);
      const r = await run(['dgst', '-engine', 'gost', `-md_gost12_${bits}`, '-binary', file]);
      if (!r.ok || r.stdout.length !== bits / 8)
        throw new Error(`openssl dgst md_gost12_${bits} failed: ${r.stderr.trim()}`);
      return r.stdout;
    });
  }

  /**
   * Whether `signature` (as CMS carries it) is a valid GOST R 34.10-2012 signature of `data` with Streebog-`bits`
   * under the public key `spki` (SubjectPublicKeyInfo DER). False for a wrong signature or an unreadable key.
   */
  async verify(bits: GostBits, data: Uint8Array, spki: Uint8Array, signature: Uint8Array): Promise<boolean> {
    return withTempDir(async (dir) => {
      await Promise.all([
        writeFile(join(dir, 'data.bin'), data),
        writeFile(join(dir, 'key.pem'), pem('PUBLIC KEY', spki)),
        writeFile(join(dir, 'sig.bin'), signature),
      ]);
      const r = await run([
        'dgst',
        '-engine',
        'gost',
        `-md_gost12_${bits}`,
        '-verify',
        join(dir, 'key.pem'),
        '-signature',
        join(dir, 'sig.bin'),
        join(dir, 'data.bin'),
      ]);
      return r.ok && r.stdout.toString('utf8').includes('Verified OK');
    });
  }

  /**
   * Whether certificate `leaf` (DER) chains to one of `roots` through `intermediates` (DER each), every certificate
   * valid at `at` (openssl verify -attime), using only these certificates (never the system store).
   */
  async verifyChain(leaf: Uint8Array, intermediates: Uint8Array[], roots: Uint8Array[], at: Date): Promise<boolean> {
    if (roots.length === 0) return false;
    return withTempDir(async (dir) => {
      const files = {
        leaf: join(dir, 'leaf.pem'),
        roots: join(dir, 'roots.pem'),
        untrusted: join(dir, 'untrusted.pem'),
      };
      await Promise.all([
        writeFile(files.leaf, pem('CERTIFICATE', leaf)),
        writeFile(files.roots, roots.map((c) => pem('CERTIFICATE', c)).join('')),
        writeFile(files.untrusted, intermediates.map((c) => pem('CERTIFICATE', c)).join('')),
      ]);
      const args = [
        'verify',
        '-engine',
        'gost',
        '-no-CApath',
        '-no-CAstore',
        '-CAfile',
        files.roots,
        '-purpose',
        'any',
        '-attime',
        String(Math.floor(at.getTime() / 1000)),
      ];
      if (intermediates.length) args.push('-untrusted', files.untrusted);
      args.push(files.leaf);
      const r = await run(args);
      return r.ok && /: OK\s*$/.test(r.stdout.toString('utf8'));
    });
  }
}

let detected: Promise<OpensslGost | null> | null = null;

/**
 * The GOST adapter when `openssl` with the GOST engine works here (Streebog-256 of the empty string equals its
 * known value), else null. Checked once per process.
 */
export function detectOpensslGost(): Promise<OpensslGost | null> {
  detected ??= (async () => {
    const gost = new OpensslGost();
    try {
      const d = await gost.digest(256, new Uint8Array(0));
      return d.toString('hex') === '3f539a213e97c802cc229d474c6aa32a825a360b2a933a949fd925208d9ce1bb' ? gost : null;
    } catch {
      return null;
    }
  })();
  return detected;
}
