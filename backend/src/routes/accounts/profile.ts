/**
 * The signed-in user (spec core §3 "Current user"; §5 phone and name rules; §7 Secured common
 * "GET and PUT /api/secured/common/current/user"; docs/rest-api.md "CurrentUser").
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { supersedeVerificationDocuments } from '../../accounts/company-verification.js';
import { currentUser, CurrentUserSchema } from '../../accounts/current-user.js';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/core.js';
import { checkPhone, checkRussianName, type FieldIssue } from '@platform/domain/validation/rules';
import { errorResponses, CSRF_ERRORS, INPUT_ERRORS, SESSION_ERRORS } from '../schemas.js';
import { assertNoIssues } from './common.js';

export default async function profileRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db: Db = app.dbh.db;

  app.get(
    '/api/secured/common/current/user',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['secured-common'],
        summary: 'The signed-in user (spec core §7 Secured common; §3 "Current user")',
        description:
          'Any account type. Errors: 401 UNAUTHORIZED `{ error: "Unauthorized" }` without a live session (idle 30 min, absolute 12 h).',
        security: [{ session: [] }],
        response: { 200: CurrentUserSchema, ...errorResponses(SESSION_ERRORS) },
      },
    },
    async (request) => currentUser(db, request.user!.id, request.user),
  );

  app.put(
    '/api/secured/common/current/user',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['secured-common'],
        summary: 'Update name and phone of the signed-in user (spec core §7 Secured common; §5)',
        description:
          'Body `{ name, surname, patronymic?, phone }` → CurrentUser. Errors: 400 VALIDATION_ERROR with items RUSSIAN_LETTERS ' +
          "'Используйте русские буквы и дефис' and PHONE_INVALID 'Номер телефона — 10 цифр' (nothing written). For a client, the unsigned " +
          'verification application of the company is superseded (it lists the contact; issue 8). Errors: 401 UNAUTHORIZED; 403 CSRF_INVALID.',
        security: [{ session: [] }],
        body: Type.Object({
          name: Type.String({ maxLength: 50 }),
          surname: Type.String({ maxLength: 50 }),
          patronymic: Type.Optional(Type.Union([Type.String({ maxLength: 50 }), Type.Null()])),
          phone: Type.String({ maxLength: 20, description: '10 digits' }),
        }),
        response: {
          200: CurrentUserSchema,
          ...errorResponses(SESSION_ERRORS, CSRF_ERRORS, INPUT_ERRORS, { 400: ['PHONE_INVALID', 'RUSSIAN_LETTERS'] }),
        },
      },
    },
    async (request) => {
      const name = request.body.name.trim();
      const surname = request.body.surname.trim();
      const patronymic = request.body.patronymic?.trim() ? request.body.patronymic.trim() : null;
      const { phone } = request.body;
      const issues: FieldIssue[] = [];
      const add = (field: string, i: { code: string; message: string } | null) => {
        if (i) issues.push({ field, ...i });
      };
      add('name', checkRussianName(name));
      add('surname', checkRussianName(surname));
      if (patronymic) add('patronymic', checkRussianName(patronymic));
      add('phone', checkPhone(phone));
      assertNoIssues(issues);
      const userId = request.user!.id;
      const companyId = request.user!.accountType === 'CLIENT' ? request.user!.companyId : null;
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ name, surname, patronymic, phone, updatedAt: app.clock.now() })
          .where(eq(users.id, userId));
        // A client's name and phone are in the company's verification application (issue 8): void the unsigned one.
        if (companyId) await supersedeVerificationDocuments(tx, companyId);
      });
      return currentUser(db, userId);
    },
  );
}
