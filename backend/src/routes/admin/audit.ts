/**
 * Operator administration (issue 10): the audit log of administrative changes, read by operators with the right
 * AUDIT_LOG. POST /api/secured/oper/audit/filter?page&size, POST …/audit/filter/count, GET …/audit/actions,
 * GET …/audit/{id}. Entries are written by the changes themselves (admin/audit.ts `recordAudit`, same transaction).
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { AppError } from '../../errors.js';
import {
  AUDIT_ACTIONS,
  AUDIT_ENTITY_TYPE_LABELS,
  AUDIT_ENTITY_TYPES,
  auditActionLabel,
  isAuditEntityType,
} from '@platform/domain/operator/audit';
import { CSRF_ERRORS, errorResponses, INPUT_ERRORS, literalUnion, RIGHT_ERRORS } from '../schemas.js';
import {
  auditFilterOf,
  countAuditEntries,
  loadAuditEntry,
  pageAuditEntries,
  presentAuditActions,
} from './audit/queries.js';
import { countAnswerSchema, idParams, Nullable, pageAnswer, pageAnswerSchema, pageOf, pageQuery } from './shared.js';

const BASE = '/api/secured/oper/audit';
const TAGS = ['operator-audit'];
/** Default page size of the log (the largest is 100, shared.ts pageQuery). */
const DEFAULT_SIZE = 20;

const EntityTypeSchema = literalUnion(AUDIT_ENTITY_TYPES, {
  description: 'Kind of record: ' + AUDIT_ENTITY_TYPES.map((t) => `${t} '${AUDIT_ENTITY_TYPE_LABELS[t]}'`).join(', '),
});

const FieldsSchema = (description: string) =>
  Type.Union([Type.Object({}, { additionalProperties: true }), Type.Null()], { description });

const AuditEntrySchema = Type.Object(
  {
    id: Type.Integer({ description: 'Entry id' }),
    occurredAt: Type.String({ format: 'date-time', description: 'When the change was made (UTC, ISO 8601)' }),
    actor: Type.Object(
      {
        id: Type.Integer({ description: 'User id of the operator' }),
        name: Type.String({ description: 'First name' }),
        surname: Type.String({ description: 'Last name' }),
        patronymic: Nullable(Type.String(), 'Middle name'),
        email: Type.String({ description: 'E-mail (lower case)' }),
      },
      { description: 'The operator who made the change' },
    ),
    action: Type.String({ description: 'Action code, e.g. CLIENT_STATUS_CHANGE (GET …/audit/actions lists them)' }),
    actionLabel: Type.String({ description: 'Russian label of the action; an unknown code is given as itself' }),
    entityType: Type.String({
      description: 'Kind of record: ' + AUDIT_ENTITY_TYPES.join(', '),
    }),
    entityId: Type.String({ description: 'Id of the changed record (company id, user id, document id), as text' }),
    entityName: Nullable(Type.String(), 'Display name of the record at the time of the change'),
    before: FieldsSchema('The changed fields before the change (null on a create)'),
    after: FieldsSchema('The changed fields after the change (null on a delete)'),
    comment: Nullable(Type.String(), "The operator's comment, where the action takes one"),
  },
  { description: 'One administrative change' },
);

const FilterBody = Type.Object(
  {
    entityType: Type.Optional(EntityTypeSchema),
    entityId: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'Id of the record, as text' })),
    actorUserId: Type.Optional(Type.Integer({ minimum: 1, description: 'User id of the operator who made it' })),
    action: Type.Optional(
      Type.String({ pattern: '^[A-Z][A-Z0-9_]{0,63}$', description: 'Action code (GET …/audit/actions)' }),
    ),
    period: Type.Optional(
      Type.Object(
        {
          from: Type.Optional(
            Type.String({
              maxLength: 40,
              description:
                'From (inclusive): YYYY-MM-DD (a Moscow day, from its start) or ISO 8601 date-time with zone',
            }),
          ),
          to: Type.Optional(
            Type.String({
              maxLength: 40,
              description: 'To (inclusive): YYYY-MM-DD (a Moscow day, to its end) or ISO 8601 date-time with zone',
            }),
          ),
        },
        { additionalProperties: false, description: 'When the changes were made' },
      ),
    ),
  },
  { additionalProperties: false, description: 'Audit log filter; every field optional, all given ones must match' },
);

const PageQuery = pageQuery({ defaultSize: DEFAULT_SIZE });

const FILTER_ERRORS_TEXT =
  'Errors: 400 VALIDATION_ERROR (unknown entity type, bad action code, a date that is not YYYY-MM-DD nor an ISO ' +
  'date-time with zone — field `period.from` / `period.to` code DATE_INVALID —, `from` after `to` — `period.from` ' +
  'PERIOD_INVALID —, size outside 1..100), 401 UNAUTHORIZED, 403 FORBIDDEN (not an operator) / RIGHT_REQUIRED ' +
  '(no AUDIT_LOG right) / CSRF_INVALID.';

