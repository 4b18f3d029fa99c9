/**
 * Test certificates and CAdES-BES detached signatures made with the `openssl` CLI (OpenSSL 3; GOST through Debian's
 * libengine-gost-openssl), for backend, integration and e2e tests of qualified signatures (issue 8; chat-and-shell
 * §3 "Signing certificate", §9 "basic CAdES, detached"). Import it from tests/support/certificates.ts outside the
 * backend (it lives here so that backend tests can import it under backend/tsconfig.json's rootDir).
 *
 *   const pki = createTestPki();                      // pki.dir is a TRUSTED_CA_DIR
 *   const cert = pki.issue({ kind: 'LEGAL_ENTITY', ogrn, inn, surname: 'Иванов', givenName: 'Иван Иванович', organization: 'ООО «Ромашка»', algorithm: 'RSA' });
 *   const cms = signDetached(cert, Buffer.from(document));   // DER CMS SignedData
 *
 * Everything is synchronous. The CAs (an RSA root with an RSA intermediate, an untrusted RSA root, and a GOST
 * R 34.10-2012 256 root when the engine is present) are created once per process and copied into each trust dir.
 */
import { execFileSync } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as asn1js from 'asn1js';
import { ContentInfo, SignedData } from 'pkijs';

export type TestCertificateKind = 'LEGAL_ENTITY' | 'SOLE_PROPRIETOR' | 'INDIVIDUAL';
export type TestKeyAlgorithm = 'RSA' | 'ECDSA' | 'GOST2012_256' | 'GOST2012_512';
/** ROOT: the trusted root (the GOST root for GOST keys); INTERMEDIATE: a trusted RSA intermediate CA (RSA/ECDSA keys); UNTRUSTED: a root not in the trust dir. */
export type TestIssuer = 'ROOT' | 'INTERMEDIATE' | 'UNTRUSTED';

export interface IssueOptions {
  kind: TestCertificateKind;
  /** OGRN (13 digits, LEGAL_ENTITY) or OGRNIP (15 digits, SOLE_PROPRIETOR); ignored for INDIVIDUAL. Default: a fixed demo number. */
  ogrn?: string;
  /** INNLE (10 digits, LEGAL_ENTITY) or the holder's INN (12 digits, SOLE_PROPRIETOR / INDIVIDUAL). Default: a fixed demo number. */
  inn?: string;
  surname: string;
  givenName: string;
  /** O and CN of a LEGAL_ENTITY certificate. Default 'ООО «Тест»'. */
  organization?: string;
  position?: string;
  email?: string;
  snils?: string;
  algorithm: TestKeyAlgorithm;
  /** Default: now − 1 day. */
  notBefore?: Date;
  /** Default: now + 1 year. */
  notAfter?: Date;
  /** Default 'ROOT'. */
  issuer?: TestIssuer;
}

export interface TestCertificate {
  certPem: string;
  /** PKCS#8 PEM, unencrypted. */
  keyPem: string;
  der: Buffer;
  /** SHA-1 of `der`, upper-case hex (CertificateInfo.thumbprint). */
  thumbprint: string;
  algorithm: TestKeyAlgorithm;
  /** PEM of the issuing CA certificates (intermediate, root), included in signatures. */
  chainPem: string;
}

export interface TestPki {
  /** The trust directory (TRUSTED_CA_DIR): root.pem, intermediate.cer (DER) and gost-root.pem when GOST is available. */
  dir: string;
  /** PEM of the trusted RSA root. */
  rootPem: string;
  issue(opts: IssueOptions): TestCertificate;
}

/** Defaults: a legal entity (OGRN 13, INNLE 10) and a sole proprietor (OGRNIP 15, INN 12). */
export const TEST_COMPANY = { ogrn: '1027700132195', inn: '7707083893' } as const;
export const TEST_SOLE_PROPRIETOR = { ogrn: '304500116000157', inn: '500100732259' } as const;

const REQ_CONFIG = `oid_section = new_oids
[ new_oids ]
INNLE = 1.2.643.100.4
[ req ]
distinguished_name = dn
utf8 = yes
string_mask = utf8only
[ dn ]
[ ca_ext ]
basicConstraints = critical,CA:TRUE
keyUsage = critical,keyCertSign,cRLSign,digitalSignature
subjectKeyIdentifier = hash
`;

