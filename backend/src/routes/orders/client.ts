/**
 * The client's order calls (spec core §7 "Client": order/exch validation, create, filter, filter/count, GET {id};
 * the designed GET batch of issue 14 defect 7;
 * docs/rest-api.md "Client" for the designed ones: files upload and download, create).
 *
 * - Role CLIENT only (spec core §6); every read and write is scoped to the caller's company.
 * - Creating (and validating) needs a company verified by electronic signature (spec core §1 step 1, §6):
 *   403 COMPANY_NOT_VERIFIED otherwise.
 * - Files are uploaded first, one per call (type checked by content, ≤ 50 MB), and attached by id at creation;
 *   the request's files together are ≤ 50 MB with no duplicate names (spec core §5).
 * - Creation is one transaction: the order, its first status-history row and the attachment of the files are
 *   written together or not at all.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type, type Static } from 'typebox';
import type { DbOrTx } from '../../db/client.js';
import { consultantOf } from '../../referral/relogin-session.js';
import { appendOrderEvents } from '../../deal/order-events.js';
import { orders, orderStatusHistory, storedFiles } from '../../db/schema/orders.js';
import { refTnved } from '../../db/schema/reference.js';
import {
  businessToday,
  checkOrderFiles,
  isTnvedCodeShape,
  ORDER_MESSAGES,
  validateOrderInput,
  type NormalizedOrderInput,
  type OrderInput,
} from '../../domain/orders.js';
import { INITIAL_ORDER_STATUS, type OrderStatus } from '@platform/domain/deal/statuses';
import { AppError, MESSAGES, type FieldError } from '../../errors.js';
import type { AuthUser } from '../../plugins/auth.js';
import { errorResponses, CSRF_ERRORS, INPUT_ERRORS, ROLE_ERRORS } from '../schemas.js';
import { countOrders, loadOrders, pageOrderIds, type OrderFilter, type OrderSort } from './queries.js';
import {
  batchAnswer,
  FileInfoSchema,
  OrderCountSchema,
  OrderFileParams,
  OrderFilterSchema,
  OrderIdParams,
  OrderIdsQuery,
  OrderInputSchema,
  OrderSchema,
} from './schemas.js';
import { receiveCheckedUpload, sendStoredFile, storeUpload } from '../../files/storage.js';

const BASE = '/api/secured/client/order/exch';
const TAGS = ['client-orders'];

/** 403 for a client whose company is not verified by electronic signature (spec core §6). */
export const COMPANY_NOT_VERIFIED = {
  code: 'COMPANY_NOT_VERIFIED',
  message: 'Компания не верифицирована: создание заявок станет доступно после подтверждения электронной подписью',
} as const;

/** Filter and count body as received. */
interface FilterBody {
  pageable?: {
    page?: number;
    pageSize?: number;
    sortFields?: Array<{ field: OrderSort['field']; direction?: 'ASC' | 'DESC' }>;
  };
  statuses?: OrderStatus[];
  id?: number | string;
}

/** The signed-in client's company id (requireRole('CLIENT') ran before). A client without a company sees nothing. */
function companyOf(request: FastifyRequest): number {
  const user = request.user as AuthUser;
  if (user.companyId === null) throw AppError.forbidden();
  return user.companyId;
}

function requireVerified(request: FastifyRequest): AuthUser {
  const user = request.user as AuthUser;
  if (!user.verified || user.companyId === null)
    throw AppError.forbidden(COMPANY_NOT_VERIFIED.message, COMPANY_NOT_VERIFIED.code);
  return user;
}

/** The number filter of spec core §5: applied only when numeric. */
function numberFilter(id: number | string | undefined): number | undefined {
  if (typeof id === 'number') return Number.isSafeInteger(id) ? id : undefined;
  if (typeof id === 'string' && /^\d{1,15}$/.test(id.trim())) return Number(id.trim());
  return undefined;
}

function filterOf(companyId: number, body: FilterBody): OrderFilter {
  return { companyId, statuses: body.statuses, number: numberFilter(body.id) };
}

