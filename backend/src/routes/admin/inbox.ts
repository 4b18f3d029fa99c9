/**
 * Operator administration (issue 11): the inbox of callbacks (POST /api/public/common/user/callback, /callback/{type},
 * /callback/agent), client recommendations (POST /api/secured/client/recommendations/new-client) and card leads
 * (POST /api/public/lead/card/debit; issue 13), status NEW or
 * HANDLED, so that none is lost (docs/rest-api.md "Recommendations and the operators' inbox"). Right CLIENTS on every
 * route; queries and the status change: admin/inbox.ts.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { INBOX_KINDS, INBOX_STATUSES } from '@platform/domain/operator/inbox';
import { Type } from 'typebox';
import {
  countInbox,
  inboxItemNotFound,
  loadInboxItem,
  pageInbox,
  setInboxStatus,
  type InboxFilter,
} from '../../admin/inbox.js';
import type { Db } from '../../db/client.js';
import { CSRF_ERRORS, errorResponses, INPUT_ERRORS, literalUnion, RIGHT_ERRORS } from '../schemas.js';
import {
  actorIdOf,
  countAnswerSchema,
  INT4_MAX,
  Nullable,
  pageAnswer,
  pageAnswerSchema,
  pageOf,
  pageQuery,
} from './shared.js';

const BASE = '/api/secured/oper/inbox';
const TAGS = ['operator-inbox'];

const KindSchema = literalUnion(INBOX_KINDS, {
  description:
    'CALLBACK (a callback request of the public site), RECOMMENDATION (a client recommended a company) or LEAD (a card ' +
    'lead of the public site, POST /api/public/lead/card/debit)',
});
const StatusSchema = literalUnion(INBOX_STATUSES, { description: 'NEW until an operator marks it HANDLED' });
const TypeField = Type.String({
  pattern: '^[A-Z][A-Z0-9_]{0,39}$',
  description:
    'Callback type: GENERAL (/user/callback), AGENT (/callback/agent), the upper-cased {type} of /callback/{type} ' +
    '(hyphens as underscores, e.g. CARD_DEBIT); the lead type CARD_DEBIT for leads; RECOMMENDATION for recommendations',
});

/** Body of the inbox filter. */
const FilterBody = Type.Object(
  { kind: Type.Optional(KindSchema), status: Type.Optional(StatusSchema), type: Type.Optional(TypeField) },
  { description: 'Inbox filter; every field optional, the given ones must all match', additionalProperties: false },
);

/** Page size when none is given: 20, like the operators and the audit log (spec core §9). */
const PAGE_SIZE = 20;
const PageQuery = pageQuery({ defaultSize: PAGE_SIZE });

/** One inbox item. */
export const InboxItemSchema = Type.Object(
  {
    kind: KindSchema,
    id: Type.Integer({ description: 'Id within its kind (callback request id, recommendation id or lead id)' }),
    type: Type.String({ description: 'Callback type (GENERAL, AGENT, …), lead type (CARD_DEBIT) or RECOMMENDATION' }),
    name: Type.String({ description: "Who to call: the caller's name, or the recommended company's contact person" }),
    companyName: Nullable(Type.String(), 'The recommended company; null for a callback'),
    inn: Nullable(Type.String(), "The recommended company's INN when given; null for a callback"),
    phone: Type.String({ description: '10 digits' }),
    email: Nullable(Type.String(), 'Lower case; null when not given'),
    comment: Nullable(Type.String()),
    powerOfAttorney: Nullable(
      Type.Boolean(),
      'A lead: true when the card is to be issued by a power of attorney, false in person; null for other kinds',
    ),
    city: Nullable(Type.String(), 'A lead: the city given; null when not given and for other kinds'),
    createdAt: Type.String({ description: 'When it arrived, UTC ISO 8601' }),
    status: StatusSchema,
    handledBy: Nullable(
      Type.Object({
        userId: Type.Integer(),
        name: Type.String(),
        surname: Type.String(),
        email: Type.String(),
      }),
      'The operator who marked it handled; null while NEW',
    ),
    handledAt: Nullable(Type.String(), 'When it was marked handled, UTC ISO 8601; null while NEW'),
    recommender: Nullable(
      Type.Object({
        companyId: Type.Integer(),
        shortName: Type.String(),
        inn: Type.String(),
        userId: Type.Integer({ description: 'The client user who sent it' }),
      }),
      'The client company that recommended; null for a callback',
    ),
  },
  { description: "An item of the operators' inbox: a callback request, a client's recommendation or a card lead" },
);

const ItemParams = Type.Object({
  kind: KindSchema,
  id: Type.Integer({ minimum: 1, maximum: INT4_MAX, description: 'Id within its kind' }),
});

