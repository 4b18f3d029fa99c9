#!/usr/bin/env node
/**
 * Issues a DEMO qualified-signature certificate from the demo root CA (backend/trust/demo/demo-root-ca.pem, key
 * backend/trust/demo-ca.key.pem), for local trials of verification and document signing (issue 8;
 * backend/trust/README.md). The backend trusts this CA only outside production (TRUSTED_CA_DIR default).
 * Needs the `openssl` CLI (OpenSSL 3); GOST keys need the GOST engine (Debian: libengine-gost-openssl).
 *
 *   node scripts/demo-certificate.mjs [--kind LEGAL_ENTITY|SOLE_PROPRIETOR] [--ogrn 1027700132195] [--inn 7707083893]
 *     [--surname Иванов] [--given-name "Иван Иванович"] [--org "ООО «Ромашка»"] [--position "Генеральный директор"]
 *     [--email a@b.ru] [--algorithm RSA|ECDSA|GOST2012_256|GOST2012_512] [--days 365] [--password demo] [--out ./.data/demo-cert]
 *
 * Writes <out>/certificate.pem, <out>/certificate.cer (DER), <out>/private-key.pem (PKCS#8, unencrypted) and
 * <out>/certificate.pfx (PKCS#12 with the key and the demo root, password --password, default 'demo'), and prints
 * the SHA-1 thumbprint. Sign a file with it (CAdES-BES, detached, DER), as the browser plug-in would:
 *   openssl cms -sign -binary -cades -in doc.pdf -signer certificate.pem -inkey private-key.pem -outform DER -out doc.pdf.sig
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const caCert = join(root, 'backend/trust/demo/demo-root-ca.pem');
const caKey = join(root, 'backend/trust/demo-ca.key.pem');

const { values: o } = parseArgs({
  options: {
    kind: { type: 'string', default: 'LEGAL_ENTITY' },
    ogrn: { type: 'string' },
    inn: { type: 'string' },
    surname: { type: 'string', default: 'Иванов' },
    'given-name': { type: 'string', default: 'Иван Иванович' },
    org: { type: 'string', default: 'ООО «Ромашка»' },
    position: { type: 'string', default: 'Генеральный директор' },
    email: { type: 'string' },
    algorithm: { type: 'string', default: 'RSA' },
    days: { type: 'string', default: '365' },
    password: { type: 'string', default: 'demo' },
    out: { type: 'string', default: join(root, '.data/demo-cert') },
  },
});

const KEYS = {
  RSA: ['-algorithm', 'RSA', '-pkeyopt', 'rsa_keygen_bits:2048'],
  ECDSA: ['-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:P-256'],
  GOST2012_256: ['-algorithm', 'gost2012_256', '-pkeyopt', 'paramset:A'],
  GOST2012_512: ['-algorithm', 'gost2012_512', '-pkeyopt', 'paramset:A'],
};
if (!KEYS[o.algorithm]) throw new Error(`--algorithm must be one of ${Object.keys(KEYS).join(', ')}`);
if (!['LEGAL_ENTITY', 'SOLE_PROPRIETOR'].includes(o.kind)) throw new Error('--kind must be LEGAL_ENTITY or SOLE_PROPRIETOR');
const gost = o.algorithm.startsWith('GOST');
const engine = gost ? ['-engine', 'gost'] : [];
const legal = o.kind === 'LEGAL_ENTITY';
const ogrn = o.ogrn ?? (legal ? '1027700132195' : '304500116000157');
const inn = o.inn ?? (legal ? '7707083893' : '500100732259');
if (!/^\d{13}$/.test(ogrn) && legal) throw new Error('--ogrn: 13 digits for a legal entity');
if (!/^\d{15}$/.test(ogrn) && !legal) throw new Error('--ogrn: 15 digits (OGRNIP) for a sole proprietor');
if (!(legal ? /^\d{10}$/ : /^\d{12}$/).test(inn)) throw new Error(`--inn: ${legal ? 10 : 12} digits`);

const esc = (v) => String(v).replace(/[\\/]/g, (c) => `\\${c}`);
const person = `${o.surname} ${o['given-name']}`;
const subject = [
  ['CN', legal ? o.org : person], ['SN', o.surname], ['GN', o['given-name']], ...(legal ? [['O', o.org]] : []), ['title', o.position],
  legal ? ['OGRN', ogrn] : ['OGRNIP', ogrn], legal ? ['INNLE', inn] : ['INN', inn], ['emailAddress', o.email], ['C', 'RU'],
].filter(([, v]) => v).map(([k, v]) => `/${k}=${esc(v)}`).join('');

const work = mkdtempSync(join(tmpdir(), 'demo-cert-'));
const run = (args) => execFileSync('openssl', args, { cwd: work, stdio: ['ignore', 'pipe', 'pipe'] });
try {
  mkdirSync(join(work, 'new'));
  writeFileSync(join(work, 'index.txt'), '');
  writeFileSync(join(work, 'openssl.cnf'), `oid_section = new_oids
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
new_certs_dir = $dir/new
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
`);
  const outDir = resolve(o.out);
  mkdirSync(outDir, { recursive: true });
  const key = join(outDir, 'private-key.pem');
  const pem = join(outDir, 'certificate.pem');
  run(['genpkey', ...engine, ...KEYS[o.algorithm], '-out', key]);
  run(['req', ...engine, '-new', '-config', 'openssl.cnf', '-key', key, '-out', 'leaf.csr', '-subj', subject]);
  const days = Number(o.days);
  const stamp = (d) => d.toISOString().replace(/[-:T]/g, '').replace(/\.\d+Z$/, 'Z');
  run(['ca', ...engine, '-batch', '-config', 'openssl.cnf', '-cert', caCert, '-keyfile', caKey, '-md', 'sha256', '-in', 'leaf.csr',
    '-out', pem, '-startdate', stamp(new Date(Date.now() - 60_000)), '-enddate', stamp(new Date(Date.now() + days * 86_400_000)),
    '-extensions', 'leaf_ext', '-preserveDN', '-notext', '-utf8']);
  run(['x509', '-in', pem, '-outform', 'DER', '-out', join(outDir, 'certificate.cer')]);
  run(['pkcs12', ...engine, '-export', '-in', pem, '-inkey', key, '-certfile', caCert, '-name', `${person} (демо)`,
    '-passout', `pass:${o.password}`, '-out', join(outDir, 'certificate.pfx')]);
  const thumbprint = createHash('sha1').update(readFileSync(join(outDir, 'certificate.cer'))).digest('hex').toUpperCase();
  console.log(`Demo certificate (${o.algorithm}, ${o.kind}, OGRN${legal ? '' : 'IP'} ${ogrn}, INN ${inn}) issued by the demo CA:`);
  console.log(`  ${pem}\n  ${key}\n  ${join(outDir, 'certificate.pfx')} (password '${o.password}')\n  thumbprint ${thumbprint}`);
  console.log('Trusted only outside production (TRUSTED_CA_DIR defaults to backend/trust/demo). Never use it for real documents.');
} finally {
  rmSync(work, { recursive: true, force: true });
}
