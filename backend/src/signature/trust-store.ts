/**
 * The trust store of qualified signatures (TRUSTED_CA_DIR, backend/trust/README.md): every *.pem, *.crt and *.cer
 * file of one directory, PEM (one or more certificates) or DER. Self-signed certificates are trust anchors (roots,
 * e.g. the Head CA "Минцифры России"); the others are intermediates (accredited CAs) used to build chains.
 */
import { readdir, readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import type { Certificate } from 'pkijs';
import { decodeCertificate } from './certificate.js';

export interface StoredCertificate {
  cert: Certificate;
  der: Uint8Array;
  file: string;
}

export interface TrustStore {
  /** Self-signed certificates: the chains must end at one of them. */
  roots: StoredCertificate[];
  /** Other CA certificates of the directory, available for chain building. */
  intermediates: StoredCertificate[];
  /** Files that could not be read as certificates (named with the reason), for a startup warning. */
  skipped: string[];
}

const EXTENSIONS = new Set(['.pem', '.crt', '.cer']);
const PEM_BLOCK =
  /-----BEGIN (?:X509 |TRUSTED )?CERTIFICATE-----([\s\S]*?)-----END (?:X509 |TRUSTED )?CERTIFICATE-----/g;

/** The DER certificates in one file's bytes: every PEM CERTIFICATE block, else the whole file as DER. */
export function certificatesInFile(bytes: Buffer): Uint8Array[] {
  const text = bytes.toString('latin1');
  if (text.includes('-----BEGIN')) {
    return [...text.matchAll(PEM_BLOCK)].map(
      (m) => new Uint8Array(Buffer.from(m[1].replace(/[^A-Za-z0-9+/=]/g, ''), 'base64')),
    );
  }
  return [new Uint8Array(bytes)];
}

function isSelfSigned(cert: Certificate): boolean {
  return cert.subject.isEqual(cert.issuer);
}

/** Loads the trust store from `dir`; null or undefined gives an empty store (nothing trusted). Rejects when `dir` is unreadable. */
export async function loadTrustStore(dir: string | null | undefined): Promise<TrustStore> {
  const store: TrustStore = { roots: [], intermediates: [], skipped: [] };
  if (!dir) return store;
  const names = (await readdir(dir)).filter((n) => EXTENSIONS.has(extname(n).toLowerCase())).sort();
  for (const name of names) {
    const file = join(dir, name);
    const ders = certificatesInFile(await readFile(file));
    if (ders.length === 0) store.skipped.push(`${name}: no certificate`);
    for (const der of ders) {
      try {
        const cert = decodeCertificate(der);
        (isSelfSigned(cert) ? store.roots : store.intermediates).push({ cert, der, file });
      } catch {
        store.skipped.push(`${name}: not an X.509 certificate`);
      }
    }
  }
  return store;
}
