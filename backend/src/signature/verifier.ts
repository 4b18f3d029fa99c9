/**
 * Server-side verification of qualified electronic signatures: CAdES-BES, detached (chat-and-shell §4 "Signing flow",
 * §9 "basic CAdES, detached"; DESIGN "Signatures"; docs/rest-api.md "Company, bank requisites, verification and
 * signatures"). The CMS is parsed with pkijs; RSA and ECDSA are checked in-process (node:crypto, pkijs chain
 * validation), GOST R 34.10-2012 256/512 with Streebog through OpenSSL's GOST engine (./gost.ts).
 *
 * Checks, in order, each with its refusal code (texts: ./messages.ts, spec core §8 "Signature"):
 *  1. at most 64 KiB, a CMS ContentInfo with SignedData, detached (no eContent, eContentType id-data), exactly one
 *     SignerInfo with signed attributes holding one messageDigest, the signer's certificate inside → SIGNATURE_MALFORMED;
 *  2. digest and signature algorithms known (SHA-256/384/512 with RSA PKCS#1 v1.5 or ECDSA; Streebog-256/512 with
 *     GOST R 34.10-2012 256/512 when the engine is present) → SIGNATURE_ALGORITHM_UNSUPPORTED;
 *  3. messageDigest = digest of `content` → DOCUMENT_MISMATCH;
 *  4. the signature over the signed attributes valid for the certificate's key, and the signed ESS
 *     signing-certificate(-v2) attribute (CAdES-BES), when present, naming that certificate → SIGNATURE_INVALID;
 *  5. the certificate valid at the signing time (signing-time attribute, else `now`) and now
 *     → CERTIFICATE_NOT_YET_VALID / CERTIFICATE_EXPIRED;
 *  6. the certificate chains to the trust store at the signing time → CERTIFICATE_UNTRUSTED;
 *  7. the subject has OGRN (1.2.643.100.1) or OGRNIP (1.2.643.100.5), else INDIVIDUAL_SIGNATURE_UNSUPPORTED;
 *  8. OGRN/OGRNIP = expected.ogrn and INN = expected.inn (INNLE 1.2.643.100.4 for a legal entity, also the legacy
 *     12-digit '00'+INN in 1.2.643.3.131.1.1; the holder's INN 1.2.643.3.131.1.1 for a sole proprietor) → COMPANY_MISMATCH.
 * Revocation (CRL/OCSP) is not checked.
 */
import { createHash, createPublicKey, verify as cryptoVerify } from 'node:crypto';
import * as asn1js from 'asn1js';
import {
  Certificate,
  CertificateChainValidationEngine,
  ContentInfo,
  IssuerAndSerialNumber,
  SignedData,
  type SignerInfo,
} from 'pkijs';
import { certificateInfo, signerDisplayName } from './certificate.js';
import { detectOpensslGost, type GostBits, type OpensslGost } from './gost.js';
import { SIGNATURE_ERROR_MESSAGES } from './messages.js';
import { loadTrustStore, type TrustStore } from './trust-store.js';
import type {
  CertificateInfo,
  ExpectedSigner,
  SignatureCheck,
  SignatureErrorCode,
  SignatureVerifier,
} from './types.js';

/** Largest accepted CMS, bytes (docs/rest-api.md: "≤ 64 KiB"). */
export const MAX_SIGNATURE_BYTES = 64 * 1024;
/** Tolerated clock difference between the signer's computer and the server for the signing-time attribute: 5 minutes. */
export const SIGNING_TIME_SKEW_MS = 5 * 60_000;

const OID_DATA = '1.2.840.113549.1.7.1';
const OID_SIGNED_DATA = '1.2.840.113549.1.7.2';
const OID_MESSAGE_DIGEST = '1.2.840.113549.1.9.4';
const OID_SIGNING_TIME = '1.2.840.113549.1.9.5';
const OID_SUBJECT_KEY_ID = '2.5.29.14';
const OID_SIGNING_CERTIFICATE = '1.2.840.113549.1.9.16.2.12';
const OID_SIGNING_CERTIFICATE_V2 = '1.2.840.113549.1.9.16.2.47';

type Family = 'RSA' | 'ECDSA' | 'GOST256' | 'GOST512';

