/**
 * The payment agent's request calls (spec core §7 partner: order/exch/filter, filter/count, GET {id}, take, reject;
 * the designed GET batch of issue 14 defect 7;
 * §4 tabs; §5 "a refusal reason is required"). Role PARTNER only; only orders sent to the caller's company.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from 'typebox';
import { runTransition } from '../../deal/repository.js';
import { loadPartnerDetail } from '../../deal/partner-detail.js';
import {
  countPartnerOrders,
  findPartnerOrder,
  pagePartnerOrders,
  partnerTabCounts,
  statusesOf,
  type PartnerOrderFilter,
  type PartnerSort,
} from '../../deal/partner-queries.js';
import { isIsoDate } from '../../domain/orders.js';
import { and, eq, isNotNull } from 'drizzle-orm';
import { storedFiles } from '../../db/schema/orders.js';
import { sendStoredFile } from '../../files/storage.js';
import { HistoryEntrySchema, loadPartnerHistory } from '../../deal/views.js';
import { AppError } from '../../errors.js';
import { AUTH_ERRORS, ORDER_BASE, partnerOf, SCOPE_ERROR, TAGS } from './common.js';
import { batchAnswer, OrderFileParams, OrderIdsQuery } from '../orders/schemas.js';
import {
  OrderIdParams,
  PartnerFilterSchema,
  PartnerOrderDetailSchema,
  PartnerPageSchema,
  PartnerTabCountsFilterSchema,
  PartnerTabCountsSchema,
  RejectSchema,
} from './schemas.js';
import { errorResponses, CSRF_ERRORS, INPUT_ERRORS, ROLE_ERRORS } from '../schemas.js';

type FilterBody = Static<typeof PartnerFilterSchema>;

/** The number filter of spec core §5: applied only when numeric. */
function numberFilter(id: number | string | undefined): number | undefined {
  if (typeof id === 'number') return Number.isSafeInteger(id) ? id : undefined;
  if (typeof id === 'string' && /^\d{1,15}$/.test(id.trim())) return Number(id.trim());
  return undefined;
}

function filterOf(partnerCompanyId: number, b: FilterBody): PartnerOrderFilter {
  const errors = [];
  for (const k of ['paymentDateFrom', 'paymentDateTo'] as const) {
    if (b[k] && !isIsoDate(b[k]!)) errors.push({ field: k, code: 'DATE_FORMAT', message: 'Дата в формате ГГГГ-ММ-ДД' });
  }
  if (errors.length) throw AppError.validation(errors, errors[0].message);
  const country = b.countryCode?.trim().toUpperCase();
  return {
    partnerCompanyId,
    statuses: statusesOf(b.tab, b.statuses),
    number: numberFilter(b.id),
    countryCode: country || undefined,
    termFrom: b.paymentDateFrom || undefined,
    termTo: b.paymentDateTo || undefined,
  };
}

/**
 * Number of the agent's orders matching `f` (deal/partner-queries.ts): with only a tab / statuses or only the country,
 * a sum of the agent's counters (issue 15: the agent may have hundreds of thousands of partner orders); with a number
 * or a payment term, a count of its matching partner orders.
 */
const countOrdersOf = countPartnerOrders;

/** null for a 404 of a single read (the order is not the caller's to see); any other failure is rethrown. */
export function absentAsNull(err: unknown): null {
  if (err instanceof AppError && err.statusCode === 404) return null;
  throw err;
}

