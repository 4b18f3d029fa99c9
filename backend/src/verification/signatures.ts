/**
 * Accepting and showing qualified electronic signatures (issue 8; spec core §3 "Documents: signature details signer,
 * date-time, certificate valid until, document hash"; §8 "Signature" errors; chat-and-shell §3 "Signing certificate",
 * §4 "Signing flow", §9 "basic CAdES, detached"). Shared by the verification routes (routes/verification), the
 * client's deal document signing (routes/client-deal) and the payment agent's (routes/partner/documents.ts):
 *
 *   decodeSignature(base64)         → DER bytes, or 400 SIGNATURE_MALFORMED
 *   verifyOrRefuse(app, …)          → VerifiedSignature, or 400 with the verifier's code and §8 message (nothing written)
 *   insertSignature(tx, …)          → the `signatures` row id (call it in the transaction that changes the document)
 *   signatureView / SignatureSchema → the Signature object of docs/rest-api.md
 */
import { readFile } from 'node:fs/promises';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { DbOrTx } from '../db/client.js';
import { signatures } from '../db/schema/verification.js';
import { AppError } from '../errors.js';
import { contentPath } from '../files/storage.js';
import {
  MAX_SIGNATURE_BYTES,
  SIGNATURE_ERROR_MESSAGES,
  type CertificateInfo,
  type ExpectedSigner,
  type VerifiedSignature,
} from '../signature/index.js';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T, description?: string) =>
  Type.Union([t, Type.Null()], description ? { description } : {});

/** The parsed signer certificate (chat-and-shell §3 "Signing certificate"; signature/types.ts CertificateInfo). */
export const CertificateInfoSchema = Type.Object(
  {
    subjectName: Nullable(Type.String(), 'Subject CN: the organisation or the person'),
    surname: Nullable(Type.String(), 'SN'),
    givenName: Nullable(Type.String(), 'GN: first name and patronymic'),
    organization: Nullable(Type.String(), 'O'),
    position: Nullable(Type.String(), 'T'),
    email: Nullable(Type.String()),
    inn: Nullable(Type.String(), 'Personal INN (1.2.643.3.131.1.1), 12 digits'),
    innLe: Nullable(Type.String(), 'Organisation INN (1.2.643.100.4), 10 digits'),
    ogrn: Nullable(Type.String(), 'OGRN (1.2.643.100.1), 13 digits'),
    ogrnip: Nullable(Type.String(), 'OGRNIP (1.2.643.100.5), 15 digits'),
    snils: Nullable(Type.String(), 'SNILS (1.2.643.100.3), 11 digits'),
    issuerName: Nullable(Type.String()),
    issuerOrganization: Nullable(Type.String()),
    issuerEmail: Nullable(Type.String()),
    issuerInn: Nullable(Type.String()),
    serialNumber: Type.String({ description: 'Lower-case hex' }),
    thumbprint: Type.String({ description: 'SHA-1 of the certificate DER, upper-case hex' }),
    validFrom: Type.String({ description: 'UTC ISO 8601' }),
    validTo: Type.String({ description: 'UTC ISO 8601' }),
  },
  { description: "The signer's certificate as the server parsed it (chat-and-shell §3)" },
);

/** The Signature object of docs/rest-api.md (spec core §3 "Documents: signature details"). */
export const SignatureObjectSchema = Type.Object({
  id: Type.Optional(
    Nullable(
      Type.Integer(),
      'signatures row id (GET /api/secured/common/signatures/{id} downloads the .sig); null for a confirmation',
    ),
  ),
  qualified: Type.Boolean({
    description:
      'true: a verified qualified electronic signature (CAdES-BES, detached); false: a confirmation without one',
  }),
  signer: Nullable(
    Type.String(),
    "Certificate holder's full name (with the organisation), or the confirming user's name",
  ),
  signedAt: Nullable(
    Type.String(),
    'UTC ISO 8601: the signing-time attribute, else the time the server accepted it; or the confirmation time',
  ),
  certificateValidUntil: Nullable(Type.String(), 'UTC ISO 8601; null for a confirmation'),
  documentHash: Nullable(Type.String(), 'SHA-256 of the signed bytes, lower-case hex'),
  digestAlgorithm: Type.Optional(Nullable(Type.String(), 'e.g. SHA-256, GOST R 34.11-2012 256')),
  signatureAlgorithm: Type.Optional(Nullable(Type.String(), 'e.g. RSA, ECDSA, GOST R 34.10-2012 256')),
  certificate: Type.Optional(Nullable(CertificateInfoSchema)),
  cms: Type.Optional(Type.String({ description: 'Base64 of the DER CMS SignedData (only with withSign=true)' })),
});
export const SignatureSchema = Nullable(
  SignatureObjectSchema,
  'Signature details (spec core §3 "Documents"); null when not signed',
);

export interface SignatureView {
  id?: number | null;
  qualified: boolean;
  signer: string | null;
  signedAt: string | null;
  certificateValidUntil: string | null;
  documentHash: string | null;
  digestAlgorithm?: string | null;
  signatureAlgorithm?: string | null;
  certificate?: CertificateInfo | null;
  cms?: string;
}

/** Body of every signing call: `{ signature }` (base64 DER CMS, ≤ 64 KiB once decoded). */
export const SignBodySchema = Type.Object(
  {
    signature: Type.String({
      minLength: 1,
      description:
        "Base64 of the DER CMS SignedData: CAdES-BES, detached, over the document's exact bytes, at most 64 KiB",
    }),
  },
  { description: 'A qualified electronic signature (chat-and-shell §4 "Signing flow", §9)' },
);