/** Digest algorithms by OID: the name shown (VerifiedSignature.digestAlgorithm) and how to compute it. */
const DIGESTS: Record<string, { name: string; node?: string; gost?: GostBits }> = {
  '2.16.840.1.101.3.4.2.1': { name: 'SHA-256', node: 'sha256' },
  '2.16.840.1.101.3.4.2.2': { name: 'SHA-384', node: 'sha384' },
  '2.16.840.1.101.3.4.2.3': { name: 'SHA-512', node: 'sha512' },
  '1.2.643.7.1.1.2.2': { name: 'GOST R 34.11-2012 256', gost: 256 },
  '1.2.643.7.1.1.2.3': { name: 'GOST R 34.11-2012 512', gost: 512 },
};

/** Extra hash algorithms allowed only in ESS certificate identifiers (RFC 2634 signingCertificate uses SHA-1). */
const ESS_HASHES: Record<string, { name: string; node?: string; gost?: GostBits }> = {
  '1.3.14.3.2.26': { name: 'SHA-1', node: 'sha1' },
};

/** Public key algorithms (SubjectPublicKeyInfo) → family, with the SignerInfo.signatureAlgorithm OIDs accepted for it. */
const KEY_FAMILIES: Record<string, { family: Family; name: string; signatureOids: string[] }> = {
  '1.2.840.113549.1.1.1': {
    family: 'RSA',
    name: 'RSA',
    signatureOids: ['1.2.840.113549.1.1.1', '1.2.840.113549.1.1.11', '1.2.840.113549.1.1.12', '1.2.840.113549.1.1.13'],
  },
  '1.2.840.10045.2.1': {
    family: 'ECDSA',
    name: 'ECDSA',
    signatureOids: ['1.2.840.10045.2.1', '1.2.840.10045.4.3.2', '1.2.840.10045.4.3.3', '1.2.840.10045.4.3.4'],
  },
  '1.2.643.7.1.1.1.1': {
    family: 'GOST256',
    name: 'GOST R 34.10-2012 256',
    signatureOids: ['1.2.643.7.1.1.1.1', '1.2.643.7.1.1.3.2'],
  },
  '1.2.643.7.1.1.1.2': {
    family: 'GOST512',
    name: 'GOST R 34.10-2012 512',
    signatureOids: ['1.2.643.7.1.1.1.2', '1.2.643.7.1.1.3.3'],
  },
};

/** Signature algorithms of certificates (issuer signatures) that need the GOST engine for chain validation. */
const GOST_CERT_SIGNATURES = new Set(['1.2.643.7.1.1.3.2', '1.2.643.7.1.1.3.3']);

function refuse(code: SignatureErrorCode): SignatureCheck {
  return { ok: false, code, message: SIGNATURE_ERROR_MESSAGES[code] };
}

class Refusal extends Error {
  constructor(readonly code: SignatureErrorCode) {
    super(code);
  }
}

function der(cert: Certificate): Uint8Array {
  return new Uint8Array(cert.toSchema(false).toBER(false));
}

/** The parsed, structurally valid detached SignedData with its single signer and the signer's certificate. */
interface Parsed {
  signedData: SignedData;
  signer: SignerInfo;
  cert: Certificate;
  certDer: Uint8Array;
  messageDigest: Uint8Array;
  signingTime: Date | null;
}

function parse(cms: Buffer): Parsed {
  if (!Buffer.isBuffer(cms) || cms.length === 0 || cms.length > MAX_SIGNATURE_BYTES)
    throw new Refusal('SIGNATURE_MALFORMED');
  const asn1 = asn1js.fromBER(new Uint8Array(cms));
  if (asn1.offset === -1 || asn1.offset !== cms.length) throw new Refusal('SIGNATURE_MALFORMED');
  let signedData: SignedData;
  try {
    const info = new ContentInfo({ schema: asn1.result });
    if (info.contentType !== OID_SIGNED_DATA) throw new Refusal('SIGNATURE_MALFORMED');
    signedData = new SignedData({ schema: info.content });
  } catch {
    throw new Refusal('SIGNATURE_MALFORMED');
  }
  const eci = signedData.encapContentInfo;
  if (eci.eContentType !== OID_DATA || eci.eContent) throw new Refusal('SIGNATURE_MALFORMED');
  if (signedData.signerInfos.length !== 1) throw new Refusal('SIGNATURE_MALFORMED');
  const signer = signedData.signerInfos[0];
  const attrs = signer.signedAttrs?.attributes ?? [];
  const digests = attrs.filter((a) => a.type === OID_MESSAGE_DIGEST);
  if (digests.length !== 1 || digests[0].values.length !== 1 || !(digests[0].values[0] instanceof asn1js.OctetString)) {
    throw new Refusal('SIGNATURE_MALFORMED');
  }
  const messageDigest = (digests[0].values[0] as asn1js.OctetString).valueBlock.valueHexView;
  const timeAttr = attrs.find((a) => a.type === OID_SIGNING_TIME)?.values[0];
  const signingTime =
    timeAttr instanceof asn1js.UTCTime || timeAttr instanceof asn1js.GeneralizedTime ? timeAttr.toDate() : null;
  if (signingTime && Number.isNaN(signingTime.getTime())) throw new Refusal('SIGNATURE_MALFORMED');
  const cert = (signedData.certificates ?? []).find(
    (c): c is Certificate => c instanceof Certificate && isSignerCert(signer, c),
  );
  if (!cert) throw new Refusal('SIGNATURE_MALFORMED');
  return { signedData, signer, cert, certDer: der(cert), messageDigest, signingTime };
}

