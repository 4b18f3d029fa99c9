/**
 * The contract of server-side signature verification (issue 8; DESIGN "Signatures"; chat-and-shell §3 "Signing
 * certificate", §4 "Signing flow", §9 "basic CAdES, detached"; core §8 "Signature" errors). The routes call
 * `SignatureVerifier.verify` and never trust anything the browser says about a signature.
 */

/** A signer's certificate as parsed by the server (chat-and-shell §3 fields). Stored as `signatures.certificate`. */
export interface CertificateInfo {
  /** Subject CN: the organisation or the person. */
  subjectName: string | null;
  /** SN: holder's last name. */
  surname: string | null;
  /** GN: holder's first name and patronymic. */
  givenName: string | null;
  /** O: organisation (legal entities). */
  organization: string | null;
  /** T: position. */
  position: string | null;
  email: string | null;
  /** Personal INN, OID 1.2.643.3.131.1.1, 12 digits. */
  inn: string | null;
  /** Organisation INN (INNLE), OID 1.2.643.100.4, 10 digits. */
  innLe: string | null;
  /** OGRN, OID 1.2.643.100.1, 13 digits. */
  ogrn: string | null;
  /** OGRNIP, OID 1.2.643.100.5, 15 digits. */
  ogrnip: string | null;
  /** SNILS, OID 1.2.643.100.3, 11 digits. */
  snils: string | null;
  issuerName: string | null;
  issuerOrganization: string | null;
  issuerEmail: string | null;
  /** Issuer's organisation INN (INNLE, else INN). */
  issuerInn: string | null;
  /** Serial number, lower-case hex without leading zeros. */
  serialNumber: string;
  /** SHA-1 of the certificate DER, upper-case hex. */
  thumbprint: string;
  /** UTC ISO 8601. */
  validFrom: string;
  /** UTC ISO 8601. */
  validTo: string;
}

/** What a verified signature proved; the routes store it in `signatures`. */
export interface VerifiedSignature {
  /** Full name of the holder, with the organisation for a company certificate, e.g. 'Иванов Иван Иванович (ООО «Ромашка»)'. */
  signerName: string;
  certificate: CertificateInfo;
  /** signing-time attribute; null when the signature has none (the caller then uses its clock). */
  signedAt: Date | null;
  /** e.g. 'SHA-256', 'GOST R 34.11-2012 256'. */
  digestAlgorithm: string;
  /** e.g. 'RSA', 'ECDSA', 'GOST R 34.10-2012 256'. */
  signatureAlgorithm: string;
  /** SHA-256 of the signed content, lower-case hex (spec core §3 "document hash"). */
  documentSha256: string;
}

/** Stable codes of refused signatures (docs/rest-api.md "Company, bank requisites, verification and signatures"). */
export type SignatureErrorCode =
  | 'SIGNATURE_MALFORMED'
  | 'DOCUMENT_MISMATCH'
  | 'SIGNATURE_INVALID'
  | 'CERTIFICATE_UNTRUSTED'
  | 'CERTIFICATE_EXPIRED'
  | 'CERTIFICATE_NOT_YET_VALID'
  | 'COMPANY_MISMATCH'
  | 'SIGNATURE_ALGORITHM_UNSUPPORTED'
  | 'INDIVIDUAL_SIGNATURE_UNSUPPORTED';

export type SignatureCheck =
  | { ok: true; signature: VerifiedSignature }
  | {
      ok: false;
      code: SignatureErrorCode;
      /** Russian text for the user (spec core §8 "Signature"). */ message: string;
    };

/** The company the certificate must belong to: OGRN (13) or OGRNIP (15) and INN (10 or 12 digits). */
export interface ExpectedSigner {
  ogrn: string;
  inn: string;
}

export interface SignatureVerifier {
  /**
   * Verifies a CAdES-BES detached signature (`cms`: DER CMS SignedData, the bytes after base64 decoding) over
   * `content` (the exact stored bytes) for `expected`, at time `now`. Never throws for bad input: returns a refusal.
   */
  verify(input: { cms: Buffer; content: Buffer; expected: ExpectedSigner; now: Date }): Promise<SignatureCheck>;
}
