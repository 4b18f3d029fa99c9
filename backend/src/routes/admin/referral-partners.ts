/**
 * Operator administration of referral partners, data role AGENT (issue 10; spec core §3 "Referral partner", §4
 * "Other states", §5; designed paths in the style of §7 Operator, docs/rest-api.md "### Referral partners"). Every
 * route needs the operator right REFERRAL_PARTNERS (403 RIGHT_REQUIRED otherwise); every change runs in one
 * transaction with its audit entry (admin/audit.ts).
 *
 *   POST   /api/secured/oper/agents/filter?page&size          list `{ query?, status? }` → page
 *   POST   /api/secured/oper/agents/filter/count              → { count }
 *   POST   /api/secured/oper/agents                           create (company AGENT + user AGENT + profile + requisites), invitation mail
 *   GET    /api/secured/oper/agents/{id}                      card
 *   PUT    /api/secured/oper/agents/{id}                      update (audit with the changed fields)
 *   POST   /api/secured/oper/agents/{id}/block | /unblock     company SUSPENDED (sessions ended) | VERIFIED
 *   POST   /api/secured/oper/agents/{id}/invitation           the invitation mail again
 *   GET    /api/secured/oper/agents/{id}/documents            documents and acts
 *   POST   /api/secured/oper/agents/{id}/documents            upload (multipart: type, name, number, description, file)
 *   GET    /api/secured/oper/agents/{id}/documents/{docId}/content   download
 *   DELETE /api/secured/oper/agents/{id}/documents/{docId}    remove (only while unsigned)
 *   POST   /api/secured/oper/agents/{id}/documents/{docId}/sign   the operator's signature for the platform (issue 11)
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { and, count, eq, ilike, like, or, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { endCompanySessions } from '../../accounts/account-access.js';
import { sendInvitation, unusablePasswordHash } from '../../accounts/invitations.js';
import { recordAudit, changedFields } from '../../admin/audit.js';
import { setCompanyBlocked } from '../../admin/company-block.js';
import {
  auditedFields,
  checkPartnerInput,
  listItem,
  listPartners,
  loadPartner,
  missingCompanyFields,
  PARTNER_MESSAGES,
  partnerCard,
  partnerDocuments,
  partnerRequisites,
  REFERRAL_PARTNER_STATUSES,
  type CheckedPartnerInput,
  type LoadedPartner,
  type ReferralPartnerInput,
} from '../../admin/referral-partners.js';
import { receiveDocumentUpload } from '../../admin/referral-partners-upload.js';
import {
  addReferralPartnerDocument,
  REFERRAL_DOCUMENT_MESSAGES,
  removeReferralPartnerDocument,
  signReferralPartnerDocument,
} from '../../referral/documents.js';
import { SignBodySchema } from '../../verification/signatures.js';
import { REFERRAL_DOCUMENT_STATUSES } from '@platform/domain/referral/documents';
import type { DbOrTx } from '../../db/client.js';
import { referralPartnerProfiles } from '../../db/schema/admin.js';
import { companies, users } from '../../db/schema/core.js';
import { bankRequisites } from '../../db/schema/verification.js';
import { AppError, MESSAGES } from '../../errors.js';
import { sendStoredFile } from '../../files/storage.js';
import { assertNoIssues } from '../accounts/common.js';
import { CSRF_ERRORS, errorResponses, INPUT_ERRORS, literalUnion, RIGHT_ERRORS, SIGNATURE_ERRORS } from '../schemas.js';
import {
  countAnswerSchema,
  idParams,
  INT4_MAX,
  Nullable,
  pageAnswer,
  pageAnswerSchema,
  pageOf,
  pageQuery,
  RESEND_ERRORS,
  uniqueViolation,
} from './shared.js';

const BASE = '/api/secured/oper/agents';
const TAGS = ['admin: referral partners'];
const RIGHT = 'REFERRAL_PARTNERS' as const;
const AUTH =
  "401 UNAUTHORIZED; 403 FORBIDDEN (not an operator), RIGHT_REQUIRED 'Недостаточно прав для этого раздела' (no REFERRAL_PARTNERS right)";

const Str = (description: string, maxLength = 2000) => Type.String({ maxLength, description });
const OptStr = (description: string, maxLength = 2000) => Type.Optional(Nullable(Str(description, maxLength)));

const KindSchema = literalUnion(['LEGAL_ENTITY', 'SOLE_PROPRIETOR'], {
  description: 'LEGAL_ENTITY (13-digit OGRN) or SOLE_PROPRIETOR (15-digit OGRNIP), from the OGRN length',
});
const StatusSchema = literalUnion(REFERRAL_PARTNER_STATUSES, {
  description: 'ACTIVE (company VERIFIED) or BLOCKED (company SUSPENDED: sign-in refused, sessions ended)',
});

const ListItemSchema = Type.Object(
  {
    id: Type.Integer({ description: 'Company id of the partner' }),
    kind: KindSchema,
    ogrn: Type.String({ description: 'OGRN (13 digits) or OGRNIP (15 digits)' }),
    inn: Type.String({ description: 'INN, 10 or 12 digits' }),
    fullName: Type.String(),
    shortName: Type.String(),
    email: Nullable(Type.String({ description: 'Login e-mail (lower case)' })),
    phone: Nullable(Type.String({ description: 'Main phone, 10 digits' })),
    status: StatusSchema,
    contractNumber: Nullable(Type.String({ description: 'Agency contract number' })),
    commissionPercent: Type.String({ description: "Partner's commission %, decimal string such as '12.5'" }),
    createdAt: Type.String({ description: 'Created, UTC ISO 8601' }),
  },
  { description: 'Referral partner in the list (spec core §3 "Referral partner")' },
);

const RequisiteSchema = Type.Object({
  id: Type.Integer(),
  bankBik: Type.String({ description: 'BIK, 9 digits' }),
  bankName: Type.String({ description: 'From the ED807 directory' }),
  checkAccount: Type.String({ description: 'Settlement account, 20 digits' }),
  corrAccount: Type.String({ description: 'Correspondent account from the directory' }),
  index: Type.Integer({ description: 'Display number 1, 2, …' }),
});

const CardSchema = Type.Object(
  {
    ...ListItemSchema.properties,
    kpp: Nullable(Type.String({ description: 'KPP, 9 digits (legal entities)' })),
    legalAddress: Nullable(Type.String()),
    actualAddress: Nullable(Type.String()),
    extraPhones: Type.Array(Type.String(), { description: 'Extra phones, 10 digits each' }),
    extraEmails: Type.Array(Type.String(), { description: 'Extra e-mails, lower case' }),
    comment: Nullable(Type.String()),
    representative: Nullable(Type.String({ description: "The partner's representative: full name and position" })),
    contractDate: Nullable(Type.String({ description: 'Agency contract date, YYYY-MM-DD' })),
    userId: Nullable(Type.Integer({ description: "Id of the partner's user account (AGENT)" })),
    invitationAccepted: Type.Boolean({
      description: 'The partner has signed in at least once (then the invitation cannot be sent again)',
    }),
    bankRequisites: Type.Array(RequisiteSchema),
  },
  { description: 'Referral partner card (spec core §3 "Referral partner")' },
);

const CreatedSchema = Type.Object({
  ...CardSchema.properties,
  invitationSent: Type.Boolean({
    description: 'False when the invitation mail failed (send it again with /invitation)',
  }),
});

const InputSchema = Type.Object(
  {
    ogrn: Str('OGRN (13 digits, legal entity) or OGRNIP (15 digits, sole proprietor), check digit verified', 20),
    inn: Str('INN: 10 digits (legal entity) or 12 (sole proprietor), check digits verified', 20),
    kpp: OptStr('KPP, 9 digits', 20),
    fullName: OptStr('Full name; from the registry (GET /nalog/fns) when absent', 600),
    shortName: OptStr('Short name; from the registry when absent', 600),
    legalAddress: OptStr('Legal address; from the registry when absent', 600),
    actualAddress: OptStr('Actual address', 600),
    email: Str('Login e-mail (unique among all accounts); the invitation goes there', 254),
    phone: OptStr('Main phone, 10 digits', 20),
    extraPhones: Type.Optional(Type.Array(Str('10 digits', 20), { maxItems: 20, description: 'Extra phones' })),
    extraEmails: Type.Optional(Type.Array(Str('e-mail', 254), { maxItems: 20, description: 'Extra e-mails' })),
    comment: OptStr('Comment', 4000),
    representative: OptStr("The partner's representative: full name and position", 600),
    contractNumber: OptStr('Agency contract number', 200),
    contractDate: OptStr('Agency contract date, YYYY-MM-DD', 20),
    commissionPercent: OptStr("Partner's commission % of the service fee, 0 ≤ p < 100, up to 4 decimals", 20),
    bankRequisites: Type.Optional(
      Type.Array(
        Type.Object({
          bankBik: Str('BIK, 9 digits, in the ED807 directory', 20),
          checkAccount: Str('Settlement account, 20 digits, control key valid for the BIK', 40),
        }),
        { maxItems: 20, description: 'Bank requisites; on update the whole list is replaced' },
      ),
    ),
  },
  { description: 'Referral partner fields (spec core §3)' },
);

const SignatureSchema = Nullable(
  Type.Unsafe<{ signer: string; signedAt: string; certificateValidUntil: string; documentHash: string }>(
    Type.Object(
      {
        signer: Type.String({ description: 'Signer as shown' }),
        signedAt: Type.String({ description: 'Signing time, UTC ISO 8601' }),
        certificateValidUntil: Type.String({ description: 'Certificate valid until, UTC ISO 8601' }),
        documentHash: Type.String({ description: 'SHA-256 of the signed bytes, hex' }),
      },
      { description: 'Signature details (spec core §3 "Documents")' },
    ),
  ),
);

const DocumentSchema = Type.Object(
  {
    id: Type.Integer(),
    type: literalUnion(['ACT', 'DOCUMENT'], { description: 'ACT or DOCUMENT' }),
    name: Type.String(),
    number: Nullable(Type.String()),
    description: Nullable(Type.String()),
    file: Type.Object({
      name: Type.String({ description: 'File name as uploaded' }),
      size: Type.Integer({ description: 'Bytes' }),
      mime: Type.String({ description: 'MIME type detected from the content' }),
    }),
    agentSignature: SignatureSchema,
    operatorSignature: SignatureSchema,
    status: literalUnion(REFERRAL_DOCUMENT_STATUSES, {
      description:
        "Issue 11: AWAITING_PARTNER 'Ожидает подписи партнёра', AWAITING_OPERATOR 'Ожидает подписи оператора', SIGNED 'Подписан обеими сторонами'",
    }),
    createdAt: Type.String({ description: 'UTC ISO 8601' }),
    createdBy: Type.Object({
      id: Type.Integer(),
      email: Type.String(),
      name: Type.String(),
      side: literalUnion(['OPERATOR', 'REFERRAL_PARTNER'], { description: 'Issue 11: which side uploaded it' }),
    }),
  },
  { description: 'Document or act of a referral partner (spec core §3 "documents/acts")' },
);

const FilterSchema = Type.Object({
  query: Type.Optional(
    Type.String({
      maxLength: 200,
      description: 'Digits: INN or OGRN prefix; other text: part of the short or full name (spec core §5)',
    }),
  ),
  status: Type.Optional(StatusSchema),
});

const IdParams = idParams('Partner company id');
/** Spec core §9: company lists page by 10. */
const PAGE_SIZE = 10;
const DocParams = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: INT4_MAX }),
  docId: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description: 'Document id' }),
});