function isSignerCert(signer: SignerInfo, cert: Certificate): boolean {
  const sid = signer.sid;
  if (sid instanceof IssuerAndSerialNumber) {
    return cert.issuer.isEqual(sid.issuer) && cert.serialNumber.isEqual(sid.serialNumber);
  }
  // subjectKeyIdentifier [0] IMPLICIT OCTET STRING
  const ski = (sid as asn1js.Primitive | undefined)?.valueBlock?.valueHexView;
  const ext = cert.extensions?.find((e) => e.extnID === OID_SUBJECT_KEY_ID)?.parsedValue as
    asn1js.OctetString | undefined;
  return !!ski && !!ext && Buffer.from(ski).equals(Buffer.from(ext.valueBlock.valueHexView));
}

/** Creates verifiers over a loaded trust store; see the module comment for the checks. */
class CmsSignatureVerifier implements SignatureVerifier {
  constructor(
    private readonly trust: TrustStore,
    private readonly gost: OpensslGost | null,
  ) {}

  /** Number of trust anchors (self-signed roots) loaded; 0 means every signature is CERTIFICATE_UNTRUSTED. */
  get trustedRootCount(): number {
    return this.trust.roots.length;
  }

  /** Whether GOST R 34.10-2012 signatures can be verified (OpenSSL GOST engine found). */
  get gostSupported(): boolean {
    return this.gost !== null;
  }

  async verify(input: { cms: Buffer; content: Buffer; expected: ExpectedSigner; now: Date }): Promise<SignatureCheck> {
    try {
      return await this.check(input);
    } catch (e) {
      if (e instanceof Refusal) return refuse(e.code);
      return refuse('SIGNATURE_MALFORMED');
    }
  }

  private async check({
    cms,
    content,
    expected,
    now,
  }: {
    cms: Buffer;
    content: Buffer;
    expected: ExpectedSigner;
    now: Date;
  }): Promise<SignatureCheck> {
    const p = parse(cms);
    const digest = DIGESTS[p.signer.digestAlgorithm.algorithmId];
    const key = KEY_FAMILIES[p.cert.subjectPublicKeyInfo.algorithm.algorithmId];
    if (!digest || !key || !key.signatureOids.includes(p.signer.signatureAlgorithm.algorithmId))
      throw new Refusal('SIGNATURE_ALGORITHM_UNSUPPORTED');
    const isGost = key.family === 'GOST256' || key.family === 'GOST512';
    if (isGost !== (digest.gost !== undefined)) throw new Refusal('SIGNATURE_ALGORITHM_UNSUPPORTED');
    if (isGost && !this.gost) throw new Refusal('SIGNATURE_ALGORITHM_UNSUPPORTED');
    if (key.family === 'GOST256' && digest.gost !== 256) throw new Refusal('SIGNATURE_ALGORITHM_UNSUPPORTED');
    if (key.family === 'GOST512' && digest.gost !== 512) throw new Refusal('SIGNATURE_ALGORITHM_UNSUPPORTED');

    // 3. the signed document
    const actual = digest.node
      ? createHash(digest.node).update(content).digest()
      : await this.gost!.digest(digest.gost!, content);
    if (!actual.equals(Buffer.from(p.messageDigest))) throw new Refusal('DOCUMENT_MISMATCH');

    // 4. the signature over the signed attributes (DER SET OF, as received)
    const signedAttrs = new Uint8Array(p.signer.signedAttrs!.encodedValue);
    const signature = p.signer.signature.valueBlock.valueHexView;
    const spki = new Uint8Array(p.cert.subjectPublicKeyInfo.toSchema().toBER(false));
    let valid: boolean;
    if (isGost) {
      valid = await this.gost!.verify(digest.gost!, signedAttrs, spki, signature);
    } else {
      try {
        const publicKey = createPublicKey({ key: Buffer.from(spki), format: 'der', type: 'spki' });
        valid = cryptoVerify(digest.node!, signedAttrs, publicKey, signature);
      } catch {
        valid = false;
      }
    }
    if (!valid) throw new Refusal('SIGNATURE_INVALID');
    // CAdES-BES: the signed ESS signing-certificate(-v2) attribute, when present, must name this certificate
    if (!(await this.boundToCertificate(p))) throw new Refusal('SIGNATURE_INVALID');

    // 5. validity: at the signing time and now. A signing time later than now (beyond clock skew) is a false claim
    // that would let an expired certificate pass as "valid when signed" once it is checked later.
    if (p.signingTime && p.signingTime.getTime() > now.getTime() + SIGNING_TIME_SKEW_MS)
      throw new Refusal('SIGNATURE_INVALID');
    const at = p.signingTime ?? now;
    const notBefore = p.cert.notBefore.value;
    const notAfter = p.cert.notAfter.value;
    if (notBefore > at || notBefore > now) throw new Refusal('CERTIFICATE_NOT_YET_VALID');
    if (notAfter < at || notAfter < now) throw new Refusal('CERTIFICATE_EXPIRED');

    // 6. the chain to the trust store at the signing time
    if (!(await this.chains(p, at))) throw new Refusal('CERTIFICATE_UNTRUSTED');

    // 7–8. the company
    const info = certificateInfo(p.cert, p.certDer);
    const companyCheck = belongsTo(info, expected);
    if (companyCheck) throw new Refusal(companyCheck);

    return {
      ok: true,
      signature: {
        signerName: signerDisplayName(info),
        certificate: info,
        signedAt: p.signingTime,
        digestAlgorithm: digest.name,
        signatureAlgorithm: key.name,
        documentSha256: createHash('sha256').update(content).digest('hex'),
      },
    };
  }

