/**
 * Documents and files of an order for the operator: an agent's document example, offer documents, document and
 * request file downloads, the payment company of a bill (spec core §7 Operator "partner doc example and offer docs").
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { companies } from '../../../db/schema/core.js';
import { dealDocuments, payChecks } from '../../../db/schema/deal.js';
import { orders, partnerOrders, storedFiles } from '../../../db/schema/orders.js';
import { DocumentSchema, loadDocuments, loadPaymentCompany, PaymentCompanyObjectSchema } from '../../../deal/views.js';
import { AppError } from '../../../errors.js';
import { OrderFileParams } from '../../orders/schemas.js';
import { sendStoredFile } from '../../../files/storage.js';
import { Type } from 'typebox';
import { BASE, TAGS, IdParams } from './schemas.js';
import { errorResponses, RIGHT_ERRORS } from '../../schemas.js';

export default async function operatorOrderDocumentRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.dbh.db;
  const view = app.requireRight('ORDERS_VIEW');

  app.get(
    `${BASE}/:id/partner/:partnerId/doc-example`,
    {
      preHandler: view,
      schema: {
        tags: TAGS,
        summary: 'Document examples of a payment agent (spec core §7 Operator "partner doc example")',
        description:
          "The agent's DOC_EXAMPLE documents: agent-level examples and those of its partner order of this order. Download with " +
          '.../{id}/documents/{docId}/content. Errors: 400, 401, 403 (RIGHT_REQUIRED without the right), 404 NOT_FOUND (no such order or no such payment agent).',
        params: Type.Object({
          id: IdParams.properties.id,
          partnerId: Type.Integer({ minimum: 1, maximum: 2147483647 }),
        }),
        response: {
          200: Type.Array(DocumentSchema),
          ...errorResponses(RIGHT_ERRORS, { 400: ['VALIDATION_ERROR'], 404: ['NOT_FOUND'] }),
        },
      },
    },
    async (request) => {
      const { id, partnerId } = request.params;
      const [o] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, id));
      const [p] = await db
        .select({ id: companies.id })
        .from(companies)
        .where(and(eq(companies.id, partnerId), eq(companies.kind, 'PARTNER')));
      if (!o || !p) throw AppError.notFound();
      const pos = await db
        .select({ id: partnerOrders.id })
        .from(partnerOrders)
        .where(and(eq(partnerOrders.orderId, id), eq(partnerOrders.partnerCompanyId, partnerId)));
      return loadDocuments(db, {
        partnerCompanyId: partnerId,
        kinds: ['DOC_EXAMPLE'],
        partnerOrderIds: pos.map((x) => x.id),
        agentLevelExamples: true,
      });
    },
  );

  app.get(
    `${BASE}/:id/offer/docs`,
    {
      preHandler: view,
      schema: {
        tags: TAGS,
        summary: 'Offer and closing documents of an order (spec core §7 Operator "offer docs")',
        description:
          'Every OFFER_DOCS and FINAL_DOCS document of every partner order of the order, any status, oldest first (operators read ' +
          'everything). Download with .../{id}/documents/{docId}/content. Errors: 400, 401, 403 (RIGHT_REQUIRED without the right), 404 NOT_FOUND.',
        params: IdParams,
        response: {
          200: Type.Array(DocumentSchema),
          ...errorResponses(RIGHT_ERRORS, { 400: ['VALIDATION_ERROR'], 404: ['NOT_FOUND'] }),
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const [o] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, id));
      if (!o) throw AppError.notFound('Заявка не найдена');
      return loadDocuments(db, { orderId: id, kinds: ['OFFER_DOCS', 'FINAL_DOCS'] });
    },
  );

  app.get(
    `${BASE}/:id/documents/:docId/content`,
    {
      preHandler: view,
      schema: {
        tags: TAGS,
        summary: 'Download a deal document of an order (designed; spec core §3 "Documents")',
        description:
          'The bytes of an OFFER_DOCS / FINAL_DOCS document of the order, or a DOC_EXAMPLE of any payment agent, with its stored type, ' +
          '`Content-Disposition: attachment` and `X-Content-Type-Options: nosniff`. Errors: 400, 401, 403 (RIGHT_REQUIRED without the right), 404 NOT_FOUND.',
        params: Type.Object({
          id: IdParams.properties.id,
          docId: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }),
        }),
        produces: ['application/octet-stream'],
        response: {
          200: Type.Unsafe<Buffer>({ type: 'string', format: 'binary' }),
          ...errorResponses(RIGHT_ERRORS, { 400: ['VALIDATION_ERROR'], 404: ['NOT_FOUND'] }),
        },
      },
    },
    async (request, reply) => {
      const { id, docId } = request.params;
      const [doc] = await db
        .select({
          kind: dealDocuments.kind,
          orderId: dealDocuments.orderId,
          name: dealDocuments.name,
          sha256: storedFiles.sha256,
          contentType: storedFiles.contentType,
        })
        .from(dealDocuments)
        .innerJoin(storedFiles, eq(storedFiles.id, dealDocuments.fileId))
        .where(eq(dealDocuments.id, docId));
      const [o] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, id));
      if (!doc || !o || (doc.kind !== 'DOC_EXAMPLE' && doc.orderId !== id))
        throw AppError.notFound('Документ не найден');
      return sendStoredFile(app, request, reply, doc);
    },
  );

  app.get(
    `${BASE}/:id/files/:fileId`,
    {
      preHandler: view,
      schema: {
        tags: TAGS,
        summary:
          'Download a file of the client\'s request (designed; spec core §3 order "files (invoice/contract)", §6 operators see every order)',
        description:
          "The client's invoice or contract attached to the order, with the same headers as the client's download (stored Content-Type, " +
          '`Content-Disposition: attachment` with the UTF-8 name, `X-Content-Type-Options: nosniff`). Errors: 400 VALIDATION_ERROR (id not numeric, ' +
          "fileId not a UUID), 401 UNAUTHORIZED, 403 FORBIDDEN (not an operator) / RIGHT_REQUIRED, 404 NOT_FOUND 'Заявка не найдена' or 'Файл не найден' " +
          '(the file is not attached to that order).',
        params: OrderFileParams,
        produces: ['application/octet-stream'],
        response: {
          200: Type.Unsafe<Buffer>({ type: 'string', format: 'binary', description: 'The file bytes' }),
          ...errorResponses(RIGHT_ERRORS, { 400: ['VALIDATION_ERROR'], 404: ['NOT_FOUND'] }),
        },
      },
    },
    async (request, reply) => {
      const { id, fileId } = request.params;
      const [o] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, id));
      if (!o) throw AppError.notFound('Заявка не найдена');
      const [file] = await db
        .select({ sha256: storedFiles.sha256, contentType: storedFiles.contentType, name: storedFiles.originalName })
        .from(storedFiles)
        .where(and(eq(storedFiles.id, fileId.toLowerCase()), eq(storedFiles.orderId, id)));
      if (!file) throw AppError.notFound('Файл не найден');
      return sendStoredFile(app, request, reply, file);
    },
  );

  app.get(
    `${BASE}/:id/pay-checks/:payCheckId/payment-company`,
    {
      preHandler: view,
      schema: {
        tags: TAGS,
        summary:
          'The payment agent\'s payment company of a bill, with requisites (designed; spec core §7 Operator "pay-checks"; §3 payment agent profile "companies and requisites for client payments")',
        description:
          "Where the client pays a bill of one of the order's offers (any bill status, also ARCHIVED): the agent's company with its bank " +
          'requisites; the actual address is the legal one when they coincide. Errors: 400 VALIDATION_ERROR (ids not numeric), 401 UNAUTHORIZED, ' +
          "403 FORBIDDEN (not an operator) / RIGHT_REQUIRED, 404 NOT_FOUND 'Счёт не найден' (no such bill of that order, or the bill names no company).",
        params: Type.Object({
          id: IdParams.properties.id,
          payCheckId: Type.Integer({
            minimum: 1,
            maximum: Number.MAX_SAFE_INTEGER,
            description: 'Bill id (PayCheck.id)',
          }),
        }),
        response: {
          200: PaymentCompanyObjectSchema,
          ...errorResponses(RIGHT_ERRORS, { 400: ['VALIDATION_ERROR'], 404: ['NOT_FOUND', 'PAYCHECK_NOT_FOUND'] }),
        },
      },
    },
    async (request) => {
      const { id, payCheckId } = request.params;
      const [bill] = await db
        .select({ paymentCompanyId: payChecks.paymentCompanyId })
        .from(payChecks)
        .innerJoin(partnerOrders, eq(partnerOrders.id, payChecks.partnerOrderId))
        .where(and(eq(payChecks.id, payCheckId), eq(partnerOrders.orderId, id)));
      const company = bill ? await loadPaymentCompany(db, bill.paymentCompanyId) : null;
      if (!company) throw AppError.notFound('Счёт не найден', 'PAYCHECK_NOT_FOUND');
      return company;
    },
  );
}