const FIELD_CHECKS =
  "400 VALIDATION_ERROR (nothing written) with items: ogrn OGRN_INVALID, inn INN_INVALID, kpp KPP_INVALID, email EMAIL_INVALID 'Проверьте корректность данных', " +
  "phone / extraPhones.N PHONE_INVALID 'Номер телефона — 10 цифр', extraEmails.N EMAIL_INVALID, fullName / shortName / legalAddress REQUIRED (not given and unknown to the registry), " +
  'contractDate DATE_INVALID, commissionPercent PERCENT_INVALID, bankRequisites.N.bankBik BIK_INVALID / BIK_NOT_FOUND / CORR_ACCOUNT_INVALID, ' +
  'bankRequisites.N.checkAccount ACCOUNT_INVALID / ACCOUNT_CONTROL_KEY / REQUISITE_DUPLICATE, TOO_LONG, TOO_MANY; ' +
  "409 EMAIL_TAKEN 'Этот адрес электронной почты уже используется', 409 PARTNER_DUPLICATE (a referral partner with this OGRN exists), 409 CONFLICT (a concurrent change)";

/** The `companies` registry columns of a checked input (names and legal address completed from the registry). */
function companyValues(v: CheckedPartnerInput) {
  return {
    ogrn: v.ogrn,
    inn: v.inn,
    kpp: v.kpp,
    fullName: v.fullName!,
    shortName: v.shortName!,
    legalAddress: v.legalAddress,
    actualAddress: v.actualAddress,
  };
}