const CA_CONFIG = `oid_section = new_oids
[ new_oids ]
INNLE = 1.2.643.100.4
[ ca ]
default_ca = CA_default
[ CA_default ]
dir = .
database = $dir/index.txt
new_certs_dir = $dir/new
rand_serial = yes
unique_subject = no
policy = policy_any
copy_extensions = none
email_in_dn = yes
[ policy_any ]
[ leaf_ext ]
basicConstraints = critical,CA:FALSE
keyUsage = critical,digitalSignature,nonRepudiation
extendedKeyUsage = emailProtection,clientAuth
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
[ ca_ext ]
basicConstraints = critical,CA:TRUE
keyUsage = critical,keyCertSign,cRLSign,digitalSignature
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
[ root_ext ]
basicConstraints = critical,CA:TRUE
keyUsage = critical,keyCertSign,cRLSign,digitalSignature
subjectKeyIdentifier = hash
`;
/** Validity of the test CAs: wide enough for back-dated signing times and far-future certificates. */
const CA_VALID_FROM = new Date('2015-01-01T00:00:00Z');
const CA_VALID_TO = new Date('2045-01-01T00:00:00Z');

function openssl(args: string[], opts: { cwd?: string; input?: Buffer } = {}): Buffer {
  return execFileSync('openssl', args, {
    cwd: opts.cwd,
    input: opts.input,
    stdio: ['pipe', 'pipe', 'pipe'],
    timeout: 30_000,
  });
}

let gost: boolean | null = null;

/** Whether `openssl -engine gost` works here (Debian package libengine-gost-openssl). Checked once per process. */
export function gostAvailable(): boolean {
  if (gost === null) {
    try {
      const out = openssl(['dgst', '-engine', 'gost', '-md_gost12_256', '-binary'], { input: Buffer.alloc(0) });
      gost = out.toString('hex') === '3f539a213e97c802cc229d474c6aa32a825a360b2a933a949fd925208d9ce1bb';
    } catch {
      gost = false;
    }
  }
  return gost;
}

const isGost = (a: TestKeyAlgorithm) => a === 'GOST2012_256' || a === 'GOST2012_512';
const engineArgs = (a: TestKeyAlgorithm) => (isGost(a) ? ['-engine', 'gost'] : []);
const digestOf = (a: TestKeyAlgorithm) =>
  a === 'GOST2012_256' ? 'md_gost12_256' : a === 'GOST2012_512' ? 'md_gost12_512' : 'sha256';

function genKey(dir: string, algorithm: TestKeyAlgorithm): string {
  const file = join(dir, `${randomUUID()}.key`);
  const spec: Record<TestKeyAlgorithm, string[]> = {
    RSA: ['-algorithm', 'RSA', '-pkeyopt', 'rsa_keygen_bits:2048'],
    ECDSA: ['-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:P-256'],
    GOST2012_256: ['-algorithm', 'gost2012_256', '-pkeyopt', 'paramset:A'],
    GOST2012_512: ['-algorithm', 'gost2012_512', '-pkeyopt', 'paramset:A'],
  };
  if (isGost(algorithm) && !gostAvailable())
    throw new Error('GOST keys need the OpenSSL GOST engine (apt-get install libengine-gost-openssl)');
  openssl(['genpkey', ...engineArgs(algorithm), ...spec[algorithm], '-out', file]);
  return file;
}

/** `-subj` text: '/' and '\' escaped. */
function subj(parts: [string, string | null | undefined][]): string {
  return parts
    .filter(([, v]) => v)
    .map(([k, v]) => `/${k}=${String(v).replace(/[\\/]/g, (c) => `\\${c}`)}`)
    .join('');
}

interface Authority {
  name: string;
  certFile: string;
  keyFile: string;
  algorithm: TestKeyAlgorithm;
  chain: string[];
}

interface Authorities {
  work: string;
  root: Authority;
  intermediate: Authority;
  untrusted: Authority;
  gostRoot: Authority | null;
}

let authorities: Authorities | null = null;

function selfSignedRoot(work: string, name: string, algorithm: TestKeyAlgorithm): Authority {
  const keyFile = genKey(work, algorithm);
  const certFile = join(work, `${name}.pem`);
  const csr = join(work, `${name}.csr`);
  openssl([
    'req',
    ...engineArgs(algorithm),
    '-config',
    join(work, 'req.cnf'),
    '-new',
    '-key',
    keyFile,
    '-out',
    csr,
    '-subj',
    subj([
      ['CN', `Тестовый УЦ ${name}`],
      ['O', 'Тестовый удостоверяющий центр'],
      ['C', 'RU'],
      ['INNLE', '7700000000'],
    ]),
  ]);
  // `openssl ca -selfsign` (not `req -x509`) so that the root is valid from CA_VALID_FROM: signatures back-dated
  // with signDetached({ signingTime }) still chain.
  const self: Authority = { name, certFile, keyFile, algorithm, chain: [certFile] };
  signCsr(work, self, csr, certFile, CA_VALID_FROM, CA_VALID_TO, 'root_ext', true);
  return self;
}