/** Money must arrive as a decimal string: a JSON number has already lost decimal exactness (DESIGN "Storage"). */
function refuseNumericMoney(body: unknown): void {
  const cost = (body as { amount?: { cost?: unknown } } | null)?.amount?.cost;
  if (typeof cost === 'number') {
    throw AppError.validation([
      { field: 'amount.cost', code: 'WRONG_TYPE', message: 'Сумма передаётся строкой, например "12500.00"' },
    ]);
  }
}

/**
 * Full check of an OrderInput for `user` (spec core §3, §5): the pure rules, the TN VED directory and the files
 * (the caller's own, not attached, ≤ 50 MB together, no duplicate names). With `lock`, the file rows are locked
 * (FOR UPDATE) for the creating transaction. Throws 400 VALIDATION_ERROR with all field errors.
 */
async function checkInput(
  db: DbOrTx,
  user: AuthUser,
  input: Static<typeof OrderInputSchema>,
  today: string,
  lock: boolean,
): Promise<NormalizedOrderInput> {
  const tnvedCode = typeof input.tnvedCode === 'string' ? input.tnvedCode.trim() : '';
  let tnvedKnown: boolean | undefined;
  if (isTnvedCodeShape(tnvedCode)) {
    const [row] = await db.select({ code: refTnved.code }).from(refTnved).where(eq(refTnved.code, tnvedCode)).limit(1);
    tnvedKnown = !!row;
  }
  // The schema checks shapes (strings); the rule checks the values, so that each error has its own code (core §5).
  const { errors, value } = validateOrderInput(input as Partial<OrderInput>, { today, tnvedKnown });
  const ids = value?.fileIds ?? [...new Set((input.fileIds ?? []).map((x) => x.toLowerCase()))];
  const fileErrors: FieldError[] = [];
  if (ids.length && ids.length <= 20) {
    const q = db
      .select({ id: storedFiles.id, name: storedFiles.originalName, size: storedFiles.size })
      .from(storedFiles)
      .where(and(inArray(storedFiles.id, ids), eq(storedFiles.ownerUserId, user.id), isNull(storedFiles.orderId)));
    const rows = lock ? await q.for('update') : await q;
    const byId = new Map(rows.map((r) => [r.id, r]));
    const present = ids.flatMap((id, n) => {
      const f = byId.get(id);
      if (!f)
        fileErrors.push({
          field: `fileIds.${n}`,
          code: ORDER_MESSAGES.fileNotFound.code,
          message: ORDER_MESSAGES.fileNotFound.message,
        });
      return f ? [f] : [];
    });
    // Indices of checkOrderFiles refer to `present`; map them back to the request's positions.
    for (const e of checkOrderFiles(present)) {
      const m = /^fileIds\.(\d+)$/.exec(e.field);
      fileErrors.push(m ? { ...e, field: `fileIds.${ids.indexOf(present[Number(m[1])].id)}` } : e);
    }
  }
  const all = [...errors, ...fileErrors];
  if (all.length || !value) throw AppError.validation(all, all.length === 1 ? all[0].message : MESSAGES.validation);
  return value;
}

