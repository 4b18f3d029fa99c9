/**
 * Tables of company verification and qualified electronic signatures (issue 8; spec core §3 "Bank requisite",
 * "Documents"; §7 Client requisites and verification; chat-and-shell §3 "Signing certificate", §4 "Signing flow",
 * §9 signature type basic CAdES, detached).
 *
 * - `bank_requisites`: a client company's bank accounts. The BIK exists in the Bank of Russia directory (ED807),
 *   which gave `bankName` and `corrAccount`; `checkAccount` passed the Bank of Russia control-key check.
 * - `verification_documents`: the application for joining the platform generated from the company's data (PDF). The
 *   stored bytes are what the client signs; `sha256` is their hash. A newer document supersedes older unsigned ones.
 * - `signatures`: every verified CAdES-BES detached signature (DER CMS SignedData) with what was checked: the signer's
 *   certificate fields, its validity, the signing time and the hash of the signed bytes. Exactly one of
 *   `verificationDocumentId` / `dealDocumentId` is set.
 * Times are `timestamptz` (UTC) written from the app clock.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  char,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { companies, users } from './core.js';
import { dealDocuments } from './deal.js';
import { storedFiles } from './orders.js';

/** `bytea` as a Node Buffer (both drivers return a Buffer/Uint8Array). */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/** A client company's bank account (spec core §3 "Bank requisite": id, bankBik, bankName, checkAccount, corrAccount, index). */
export const bankRequisites = pgTable(
  'bank_requisites',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** 9 digits, present in the ED807 directory. */
    bankBik: text('bank_bik').notNull(),
    /** From the directory at the time of saving. */
    bankName: text('bank_name').notNull(),
    /** Settlement account, 20 digits, control key valid for the BIK. */
    checkAccount: text('check_account').notNull(),
    /** Correspondent account of the bank from the directory (20 digits); empty for banks without one. */
    corrAccount: text('corr_account').notNull(),
    /** Display number `index` (1, 2, …): order of creation within the company; renumbered after a delete. */
    position: integer('position').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('bank_requisites_account_uq').on(t.companyId, t.bankBik, t.checkAccount),
    index('bank_requisites_company_idx').on(t.companyId, t.position),
  ],
);

/** Statuses of a verification document: GENERATED (to be signed), SIGNED, SUPERSEDED (a newer one was generated). */
export const VERIFICATION_DOCUMENT_STATUSES = ['GENERATED', 'SIGNED', 'SUPERSEDED'] as const;

/** The application for joining the platform, generated for a company (spec core §7 Client "verification/document"). */
export const verificationDocuments = pgTable(
  'verification_documents',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** The stored PDF (content-addressed store of files/storage.ts). */
    fileId: uuid('file_id')
      .notNull()
      .references(() => storedFiles.id),
    /** Display and download name, e.g. 'Заявление о присоединении к платформе.pdf'. */
    name: text('name').notNull(),
    /** SHA-256 of the PDF bytes, lower-case hex: what a signature's message digest is checked against (with the signer's digest algorithm). */
    sha256: char('sha256', { length: 64 }).notNull(),
    status: text('status').notNull().default('GENERATED'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('verification_documents_company_idx').on(t.companyId, t.createdAt),
    check('verification_documents_status_chk', sql`${t.status} in ('GENERATED', 'SIGNED', 'SUPERSEDED')`),
  ],
);

/**
 * A verified qualified electronic signature (CAdES-BES, detached) over a stored document.
 * `party`: CLIENT (the client company signed) or AGENT (the payment agent's company signed) over a verification or
 * deal document; REFERRAL_PARTNER (the referral partner's company) or OPERATOR (an operator for the platform, no
 * company) over a referral partner document or act, which points at the row (referral_partner_documents
 * agent_signature_id / operator_signature_id; issue 11).
 */
export const signatures = pgTable(
  'signatures',
  {
    id: serial('id').primaryKey(),
    verificationDocumentId: integer('verification_document_id').references(() => verificationDocuments.id, {
      onDelete: 'cascade',
    }),
    dealDocumentId: bigint('deal_document_id', { mode: 'number' }).references(() => dealDocuments.id, {
      onDelete: 'cascade',
    }),
    party: text('party').notNull(),
    /** The company the certificate was checked against (OGRN/OGRNIP and INN); null for party OPERATOR. */
    companyId: integer('company_id').references(() => companies.id),
    /** The user who submitted the signature. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** The DER CMS SignedData as received (at most 64 KiB). */
    cms: bytea('cms').notNull(),
    /** Hex SHA-256 of the signed bytes (the stored document), spec core §3 "document hash". */
    documentSha256: char('document_sha256', { length: 64 }).notNull(),
    /** Digest algorithm of the signature: SHA-256, SHA-384, SHA-512, GOST R 34.11-2012 256 / 512. */
    digestAlgorithm: text('digest_algorithm').notNull(),
    /** Signature algorithm: RSA, ECDSA, GOST R 34.10-2012 256 / 512. */
    signatureAlgorithm: text('signature_algorithm').notNull(),
    /** Signer as shown (spec core §3 "signer"): full name of the certificate holder, with the organisation for a company certificate. */
    signerName: text('signer_name').notNull(),
    /** Parsed certificate (chat §3 "Signing certificate": subject and issuer fields, registration numbers, SNILS, position). */
    certificate: jsonb('certificate').notNull(),
    /** Certificate serial number, hex. */
    certificateSerial: text('certificate_serial').notNull(),
    /** SHA-1 of the certificate DER, upper-case hex (the thumbprint CryptoPro shows). */
    certificateThumbprint: text('certificate_thumbprint').notNull(),
    certificateValidFrom: timestamp('certificate_valid_from', { withTimezone: true }).notNull(),
    /** Spec core §3 "certificate valid until". */
    certificateValidTo: timestamp('certificate_valid_to', { withTimezone: true }).notNull(),
    /** The signing-time attribute of the signature, else the time the server accepted it. */
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('signatures_verification_idx').on(t.verificationDocumentId),
    index('signatures_deal_document_idx').on(t.dealDocumentId, t.party),
    index('signatures_company_idx').on(t.companyId),
    check(
      'signatures_target_chk',
      sql`(${t.party} in ('CLIENT', 'AGENT') and (${t.verificationDocumentId} is null) <> (${t.dealDocumentId} is null) and ${t.companyId} is not null) or (${t.party} in ('REFERRAL_PARTNER', 'OPERATOR') and ${t.verificationDocumentId} is null and ${t.dealDocumentId} is null)`,
    ),
    check('signatures_party_chk', sql`${t.party} in ('CLIENT', 'AGENT', 'REFERRAL_PARTNER', 'OPERATOR')`),
    check('signatures_company_chk', sql`${t.party} = 'OPERATOR' or ${t.companyId} is not null`),
  ],
);