function authoritiesOnce(): Authorities {
  if (authorities) return authorities;
  const work = mkdtempSync(join(tmpdir(), 'test-pki-'));
  mkdirSync(join(work, 'new'));
  writeFileSync(join(work, 'index.txt'), '');
  writeFileSync(join(work, 'req.cnf'), REQ_CONFIG);
  writeFileSync(join(work, 'ca.cnf'), CA_CONFIG);
  const root = selfSignedRoot(work, 'root', 'RSA');
  const untrusted = selfSignedRoot(work, 'untrusted', 'RSA');
  const interKey = genKey(work, 'RSA');
  const interCsr = join(work, 'intermediate.csr');
  openssl([
    'req',
    '-config',
    join(work, 'req.cnf'),
    '-new',
    '-key',
    interKey,
    '-out',
    interCsr,
    '-subj',
    subj([
      ['CN', 'Тестовый УЦ intermediate'],
      ['O', 'Тестовый удостоверяющий центр'],
      ['C', 'RU'],
    ]),
  ]);
  const interCert = join(work, 'intermediate.pem');
  signCsr(work, root, interCsr, interCert, CA_VALID_FROM, CA_VALID_TO, 'ca_ext');
  const intermediate: Authority = {
    name: 'intermediate',
    certFile: interCert,
    keyFile: interKey,
    algorithm: 'RSA',
    chain: [interCert, root.certFile],
  };
  const gostRoot = gostAvailable() ? selfSignedRoot(work, 'gost-root', 'GOST2012_256') : null;
  authorities = { work, root, intermediate, untrusted, gostRoot };
  return authorities;
}

/** OpenSSL time: YYYYMMDDHHMMSSZ (UTC). */
const asn1Time = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:T]/g, '')
    .replace(/\.\d+Z$/, 'Z');

function signCsr(
  work: string,
  ca: Authority,
  csr: string,
  out: string,
  notBefore: Date,
  notAfter: Date,
  extensions: string,
  selfSign = false,
  subjectAlgorithm: TestKeyAlgorithm = ca.algorithm,
): void {
  const engine = isGost(ca.algorithm) || isGost(subjectAlgorithm) ? ['-engine', 'gost'] : [];
  openssl(
    [
      'ca',
      ...engine,
      '-batch',
      '-config',
      join(work, 'ca.cnf'),
      ...(selfSign ? ['-selfsign'] : ['-cert', ca.certFile]),
      '-keyfile',
      ca.keyFile,
      '-md',
      digestOf(ca.algorithm),
      '-in',
      csr,
      '-out',
      out,
      '-startdate',
      asn1Time(notBefore),
      '-enddate',
      asn1Time(notAfter),
      '-extensions',
      extensions,
      '-preserveDN',
      '-notext',
      '-utf8',
    ],
    { cwd: work },
  );
}

function pemToDer(pem: string): Buffer {
  return Buffer.from(pem.replace(/-----[^-]+-----/g, '').replace(/\s/g, ''), 'base64');
}

/**
 * A test PKI whose trust directory is `dir` (created if missing; default: a new temporary directory): root.pem
 * (RSA root), intermediate.cer (DER, RSA intermediate) and gost-root.pem (GOST R 34.10-2012 256 root, when the
 * engine is present). `issue()` makes end-entity certificates from these CAs or from a root outside the dir.
 */
export function createTestPki(dir?: string): TestPki {
  const a = authoritiesOnce();
  const trustDir = dir ?? mkdtempSync(join(tmpdir(), 'trusted-ca-'));
  mkdirSync(trustDir, { recursive: true });
  copyFileSync(a.root.certFile, join(trustDir, 'root.pem'));
  writeFileSync(join(trustDir, 'intermediate.cer'), pemToDer(readFileSync(a.intermediate.certFile, 'utf8')));
  if (a.gostRoot) copyFileSync(a.gostRoot.certFile, join(trustDir, 'gost-root.pem'));
  return {
    dir: trustDir,
    rootPem: readFileSync(a.root.certFile, 'utf8'),
    issue: (opts) => issue(a, opts),
  };
}

