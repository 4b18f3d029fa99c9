/**
 * Operator administration (issue 10): payment agents, data role PARTNER (spec core §7 Operator partners/*; §3
 * "Payment agent profile"; §4 "Other states": blocked / unblocked). Right PAYMENT_AGENTS on every route.
 *
 *   POST /api/secured/oper/partners/filter?page&size   list (brand, name or INN; status; currency; country)
 *   POST /api/secured/oper/partners/filter/count       { count }
 *   POST /api/secured/oper/partners                    create: company + login user + profile, then the invitation
 *   GET  /api/secured/oper/partners/{id}               the card (every field, status, login e-mail, invitation)
 *   PUT  /api/secured/oper/partners/{id}               replace the profile
 *   POST /api/secured/oper/partners/{id}/block         company SUSPENDED, the agent's sessions end
 *   POST /api/secured/oper/partners/{id}/unblock       company VERIFIED
 *   POST /api/secured/oper/partners/{id}/invitation    send the invitation again
 *
 * Each change is one transaction with its audit entry (PAYMENT_AGENT_CREATE, _UPDATE, _BLOCK, _UNBLOCK).
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { normalizeEmail } from '@platform/domain/validation/rules';
import { sendInvitation, unusablePasswordHash } from '../../accounts/invitations.js';
import { changedFields, recordAudit } from '../../admin/audit.js';
import { setCompanyBlocked } from '../../admin/company-block.js';
import {
  auditView,
  agentUser,
  countAgents,
  companyValues,
  EMAIL_TAKEN,
  emailTaken,
  listAgents,
  loadCard,
  ogrnTaken,
  PaymentAgentCardSchema,
  PaymentAgentFilterSchema,
  PaymentAgentInputSchema,
  PaymentAgentRowSchema,
  unknownPaymentCompanies,
  validateAgentInput,
  writeProfile,
  type PaymentAgentInput,
} from '../../admin/payment-agents.js';
import { companies, users } from '../../db/schema/core.js';
import { AppError } from '../../errors.js';
import { CSRF_ERRORS, errorResponses, INPUT_ERRORS, RIGHT_ERRORS } from '../schemas.js';
import {
  actorIdOf,
  countAnswerSchema,
  idParams,
  isUniqueViolation,
  pageAnswer,
  pageAnswerSchema,
  pageOf,
  pageQuery,
  RESEND_ERRORS,
} from './shared.js';

const BASE = '/api/secured/oper/partners';
const TAGS = ['Operator administration: payment agents'];
const NOT_FOUND = 'Платёжный агент не найден';
const OGRN_TAKEN = 'Платёжный агент с этим ОГРН уже есть';
const IdParams = idParams('Company id of the payment agent', null);
/** Spec core §9: company lists page by 10. */
const PAGE_SIZE = 10;
const PageQuery = pageQuery({ defaultSize: PAGE_SIZE, maxPage: null });

/** Conflicts of the create and replace routes (besides the input, right and CSRF errors). */
const WRITE_ERRORS = { 404: ['NOT_FOUND'], 409: ['EMAIL_TAKEN', 'OGRN_TAKEN', 'CONFLICT'] } as const;