  /**
   * Whether the first ESSCertIDv2 of signingCertificateV2 (RFC 5035; hash algorithm default SHA-256, Streebog for
   * GOST) or the ESSCertID of signingCertificate (RFC 2634, SHA-1) hashes to the signer's certificate. True without
   * either attribute. Throws a Refusal for an unknown hash algorithm (unsupported) or a broken structure (malformed).
   */
  private async boundToCertificate(p: Parsed): Promise<boolean> {
    const attrs = p.signer.signedAttrs!.attributes;
    const v2 = attrs.find((a) => a.type === OID_SIGNING_CERTIFICATE_V2);
    const attr = v2 ?? attrs.find((a) => a.type === OID_SIGNING_CERTIFICATE);
    if (!attr) return true;
    const seq = (x: unknown) => {
      if (!(x instanceof asn1js.Sequence)) throw new Refusal('SIGNATURE_MALFORMED');
      return x.valueBlock.value;
    };
    const certId = seq(seq(seq(attr.values[0])[0])[0]);
    let hashOid = v2 ? '2.16.840.1.101.3.4.2.1' : '1.3.14.3.2.26';
    let i = 0;
    if (v2 && certId[0] instanceof asn1js.Sequence) {
      const alg = certId[0].valueBlock.value[0];
      if (!(alg instanceof asn1js.ObjectIdentifier)) throw new Refusal('SIGNATURE_MALFORMED');
      hashOid = alg.valueBlock.toString();
      i = 1;
    }
    const certHash = certId[i];
    if (!(certHash instanceof asn1js.OctetString)) throw new Refusal('SIGNATURE_MALFORMED');
    const hash = ESS_HASHES[hashOid] ?? DIGESTS[hashOid];
    if (!hash) throw new Refusal('SIGNATURE_ALGORITHM_UNSUPPORTED');
    if (hash.gost && !this.gost) throw new Refusal('SIGNATURE_ALGORITHM_UNSUPPORTED');
    const actual = hash.node
      ? createHash(hash.node).update(p.certDer).digest()
      : await this.gost!.digest(hash.gost!, p.certDer);
    return actual.equals(Buffer.from(certHash.valueBlock.valueHexView));
  }

