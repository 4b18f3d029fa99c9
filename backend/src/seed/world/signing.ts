/**
 * Qualified electronic signatures of the demo world (issue 8; spec chat-and-shell §9 "basic CAdES, detached"): Бета
 * Трансфер (partner2) signs its offer documents, so the world has a request in the client display status 'Требует
 * подписания' (spec core §4). The certificate is issued with the `openssl` CLI by the installation's demo CA
 * (signature/demo-ca.ts, DATA_DIR/demo-ca), as scripts/demo-certificate.mjs does, for the company's OGRN and INN and
 * its demo user Соколова Елена Викторовна; the signature is CAdES-BES, detached, DER (openssl cms -cades), checked
 * by the backend's own verifier when the agent's sign route receives it.
 *
 * Only when the app trusts exactly that demo CA (outside production, TRUSTED_CA_DIR unset) and openssl works;
 * otherwise {@link demoSigner} answers null and the world skips the signature (README "Set-up").
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { demoCaPaths } from '../../signature/demo-ca.js';

/** Who signs: the demo company of partner2 and its user (seed/index.ts DEMO_COMPANIES, users). */
const SIGNER = {
  ogrn: '1187746414096',
  inn: '9705119964',
  organization: 'ООО «Бета Трансфер»',
  surname: 'Соколова',
  givenName: 'Елена Викторовна',
  position: 'Генеральный директор',
};

const OPENSSL_CNF = `oid_section = new_oids
[ new_oids ]
INNLE = 1.2.643.100.4
[ req ]
distinguished_name = dn
utf8 = yes
string_mask = utf8only
[ dn ]
[ ca ]
default_ca = CA_default
[ CA_default ]
dir = .
database = $dir/index.txt
new_certs_dir = $dir
rand_serial = yes
unique_subject = no
policy = policy_any
[ policy_any ]
[ leaf_ext ]
basicConstraints = critical,CA:FALSE
keyUsage = critical,digitalSignature,nonRepudiation
extendedKeyUsage = emailProtection,clientAuth
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
`;

/** 'YYYYMMDDHHMMSSZ' of `d` for openssl ca -startdate/-enddate. */
function stamp(d: Date): string {
  return d
    .toISOString()
    .replace(/[-:T]/g, '')
    .replace(/\.\d+Z$/, 'Z');
}

/**
 * A signer of partner2's documents: `sign(content)` answers the DER CMS SignedData (CAdES-BES, detached) over
 * `content`, made now. Null when the app does not trust the demo CA of its DATA_DIR or openssl fails (module header).
 * The certificate is valid from a day before `now` for a year; its key lives in a temporary folder removed by
 * `dispose()`.
 */
export function demoSigner(
  app: FastifyInstance,
  now: Date,
): { sign: (content: Buffer) => Buffer; dispose: () => void } | null {
  const ca = demoCaPaths(app.config.dataDir);
  const trust = app.config.trustedCaDir;
  if (!trust || resolve(trust) !== resolve(ca.trustDir) || !existsSync(ca.keyPath) || !existsSync(ca.certPath))
    return null;
  const work = mkdtempSync(join(tmpdir(), 'demo-world-sign-'));
  const run = (args: string[]) =>
    execFileSync('openssl', args, { cwd: work, stdio: ['ignore', 'pipe', 'pipe'], timeout: 20_000 });
  try {
    writeFileSync(join(work, 'openssl.cnf'), OPENSSL_CNF);
    writeFileSync(join(work, 'index.txt'), '');
    const esc = (v: string) => v.replace(/[\\/]/g, (c) => `\\${c}`);
    const subject = [
      ['CN', SIGNER.organization],
      ['SN', SIGNER.surname],
      ['GN', SIGNER.givenName],
      ['O', SIGNER.organization],
      ['title', SIGNER.position],
      ['OGRN', SIGNER.ogrn],
      ['INNLE', SIGNER.inn],
      ['C', 'RU'],
    ]
      .map(([k, v]) => `/${k}=${esc(v)}`)
      .join('');
    run(['genpkey', '-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:P-256', '-out', 'key.pem']);
    run(['req', '-new', '-config', 'openssl.cnf', '-key', 'key.pem', '-out', 'leaf.csr', '-subj', subject]);
    run([
      'ca',
      '-batch',
      '-config',
      'openssl.cnf',
      '-cert',
      ca.certPath,
      '-keyfile',
      ca.keyPath,
      '-md',
      'sha256',
      '-in',
      'leaf.csr',
      '-out',
      'cert.pem',
      '-startdate',
      stamp(new Date(now.getTime() - 24 * 60 * 60_000)),
      '-enddate',
      stamp(new Date(now.getTime() + 365 * 24 * 60 * 60_000)),
      '-extensions',
      'leaf_ext',
      '-preserveDN',
      '-notext',
      '-utf8',
    ]);
  } catch {
    rmSync(work, { recursive: true, force: true });
    return null;
  }
  let n = 0;
  return {
    sign(content) {
      const file = `doc-${n++}.bin`;
      writeFileSync(join(work, file), content);
      run([
        'cms',
        '-sign',
        '-binary',
        '-cades',
        '-md',
        'sha256',
        '-in',
        file,
        '-signer',
        'cert.pem',
        '-inkey',
        'key.pem',
        '-certfile',
        ca.certPath,
        '-outform',
        'DER',
        '-out',
        `${file}.sig`,
      ]);
      return readFileSync(join(work, `${file}.sig`));
    },
    dispose: () => rmSync(work, { recursive: true, force: true }),
  };
}
