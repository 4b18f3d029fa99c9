/**
 * Operator administration (issue 10): operators, their roles and rights (spec core §3 "Operator", §6 "operators have
 * selectable roles with included rights", §7 Operator users/*, §9 page size 20). Every route needs the OPERATORS
 * right. An operator cannot suspend himself (409 SELF_SUSPEND) nor remove his own OPERATORS right
 * (409 OWN_OPERATORS_RIGHT); at least one active operator keeps the OPERATORS right (409 LAST_ADMIN). Each change
 * writes its audit entry (OPERATOR_CREATE, OPERATOR_UPDATE, OPERATOR_STATUS_CHANGE, OPERATOR_RIGHTS_CHANGE) in its
 * transaction. Created operators get an invitation mail (/operator/auth/invitation?token=…).
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import {
  effectiveRights,
  OPERATOR_RIGHT_INFO,
  OPERATOR_RIGHTS,
  OPERATOR_ROLE_INFO,
  OPERATOR_ROLES,
  SELF_CHANGE_MESSAGES,
  selfChangeRefusal,
} from '@platform/domain/operator/rights';
import { checkEmail, checkPhone, checkRussianName, issue, normalizeEmail } from '@platform/domain/validation/rules';
import { endUserSessions } from '../../accounts/account-access.js';
import { sendInvitation, unusablePasswordHash } from '../../accounts/invitations.js';
import { changedFields, recordAudit } from '../../admin/audit.js';
import { users } from '../../db/schema/core.js';
import { AppError, MESSAGES } from '../../errors.js';
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
import {
  countOperators,
  findOperator,
  fullNameOf,
  lockActiveAdmins,
  OperatorSchema,
  pageOperators,
  RightCode,
  RoleCode,
  rightsOf,
  rolesOf,
  StatusCode,
  toOperatorDto,
  type OperatorFilter,
} from './operators/model.js';

const BASE = '/api/secured/oper/users';
const TAGS = ['operator-admin-operators'];
const NOT_FOUND = 'Сотрудник не найден';
const LAST_ADMIN = 'Должен остаться хотя бы один активный сотрудник с правом «Сотрудники»';

const IdParams = idParams('User id');

const FilterBody = Type.Object(
  {
    query: Type.Optional(Type.String({ maxLength: 200, description: 'Words of the full name or e-mail' })),
    status: Type.Optional(StatusCode),
    role: Type.Optional(RoleCode),
  },
  { description: 'Operator list filter' },
);
/** Spec core §9: the operator list pages by 20. */
const PAGE_SIZE = 20;
const PageQuery = pageQuery({ defaultSize: PAGE_SIZE });

const Str = (max: number, description: string) => Type.String({ maxLength: max, description });
const OptStr = (max: number, description: string) =>
  Type.Optional(Type.Union([Type.String({ maxLength: max }), Type.Null()], { description }));

const PersonFields = {
  surname: Str(50, 'Last name, Russian letters and hyphen'),
  name: Str(50, 'First name, Russian letters and hyphen'),
  patronymic: OptStr(50, 'Middle name, Russian letters and hyphen (optional)'),
  position: OptStr(200, 'Position (job title)'),
  email: Str(254, 'Login e-mail (unique among all accounts)'),
  phones: Type.Optional(
    Type.Object({
      phone: OptStr(10, '10 digits'),
      additionalPhone: OptStr(10, '10 digits'),
    }),
  ),
};
const PersonBody = Type.Object(PersonFields, { description: 'The person fields of an operator' });
const RightsBody = Type.Object(
  {
    roles: Type.Array(RoleCode, { maxItems: OPERATOR_ROLES.length, description: 'Roles' }),
    rights: Type.Array(RightCode, { maxItems: OPERATOR_RIGHTS.length, description: 'Extra rights' }),
  },
  { description: 'Roles and extra rights' },
);
const CreateBody = Type.Object(
  {
    ...PersonFields,
    roles: Type.Array(RoleCode, { maxItems: OPERATOR_ROLES.length, description: 'Roles' }),
    rights: Type.Optional(Type.Array(RightCode, { maxItems: OPERATOR_RIGHTS.length, description: 'Extra rights' })),
  },
  { description: 'A new operator' },
);
const RightsAnswer = Type.Object({
  roles: Type.Array(RoleCode),
  rights: Type.Array(RightCode, { description: 'Extra rights' }),
  effectiveRights: Type.Array(RightCode, { description: "Union of the roles' rights and the extra rights" }),
});