  private async chains(p: Parsed, at: Date): Promise<boolean> {
    if (this.trust.roots.length === 0) return false;
    const seen = new Set<string>([Buffer.from(p.certDer).toString('hex')]);
    const others: { cert: Certificate; der: Uint8Array }[] = [];
    const add = (cert: Certificate, bytes: Uint8Array) => {
      const k = Buffer.from(bytes).toString('hex');
      if (!seen.has(k)) {
        seen.add(k);
        others.push({ cert, der: bytes });
      }
    };
    for (const c of p.signedData.certificates ?? []) if (c instanceof Certificate) add(c, der(c));
    for (const s of this.trust.intermediates) add(s.cert, s.der);
    const roots = this.trust.roots;
    const viaOpenssl = () => {
      const rootKeys = new Set(roots.map((r) => Buffer.from(r.der).toString('hex')));
      const intermediates = others.filter((o) => !rootKeys.has(Buffer.from(o.der).toString('hex'))).map((o) => o.der);
      return this.gost!.verifyChain(
        p.certDer,
        intermediates,
        roots.map((r) => r.der),
        at,
      );
    };
    const gostSigned = (c: Certificate) => GOST_CERT_SIGNATURES.has(c.signatureAlgorithm.algorithmId);
    // A GOST-signed certificate (as the accredited CAs issue) is checked by OpenSSL's engine; RSA/ECDSA by pkijs,
    // and by the engine as well when pkijs fails and a GOST-signed CA might be in the path.
    if (gostSigned(p.cert)) return this.gost ? viaOpenssl() : false;
    if (
      await this.chainsWithPkijs(
        p.cert,
        others.map((o) => o.cert),
        at,
      )
    )
      return true;
    return !!this.gost && others.some((o) => gostSigned(o.cert)) && viaOpenssl();
  }

  private async chainsWithPkijs(leaf: Certificate, others: Certificate[], at: Date): Promise<boolean> {
    const roots = this.trust.roots;
    try {
      const engine = new CertificateChainValidationEngine({
        trustedCerts: roots.map((r) => r.cert),
        // pkijs takes the end-entity certificate as the last one.
        certs: [...others, leaf],
        checkDate: at,
      });
      const result = await engine.verify();
      return result.result === true;
    } catch {
      return false;
    }
  }
}

const digits = (s: string | null | undefined) => (s ?? '').replace(/\s/g, '');

/** Steps 7–8 of the module comment: null when the certificate belongs to `expected`, else the refusal code. */
export function belongsTo(info: CertificateInfo, expected: ExpectedSigner): SignatureErrorCode | null {
  const ogrn = digits(info.ogrn);
  const ogrnip = digits(info.ogrnip);
  if (!ogrn && !ogrnip) return 'INDIVIDUAL_SIGNATURE_UNSUPPORTED';
  const wantOgrn = digits(expected.ogrn);
  const wantInn = digits(expected.inn);
  if (!wantOgrn || !wantInn) return 'COMPANY_MISMATCH';
  if (ogrn) {
    // a legal entity: OGRN and the organisation's INN (INNLE; older certificates: '00' + INN in the INN attribute)
    const innOk = digits(info.innLe) === wantInn || digits(info.inn) === `00${wantInn}`;
    return ogrn === wantOgrn && innOk ? null : 'COMPANY_MISMATCH';
  }
  // a sole proprietor: OGRNIP and the holder's personal INN
  return ogrnip === wantOgrn && digits(info.inn) === wantInn ? null : 'COMPANY_MISMATCH';
}

/** A SignatureVerifier with what it was built from, for startup logs. */
export interface ConfiguredSignatureVerifier extends SignatureVerifier {
  /** Number of trust anchors loaded; 0 means every signature is refused with CERTIFICATE_UNTRUSTED. */
  readonly trustedRootCount: number;
  /** Whether GOST R 34.10-2012 signatures can be verified (OpenSSL GOST engine present). */
  readonly gostSupported: boolean;
}

/**
 * Builds the verifier: loads every *.pem / *.crt / *.cer (PEM or DER) of `trustedCaDir` (self-signed → trust
 * anchors, others → intermediates; null/undefined: trust nothing) and detects the OpenSSL GOST engine once.
 * `onWarning` receives files that are not certificates; `gost: false` disables GOST. Rejects only when the
 * directory cannot be read.
 */
export async function createSignatureVerifier(opts: {
  trustedCaDir: string | null | undefined;
  onWarning?: (message: string) => void;
  /** false: behave as without the OpenSSL GOST engine (GOST signatures refused as unsupported). Default: detect. */
  gost?: false;
}): Promise<ConfiguredSignatureVerifier> {
  const [trust, gost] = await Promise.all([
    loadTrustStore(opts.trustedCaDir),
    opts.gost === false ? null : detectOpensslGost(),
  ]);
  for (const s of trust.skipped) opts.onWarning?.(`Trust store ${opts.trustedCaDir}: skipped ${s}`);
  return new CmsSignatureVerifier(trust, gost);
}