function issue(a: Authorities, o: IssueOptions): TestCertificate {
  const issuerKind = o.issuer ?? 'ROOT';
  let ca: Authority;
  if (issuerKind === 'UNTRUSTED') ca = a.untrusted;
  else if (isGost(o.algorithm)) {
    if (!a.gostRoot)
      throw new Error('GOST certificates need the OpenSSL GOST engine (apt-get install libengine-gost-openssl)');
    ca = a.gostRoot;
  } else ca = issuerKind === 'INTERMEDIATE' ? a.intermediate : a.root;
  const keyFile = genKey(a.work, o.algorithm);
  const person = `${o.surname} ${o.givenName}`;
  const organization = o.organization ?? 'ООО «Тест»';
  const parts: [string, string | null | undefined][] =
    o.kind === 'LEGAL_ENTITY'
      ? [
          ['CN', organization],
          ['SN', o.surname],
          ['GN', o.givenName],
          ['O', organization],
          ['title', o.position],
          ['OGRN', o.ogrn ?? TEST_COMPANY.ogrn],
          ['INNLE', o.inn ?? TEST_COMPANY.inn],
        ]
      : o.kind === 'SOLE_PROPRIETOR'
        ? [
            ['CN', person],
            ['SN', o.surname],
            ['GN', o.givenName],
            ['title', o.position],
            ['OGRNIP', o.ogrn ?? TEST_SOLE_PROPRIETOR.ogrn],
            ['INN', o.inn ?? TEST_SOLE_PROPRIETOR.inn],
          ]
        : [
            ['CN', person],
            ['SN', o.surname],
            ['GN', o.givenName],
            ['INN', o.inn ?? '773400211252'],
          ];
  parts.push(['SNILS', o.snils], ['emailAddress', o.email], ['C', 'RU']);
  const csr = join(a.work, `${randomUUID()}.csr`);
  const certFile = join(a.work, `${randomUUID()}.pem`);
  openssl([
    'req',
    ...engineArgs(o.algorithm),
    '-config',
    join(a.work, 'req.cnf'),
    '-new',
    '-key',
    keyFile,
    '-out',
    csr,
    '-subj',
    subj(parts),
  ]);
  signCsr(
    a.work,
    ca,
    csr,
    certFile,
    o.notBefore ?? new Date(Date.now() - 86_400_000),
    o.notAfter ?? new Date(Date.now() + 365 * 86_400_000),
    'leaf_ext',
    false,
    o.algorithm,
  );
  const certPem = readFileSync(certFile, 'utf8');
  const der = pemToDer(certPem);
  return {
    certPem,
    keyPem: readFileSync(keyFile, 'utf8'),
    der,
    thumbprint: createHash('sha1').update(der).digest('hex').toUpperCase(),
    algorithm: o.algorithm,
    chainPem: ca.chain.map((f) => readFileSync(f, 'utf8')).join(''),
  };
}

/**
 * A CAdES-BES signature of `content` by `cert` (`openssl cms -sign -binary -cades`, SHA-256 or Streebog for GOST
 * keys, with the issuing CA certificates), DER CMS SignedData. Detached unless `opts.attached`. With
 * `opts.signingTime` the signing-time attribute is replaced and the signed attributes signed again.
 */
export function signDetached(
  cert: TestCertificate,
  content: Buffer,
  opts: { signingTime?: Date; attached?: boolean } = {},
): Buffer {
  const work = mkdtempSync(join(tmpdir(), 'test-sign-'));
  const files = {
    content: join(work, 'content.bin'),
    cert: join(work, 'cert.pem'),
    key: join(work, 'key.pem'),
    chain: join(work, 'chain.pem'),
  };
  writeFileSync(files.content, content);
  writeFileSync(files.cert, cert.certPem);
  writeFileSync(files.key, cert.keyPem, { mode: 0o600 });
  writeFileSync(files.chain, cert.chainPem);
  try {
    const cms = openssl([
      'cms',
      ...engineArgs(cert.algorithm),
      '-sign',
      '-binary',
      '-cades',
      '-md',
      digestOf(cert.algorithm),
      '-in',
      files.content,
      '-signer',
      files.cert,
      '-inkey',
      files.key,
      '-certfile',
      files.chain,
      '-outform',
      'DER',
      ...(opts.attached ? ['-nodetach'] : []),
    ]);
    return opts.signingTime ? resign(cms, cert, files.key, work, opts.signingTime) : cms;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Replaces the signing-time attribute of `cms` and signs the signed attributes again with `keyFile`. */
function resign(cms: Buffer, cert: TestCertificate, keyFile: string, work: string, signingTime: Date): Buffer {
  const info = new ContentInfo({ schema: asn1js.fromBER(new Uint8Array(cms)).result });
  const signedData = new SignedData({ schema: info.content });
  const signer = signedData.signerInfos[0];
  const attrs = signer.signedAttrs!.attributes;
  const time = attrs.find((x) => x.type === '1.2.840.113549.1.9.5');
  if (!time) throw new Error('openssl cms produced no signing-time attribute');
  time.values = [new asn1js.UTCTime({ valueDate: signingTime })];
  const toSign = join(work, 'signed-attrs.der');
  writeFileSync(toSign, Buffer.from(new asn1js.Set({ value: attrs.map((x) => x.toSchema()) }).toBER(false)));
  const sig = openssl([
    'dgst',
    ...engineArgs(cert.algorithm),
    `-${digestOf(cert.algorithm)}`,
    '-sign',
    keyFile,
    '-binary',
    toSign,
  ]);
  signer.signature = new asn1js.OctetString({ valueHex: new Uint8Array(sig) });
  const out = new ContentInfo({ contentType: '1.2.840.113549.1.7.2', content: signedData.toSchema(true) });
  return Buffer.from(out.toSchema().toBER(false));
}