export default async function partnerOrderRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.dbh.db;
  const partner = app.requireRole('PARTNER');
  const filterDoc =
    'Body `{ pageable: { page (0-based), pageSize (default 10), sortFields: [{ field: created|number|amount|status|paymentDateFrom, direction }] }, ' +
    'tab?: all|new|working|deals|results, statuses?: [offer status], id?, countryCode?, paymentDateFrom?, paymentDateTo? }`. Tabs (spec core §4): ' +
    'new = ALLOWED; working = CREATED_OFFER, IN_PROGRESS, SEND_OFFER; deals = ACCEPTED, ACCEPTED_OFFER_DOCS, EXECUTING, PAYMENT_CHECKING, ' +
    "SEND_EXECUTING_DOCS, SEND_OFFER_DOCS, SEND_PAYCHECK; results = EXECUTED, REFUSE_OPER, REJECTED, SIGNED_ANOTHER_OFFER (by the caller's " +
    'offer status). `id` filters by number when numeric (spec core §5); `countryCode` by counterparty country; the payment term filter keeps ' +
    "orders whose term [from, to] overlaps [paymentDateFrom, paymentDateTo] (either end may be open). Only orders sent to the caller's company. ";

  app.post(
    `${ORDER_BASE}/filter`,
    {
      preHandler: partner,
      schema: {
        tags: TAGS,
        summary:
          'Page of the requests sent to the payment agent (spec core §7 partner "order/exch/filter"; §4 tabs; §9 page size 10)',
        description: `${filterDoc}Answers a page of Partner-side order rows (spec core §3). Errors: 400 VALIDATION_ERROR (bad date), ${AUTH_ERRORS}.`,
        body: PartnerFilterSchema,
        response: {
          200: PartnerPageSchema,
          ...errorResponses(ROLE_ERRORS, CSRF_ERRORS, INPUT_ERRORS, { 404: ['NOT_FOUND'] }),
        },
      },
    },
    async (request) => {
      const body = request.body;
      const f = filterOf(partnerOf(request).companyId, body);
      const page = body.pageable?.page ?? 0;
      const pageSize = body.pageable?.pageSize ?? 10;
      const sort = (body.pageable?.sortFields ?? []).map((s): PartnerSort => ({
        field: s.field,
        direction: s.direction ?? 'DESC',
      }));
      // the count beside the page (separate pool connections): one chain of round trips, not two
      const [total, content] = await Promise.all([
        countOrdersOf(db, f),
        pagePartnerOrders(db, f, sort, page, pageSize),
      ]);
      return { content, totalElements: total, page, pageSize, last: (page + 1) * pageSize >= total };
    },
  );

  app.post(
    `${ORDER_BASE}/filter/count`,
    {
      preHandler: partner,
      schema: {
        tags: TAGS,
        summary: 'Number of the requests sent to the payment agent (spec core §7 partner "order/exch/filter/count")',
        description: `${filterDoc}A \`pageable\` is accepted and ignored. Answers \`{ count }\`. Errors: 400 VALIDATION_ERROR, ${AUTH_ERRORS}.`,
        body: PartnerFilterSchema,
        response: {
          200: Type.Object({ count: Type.Integer() }),
          ...errorResponses(ROLE_ERRORS, CSRF_ERRORS, INPUT_ERRORS, { 404: ['NOT_FOUND'] }),
        },
      },
    },
    async (request) => ({
      count: await countOrdersOf(db, filterOf(partnerOf(request).companyId, request.body)),
    }),
  );

  app.post(
    `${ORDER_BASE}/tab-counts`,
    {
      preHandler: partner,
      schema: {
        tags: TAGS,
        summary:
          'Number of the requests sent to the payment agent in every tab at once (spec core §4 payment agent tabs; issue 15)',
        description:
          'Body: the filters of .../filter without `tab` and `pageable` (`statuses?`, `id?`, `countryCode?`, `paymentDateFrom?`, ' +
          '`paymentDateTo?`, same meaning). Answers `{ all, new, working, deals, results }`: what POST .../filter/count answers ' +
          'with the same filters and each `tab`, in one call and one grouped query (the counters when only the country or no ' +
          "filter is given). Only orders sent to the caller's company. " +
          `Errors: 400 VALIDATION_ERROR (bad date), ${AUTH_ERRORS}.`,
        body: PartnerTabCountsFilterSchema,
        response: {
          200: PartnerTabCountsSchema,
          ...errorResponses(ROLE_ERRORS, CSRF_ERRORS, INPUT_ERRORS),
        },
      },
    },
    async (request) => partnerTabCounts(db, filterOf(partnerOf(request).companyId, request.body)),
  );

  app.get(
    `${ORDER_BASE}/:id`,
    {
      preHandler: partner,
      schema: {
        tags: TAGS,
        summary: 'One request with the payment agent\'s side (spec core §7 partner "GET order/exch/{id}")',
        description:
          "The Order (docs/rest-api.md) with `partnerOrders` holding only the caller's own side, `offer` (the caller's offer; null " +
          'when not sent yet or while its details are hidden: ALLOWED, IN_PROGRESS, CREATED_OFFER, REJECTED, REFUSE_OPER, SIGNED_ANOTHER_OFFER, ' +
          `spec core §4) and \`actions\` the caller may take now. Errors: 400 VALIDATION_ERROR (id not numeric), ${AUTH_ERRORS}, ${SCOPE_ERROR}.`,
        params: OrderIdParams,
        response: {
          200: PartnerOrderDetailSchema,
          ...errorResponses(ROLE_ERRORS, { 400: ['VALIDATION_ERROR'], 404: ['NOT_FOUND'] }),
        },
      },
    },
    async (request) => loadPartnerDetail(db, partnerOf(request).companyId, request.params.id),
  );

  app.get(
    `${ORDER_BASE}/batch`,
    {
      preHandler: partner,
      schema: {
        tags: TAGS,
        summary: "Several requests with the payment agent's side in one call (designed; issue 14 defect 7)",
        description:
          '`?ids=1&ids=2…`: 1–100 distinct order ids. Answers `{ items: Array<detail | null> }`, one entry per id in request ' +
          "order: each exactly as GET {id} answers it (the caller's own side, offer hidden per spec core §4, actions), or null " +
          "where GET {id} would be 404 (not sent to the caller's company or no such order — not distinguished). " +
          `Errors: 400 VALIDATION_ERROR (ids missing, empty, over 100, repeated, not positive integers), ${AUTH_ERRORS}.`,
        querystring: OrderIdsQuery,
        response: {
          200: batchAnswer(PartnerOrderDetailSchema),
          ...errorResponses(ROLE_ERRORS, { 400: ['VALIDATION_ERROR'] }),
        },
      },
    },
    async (request) => {
      const { companyId } = partnerOf(request);
      const items = [];
      // The single read per id (same scoping, same answer); its 404 is null here.
      for (const id of request.query.ids) items.push(await loadPartnerDetail(db, companyId, id).catch(absentAsNull));
      return { items };
    },
  );

  app.post(
    `${ORDER_BASE}/:id/take`,
    {
      preHandler: partner,
      schema: {
        tags: TAGS,
        summary: 'Take a request into work (spec core §7 partner "order/exch/{id}/take"; §4 ALLOWED → IN_PROGRESS)',
        description:
          "Moves the caller's offer ALLOWED → IN_PROGRESS (the order stays ACTIVE), recorded in the history. Answers the request as " +
          `GET {id}. Errors: ${AUTH_ERRORS}, ${SCOPE_ERROR}, 409 INVALID_STATE (not ALLOWED) or CONFLICT (changed concurrently; nothing written).`,
        params: OrderIdParams,
        response: {
          200: PartnerOrderDetailSchema,
          ...errorResponses(ROLE_ERRORS, CSRF_ERRORS, INPUT_ERRORS, {
            404: ['NOT_FOUND'],
            409: ['CONFLICT', 'INVALID_STATE'],
          }),
        },
      },
    },
    async (request) => {
      const user = partnerOf(request);
      const { id } = request.params;
      await findPartnerOrder(db, user.companyId, id);
      await runTransition(db, { action: 'PARTNER_TAKE', actor: user, orderId: id, now: app.clock.now() });
      return loadPartnerDetail(db, user.companyId, id);
    },
  );

  app.post(
    `${ORDER_BASE}/:id/reject`,
    {
      preHandler: partner,
      schema: {
        tags: TAGS,
        summary: 'Refuse a request with a reason (spec core §7 partner "order/exch/{id}/reject"; §5 reason required)',
        description:
          "Body `{ reason }`. The caller's offer → REJECTED with the reason recorded; allowed before acceptance (order stays ACTIVE) " +
          'and after acceptance until the client pays (the order returns to ACTIVE, an open bill is archived). ' +
          `Errors: 400 VALIDATION_ERROR 'Укажите причину отказа' (blank reason; nothing written), ${AUTH_ERRORS}, ${SCOPE_ERROR}, ` +
          '409 INVALID_STATE or CONFLICT.',
        params: OrderIdParams,
        body: RejectSchema,
        response: {
          200: PartnerOrderDetailSchema,
          ...errorResponses(ROLE_ERRORS, CSRF_ERRORS, INPUT_ERRORS, {
            404: ['NOT_FOUND'],
            409: ['CONFLICT', 'INVALID_STATE'],
          }),
        },
      },
    },
    async (request) => {
      const user = partnerOf(request);
      const { id } = request.params;
      await findPartnerOrder(db, user.companyId, id);
      const reason = request.body.reason?.trim() ?? '';
      if (!reason) {
        const message = 'Укажите причину отказа';
        throw AppError.validation([{ field: 'reason', code: 'REQUIRED', message }], message);
      }
      await runTransition(db, {
        action: 'PARTNER_REJECT',
        actor: user,
        orderId: id,
        comment: reason,
        now: app.clock.now(),
      });
      return loadPartnerDetail(db, user.companyId, id);
    },
  );

  app.get(
    `${ORDER_BASE}/:id/history`,
    {
      preHandler: partner,
      schema: {
        tags: TAGS,
        summary:
          'History of a request as the payment agent sees it (designed; spec core §7 partner calls; issue 3 "recorded in a history")',
        description:
          "Oldest first: every ORDER row (the order status), and the OFFER and PAYMENT rows of the caller's own offer and its bills — never " +
          "another agent's rows. `actor` (a name) only for users of the caller's own company; operators, clients and other agents are shown by " +
          "`actorRole` only. Comments: on the caller's own rows and on ORDER rows, except ORDER rows caused by another agent. " +
          `Errors: 400 VALIDATION_ERROR (id not numeric), ${AUTH_ERRORS}, ${SCOPE_ERROR}.`,
        params: OrderIdParams,
        response: {
          200: Type.Array(HistoryEntrySchema),
          ...errorResponses(ROLE_ERRORS, { 400: ['VALIDATION_ERROR'], 404: ['NOT_FOUND'] }),
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const user = partnerOf(request);
      await findPartnerOrder(db, user.companyId, id);
      return loadPartnerHistory(db, id, user.companyId);
    },
  );

  app.get(
    `${ORDER_BASE}/:id/files/:fileId`,
    {
      preHandler: partner,
      schema: {
        tags: TAGS,
        summary:
          'Download a file of the request (designed; spec core §3 order "files (invoice/contract)", §7 partner calls)',
        description:
          "The client's invoice or contract attached to a request sent to the caller (the agent needs them to make an offer). Same headers " +
          "as the client's download (detected Content-Type, attachment with the UTF-8 name, nosniff, no-store). " +
          `Errors: 400 VALIDATION_ERROR, ${AUTH_ERRORS}, ${SCOPE_ERROR}; 404 'Файл не найден' when the file is not attached to that request.`,
        params: OrderFileParams,
        produces: ['application/octet-stream'],
        response: {
          200: Type.Unsafe<Buffer>({ type: 'string', format: 'binary', description: 'The file bytes' }),
          ...errorResponses(ROLE_ERRORS, { 400: ['VALIDATION_ERROR'], 404: ['NOT_FOUND'] }),
        },
      },
    },
    async (request, reply) => {
      const { id, fileId } = request.params;
      await findPartnerOrder(db, partnerOf(request).companyId, id);
      const [file] = await db
        .select({ sha256: storedFiles.sha256, contentType: storedFiles.contentType, name: storedFiles.originalName })
        .from(storedFiles)
        .where(
          and(eq(storedFiles.id, fileId.toLowerCase()), eq(storedFiles.orderId, id), isNotNull(storedFiles.orderId)),
        );
      if (!file) throw AppError.notFound('Файл не найден');
      return sendStoredFile(app, request, reply, file);
    },
  );
}