/**
 * The `referral_partner_profiles` columns of a checked input (without `companyId`), as written at creation and on
 * update; `now` is the app clock (updatedAt).
 */
function profileValues(v: CheckedPartnerInput, now: Date) {
  return {
    extraPhones: v.extraPhones,
    extraEmails: v.extraEmails,
    comment: v.comment,
    representative: v.representative,
    contractNumber: v.contractNumber,
    contractDate: v.contractDate,
    commissionPercent: v.commissionPercent,
    updatedAt: now,
  };
}

export default async function adminReferralPartnersRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.dbh.db;
  const guard = app.requireRight(RIGHT);

  const found = async (db: DbOrTx, id: number): Promise<LoadedPartner> => {
    const p = await loadPartner(db, id);
    if (!p) throw AppError.notFound(PARTNER_MESSAGES.notFound, 'PARTNER_NOT_FOUND');
    return p;
  };

  /** Refuses an e-mail another account uses (409 EMAIL_TAKEN). */
  const assertEmailFree = async (tx: DbOrTx, email: string, exceptUserId: number | null) => {
    const [other] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
    if (other && other.id !== exceptUserId) throw AppError.conflict(MESSAGES.emailTaken, 'EMAIL_TAKEN');
  };

  /** Fills names and address from the registry where the operator left them empty; REQUIRED issues otherwise. */
  const completed = async (v: CheckedPartnerInput): Promise<CheckedPartnerInput> => {
    if (v.fullName && v.shortName && v.legalAddress) return v;
    const rec = await app.companyRegistry.byOgrn(v.ogrn).catch(() => null);
    const out = {
      ...v,
      fullName: v.fullName ?? rec?.fullName ?? null,
      shortName: v.shortName ?? rec?.shortName ?? null,
      legalAddress: v.legalAddress ?? rec?.legalAddress ?? null,
      kpp: v.kpp ?? (rec && rec.inn === v.inn ? rec.kpp : null),
    };
    assertNoIssues(missingCompanyFields(out));
    return out;
  };

  /** Runs a change; unique violations become 409 EMAIL_TAKEN / PARTNER_DUPLICATE / CONFLICT. */
  const write = async <T>(fn: (tx: DbOrTx) => Promise<T>): Promise<T> => {
    try {
      return await db.transaction(fn);
    } catch (err) {
      const constraint = uniqueViolation(err);
      if (constraint === null) throw err;
      if (/email/i.test(constraint)) throw AppError.conflict(MESSAGES.emailTaken, 'EMAIL_TAKEN');
      if (/ogrn/i.test(constraint)) throw AppError.conflict(PARTNER_MESSAGES.duplicateOgrn, 'PARTNER_DUPLICATE');
      throw AppError.conflict('Данные изменились, повторите попытку', 'CONFLICT');
    }
  };

  const replaceRequisites = async (tx: DbOrTx, companyId: number, v: CheckedPartnerInput, now: Date) => {
    await tx.delete(bankRequisites).where(eq(bankRequisites.companyId, companyId));
    if (v.bankRequisites.length)
      await tx
        .insert(bankRequisites)
        .values(v.bankRequisites.map((r, i) => ({ companyId, ...r, position: i + 1, createdAt: now, updatedAt: now })));
  };

  const filterWhere = (body: { query?: string; status?: 'ACTIVE' | 'BLOCKED' }): SQL | undefined => {
    const parts: SQL[] = [eq(companies.kind, 'AGENT')];
    const q = body.query?.trim() ?? '';
    if (/^\d+$/.test(q)) parts.push(or(like(companies.inn, `${q}%`), like(companies.ogrn, `${q}%`))!);
    else if (q) {
      const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      parts.push(or(ilike(companies.shortName, pattern), ilike(companies.fullName, pattern))!);
    }
    if (body.status === 'BLOCKED') parts.push(eq(companies.status, 'SUSPENDED'));
    if (body.status === 'ACTIVE') parts.push(or(eq(companies.status, 'VERIFIED'), eq(companies.status, 'NEW'))!);
    return and(...parts);
  };

  app.post(
    `${BASE}/filter`,
    {
      preHandler: guard,
      schema: {
        tags: TAGS,
        summary: 'Referral partners, a page (issue 10; spec core §3 "Referral partner", §5 search, §9 page size 10)',
        description:
          'Body `{ query?, status? }`: query of digits → INN or OGRN prefix, other text → part of the name (case-insensitive); status ACTIVE | BLOCKED. ' +
          'Query `page` (from 0), `size` (default 10, ≤ 100). → `{ content: [ReferralPartner], totalElements, page, pageSize, last }`, newest first. ' +
          `Errors: 400 VALIDATION_ERROR; 403 CSRF_INVALID; ${AUTH}.`,
        security: [{ session: [] }],
        querystring: pageQuery({ defaultSize: PAGE_SIZE, maxPage: 1_000_000 }),
        body: FilterSchema,
        response: {
          200: pageAnswerSchema(ListItemSchema, 'Referral partners under the filter'),
          ...errorResponses(RIGHT_ERRORS, CSRF_ERRORS, INPUT_ERRORS),
        },
      },
    },
    async (request) => {
      const { page, size } = pageOf(request.query, PAGE_SIZE);
      const where = filterWhere(request.body);
      const [{ n }] = await db.select({ n: count() }).from(companies).where(where);
      return pageAnswer((await listPartners(db, where, size, page * size)).map(listItem), n, page, size);
    },
  );

  app.post(
    `${BASE}/filter/count`,
    {
      preHandler: guard,
      schema: {
        tags: TAGS,
        summary: 'Number of referral partners matching the filter (issue 10)',
        description: `Body as POST ${BASE}/filter → \`{ count }\`. Errors: 400 VALIDATION_ERROR; 403 CSRF_INVALID; ${AUTH}.`,
        security: [{ session: [] }],
        body: FilterSchema,
        response: {
          200: countAnswerSchema('Referral partners under the filter'),
          ...errorResponses(RIGHT_ERRORS, CSRF_ERRORS, INPUT_ERRORS),
        },
      },
    },
    async (request) => {
      const [{ n }] = await db.select({ n: count() }).from(companies).where(filterWhere(request.body));
      return { count: n };
    },
  );

  app.post(
    BASE,
    {
      preHandler: guard,
      schema: {
        tags: TAGS,
        summary:
          'Create a referral partner (issue 10; spec core §3 "Referral partner"): company, user AGENT, invitation',
        description:
          'Body: the partner fields; names and legal address are taken from the company registry (as GET /nalog/fns) when not given. ' +
          'In one transaction: company of kind AGENT (status VERIFIED), its user of account type AGENT with an unusable password, the profile, ' +
          'the bank requisites and the audit entry REFERRAL_PARTNER_CREATE; then the invitation mail (link to /agent/auth/forgot/pass?token=…&invitation=1, 7 days). ' +
          `→ 201 the card with \`invitationSent\`. Errors: ${FIELD_CHECKS}; 403 CSRF_INVALID; ${AUTH}.`,
        security: [{ session: [] }],
        body: InputSchema,
        response: {
          201: CreatedSchema,
          ...errorResponses(RIGHT_ERRORS, CSRF_ERRORS, INPUT_ERRORS, {
            400: ['EMAIL_INVALID'],
            409: ['EMAIL_TAKEN', 'PARTNER_DUPLICATE', 'CONFLICT'],
          }),
        },
      },
    },
    async (request, reply) => {
      const actor = request.user!;
      const { value: checked, issues } = await checkPartnerInput(db, request.body as ReferralPartnerInput);
      assertNoIssues(issues);
      const v = await completed(checked);
      const now = app.clock.now();
      const passwordHash = await unusablePasswordHash();
      const { companyId, userId } = await write(async (tx) => {
        await assertEmailFree(tx, v.email, null);
        const [dup] = await tx
          .select({ id: companies.id })
          .from(companies)
          .where(and(eq(companies.kind, 'AGENT'), eq(companies.ogrn, v.ogrn)));
        if (dup) throw AppError.conflict(PARTNER_MESSAGES.duplicateOgrn, 'PARTNER_DUPLICATE');
        const [company] = await tx
          .insert(companies)
          .values({
            kind: 'AGENT',
            ...companyValues(v),
            status: 'VERIFIED',
            signatureConfirmed: false,
            verifiedAt: now,
            createdAt: now,
          })
          .returning({ id: companies.id });
        const [user] = await tx
          .insert(users)
          .values({ email: v.email, passwordHash, accountType: 'AGENT', phone: v.phone, companyId: company.id })
          .returning({ id: users.id });
        await tx.insert(referralPartnerProfiles).values({ companyId: company.id, ...profileValues(v, now) });
        await replaceRequisites(tx, company.id, v, now);
        const { bankRequisites: reqs, ...fields } = v;
        await recordAudit(
          tx,
          {
            actorUserId: actor.id,
            action: 'REFERRAL_PARTNER_CREATE',
            entityType: 'REFERRAL_PARTNER',
            entityId: company.id,
            entityName: v.shortName,
            before: null,
            after: {
              ...fields,
              bankRequisites: reqs.map((r) => ({ bankBik: r.bankBik, checkAccount: r.checkAccount })),
            },
          },
          now,
        );
        return { companyId: company.id, userId: user.id };
      });
      let invitationSent = true;
      try {
        await sendInvitation(app, { id: userId, email: v.email, accountType: 'AGENT' });
      } catch (err) {
        request.log.warn({ err, companyId }, 'referral partner invitation not sent');
        invitationSent = false;
      }
      const card = await partnerCard(db, await found(db, companyId));
      return reply.status(201).send({ ...card, invitationSent });
    },
  );

  app.get(
    `${BASE}/:id`,
    {
      preHandler: guard,
      schema: {
        tags: TAGS,
        summary: 'Referral partner card (issue 10; spec core §3 "Referral partner")',
        description: `→ the card with bank requisites. Errors: 404 PARTNER_NOT_FOUND 'Партнёр не найден' (no such referral partner); 400 VALIDATION_ERROR (non-numeric id); ${AUTH}.`,
        security: [{ session: [] }],
        params: IdParams,
        response: {
          200: CardSchema,
          ...errorResponses(RIGHT_ERRORS, { 400: ['VALIDATION_ERROR'], 404: ['PARTNER_NOT_FOUND'] }),
        },
      },
    },
    async (request) => partnerCard(db, await found(db, request.params.id)),
  );

  app.put(
    `${BASE}/:id`,
    {
      preHandler: guard,
      schema: {
        tags: TAGS,
        summary: 'Change a referral partner (issue 10; spec core §3 "Referral partner")',
        description:
          'Body: the partner fields (bank requisites: the whole list). In one transaction with the audit entry REFERRAL_PARTNER_UPDATE holding only the ' +
          'changed fields before and after (none when nothing changed). A changed login e-mail signs the partner out. ' +
          `→ the card. Errors: ${FIELD_CHECKS}; 404 PARTNER_NOT_FOUND; 403 CSRF_INVALID; ${AUTH}.`,
        security: [{ session: [] }],
        params: IdParams,
        body: InputSchema,
        response: {
          200: CardSchema,
          ...errorResponses(RIGHT_ERRORS, CSRF_ERRORS, INPUT_ERRORS, {
            400: ['EMAIL_INVALID'],
            404: ['PARTNER_NOT_FOUND'],
            409: ['EMAIL_TAKEN', 'PARTNER_DUPLICATE', 'CONFLICT'],
          }),
        },
      },
    },
    async (request) => {
      const actor = request.user!;
      const { id } = request.params;
      await found(db, id);
      const { value: checked, issues } = await checkPartnerInput(db, request.body as ReferralPartnerInput);
      assertNoIssues(issues);
      const v = await completed(checked);
      const now = app.clock.now();
      await write(async (tx) => {
        await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, id)).for('update');
        const p = await found(tx, id);
        const prev = auditedFields(p, await partnerRequisites(tx, id));
        await assertEmailFree(tx, v.email, p.user?.id ?? null);
        const [dup] = await tx
          .select({ id: companies.id })
          .from(companies)
          .where(and(eq(companies.kind, 'AGENT'), eq(companies.ogrn, v.ogrn)));
        if (dup && dup.id !== id) throw AppError.conflict(PARTNER_MESSAGES.duplicateOgrn, 'PARTNER_DUPLICATE');
        await tx.update(companies).set(companyValues(v)).where(eq(companies.id, id));
        if (p.user) {
          await tx.update(users).set({ email: v.email, phone: v.phone }).where(eq(users.id, p.user.id));
          if (p.user.email !== v.email) await endCompanySessions(tx, id);
        }
        const profile = profileValues(v, now);
        await tx
          .insert(referralPartnerProfiles)
          .values({ companyId: id, ...profile })
          .onConflictDoUpdate({ target: referralPartnerProfiles.companyId, set: profile });
        const prevReqs = prev.bankRequisites;
        const nextReqs = v.bankRequisites.map((r) => ({ bankBik: r.bankBik, checkAccount: r.checkAccount }));
        if (JSON.stringify(prevReqs) !== JSON.stringify(nextReqs)) await replaceRequisites(tx, id, v, now);
        const { bankRequisites: _r, ...fields } = v;
        const diff = changedFields(prev, { ...fields, bankRequisites: nextReqs });
        if (diff)
          await recordAudit(
            tx,
            {
              actorUserId: actor.id,
              action: 'REFERRAL_PARTNER_UPDATE',
              entityType: 'REFERRAL_PARTNER',
              entityId: id,
              entityName: v.shortName,
              ...diff,
            },
            now,
          );
      });
      return partnerCard(db, await found(db, id));
    },
  );

  for (const action of ['block', 'unblock'] as const) {
    const blocking = action === 'block';
    app.post(
      `${BASE}/:id/${action}`,
      {
        preHandler: guard,
        schema: {
          tags: TAGS,
          summary: blocking
            ? 'Block a referral partner (issue 10; spec core §4 "Other states")'
            : 'Unblock a referral partner (issue 10; spec core §4 "Other states")',
          description: blocking
            ? 'Company status SUSPENDED: its users cannot sign in (403 ACCOUNT_SUSPENDED) and their open sessions end at once (401). Audit REFERRAL_PARTNER_BLOCK. ' +
              `Blocking a blocked partner changes nothing. No body. → the card. Errors: 404 PARTNER_NOT_FOUND; 403 CSRF_INVALID; ${AUTH}.`
            : 'Company status back to VERIFIED: the partner signs in again. Audit REFERRAL_PARTNER_UNBLOCK. Unblocking an active partner changes nothing. ' +
              `No body. → the card. Errors: 404 PARTNER_NOT_FOUND; 403 CSRF_INVALID; ${AUTH}.`,
          security: [{ session: [] }],
          params: IdParams,
          response: {
            200: CardSchema,
            ...errorResponses(RIGHT_ERRORS, CSRF_ERRORS, INPUT_ERRORS, { 404: ['PARTNER_NOT_FOUND'] }),
          },
        },
      },
      async (request) => {
        const { id } = request.params;
        const now = app.clock.now();
        await db.transaction(async (tx) => {
          const [row] = await tx
            .select({ status: companies.status, shortName: companies.shortName })
            .from(companies)
            .where(and(eq(companies.id, id), eq(companies.kind, 'AGENT')))
            .for('update');
          if (!row) throw AppError.notFound(PARTNER_MESSAGES.notFound, 'PARTNER_NOT_FOUND');
          const next = blocking ? 'SUSPENDED' : 'VERIFIED';
          if (row.status === next) return;
          await setCompanyBlocked(
            tx,
            id,
            blocking,
            {
              actorUserId: request.user!.id,
              action: blocking ? 'REFERRAL_PARTNER_BLOCK' : 'REFERRAL_PARTNER_UNBLOCK',
              entityType: 'REFERRAL_PARTNER',
              entityId: id,
              entityName: row.shortName,
              before: { status: row.status },
              after: { status: next },
            },
            now,
          );
        });
        return partnerCard(db, await found(db, id));
      },
    );
  }

  app.post(
    `${BASE}/:id/invitation`,
    {
      preHandler: guard,
      schema: {
        tags: TAGS,
        summary: 'Send the invitation mail again (issue 10)',
        description:
          'A new invitation link (7 days) to the login e-mail; the partner sets the password at /agent/auth/forgot/pass?token=…&invitation=1. → 204. ' +
          'Audit REFERRAL_PARTNER_INVITATION. Errors: 404 PARTNER_NOT_FOUND; 409 INVITATION_ACCEPTED (the partner has signed in: use the password reset); 429 RESEND_TOO_EARLY (within 120 s of the last one, `retryAfterSeconds`); 502 MAIL_FAILED; 403 CSRF_INVALID; ' +
          `${AUTH}.`,
        security: [{ session: [] }],
        params: IdParams,
        response: {
          204: Type.Null({ description: 'Sent' }),
          ...errorResponses(
            RIGHT_ERRORS,
            CSRF_ERRORS,
            {
              400: ['VALIDATION_ERROR'],
              404: ['PARTNER_NOT_FOUND'],
              409: ['INVITATION_ACCEPTED'],
            },
            RESEND_ERRORS,
          ),
        },
      },
    },
    async (request, reply) => {
      const p = await found(db, request.params.id);
      if (!p.user) throw AppError.notFound(PARTNER_MESSAGES.notFound, 'PARTNER_NOT_FOUND');
      if (p.user.lastLoginAt)
        throw AppError.conflict(
          'Партнёр уже входил в кабинет: для нового пароля используйте восстановление пароля',
          'INVITATION_ACCEPTED',
        );
      await sendInvitation(app, { id: p.user.id, email: p.user.email, accountType: 'AGENT' });
      // The link itself is written by sendInvitation; the log keeps who sent it again.
      await db.transaction((tx) =>
        recordAudit(
          tx,
          {
            actorUserId: request.user!.id,
            action: 'REFERRAL_PARTNER_INVITATION',
            entityType: 'REFERRAL_PARTNER',
            entityId: p.company.id,
            entityName: p.company.shortName,
            after: { email: p.user!.email },
          },
          app.clock.now(),
        ),
      );
      return reply.status(204).send(null);
    },
  );

  app.get(
    `${BASE}/:id/documents`,
    {
      preHandler: guard,
      schema: {
        tags: TAGS,
        summary: 'Documents and acts of a referral partner (issue 10; spec core §3 "documents/acts")',
        description: `→ [Document], newest first; signatures null until signed. Errors: 404 PARTNER_NOT_FOUND; 400 VALIDATION_ERROR; ${AUTH}.`,
        security: [{ session: [] }],
        params: IdParams,
        response: {
          200: Type.Array(DocumentSchema),
          ...errorResponses(RIGHT_ERRORS, { 400: ['VALIDATION_ERROR'], 404: ['PARTNER_NOT_FOUND'] }),
        },
      },
    },
    async (request) => {
      const p = await found(db, request.params.id);
      return (await partnerDocuments(db, p.company.id)).map(({ sha256: _s, ...d }) => d);
    },
  );

  app.post(
    `${BASE}/:id/documents`,
    {
      preHandler: guard,
      schema: {
        tags: TAGS,
        summary: 'Upload a document or act of a referral partner (issue 10; spec core §3, §5 ≤ 50 MB)',
        description:
          'multipart/form-data: text fields `type` (ACT | DOCUMENT), `name` (required), `number`, `description` FIRST, then one file part `file` ' +
          '(≤ 50 MB, type decided by the content: PDF, JPEG, PNG, WebP, DOCX, XLSX, ODT, ODS, DOC/XLS by name, UTF-8 .txt). ' +
          'One transaction: the stored file, the document and the audit entry REFERRAL_PARTNER_DOCUMENT_ADD. → 201 the Document. ' +
          "Errors: 400 VALIDATION_ERROR (type TYPE_INVALID, name REQUIRED, TOO_LONG, file REQUIRED / FILE_EMPTY / FILE_NAME_REQUIRED); 413 FILE_TOO_LARGE 'Превышен размер файла'; " +
          `415 UNSUPPORTED_FILE_TYPE 'Недопустимый тип файла' or UNSUPPORTED_MEDIA_TYPE; 404 PARTNER_NOT_FOUND; 403 CSRF_INVALID; ${AUTH}. A refused upload stores nothing.`,
        security: [{ session: [] }],
        consumes: ['multipart/form-data'],
        params: IdParams,
        response: {
          201: DocumentSchema,
          ...errorResponses(RIGHT_ERRORS, CSRF_ERRORS, {
            400: ['BAD_REQUEST', 'VALIDATION_ERROR'],
            404: ['PARTNER_NOT_FOUND'],
            413: ['FILE_TOO_LARGE'],
            415: ['UNSUPPORTED_FILE_TYPE', 'UNSUPPORTED_MEDIA_TYPE'],
          }),
        },
      },
    },
    async (request, reply) => {
      const p = await found(db, request.params.id);
      const { fields, accepted } = await receiveDocumentUpload(app, request);
      const docId = await addReferralPartnerDocument(app, {
        companyId: p.company.id,
        by: 'OPERATOR',
        userId: request.user!.id,
        fields,
        accepted,
      });
      const [doc] = await partnerDocuments(db, p.company.id, docId);
      const { sha256: _s, ...view } = doc;
      return reply.status(201).send(view);
    },
  );

  const oneDocument = async (id: number, docId: number) => {
    await found(db, id);
    const [doc] = await partnerDocuments(db, id, docId);
    if (!doc) throw AppError.notFound(PARTNER_MESSAGES.documentNotFound, 'DOCUMENT_NOT_FOUND');
    return doc;
  };

  app.get(
    `${BASE}/:id/documents/:docId/content`,
    {
      preHandler: guard,
      schema: {
        tags: TAGS,
        summary: 'Download a document or act of a referral partner (issue 10)',
        description:
          'The bytes with the detected Content-Type, Content-Disposition attachment (RFC 5987 UTF-8 name), nosniff, no-store. ' +
          `Errors: 404 PARTNER_NOT_FOUND, DOCUMENT_NOT_FOUND 'Документ не найден' (or the content is gone: NOT_FOUND); 400 VALIDATION_ERROR; ${AUTH}.`,
        security: [{ session: [] }],
        params: DocParams,
        produces: ['application/octet-stream'],
        response: {
          200: Type.Unsafe<Buffer>({ type: 'string', format: 'binary', description: 'The file bytes' }),
          ...errorResponses(RIGHT_ERRORS, {
            400: ['VALIDATION_ERROR'],
            404: ['PARTNER_NOT_FOUND', 'DOCUMENT_NOT_FOUND', 'NOT_FOUND'],
          }),
        },
      },
    },
    async (request, reply) => {
      const doc = await oneDocument(request.params.id, request.params.docId);
      return sendStoredFile(app, request, reply, {
        sha256: doc.sha256,
        contentType: doc.file.mime,
        name: doc.file.name,
      });
    },
  );

  app.delete(
    `${BASE}/:id/documents/:docId`,
    {
      preHandler: guard,
      schema: {
        tags: TAGS,
        summary: 'Remove an unsigned document or act of a referral partner (issue 10)',
        description:
          'Only while neither the partner nor the operator signed it. One transaction with the audit entry REFERRAL_PARTNER_DOCUMENT_DELETE. → 204. ' +
          `Errors: 409 DOCUMENT_SIGNED 'Подписанный документ нельзя удалить'; 404 PARTNER_NOT_FOUND, DOCUMENT_NOT_FOUND; 400 VALIDATION_ERROR; 403 CSRF_INVALID; ${AUTH}.`,
        security: [{ session: [] }],
        params: DocParams,
        response: {
          204: Type.Null({ description: 'Removed' }),
          ...errorResponses(RIGHT_ERRORS, CSRF_ERRORS, {
            400: ['VALIDATION_ERROR'],
            404: ['PARTNER_NOT_FOUND', 'DOCUMENT_NOT_FOUND'],
            409: ['DOCUMENT_SIGNED'],
          }),
        },
      },
    },
    async (request, reply) => {
      const { id, docId } = request.params;
      await found(db, id);
      await removeReferralPartnerDocument(app, { companyId: id, docId, by: 'OPERATOR', userId: request.user!.id });
      return reply.status(204).send(null);
    },
  );

  app.post(
    `${BASE}/:id/documents/:docId/sign`,
    {
      preHandler: guard,
      schema: {
        tags: TAGS,
        summary: "The operator's qualified signature of a referral partner's document or act (issue 11; spec core §3)",
        description:
          'Body `{ signature }`: base64 DER CMS SignedData (CAdES-BES, detached, ≤ 64 KiB) over the exact bytes of …/documents/{docId}/content. ' +
          "The certificate must belong to the platform's organisation (config PLATFORM_OGRN / PLATFORM_INN) and chain to the trust store. In ONE transaction: " +
          "the signature row (party OPERATOR, no company), the document's operator signature and the audit entry REFERRAL_PARTNER_DOCUMENT_OPERATOR_SIGN. " +
          'The partner may sign before or after. → the Document. Errors (nothing written): 400 with the issue 8 codes and §8 texts (COMPANY_MISMATCH, ' +
          'INDIVIDUAL_SIGNATURE_UNSUPPORTED, DOCUMENT_MISMATCH, SIGNATURE_MALFORMED, SIGNATURE_INVALID, CERTIFICATE_*, SIGNATURE_ALGORITHM_UNSUPPORTED); ' +
          `409 DOCUMENT_ALREADY_SIGNED '${REFERRAL_DOCUMENT_MESSAGES.alreadySigned}'; 404 PARTNER_NOT_FOUND, DOCUMENT_NOT_FOUND; 403 CSRF_INVALID; ${AUTH}.`,
        security: [{ session: [] }],
        params: DocParams,
        body: SignBodySchema,
        response: {
          200: DocumentSchema,
          ...errorResponses(RIGHT_ERRORS, CSRF_ERRORS, INPUT_ERRORS, SIGNATURE_ERRORS, {
            404: ['PARTNER_NOT_FOUND', 'DOCUMENT_NOT_FOUND'],
            409: ['DOCUMENT_ALREADY_SIGNED'],
          }),
        },
      },
    },
    async (request) => {
      const { id, docId } = request.params;
      await found(db, id);
      await signReferralPartnerDocument(app, {
        companyId: id,
        docId,
        party: 'OPERATOR',
        userId: request.user!.id,
        signature: request.body.signature,
      });
      const { sha256: _s, ...view } = await oneDocument(id, docId);
      return view;
    },
  );
}