type Person = {
  surname: string;
  name: string;
  patronymic?: string | null;
  position?: string | null;
  email: string;
  phones?: { phone?: string | null; additionalPhone?: string | null };
};

/** Trims and checks the person fields (spec core §5): 400 VALIDATION_ERROR with the field items. */
function personOf(body: Person) {
  const blankToNull = (v: string | null | undefined) => (v && v.trim() ? v.trim() : null);
  const p = {
    surname: body.surname.trim(),
    name: body.name.trim(),
    patronymic: blankToNull(body.patronymic),
    position: blankToNull(body.position),
    email: normalizeEmail(body.email),
    phone: blankToNull(body.phones?.phone),
    additionalPhone: blankToNull(body.phones?.additionalPhone),
  };
  const errors: Array<{ field: string; code: string; message: string }> = [];
  const add = (field: string, i: { code: string; message: string } | null) => i && errors.push({ field, ...i });
  add('surname', p.surname ? checkRussianName(p.surname) : issue('REQUIRED'));
  add('name', p.name ? checkRussianName(p.name) : issue('REQUIRED'));
  if (p.patronymic) add('patronymic', checkRussianName(p.patronymic));
  add('email', p.email ? checkEmail(p.email) : issue('REQUIRED'));
  if (p.phone) add('phones.phone', checkPhone(p.phone));
  if (p.additionalPhone) add('phones.additionalPhone', checkPhone(p.additionalPhone));
  if (errors.length) throw AppError.validation(errors, errors.length === 1 ? errors[0].message : undefined);
  return p;
}

