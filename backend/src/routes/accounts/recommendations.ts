/**
 * POST /api/secured/client/recommendations/new-client (issue 11; spec core §2 Shared "recommend-a-client form", §7
 * Client): a client recommends another company to the platform; operators see it in the inbox
 * (routes/admin/inbox.ts). Validation, the daily limit and the insert: admin/inbox.ts createRecommendation.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { RECOMMENDATION_LIMITS, RECOMMENDATIONS_PER_DAY } from '@platform/domain/operator/inbox';
import { Type } from 'typebox';
import { createRecommendation } from '../../admin/inbox.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { companyIdOf } from '../../plugins/auth.js';
import { CSRF_ERRORS, errorResponses, INPUT_ERRORS, ROLE_ERRORS } from '../schemas.js';

const Optional = (description: string, maxLength: number) =>
  Type.Optional(Type.Union([Type.String({ maxLength }), Type.Null()], { description }));

/**
 * The form. The schema's bounds only stop oversized input (400 MAX_LENGTH); the field rules with the spec's messages
 * are `recommendationIssues` of @platform/domain/operator/inbox (the web form shows the same ones).
 */
const RecommendationBody = Type.Object(
  {
    companyName: Type.String({
      maxLength: RECOMMENDATION_LIMITS.companyName + 50,
      description: `The recommended company, at most ${RECOMMENDATION_LIMITS.companyName} characters (trimmed)`,
    }),
    inn: Optional("The company's INN: 10 or 12 digits with their check digits; empty or null when unknown", 20),
    contactName: Type.String({
      maxLength: RECOMMENDATION_LIMITS.contactName + 50,
      description: `Whom to call there, at most ${RECOMMENDATION_LIMITS.contactName} characters`,
    }),
    phone: Type.String({ maxLength: 20, description: '10 digits (spec core §5)' }),
    email: Optional('E-mail of the contact; empty or null when not given', RECOMMENDATION_LIMITS.email + 50),
    comment: Optional(
      `Anything the operators should know, at most ${RECOMMENDATION_LIMITS.comment} characters`,
      RECOMMENDATION_LIMITS.comment + 50,
    ),
  },
  { description: 'Recommend-a-client form (spec core §2 Shared)', additionalProperties: false },
);

export default async function recommendationRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db: Db = app.dbh.db;

  app.post(
    '/api/secured/client/recommendations/new-client',
    {
      preHandler: app.requireRole('CLIENT'),
      schema: {
        tags: ['client'],
        summary: 'Recommend a company to the platform (spec core §7 Client; §2 Shared "recommend-a-client form")',
        description:
          'Role CLIENT. Body `{ companyName, inn?, contactName, phone, email?, comment? }` → 201 `{ id }`; stored with status NEW ' +
          "for the operators' inbox. Errors: 400 VALIDATION_ERROR (REQUIRED 'Обязательное поле'; PHONE_INVALID 'Номер телефона — " +
          "10 цифр'; EMAIL_INVALID 'Проверьте корректность данных'; INN_INVALID 'Некорректный ИНН'; MAX_LENGTH 'Превышен лимит " +
          `символов': company ${RECOMMENDATION_LIMITS.companyName}, contact ${RECOMMENDATION_LIMITS.contactName}, comment ` +
          `${RECOMMENDATION_LIMITS.comment}); 401 UNAUTHORIZED; 403 FORBIDDEN (not a client) / CSRF_INVALID; 404 COMPANY_NOT_FOUND; ` +
          `429 RECOMMENDATION_LIMIT (more than ${RECOMMENDATIONS_PER_DAY} from the company in 24 hours; \`retryAfterSeconds\` and ` +
          'the Retry-After header).',
        body: RecommendationBody,
        response: {
          201: Type.Object({ id: Type.Integer({ description: 'The stored recommendation' }) }),
          ...errorResponses(ROLE_ERRORS, CSRF_ERRORS, INPUT_ERRORS, {
            404: ['COMPANY_NOT_FOUND'],
            429: ['RECOMMENDATION_LIMIT'],
          }),
        },
      },
    },
    async (request, reply) => {
      const who = { companyId: companyIdOf(request), userId: request.user!.id };
      try {
        const id = await createRecommendation(db, who, request.body, app.clock.now());
        return reply.status(201).send({ id });
      } catch (err) {
        const seconds =
          err instanceof AppError && err.statusCode === 429
            ? (err.extra as { retryAfterSeconds?: number }).retryAfterSeconds
            : undefined;
        if (seconds) reply.header('Retry-After', String(seconds));
        throw err;
      }
    },
  );
}