const StatusBody = Type.Object({ status: StatusSchema }, { additionalProperties: false });

export default async function adminInboxRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db: Db = app.dbh.db;
  const clients = app.requireRight('CLIENTS');
  const filterOf = (body: InboxFilter | undefined): InboxFilter => body ?? {};

  app.post(
    `${BASE}/filter`,
    {
      preHandler: clients,
      schema: {
        tags: TAGS,
        summary: "Page of the operators' inbox: callbacks, client recommendations and card leads (issues 11, 13)",
        description:
          'Query `page` (0-based), `size` (default 20, at most 100). Body `{ kind?: CALLBACK|RECOMMENDATION|LEAD, status?: NEW|HANDLED, ' +
          'type?: callback type e.g. AGENT, lead type CARD_DEBIT, or RECOMMENDATION }` over the three tables, newest first. → `{ content: [item], totalElements, ' +
          'page, pageSize, last }`. Errors: 400 VALIDATION_ERROR; 401 UNAUTHORIZED; 403 FORBIDDEN / RIGHT_REQUIRED (right CLIENTS) / ' +
          'CSRF_INVALID.',
        querystring: PageQuery,
        body: FilterBody,
        response: {
          200: pageAnswerSchema(InboxItemSchema, 'Inbox items under the filter'),
          ...errorResponses(RIGHT_ERRORS, CSRF_ERRORS, INPUT_ERRORS),
        },
      },
    },
    async (request) => {
      const f = filterOf(request.body);
      const { page, size } = pageOf(request.query, PAGE_SIZE);
      const total = await countInbox(db, f);
      const items = await pageInbox(db, f, page, size);
      return pageAnswer(items, total, page, size);
    },
  );

  app.post(
    `${BASE}/filter/count`,
    {
      preHandler: clients,
      schema: {
        tags: TAGS,
        summary: 'Number of inbox items under a filter (issue 11)',
        description:
          'Body as …/inbox/filter → `{ count }`. Errors: 400 VALIDATION_ERROR; 401 UNAUTHORIZED; 403 FORBIDDEN / RIGHT_REQUIRED / CSRF_INVALID.',
        body: FilterBody,
        response: {
          200: countAnswerSchema('Inbox items under the filter'),
          ...errorResponses(RIGHT_ERRORS, CSRF_ERRORS, INPUT_ERRORS),
        },
      },
    },
    async (request) => ({ count: await countInbox(db, filterOf(request.body)) }),
  );

  app.get(
    `${BASE}/new-count`,
    {
      preHandler: clients,
      schema: {
        tags: TAGS,
        summary: 'Number of NEW inbox items, for the navigation badge (issue 11)',
        description:
          '→ `{ count }` of callbacks, recommendations and card leads in status NEW. Errors: 401 UNAUTHORIZED; 403 FORBIDDEN / RIGHT_REQUIRED.',
        response: {
          200: countAnswerSchema('NEW callbacks, recommendations and card leads'),
          ...errorResponses(RIGHT_ERRORS),
        },
      },
    },
    async () => ({ count: await countInbox(db, { status: 'NEW' }) }),
  );

  app.put(
    `${BASE}/:kind/:id/status`,
    {
      preHandler: clients,
      schema: {
        tags: TAGS,
        summary: 'Mark an inbox item handled, or return it to the new ones (issue 11)',
        description:
          'Path `kind` CALLBACK|RECOMMENDATION|LEAD, `id`. Body `{ status: HANDLED|NEW }`: HANDLED records the operator and the time, NEW ' +
          'clears them. Audit entry CALLBACK_STATUS_CHANGE, RECOMMENDATION_STATUS_CHANGE or LEAD_STATUS_CHANGE in the same transaction. → the item. ' +
          'Errors: 400 VALIDATION_ERROR; 401; 403 FORBIDDEN / RIGHT_REQUIRED / CSRF_INVALID; 404 INBOX_ITEM_NOT_FOUND; 409 ' +
          "STATUS_UNCHANGED 'Обращение уже в этом статусе'.",
        params: ItemParams,
        body: StatusBody,
        response: {
          200: InboxItemSchema,
          ...errorResponses(RIGHT_ERRORS, CSRF_ERRORS, INPUT_ERRORS, {
            404: ['INBOX_ITEM_NOT_FOUND'],
            409: ['STATUS_UNCHANGED'],
          }),
        },
      },
    },
    async (request) => {
      const { kind, id } = request.params;
      await db.transaction((tx) =>
        setInboxStatus(tx, { kind, id, status: request.body.status, actorUserId: actorIdOf(request) }, app.clock.now()),
      );
      const item = await loadInboxItem(db, kind, id);
      if (!item) throw inboxItemNotFound();
      return item;
    },
  );
}