export default async function adminOperatorsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.dbh.db;
  const guard = app.requireRight('OPERATORS');

  const filterOf = (b: OperatorFilter): OperatorFilter => ({
    query: b.query,
    status: b.status,
    role: b.role,
  });

  app.post(
    `${BASE}/filter`,
    {
      preHandler: guard,
      schema: {
        tags: TAGS,
        summary: 'Page of operators (spec core §7 Operator "POST /users/filter?page&size"; §9 page size 20)',
        description:
          'Query `page` (from 0), `size` (default 20, at most 100). Body `{ query?, status?: ACTIVE|SUSPENDED, role? }`: every word of ' +
          '`query` must occur in the surname, name, patronymic or e-mail. Sorted by surname, name, id. → `{ content: [Operator], ' +
          'totalElements, page, pageSize, last }`. Errors: 400 VALIDATION_ERROR (unknown status or role, bad page), 401 UNAUTHORIZED, ' +
          '403 FORBIDDEN (not an operator) / RIGHT_REQUIRED (no OPERATORS right) / CSRF_INVALID.',
        querystring: PageQuery,
        body: FilterBody,
        response: {
          200: pageAnswerSchema(OperatorSchema, 'Operators under the filter'),
          ...errorResponses(RIGHT_ERRORS, CSRF_ERRORS, INPUT_ERRORS),
        },
      },
    },
    async (request) => {
      const { page, size } = pageOf(request.query, PAGE_SIZE);
      const f = filterOf(request.body);
      const total = await countOperators(db, f);
      return pageAnswer(await pageOperators(db, f, page, size), total, page, size);
    },
  );

  app.post(
    `${BASE}/filter/count`,
    {
      preHandler: guard,
      schema: {
        tags: TAGS,
        summary: 'Number of operators (spec core §7 Operator "POST /users/filter/count")',
        description:
          'Body as .../users/filter → `{ count }`. Errors: 400 VALIDATION_ERROR, 401 UNAUTHORIZED, 403 FORBIDDEN / RIGHT_REQUIRED / CSRF_INVALID.',
        body: FilterBody,
        response: {
          200: countAnswerSchema('Operators under the filter'),
          ...errorResponses(RIGHT_ERRORS, CSRF_ERRORS, INPUT_ERRORS),
        },
      },
    },
    async (request) => ({ count: await countOperators(db, filterOf(request.body)) }),
  );

  app.get(
    `${BASE}/rights`,
    {
      preHandler: guard,
      schema: {
        tags: TAGS,
        summary: 'The catalogue of operator rights and roles (spec core §7 Operator "GET /users/rights"; §6)',
        description:
          '`{ rights: [{ code, label, description }], roles: [{ code, label, rights: [code] }] }` in catalogue order ' +
          '(@platform/domain/operator/rights). Errors: 401 UNAUTHORIZED, 403 FORBIDDEN / RIGHT_REQUIRED.',
        response: {
          200: Type.Object({
            rights: Type.Array(
              Type.Object({
                code: RightCode,
                label: Type.String({ description: 'Russian name' }),
                description: Type.String({ description: 'What the right allows' }),
              }),
            ),
            roles: Type.Array(
              Type.Object({
                code: RoleCode,
                label: Type.String({ description: 'Russian name' }),
                rights: Type.Array(RightCode, { description: 'Rights the role includes' }),
              }),
            ),
          }),
          ...errorResponses(RIGHT_ERRORS),
        },
      },
    },
    async () => ({
      rights: OPERATOR_RIGHTS.map((code) => ({ code, ...OPERATOR_RIGHT_INFO[code] })),
      roles: OPERATOR_ROLES.map((code) => ({
        code,
        label: OPERATOR_ROLE_INFO[code].label,
        rights: [...OPERATOR_ROLE_INFO[code].rights],
      })),
    }),
  );

  app.post(
    BASE,
    {
      preHandler: guard,
      schema: {
        tags: TAGS,
        summary: 'Create an operator and send the invitation (issue 10; spec core §3 "Operator")',
        description:
          'Body `{ surname, name, patronymic?, position?, email, phones?: { phone?, additionalPhone? }, roles, rights? }`. The account ' +
          'is created ACTIVE with an unusable password; after the commit an invitation mail links to /operator/auth/invitation?token=… ' +
          '(7 days; the token works with POST /api/public/common/password/reset). Audit OPERATOR_CREATE. → 201 `{ operator, ' +
          'invitationSent }` (false when the mail failed: send it again with .../invitation). Errors: 400 VALIDATION_ERROR (names ' +
          'in Russian letters, e-mail, phones of 10 digits, unknown role or right), 401, 403 FORBIDDEN / RIGHT_REQUIRED / CSRF_INVALID, ' +
          '409 EMAIL_TAKEN.',
        body: CreateBody,
        response: {
          201: Type.Object({
            operator: OperatorSchema,
            invitationSent: Type.Boolean({ description: 'False when the invitation mail could not be sent' }),
          }),
          ...errorResponses(RIGHT_ERRORS, CSRF_ERRORS, INPUT_ERRORS, { 409: ['EMAIL_TAKEN'] }),
        },
      },
    },
    async (request, reply) => {
      const actor = actorIdOf(request);
      const p = personOf(request.body);
      const roles = rolesOf(request.body.roles);
      const rights = rightsOf(request.body.rights ?? []);
      const passwordHash = await unusablePasswordHash();
      const now = app.clock.now();
      let row;
      try {
        row = await db.transaction(async (tx) => {
          const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, p.email));
          if (taken) throw AppError.conflict(MESSAGES.emailTaken, 'EMAIL_TAKEN');
          const [created] = await tx
            .insert(users)
            .values({
              ...p,
              passwordHash,
              accountType: 'OPER',
              status: 'ACTIVE',
              operatorRoles: roles,
              rights,
              createdAt: now,
              updatedAt: now,
            })
            .returning();
          await recordAudit(
            tx,
            {
              actorUserId: actor,
              action: 'OPERATOR_CREATE',
              entityType: 'OPERATOR',
              entityId: created.id,
              entityName: fullNameOf(created),
              before: null,
              after: { ...p, roles, rights },
            },
            now,
          );
          return created;
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw AppError.conflict(MESSAGES.emailTaken, 'EMAIL_TAKEN');
        throw err;
      }
      let invitationSent = true;
      try {
        await sendInvitation(app, { id: row.id, email: row.email, accountType: 'OPER' });
      } catch (err) {
        request.log.warn({ err, userId: row.id }, 'operator invitation not sent');
        invitationSent = false;
      }
      reply.code(201);
      return { operator: toOperatorDto(row), invitationSent };
    },
  );

  app.get(
    `${BASE}/:id`,
    {
      preHandler: guard,
      schema: {
        tags: TAGS,
        summary: 'One operator (issue 10; spec core §3 "Operator")',
        description: 'Errors: 400 VALIDATION_ERROR (id), 401, 403 FORBIDDEN / RIGHT_REQUIRED, 404 OPERATOR_NOT_FOUND.',
        params: IdParams,
        response: {
          200: OperatorSchema,
          ...errorResponses(RIGHT_ERRORS, { 400: ['VALIDATION_ERROR'], 404: ['OPERATOR_NOT_FOUND'] }),
        },
      },
    },
    async (request) => {
      const row = await findOperator(db, request.params.id);
      if (!row) throw AppError.notFound(NOT_FOUND, 'OPERATOR_NOT_FOUND');
      return toOperatorDto(row);
    },
  );

  app.put(
    `${BASE}/:id`,
    {
      preHandler: guard,
      schema: {
        tags: TAGS,
        summary: 'Edit an operator\'s person fields (issue 10; spec core §3 "Operator")',
        description:
          'Body `{ surname, name, patronymic?, position?, email, phones? }` (the whole set; roles, rights and status have their own ' +
          'calls). Audit OPERATOR_UPDATE with the changed fields (none when nothing changed). → the operator. Errors: 400 ' +
          'VALIDATION_ERROR, 401, 403 FORBIDDEN / RIGHT_REQUIRED / CSRF_INVALID, 404 OPERATOR_NOT_FOUND, 409 EMAIL_TAKEN.',
        params: IdParams,
        body: PersonBody,
        response: {
          200: OperatorSchema,
          ...errorResponses(RIGHT_ERRORS, CSRF_ERRORS, INPUT_ERRORS, {
            404: ['OPERATOR_NOT_FOUND'],
            409: ['EMAIL_TAKEN'],
          }),
        },
      },
    },
    async (request) => {
      const actor = actorIdOf(request);
      const p = personOf(request.body);
      const now = app.clock.now();
      try {
        const row = await db.transaction(async (tx) => {
          const prev = await findOperator(tx, request.params.id, true);
          if (!prev) throw AppError.notFound(NOT_FOUND, 'OPERATOR_NOT_FOUND');
          if (p.email !== prev.email) {
            const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, p.email));
            if (taken) throw AppError.conflict(MESSAGES.emailTaken, 'EMAIL_TAKEN');
          }
          const diff = changedFields(prev, p);
          if (!diff) return prev;
          const [next] = await tx
            .update(users)
            .set({ ...p, updatedAt: now })
            .where(eq(users.id, prev.id))
            .returning();
          await recordAudit(
            tx,
            {
              actorUserId: actor,
              action: 'OPERATOR_UPDATE',
              entityType: 'OPERATOR',
              entityId: next.id,
              entityName: fullNameOf(next),
              ...diff,
            },
            now,
          );
          return next;
        });
        return toOperatorDto(row);
      } catch (err) {
        if (isUniqueViolation(err)) throw AppError.conflict(MESSAGES.emailTaken, 'EMAIL_TAKEN');
        throw err;
      }
    },
  );

  app.put(
    `${BASE}/:id/status`,
    {
      preHandler: guard,
      schema: {
        tags: TAGS,
        summary: 'Activate or suspend an operator (spec core §7 Operator "PUT /users/{id}/status"; §4 "Other states")',
        description:
          'Body `{ status: ACTIVE|SUSPENDED }`. SUSPENDED stores users.status USER_SUSPENDED (no sign-in) and ends every session of ' +
          'the operator at once; ACTIVE restores it. Audit OPERATOR_STATUS_CHANGE (none when unchanged). → the operator. Errors: 400 ' +
          'VALIDATION_ERROR, 401, 403 FORBIDDEN / RIGHT_REQUIRED / CSRF_INVALID, 404 OPERATOR_NOT_FOUND, 409 SELF_SUSPEND (oneself) / ' +
          'LAST_ADMIN (the last active operator with the OPERATORS right).',
        params: IdParams,
        body: Type.Object({ status: StatusCode }),
        response: {
          200: OperatorSchema,
          ...errorResponses(RIGHT_ERRORS, CSRF_ERRORS, INPUT_ERRORS, {
            404: ['OPERATOR_NOT_FOUND'],
            409: ['LAST_ADMIN', 'SELF_SUSPEND'],
          }),
        },
      },
    },
    async (request) => {
      const actor = actorIdOf(request);
      const { status } = request.body;
      const targetId = request.params.id;
      const refusal = selfChangeRefusal(actor, targetId, { status });
      if (refusal) throw AppError.conflict(SELF_CHANGE_MESSAGES[refusal], refusal);
      const now = app.clock.now();
      const row = await db.transaction(async (tx) => {
        const admins = await lockActiveAdmins(tx);
        const prev = await findOperator(tx, targetId, true);
        if (!prev) throw AppError.notFound(NOT_FOUND, 'OPERATOR_NOT_FOUND');
        const prevStatus = toOperatorDto(prev).status;
        if (prevStatus === status) return prev;
        if (status === 'SUSPENDED' && admins.length === 1 && admins[0] === prev.id)
          throw AppError.conflict(LAST_ADMIN, 'LAST_ADMIN');
        const [next] = await tx
          .update(users)
          .set({ status: status === 'SUSPENDED' ? 'USER_SUSPENDED' : 'ACTIVE', updatedAt: now })
          .where(eq(users.id, prev.id))
          .returning();
        if (status === 'SUSPENDED') await endUserSessions(tx, [prev.id]);
        await recordAudit(
          tx,
          {
            actorUserId: actor,
            action: 'OPERATOR_STATUS_CHANGE',
            entityType: 'OPERATOR',
            entityId: prev.id,
            entityName: fullNameOf(prev),
            before: { status: prevStatus },
            after: { status },
          },
          now,
        );
        return next;
      });
      return toOperatorDto(row);
    },
  );

  app.get(
    `${BASE}/:id/rights`,
    {
      preHandler: guard,
      schema: {
        tags: TAGS,
        summary: 'An operator\'s roles and rights (spec core §7 Operator "GET /users/{id}/rights")',
        description:
          '→ `{ roles, rights (extra), effectiveRights }`. Errors: 400 VALIDATION_ERROR, 401, 403 FORBIDDEN / RIGHT_REQUIRED, ' +
          '404 OPERATOR_NOT_FOUND.',
        params: IdParams,
        response: {
          200: RightsAnswer,
          ...errorResponses(RIGHT_ERRORS, { 400: ['VALIDATION_ERROR'], 404: ['OPERATOR_NOT_FOUND'] }),
        },
      },
    },
    async (request) => {
      const row = await findOperator(db, request.params.id);
      if (!row) throw AppError.notFound(NOT_FOUND, 'OPERATOR_NOT_FOUND');
      const dto = toOperatorDto(row);
      return { roles: dto.roles, rights: dto.rights, effectiveRights: dto.effectiveRights };
    },
  );

  app.put(
    `${BASE}/:id/rights`,
    {
      preHandler: guard,
      schema: {
        tags: TAGS,
        summary: 'Set an operator\'s roles and extra rights (spec core §7 Operator "PUT /users/{id}/rights"; §6)',
        description:
          'Body `{ roles, rights }` (the whole set; duplicates ignored). Takes effect on the next request of the operator. Audit ' +
          'OPERATOR_RIGHTS_CHANGE with the roles and rights before and after (none when unchanged). → `{ roles, rights, ' +
          'effectiveRights }`. Errors: 400 VALIDATION_ERROR (unknown role or right code), 401, 403 FORBIDDEN / RIGHT_REQUIRED / ' +
          'CSRF_INVALID, 404 OPERATOR_NOT_FOUND, 409 OWN_OPERATORS_RIGHT (one cannot remove his own OPERATORS right) / LAST_ADMIN.',
        params: IdParams,
        body: RightsBody,
        response: {
          200: RightsAnswer,
          ...errorResponses(RIGHT_ERRORS, CSRF_ERRORS, INPUT_ERRORS, {
            404: ['OPERATOR_NOT_FOUND'],
            409: ['LAST_ADMIN', 'OWN_OPERATORS_RIGHT'],
          }),
        },
      },
    },
    async (request) => {
      const actor = actorIdOf(request);
      const targetId = request.params.id;
      const roles = rolesOf(request.body.roles);
      const rights = rightsOf(request.body.rights);
      const refusal = selfChangeRefusal(actor, targetId, { roles, rights });
      if (refusal) throw AppError.conflict(SELF_CHANGE_MESSAGES[refusal], refusal);
      const now = app.clock.now();
      const row = await db.transaction(async (tx) => {
        const admins = await lockActiveAdmins(tx);
        const prev = await findOperator(tx, targetId, true);
        if (!prev) throw AppError.notFound(NOT_FOUND, 'OPERATOR_NOT_FOUND');
        const before = { roles: rolesOf(prev.operatorRoles), rights: rightsOf(prev.rights) };
        const diff = changedFields(before, { roles, rights });
        if (!diff) return prev;
        const keepsAdmin = effectiveRights(roles, rights).includes('OPERATORS');
        if (!keepsAdmin && admins.length === 1 && admins[0] === prev.id)
          throw AppError.conflict(LAST_ADMIN, 'LAST_ADMIN');
        const [next] = await tx
          .update(users)
          .set({ operatorRoles: roles, rights, updatedAt: now })
          .where(eq(users.id, prev.id))
          .returning();
        await recordAudit(
          tx,
          {
            actorUserId: actor,
            action: 'OPERATOR_RIGHTS_CHANGE',
            entityType: 'OPERATOR',
            entityId: prev.id,
            entityName: fullNameOf(prev),
            before: { ...before, effectiveRights: effectiveRights(before.roles, before.rights) },
            after: { roles, rights, effectiveRights: effectiveRights(roles, rights) },
          },
          now,
        );
        return next;
      });
      const dto = toOperatorDto(row);
      return { roles: dto.roles, rights: dto.rights, effectiveRights: dto.effectiveRights };
    },
  );

  app.post(
    `${BASE}/:id/invitation`,
    {
      preHandler: guard,
      schema: {
        tags: TAGS,
        summary: 'Send the invitation of an operator again (issue 10)',
        description:
          'For an active operator who has never signed in: a new invitation link (7 days) to /operator/auth/invitation?token=…; ' +
          'earlier links of the address stop working. Body none. → `{ sent: true }`. Errors: 400 VALIDATION_ERROR, 401, 403 FORBIDDEN / ' +
          'RIGHT_REQUIRED / CSRF_INVALID, 404 OPERATOR_NOT_FOUND, 409 INVITATION_USED (the operator has signed in already: use the ' +
          'password reset) / OPERATOR_SUSPENDED, 429 RESEND_TOO_EARLY (within 120 s), 502 MAIL_FAILED.',
        params: IdParams,
        response: {
          200: Type.Object({ sent: Type.Boolean() }),
          ...errorResponses(
            RIGHT_ERRORS,
            CSRF_ERRORS,
            INPUT_ERRORS,
            {
              404: ['OPERATOR_NOT_FOUND'],
              409: ['INVITATION_USED', 'OPERATOR_SUSPENDED'],
            },
            RESEND_ERRORS,
          ),
        },
      },
    },
    async (request) => {
      const row = await findOperator(db, request.params.id);
      if (!row) throw AppError.notFound(NOT_FOUND, 'OPERATOR_NOT_FOUND');
      if (row.status === 'USER_SUSPENDED')
        throw AppError.conflict('Сотрудник заблокирован: сначала активируйте его', 'OPERATOR_SUSPENDED');
      if (row.lastLoginAt !== null)
        throw AppError.conflict(
          'Сотрудник уже входил в систему: для нового пароля используйте восстановление пароля',
          'INVITATION_USED',
        );
      await sendInvitation(app, { id: row.id, email: row.email, accountType: 'OPER' });
      return { sent: true };
    },
  );
}