export default async function adminAuditRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.dbh.db;
  const right = app.requireRight('AUDIT_LOG');

  app.post(
    `${BASE}/filter`,
    {
      preHandler: right,
      schema: {
        tags: TAGS,
        summary: 'Page of the audit log (issue 10; right AUDIT_LOG)',
        description:
          'Query `page` (from 0), `size` (20 by default, at most 100). Body `{ entityType?, entityId?, actorUserId?, ' +
          'action?, period?: { from?, to? } }`. Answer `{ content, totalElements, page, pageSize, last }`, newest first ' +
          '(occurredAt desc, id desc); each entry `{ id, occurredAt, actor { id, name, surname, patronymic, email }, ' +
          'action, actionLabel, entityType, entityId, entityName, before, after, comment }` where before/after hold ' +
          'only the changed fields. ' +
          FILTER_ERRORS_TEXT,
        querystring: PageQuery,
        body: FilterBody,
        response: {
          200: pageAnswerSchema(AuditEntrySchema, 'Entries under the filter'),
          ...errorResponses(RIGHT_ERRORS, CSRF_ERRORS, INPUT_ERRORS),
        },
      },
    },
    async (request) => {
      const filter = auditFilterOf(request.body);
      const { page, size } = pageOf(request.query, DEFAULT_SIZE);
      const total = await countAuditEntries(db, filter);
      return pageAnswer(await pageAuditEntries(db, filter, page, size, auditActionLabel), total, page, size);
    },
  );

  app.post(
    `${BASE}/filter/count`,
    {
      preHandler: right,
      schema: {
        tags: TAGS,
        summary: 'Number of audit log entries under a filter (issue 10; right AUDIT_LOG)',
        description: 'Body as …/audit/filter → `{ count }`. ' + FILTER_ERRORS_TEXT,
        body: FilterBody,
        response: {
          200: countAnswerSchema('Entries under the filter'),
          ...errorResponses(RIGHT_ERRORS, CSRF_ERRORS, INPUT_ERRORS),
        },
      },
    },
    async (request) => ({ count: await countAuditEntries(db, auditFilterOf(request.body)) }),
  );

  app.get(
    `${BASE}/actions`,
    {
      preHandler: right,
      schema: {
        tags: TAGS,
        summary: 'Action codes present in the audit log, with Russian labels (issue 10; right AUDIT_LOG)',
        description:
          'For the action filter: `[{ code, label, entityType, entries }]` by label; `label` from the catalogue ' +
          '(@platform/domain/operator/audit), an unknown code as itself with entityType null. Errors: 401 ' +
          'UNAUTHORIZED, 403 FORBIDDEN / RIGHT_REQUIRED.',
        response: {
          200: Type.Array(
            Type.Object({
              code: Type.String({ description: 'Action code' }),
              label: Type.String({ description: 'Russian label (the code itself when unknown)' }),
              entityType: Nullable(EntityTypeSchema, 'Kind of record the action changes; null for an unknown code'),
              entries: Type.Integer({ description: 'Number of entries with this action' }),
            }),
          ),
          ...errorResponses(RIGHT_ERRORS),
        },
      },
    },
    async () => {
      const present = await presentAuditActions(db);
      return present
        .map(({ code, entries }) => {
          const known = AUDIT_ACTIONS[code];
          return {
            code,
            label: auditActionLabel(code),
            entityType: known && isAuditEntityType(known.entityType) ? known.entityType : null,
            entries,
          };
        })
        .sort((a, b) => a.label.localeCompare(b.label, 'ru') || a.code.localeCompare(b.code));
    },
  );

  app.get(
    `${BASE}/:id`,
    {
      preHandler: right,
      schema: {
        tags: TAGS,
        summary: 'One audit log entry (issue 10; right AUDIT_LOG)',
        description:
          'The entry as in …/audit/filter. Errors: 400 VALIDATION_ERROR (id not a positive integer), 401 UNAUTHORIZED, ' +
          '403 FORBIDDEN / RIGHT_REQUIRED, 404 AUDIT_ENTRY_NOT_FOUND.',
        params: idParams('Entry id', Number.MAX_SAFE_INTEGER),
        response: {
          200: AuditEntrySchema,
          ...errorResponses(RIGHT_ERRORS, INPUT_ERRORS, { 404: ['AUDIT_ENTRY_NOT_FOUND'] }),
        },
      },
    },
    async (request) => {
      const entry = await loadAuditEntry(db, request.params.id, auditActionLabel);
      if (!entry) throw AppError.notFound('Запись журнала не найдена', 'AUDIT_ENTRY_NOT_FOUND');
      return entry;
    },
  );
}
