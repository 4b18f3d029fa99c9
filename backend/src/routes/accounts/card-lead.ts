/**
 * The debit card lead form of the public site (issue 13; spec core §1 "foreign bank cards (issued for a fee, with or
 * without a power of attorney; card discount 10%)… A public lead form exists for a debit card", §2 /clients/cards, §5
 * messages, §7 Public "POST /api/public/lead/card/debit"; docs/rest-api.md "Public").
 * Stored in `card_leads` (type CARD_DEBIT, status NEW) and listed for operators in the inbox as kind LEAD
 * (admin/inbox.ts). Rate-limited per client address with the callbacks (plugins/rate-limit.ts, bucket `forms`).
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from 'typebox';
import { checkEmail, checkPhone, issue, normalizeEmail, type FieldIssue } from '@platform/domain/validation/rules';
import type { Db } from '../../db/client.js';
import { cardLeads } from '../../db/schema/accounts.js';
import { RATE_LIMIT_ERRORS } from '../../plugins/rate-limit.js';
import { CSRF_ERRORS, errorResponses, INPUT_ERRORS } from '../schemas.js';
import { assertNoIssues } from './common.js';

/** Character limits of the lead form (spec core §5: "character limits … are not shown"; ours). */
export const CARD_LEAD_LIMITS = { name: 100, phone: 20, email: 254, city: 100, comment: 2000 } as const;

const optionalText = (maxLength: number, description: string) =>
  Type.Optional(Type.Union([Type.String({ maxLength }), Type.Null()], { description }));

/** Body of POST /api/public/lead/card/debit. */
export const CardLeadBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: CARD_LEAD_LIMITS.name, description: 'How to address the person' }),
    phone: Type.String({
      maxLength: CARD_LEAD_LIMITS.phone,
      description: "10 digits (spec core §5 'Номер телефона — 10 цифр')",
    }),
    email: optionalText(CARD_LEAD_LIMITS.email, 'E-mail; stored lower-cased; empty or null when not given'),
    powerOfAttorney: Type.Boolean({
      description:
        "true: the card is to be issued by a power of attorney, without the holder's visit; false: in person",
    }),
    city: optionalText(CARD_LEAD_LIMITS.city, 'City where the person lives or wants the card'),
    comment: optionalText(CARD_LEAD_LIMITS.comment, 'Anything else (country or bank wanted, timing)'),
  },
  { description: 'Debit card lead (spec core §1 foreign bank cards)', additionalProperties: false },
);
type CardLeadInput = Static<typeof CardLeadBody>;

const blankToNull = (v: string | null | undefined): string | null => (v?.trim() ? v.trim() : null);

/**
 * Field issues of the lead (spec core §5): name required (REQUIRED 'Обязательное поле'), phone 10 digits
 * (PHONE_INVALID 'Номер телефона — 10 цифр'), e-mail when given (EMAIL_INVALID 'Проверьте корректность данных').
 */
export function cardLeadIssues(body: CardLeadInput): FieldIssue[] {
  const issues: FieldIssue[] = [];
  if (!body.name.trim()) issues.push({ field: 'name', ...issue('REQUIRED') });
  const phone = body.phone.trim() ? checkPhone(body.phone.trim()) : issue('REQUIRED');
  if (phone) issues.push({ field: 'phone', ...phone });
  const email = blankToNull(body.email);
  const mail = email ? checkEmail(normalizeEmail(email)) : null;
  if (mail) issues.push({ field: 'email', ...mail });
  return issues;
}

export default async function cardLeadRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db: Db = app.dbh.db;

  app.post(
    '/api/public/lead/card/debit',
    {
      onRequest: app.publicRateLimit('forms'),
      schema: {
        tags: ['public'],
        summary: 'Send the debit card lead form of /clients/cards (spec core §1, §7 Public)',
        description:
          'Body `{ name, phone, email?, powerOfAttorney, city?, comment? }` (name ≤ 100, phone 10 digits, e-mail ≤ 254, city ≤ 100, ' +
          'comment ≤ 2000 characters; empty optional texts are stored as null) → 201 `{ id }`; the lead appears in the ' +
          "operators' inbox (kind LEAD, type CARD_DEBIT, status NEW). Errors: 400 VALIDATION_ERROR (REQUIRED " +
          "'Обязательное поле', PHONE_INVALID 'Номер телефона — 10 цифр', EMAIL_INVALID 'Проверьте корректность данных'; " +
          'schema: too long, missing powerOfAttorney); 403 CSRF_INVALID; 429 RATE_LIMITED ' +
          "'Слишком много запросов. Попробуйте позже.' with `retryAfterSeconds` and Retry-After (per client address, " +
          'shared with the callbacks). Nothing is stored on an error.',
        body: CardLeadBody,
        response: {
          201: Type.Object({ id: Type.Integer({ description: 'Id of the stored lead' }) }),
          ...errorResponses(INPUT_ERRORS, CSRF_ERRORS, RATE_LIMIT_ERRORS),
        },
      },
    },
    async (request, reply) => {
      const body = request.body;
      assertNoIssues(cardLeadIssues(body));
      const email = blankToNull(body.email);
      const [row] = await db
        .insert(cardLeads)
        .values({
          type: 'CARD_DEBIT',
          name: body.name.trim(),
          phone: body.phone.trim(),
          email: email ? normalizeEmail(email) : null,
          powerOfAttorney: body.powerOfAttorney,
          city: blankToNull(body.city),
          comment: blankToNull(body.comment),
          createdAt: app.clock.now(),
        })
        .returning({ id: cardLeads.id });
      return reply.status(201).send({ id: row.id });
    },
  );
}
