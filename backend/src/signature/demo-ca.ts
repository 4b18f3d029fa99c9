/**
 * The demo certification authority of a local installation (issue 8; backend/trust/README.md "Demo CA").
 *
 * Outside production, with no TRUSTED_CA_DIR, the backend trusts a demo root CA so that a developer can try signing
 * with a demo certificate (scripts/demo-certificate.mjs). The CA is generated once per installation into
 * `<DATA_DIR>/demo-ca/` — like the generated session secret — so no private key is ever committed and no two
 * installations share one:
 *   <DATA_DIR>/demo-ca/trust/demo-root-ca.pem   the root certificate: the trust store directory (TRUSTED_CA_DIR default)
 *   <DATA_DIR>/demo-ca/demo-root-ca.key.pem     its private key (mode 0600), used only by scripts/demo-certificate.mjs
 * The root is ECDSA P-256 with SHA-256, valid 20 years. Production never uses it (config.ts).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/** Where the demo CA of `dataDir` lives. */
export function demoCaPaths(dataDir: string): { trustDir: string; certPath: string; keyPath: string } {
  const base = join(dataDir, 'demo-ca');
  return {
    trustDir: join(base, 'trust'),
    certPath: join(base, 'trust', 'demo-root-ca.pem'),
    keyPath: join(base, 'demo-root-ca.key.pem'),
  };
}

/**
 * Returns the demo CA's trust directory of `dataDir`, generating the CA with the `openssl` CLI on first use.
 * Returns null (nothing trusted; the app logs a warning) when openssl fails. Safe to call from several processes: the
 * files are written under a temporary name and renamed into place.
 */
export function ensureDemoCa(dataDir: string): string | null {
  const p = demoCaPaths(dataDir);
  if (existsSync(p.certPath) && existsSync(p.keyPath)) return p.trustDir;
  const tmp = `${p.trustDir}.tmp-${process.pid}`;
  try {
    mkdirSync(p.trustDir, { recursive: true });
    mkdirSync(tmp, { recursive: true });
    const key = join(tmp, 'key.pem');
    const cert = join(tmp, 'cert.pem');
    const run = (args: string[]) =>
      execFileSync('openssl', args, { stdio: ['ignore', 'ignore', 'pipe'], timeout: 20_000 });
    run(['genpkey', '-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:P-256', '-out', key]);
    run([
      'req',
      '-new',
      '-x509',
      '-key',
      key,
      '-out',
      cert,
      '-days',
      String(20 * 365),
      '-sha256',
      '-utf8',
      '-subj',
      '/CN=Демонстрационный УЦ платформы (НЕ ДЛЯ РЕАЛЬНЫХ ПОДПИСЕЙ)/O=Платформа валютных платежей (демо)/C=RU',
      '-addext',
      'basicConstraints=critical,CA:TRUE',
      '-addext',
      'keyUsage=critical,keyCertSign,cRLSign',
    ]);
    renameSync(key, p.keyPath);
    renameSync(cert, p.certPath);
    return p.trustDir;
  } catch {
    return existsSync(p.certPath) ? p.trustDir : null;
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