export default async function adminPaymentAgentsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.dbh.db;
  const right = app.requireRight('PAYMENT_AGENTS');

  /** The schema-valid input checked further; 400 VALIDATION_ERROR with field items, 409 for taken keys. */
  async function checkInput(input: PaymentAgentInput, companyId: number | null, userId: number | null) {
    const errors = [...validateAgentInput(input), ...(await unknownPaymentCompanies(db, companyId, input))];
    if (errors.length) throw AppError.validation(errors);
    if (await emailTaken(db, input.email, userId))
      throw new AppError(409, 'EMAIL_TAKEN', EMAIL_TAKEN, [
        { field: 'email', code: 'EMAIL_TAKEN', message: EMAIL_TAKEN },
      ]);
    if (await ogrnTaken(db, input.ogrn, companyId))
      throw new AppError(409, 'OGRN_TAKEN', OGRN_TAKEN, [{ field: 'ogrn', code: 'OGRN_TAKEN', message: OGRN_TAKEN }]);
  }

  async function cardOr404(id: number) {
    const card = await loadCard(db, id);
    if (!card) throw AppError.notFound(NOT_FOUND);
    return card;
  }

  app.post(
    `${BASE}/filter`,
    {
      preHandler: right,
      schema: {
        tags: TAGS,
        summary: 'Payment agents list (spec core §7 Operator "partners/filter")',
        description:
          'Body `{ query?, status?: ACTIVE|BLOCKED, currencyCode?, countryCode? }`; `query` is a brand or name (substring, any case) ' +
          'or, when numeric, an INN prefix (spec core §5). Query `?page` (from 0) `&size` (default 10). Answer `{ content: [{ id, ' +
          'brand, shortName, inn, status, currencies, countries, signRequired, email, createdAt }], totalElements, page, pageSize, ' +
          'last }` by brand. Errors: 400, 401, 403 FORBIDDEN / RIGHT_REQUIRED / CSRF_INVALID.',
        querystring: PageQuery,
        body: PaymentAgentFilterSchema,
        response: {
          200: pageAnswerSchema(PaymentAgentRowSchema, 'Payment agents under the filter'),
          ...errorResponses(RIGHT_ERRORS, CSRF_ERRORS, INPUT_ERRORS),
        },
      },
    },
    async (request) => {
      const { page, size } = pageOf(request.query, PAGE_SIZE);
      const total = await countAgents(db, request.body);
      return pageAnswer(await listAgents(db, request.body, page, size), total, page, size);
    },
  );

  app.post(
    `${BASE}/filter/count`,
    {
      preHandler: right,
      schema: {
        tags: TAGS,
        summary: 'Number of payment agents matching a filter (spec core §7 Operator "partners/filter/count")',
        description: 'Body as POST /partners/filter. Answer `{ count }`. Errors: 400, 401, 403.',
        body: PaymentAgentFilterSchema,
        response: {
          200: countAnswerSchema('Payment agents under the filter'),
          ...errorResponses(RIGHT_ERRORS, CSRF_ERRORS, INPUT_ERRORS),
        },
      },
    },
    async (request) => ({ count: await countAgents(db, request.body) }),
  );

  app.post(
    BASE,
    {
      preHandler: right,
      schema: {
        tags: TAGS,
        summary: 'Create a payment agent (spec core §7 Operator "POST /partners"; §3 "Payment agent profile")',
        description:
          'Body: the whole profile (PaymentAgentInput). One transaction creates the company (kind PARTNER, status VERIFIED), ' +
          'its login user (account type PARTNER, no usable password) and the profile tables, with the audit entry ' +
          'PAYMENT_AGENT_CREATE; then the invitation mail is sent (the agent sets the password by its link and signs in at ' +
          '/partner/auth). A failed mail does not undo the creation: the card shows `invitation.lastSentAt` null and the ' +
          'invitation can be sent again. Answer: the card. Errors: 400 VALIDATION_ERROR (field items, spec core §5 messages; ' +
          "'Укажите хотя бы одну валюту'), 401, 403, 409 EMAIL_TAKEN ('Этот адрес электронной почты уже используется') / " +
          'OGRN_TAKEN / CONFLICT.',
        body: PaymentAgentInputSchema,
        response: {
          200: PaymentAgentCardSchema,
          ...errorResponses(RIGHT_ERRORS, CSRF_ERRORS, INPUT_ERRORS, WRITE_ERRORS),
        },
      },
    },
    async (request) => {
      const input = request.body;
      const actorId = actorIdOf(request);
      await checkInput(input, null, null);
      const now = app.clock.now();
      const passwordHash = await unusablePasswordHash();
      const email = normalizeEmail(input.email);
      let created: { companyId: number; userId: number };
      try {
        created = await db.transaction(async (tx) => {
          const [c] = await tx
            .insert(companies)
            .values({ kind: 'PARTNER', status: 'VERIFIED', verifiedAt: now, createdAt: now, ...companyValues(input) })
            .returning({ id: companies.id });
          const [u] = await tx
            .insert(users)
            .values({
              email,
              passwordHash,
              accountType: 'PARTNER',
              companyId: c.id,
              name: input.contacts[0]?.name ?? '',
              surname: input.contacts[0]?.surname ?? '',
              createdAt: now,
              updatedAt: now,
            })
            .returning({ id: users.id });
          await writeProfile(tx, c.id, input, now);
          const card = await loadCard(tx, c.id);
          await recordAudit(
            tx,
            {
              actorUserId: actorId,
              action: 'PAYMENT_AGENT_CREATE',
              entityType: 'PAYMENT_AGENT',
              entityId: c.id,
              entityName: input.brand,
              before: null,
              after: card ? auditView(card) : null,
            },
            now,
          );
          return { companyId: c.id, userId: u.id };
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw AppError.conflict('Платёжный агент или e-mail уже существует', 'CONFLICT');
        throw err;
      }
      try {
        await sendInvitation(app, { id: created.userId, email, accountType: 'PARTNER' });
      } catch (err) {
        request.log.warn({ err }, 'payment agent invitation mail failed');
      }
      return cardOr404(created.companyId);
    },
  );

  app.get(
    `${BASE}/:id`,
    {
      preHandler: right,
      schema: {
        tags: TAGS,
        summary: 'Payment agent card (designed; spec core §3 "Payment agent profile", §2 operator agents/{id})',
        description:
          'Every profile field, status ACTIVE|BLOCKED, login e-mail and the invitation state. Errors: 400, 401, 403, 404 NOT_FOUND.',
        params: IdParams,
        response: {
          200: PaymentAgentCardSchema,
          ...errorResponses(RIGHT_ERRORS, INPUT_ERRORS, { 404: ['NOT_FOUND'] }),
        },
      },
    },
    async (request) => cardOr404(request.params.id),
  );

  app.put(
    `${BASE}/:id`,
    {
      preHandler: right,
      schema: {
        tags: TAGS,
        summary: 'Replace a payment agent profile (designed; spec core §3 "Payment agent profile")',
        description:
          'Body: the whole profile, as at creation (payment companies with `id` are updated, without it created, the ' +
          'ones left out deactivated). The login e-mail may change (unique). One transaction with the audit entry ' +
          'PAYMENT_AGENT_UPDATE holding only the changed fields before and after. Answer: the card. Errors: 400 ' +
          'VALIDATION_ERROR, 401, 403, 404 NOT_FOUND, 409 EMAIL_TAKEN / OGRN_TAKEN / CONFLICT.',
        params: IdParams,
        body: PaymentAgentInputSchema,
        response: {
          200: PaymentAgentCardSchema,
          ...errorResponses(RIGHT_ERRORS, CSRF_ERRORS, INPUT_ERRORS, WRITE_ERRORS),
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const input = request.body;
      const prev = await cardOr404(id);
      await checkInput(input, id, prev.userId);
      const now = app.clock.now();
      try {
        await db.transaction(async (tx) => {
          await tx.update(companies).set(companyValues(input)).where(eq(companies.id, id));
          if (prev.userId !== null)
            await tx
              .update(users)
              .set({ email: normalizeEmail(input.email), updatedAt: now })
              .where(eq(users.id, prev.userId));
          await writeProfile(tx, id, input, now);
          const next = await loadCard(tx, id);
          const diff = next ? changedFields(auditView(prev), auditView(next)) : null;
          await recordAudit(
            tx,
            {
              actorUserId: actorIdOf(request),
              action: 'PAYMENT_AGENT_UPDATE',
              entityType: 'PAYMENT_AGENT',
              entityId: id,
              entityName: input.brand,
              before: diff?.before ?? {},
              after: diff?.after ?? {},
            },
            now,
          );
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw AppError.conflict('Платёжный агент или e-mail уже существует', 'CONFLICT');
        throw err;
      }
      return cardOr404(id);
    },
  );

  for (const op of ['block', 'unblock'] as const) {
    app.post(
      `${BASE}/:id/${op}`,
      {
        preHandler: right,
        schema: {
          tags: TAGS,
          summary:
            op === 'block'
              ? 'Block a payment agent (spec core §4 "Other states")'
              : 'Unblock a payment agent (spec core §4 "Other states")',
          description:
            op === 'block'
              ? 'The company becomes SUSPENDED: its users cannot sign in (403 ACCOUNT_SUSPENDED), their live sessions end at ' +
                'once, it is left out of GET /partners/active and scoring cannot send to it, its offers are refused. ' +
                'Audit PAYMENT_AGENT_BLOCK. Body `{ comment? }`. Answer: the card. Errors: 401, 403, 404, 409 ' +
                'ALREADY_BLOCKED / CONFLICT.'
              : 'The company becomes VERIFIED again (sign-in allowed). Audit PAYMENT_AGENT_UNBLOCK. Body `{ comment? }`. ' +
                'Answer: the card. Errors: 401, 403, 404, 409 NOT_BLOCKED / CONFLICT.',
          params: IdParams,
          body: Type.Object(
            { comment: Type.Optional(Type.Union([Type.String({ maxLength: 1000 }), Type.Null()])) },
            {
              description: 'Optional body `{ comment? }` (≤ 1000 characters, kept in the audit entry); may be omitted',
            },
          ),
          response: {
            200: PaymentAgentCardSchema,
            ...errorResponses(RIGHT_ERRORS, CSRF_ERRORS, INPUT_ERRORS, {
              404: ['NOT_FOUND'],
              409: ['ALREADY_BLOCKED', 'NOT_BLOCKED', 'CONFLICT'],
            }),
          },
        },
      },
      async (request) => {
        const { id } = request.params;
        const card = await cardOr404(id);
        if (op === 'block' && card.status === 'BLOCKED')
          throw AppError.conflict('Платёжный агент уже заблокирован', 'ALREADY_BLOCKED');
        if (op === 'unblock' && card.status === 'ACTIVE')
          throw AppError.conflict('Платёжный агент не заблокирован', 'NOT_BLOCKED');
        const now = app.clock.now();
        await db.transaction(async (tx) => {
          const changed = await setCompanyBlocked(
            tx,
            id,
            op === 'block',
            {
              actorUserId: actorIdOf(request),
              action: op === 'block' ? 'PAYMENT_AGENT_BLOCK' : 'PAYMENT_AGENT_UNBLOCK',
              entityType: 'PAYMENT_AGENT',
              entityId: id,
              entityName: card.brand,
              before: { status: card.status },
              after: { status: op === 'block' ? 'BLOCKED' : 'ACTIVE' },
              comment: request.body?.comment ?? null,
            },
            now,
          );
          if (!changed) throw AppError.conflict('Статус агента изменился, обновите страницу', 'CONFLICT');
        });
        return cardOr404(id);
      },
    );
  }

  app.post(
    `${BASE}/:id/invitation`,
    {
      preHandler: right,
      schema: {
        tags: TAGS,
        summary: 'Send the payment agent invitation again (designed; issue 10)',
        description:
          'Mails a new invitation link to the login e-mail (the previous link stays valid until used or expired). ' +
          'Answer: the card. Errors: 401, 403, 404 NOT_FOUND, 409 INVITATION_ACCEPTED (the password was already set: ' +
          'use the password reset), 429 RESEND_TOO_EARLY (120 s), 502 MAIL_FAILED.',
        params: IdParams,
        response: {
          200: PaymentAgentCardSchema,
          ...errorResponses(
            RIGHT_ERRORS,
            CSRF_ERRORS,
            INPUT_ERRORS,
            {
              404: ['NOT_FOUND'],
              409: ['INVITATION_ACCEPTED'],
            },
            RESEND_ERRORS,
          ),
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      await cardOr404(id);
      const user = await agentUser(db, id);
      if (!user) throw AppError.notFound(NOT_FOUND);
      const card = await cardOr404(id);
      if (card.invitation.accepted)
        throw AppError.conflict('Агент уже задал пароль; используйте восстановление пароля', 'INVITATION_ACCEPTED');
      await sendInvitation(app, { id: user.id, email: user.email, accountType: 'PARTNER' });
      return cardOr404(id);
    },
  );
}