export default async function clientOrderRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.dbh.db;
  const client = app.requireRole('CLIENT');

  app.post(
    `${BASE}/files`,
    {
      preHandler: client,
      schema: {
        tags: TAGS,
        summary: 'Upload a file for a new request (spec core §7 Client; §5 Files)',
        description:
          'multipart/form-data with one part `file`. The type is decided by the CONTENT (magic bytes), never by the ' +
          'name or the claimed Content-Type: PDF, JPEG, PNG, WebP, DOCX, XLSX, ODT, ODS, legacy DOC/XLS (named .doc/.xls), and ' +
          'plain text only for a .txt name whose bytes are UTF-8. Archives, executables, scripts, HTML/SVG and unknown binaries ' +
          'are refused, as is any name with an executable extension. The file is stored unattached and owned by the caller until ' +
          'a request is created with its id. Identical contents are stored once on disk. ' +
          'Errors: 400 VALIDATION_ERROR (no `file` part, empty file or name), 401 UNAUTHORIZED, 403 FORBIDDEN (not a client), ' +
          "CSRF_INVALID or COMPANY_NOT_VERIFIED (uploads serve requests, which need a verified company), 413 FILE_TOO_LARGE 'Превышен размер файла' (over 50 MB; nothing is stored), 415 UNSUPPORTED_FILE_TYPE " +
          "'Недопустимый тип файла' or UNSUPPORTED_MEDIA_TYPE (not multipart), 413 UPLOAD_QUOTA_EXCEEDED (the caller already holds " +
          'UPLOAD_QUOTA_FILES unattached uploads, default 20, or this one would pass UPLOAD_QUOTA_BYTES together, default 100 MB; ' +
          'nothing is stored; issue 14). An upload not attached to a request within 24 hours is deleted.',
        consumes: ['multipart/form-data'],
        response: {
          201: FileInfoSchema,
          ...errorResponses(ROLE_ERRORS, CSRF_ERRORS, INPUT_ERRORS, {
            403: ['COMPANY_NOT_VERIFIED'],
            413: ['FILE_TOO_LARGE', 'UPLOAD_QUOTA_EXCEEDED'],
            415: ['UNSUPPORTED_FILE_TYPE', 'UNSUPPORTED_MEDIA_TYPE'],
          }),
        },
      },
    },
    async (request, reply) => {
      // Files exist only to be attached to a request, which needs a verified company (spec core §6).
      const user = requireVerified(request);
      const accepted = await receiveCheckedUpload(app, request);
      const { fileId: id } = await storeUpload(app, user.id, accepted);
      const { name, size, contentType } = accepted;
      return reply.status(201).send({ id, name, size, contentType });
    },
  );

  app.post(
    `${BASE}/validation`,
    {
      preHandler: client,
      preValidation: async (request) => refuseNumericMoney(request.body),
      schema: {
        tags: TAGS,
        summary: 'Validate a new request without creating it (spec core §7 Client "order/exch/validation")',
        description:
          'Runs every rule of POST /api/secured/client/order/exch and writes nothing. Rules (spec core §3, §5): required ' +
          'fields; amount.cost a decimal string > 0 with ≤ 2 decimals; ISO 4217 currency; ISO 3166 country; SWIFT empty or 8/11 ' +
          'characters; TN VED heading (4) or subheading (10 digits) from the directory; payment dates not in the past and From ≤ To; ' +
          "comment ≤ 2000 characters; ≤ 20 files, the caller's own and unattached, ≤ 50 MB together (FILES_TOO_LARGE), no " +
          "duplicate names compared case-insensitively (FILE_DUPLICATE 'Файл с именем {name} уже загружен'). " +
          'Errors: 400 VALIDATION_ERROR with `errors` items, 401 UNAUTHORIZED, 403 FORBIDDEN / CSRF_INVALID / COMPANY_NOT_VERIFIED.',
        body: OrderInputSchema,
        response: {
          200: Type.Object({ valid: Type.Literal(true) }),
          ...errorResponses(ROLE_ERRORS, CSRF_ERRORS, INPUT_ERRORS, { 403: ['COMPANY_NOT_VERIFIED'] }),
        },
      },
    },
    async (request) => {
      const user = requireVerified(request);
      await checkInput(db, user, request.body, businessToday(app.clock.now()), false);
      return { valid: true as const };
    },
  );

  app.post(
    BASE,
    {
      preHandler: client,
      preValidation: async (request) => refuseNumericMoney(request.body),
      schema: {
        tags: TAGS,
        summary: 'Create a request (spec core §1 step 1, §6, §7 Client)',
        description:
          "Creates a payment request in status VALIDATION (the operator checks it next) for the caller's company, " +
          'records the creation in the status history and attaches the given files, all in one transaction. Same rules as ' +
          '.../validation. Only for a company verified by electronic signature. ' +
          'Errors: 400 VALIDATION_ERROR, 401 UNAUTHORIZED, 403 FORBIDDEN / CSRF_INVALID / COMPANY_NOT_VERIFIED ' +
          `'${COMPANY_NOT_VERIFIED.message}'.`,
        body: OrderInputSchema,
        response: {
          201: OrderSchema,
          ...errorResponses(ROLE_ERRORS, CSRF_ERRORS, INPUT_ERRORS, { 403: ['COMPANY_NOT_VERIFIED'] }),
        },
      },
    },
    async (request, reply) => {
      const user = requireVerified(request);
      const now = app.clock.now();
      const id = await db.transaction(async (tx) => {
        const v = await checkInput(tx, user, request.body, businessToday(now), true);
        // Issue 11: the referral partner is the consultant — the one acting by re-login, else the partner of an ACTIVE link.
        const consultantUserId = user.originalUserId ?? (await consultantOf(tx, user.companyId!));
        const [row] = await tx
          .insert(orders)
          .values({
            companyId: user.companyId!,
            createdBy: user.id,
            consultantUserId,
            createdAt: now,
            paymentType: v.paymentType,
            amount: v.amount,
            currency: v.currency,
            countryCode: v.countryCode,
            city: v.city,
            bankName: v.bankName,
            swift: v.swift,
            tnvedCode: v.tnvedCode,
            goodsLocation: v.goodsLocation,
            paymentDateFrom: v.paymentDateFrom,
            paymentDateTo: v.paymentDateTo,
            comment: v.comment,
            status: INITIAL_ORDER_STATUS,
            statusDate: now,
          })
          .returning({ id: orders.id });
        await tx.insert(orderStatusHistory).values({
          orderId: row.id,
          fromStatus: null,
          toStatus: INITIAL_ORDER_STATUS,
          byUserId: user.originalUserId ?? user.id,
          at: now,
          ...(user.originalUserId ? { actorRole: 'AGENT' } : {}),
        });
        if (v.fileIds.length) {
          const attached = await tx
            .update(storedFiles)
            .set({ orderId: row.id, attachedAt: now })
            .where(
              and(
                inArray(storedFiles.id, v.fileIds),
                eq(storedFiles.ownerUserId, user.id),
                isNull(storedFiles.orderId),
              ),
            )
            .returning({ id: storedFiles.id });
          // The rows were locked by checkInput; a mismatch means a concurrent attach and aborts everything.
          if (attached.length !== v.fileIds.length)
            throw AppError.conflict('Файлы заявки изменились, повторите попытку', 'FILES_CHANGED');
        }
        // Live order events (issue 12): the new order, in the same transaction.
        await appendOrderEvents(tx, row.id, [{ type: 'ORDER_CREATED', status: INITIAL_ORDER_STATUS }], now);
        return row.id;
      });
      request.reloginOrderId = id;
      const [order] = await loadOrders(db, [id], user.companyId);
      return reply.status(201).send(order);
    },
  );

  app.post(
    `${BASE}/filter`,
    {
      preHandler: client,
      schema: {
        tags: TAGS,
        summary:
          'Page of the company\'s requests (spec core §7 Client "order/exch/filter"; §4 client tabs; §9 page size 10)',
        description:
          'Body `{ pageable: { page (0-based), pageSize (default 10), sortFields: [{ field: created|number|amount|status, ' +
          "direction: ASC|DESC }] }, statuses?, id? }`. Only the caller's company's requests. `statuses` selects a client tab " +
          '(spec core §4); `id` filters by number when numeric (spec core §5). Default order: created DESC. ' +
          'Errors: 400 VALIDATION_ERROR, 401 UNAUTHORIZED, 403 FORBIDDEN / CSRF_INVALID.',
        body: OrderFilterSchema,
        response: {
          200: Type.Object({
            content: Type.Array(OrderSchema),
            totalElements: Type.Integer(),
            page: Type.Integer(),
            pageSize: Type.Integer(),
            last: Type.Boolean(),
          }),
          ...errorResponses(ROLE_ERRORS, CSRF_ERRORS, INPUT_ERRORS),
        },
      },
    },
    async (request) => {
      const body = request.body;
      const filter = filterOf(companyOf(request), body);
      const page = body.pageable?.page ?? 0;
      const pageSize = body.pageable?.pageSize ?? 10;
      const sort = (body.pageable?.sortFields ?? []).map(
        (s) => ({ field: s.field, direction: s.direction ?? 'DESC' }) as OrderSort,
      );
      // the count beside the page's ids (separate pool connections): one round trip less in the chain
      const [total, ids] = await Promise.all([countOrders(db, filter), pageOrderIds(db, filter, sort, page, pageSize)]);
      const content = await loadOrders(db, ids, filter.companyId);
      return { content, totalElements: total, page, pageSize, last: (page + 1) * pageSize >= total };
    },
  );

  app.post(
    `${BASE}/filter/count`,
    {
      preHandler: client,
      schema: {
        tags: TAGS,
        summary: 'Number of the company\'s requests (spec core §7 Client "order/exch/filter/count")',
        description:
          'Body `{ statuses?, id? }` as in .../filter (a `pageable` is accepted and ignored). Answers `{ count }`. ' +
          'Errors: 400 VALIDATION_ERROR, 401 UNAUTHORIZED, 403 FORBIDDEN / CSRF_INVALID.',
        body: OrderCountSchema,
        response: {
          200: Type.Object({ count: Type.Integer() }),
          ...errorResponses(ROLE_ERRORS, CSRF_ERRORS, INPUT_ERRORS),
        },
      },
    },
    async (request) => ({ count: await countOrders(db, filterOf(companyOf(request), request.body)) }),
  );

  app.get(
    `${BASE}/batch`,
    {
      preHandler: client,
      schema: {
        tags: TAGS,
        summary: 'Several requests in one call (designed; issue 14 defect 7 "nodes(ids:) batched")',
        description:
          '`?ids=1&ids=2…`: 1–100 distinct order ids. Answers `{ items: Array<Order | null> }`, one entry per id in ' +
          "request order: the Order exactly as GET {id} answers it, or null where GET {id} would be 404 (another company's " +
          'request or none — not distinguished). One query set for all ids (orders, files, partner orders). ' +
          'Errors: 400 VALIDATION_ERROR (ids missing, empty, over 100, repeated, not positive integers), 401 UNAUTHORIZED, ' +
          '403 FORBIDDEN (not a client).',
        querystring: OrderIdsQuery,
        response: {
          200: batchAnswer(OrderSchema),
          ...errorResponses(ROLE_ERRORS, { 400: ['VALIDATION_ERROR'] }),
        },
      },
    },
    async (request) => {
      const { ids } = request.query;
      const found = new Map((await loadOrders(db, ids, companyOf(request))).map((o) => [o.id, o]));
      return { items: ids.map((id) => found.get(id) ?? null) };
    },
  );

  app.get(
    `${BASE}/:id`,
    {
      preHandler: client,
      schema: {
        tags: TAGS,
        summary: 'One request (spec core §7 Client "GET order/exch/{id}")',
        description:
          'Errors: 400 VALIDATION_ERROR (id not numeric), 401 UNAUTHORIZED, 403 FORBIDDEN, 404 NOT_FOUND (no such request ' +
          "in the caller's company — another company's request is not distinguished from a missing one).",
        params: OrderIdParams,
        response: {
          200: OrderSchema,
          ...errorResponses(ROLE_ERRORS, { 400: ['VALIDATION_ERROR'], 404: ['NOT_FOUND'] }),
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const [order] = await loadOrders(db, [id], companyOf(request));
      if (!order) throw AppError.notFound('Заявка не найдена');
      return order;
    },
  );

  app.get(
    `${BASE}/:id/files/:fileId`,
    {
      preHandler: client,
      schema: {
        tags: TAGS,
        summary: 'Download a file of a request (spec core §3 order files; §7 Client)',
        description:
          'Answers the bytes with the stored (detected) Content-Type, `Content-Disposition: attachment` with an ASCII ' +
          'fallback and the UTF-8 name (RFC 5987 `filename*`), `X-Content-Type-Options: nosniff`. ' +
          'Errors: 400 VALIDATION_ERROR (id not numeric, fileId not a UUID), 401 UNAUTHORIZED, 403 FORBIDDEN, 404 NOT_FOUND ' +
          "(no such request in the caller's company or no such file on it).",
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
      const [file] = await db
        .select({
          sha256: storedFiles.sha256,
          size: storedFiles.size,
          contentType: storedFiles.contentType,
          name: storedFiles.originalName,
        })
        .from(storedFiles)
        .innerJoin(orders, eq(orders.id, storedFiles.orderId))
        .where(
          and(eq(storedFiles.id, fileId.toLowerCase()), eq(orders.id, id), eq(orders.companyId, companyOf(request))),
        );
      if (!file) throw AppError.notFound('Файл не найден');
      return sendStoredFile(app, request, reply, file);
    },
  );
}