/** 400 with a verifier code and the §8 message. */
export function signatureRefusal(code: keyof typeof SIGNATURE_ERROR_MESSAGES): AppError {
  return new AppError(400, code, SIGNATURE_ERROR_MESSAGES[code]);
}

/**
 * Strict base64 (standard alphabet, padding optional, whitespace ignored) → bytes. Throws 400 SIGNATURE_MALFORMED for
 * anything else, for an empty value, and for more than 64 KiB of DER.
 */
export function decodeSignature(base64: string): Buffer {
  const s = base64.replace(/\s+/g, '');
  if (
    !s ||
    s.length > Math.ceil(MAX_SIGNATURE_BYTES / 3) * 4 + 4 ||
    !/^[A-Za-z0-9+/]+={0,2}$/.test(s) ||
    s.length % 4 === 1
  ) {
    throw signatureRefusal('SIGNATURE_MALFORMED');
  }
  const der = Buffer.from(s, 'base64');
  if (der.length === 0 || der.length > MAX_SIGNATURE_BYTES) throw signatureRefusal('SIGNATURE_MALFORMED');
  return der;
}

/** The exact stored bytes of a content-addressed file (files/storage.ts). */
export async function readStoredBytes(app: FastifyInstance, sha256: string): Promise<Buffer> {
  return readFile(contentPath(app.config.dataDir, sha256));
}

/**
 * Verifies `cms` over `content` for the company `expected` with app.signatureVerifier (never trusting the browser).
 * Returns what was proved, or throws 400 with the verifier's code and §8 message. Writes nothing.
 */
export async function verifyOrRefuse(
  app: FastifyInstance,
  input: { cms: Buffer; content: Buffer; expected: ExpectedSigner },
): Promise<VerifiedSignature> {
  const check = await app.signatureVerifier.verify({ ...input, now: app.clock.now() });
  if (!check.ok) throw new AppError(400, check.code, check.message);
  return check.signature;
}

/**
 * Inserts the `signatures` row of a verified signature; returns its id and the stored signing time. A verification or
 * deal document is the `target` of CLIENT / AGENT signatures; a referral partner document or act (issue 11) has no
 * target here (its row points at the signature) and is signed by REFERRAL_PARTNER (with its company) or OPERATOR
 * (companyId null).
 */
export async function insertSignature(
  tx: DbOrTx,
  s: {
    target: { verificationDocumentId: number } | { dealDocumentId: number } | null;
    party: 'CLIENT' | 'AGENT' | 'REFERRAL_PARTNER' | 'OPERATOR';
    companyId: number | null;
    userId: number;
    cms: Buffer;
    verified: VerifiedSignature;
    now: Date;
  },
): Promise<{ id: number; signedAt: Date }> {
  const v = s.verified;
  const signedAt = v.signedAt ?? s.now;
  const [row] = await tx
    .insert(signatures)
    .values({
      verificationDocumentId: s.target && 'verificationDocumentId' in s.target ? s.target.verificationDocumentId : null,
      dealDocumentId: s.target && 'dealDocumentId' in s.target ? s.target.dealDocumentId : null,
      party: s.party,
      companyId: s.companyId,
      userId: s.userId,
      cms: s.cms,
      documentSha256: v.documentSha256,
      digestAlgorithm: v.digestAlgorithm,
      signatureAlgorithm: v.signatureAlgorithm,
      signerName: v.signerName,
      certificate: v.certificate,
      certificateSerial: v.certificate.serialNumber,
      certificateThumbprint: v.certificate.thumbprint,
      certificateValidFrom: new Date(v.certificate.validFrom),
      certificateValidTo: new Date(v.certificate.validTo),
      signedAt,
      createdAt: s.now,
    })
    .returning({ id: signatures.id });
  return { id: row.id, signedAt };
}

type SignatureRow = typeof signatures.$inferSelect;

/** The Signature object of a `signatures` row; with `withCms` also the base64 DER. */
export function signatureView(r: SignatureRow, withCms = false): SignatureView {
  return {
    id: r.id,
    qualified: true,
    signer: r.signerName,
    signedAt: r.signedAt.toISOString(),
    certificateValidUntil: r.certificateValidTo.toISOString(),
    documentHash: r.documentSha256,
    digestAlgorithm: r.digestAlgorithm,
    signatureAlgorithm: r.signatureAlgorithm,
    certificate: r.certificate as CertificateInfo,
    ...(withCms ? { cms: Buffer.from(r.cms).toString('base64') } : {}),
  };
}

/** The newest signature per (deal document, party) of `ids`, keyed `${id}:${party}`. One query. */
export async function loadDealSignatures(db: DbOrTx, ids: number[]): Promise<Map<string, SignatureRow>> {
  const out = new Map<string, SignatureRow>();
  if (!ids.length) return out;
  const rows = await db
    .select()
    .from(signatures)
    .where(inArray(signatures.dealDocumentId, ids))
    .orderBy(desc(signatures.createdAt), desc(signatures.id));
  for (const r of rows) {
    const key = `${r.dealDocumentId}:${r.party}`;
    if (!out.has(key)) out.set(key, r);
  }
  return out;
}

/** The signature of each verification document of `ids` (there is at most one: the one that verified the company). */
export async function loadVerificationSignatures(db: DbOrTx, ids: number[]): Promise<Map<number, SignatureRow>> {
  const out = new Map<number, SignatureRow>();
  if (!ids.length) return out;
  const rows = await db
    .select()
    .from(signatures)
    .where(and(inArray(signatures.verificationDocumentId, ids), eq(signatures.party, 'CLIENT')))
    .orderBy(desc(signatures.id));
  for (const r of rows) if (!out.has(r.verificationDocumentId!)) out.set(r.verificationDocumentId!, r);
  return out;
}
