/**
 * The payment agent's document sets (spec core §3 "Documents"; §5 files ≤ 50 MB each, duplicate names refused, type
 * by content; §7 partner "offer/docs-example", "offer/docs" and "offer/final-docs" — the same set of calls):
 *
 *   GET    {base}                list                      POST {base}            upload (multipart `file`)
 *   GET    {base}/{docId}        one document's metadata   GET  {base}/{docId}/content  download
 *   DELETE {base}/{docId}        remove (before sending)
 *   POST   {base}/sign | /confirm | /send                  (offer documents and closing documents only)
 *
 * Stages (when a set may change): document examples (the sample contract of the offer) while the offer is being
 * prepared (IN_PROGRESS, CREATED_OFFER); offer documents after the client accepted (ACCEPTED); closing documents while
 * executing (EXECUTING). Reading is always allowed on the caller's own partner order.
 *
 * Signing (issue 8; spec core §4 steps 5 and 9, chat-and-shell §4 "Signing flow", §9 CAdES-BES detached):
 * POST {base}/{docId}/sign `{ signature }` signs one document with a qualified electronic signature verified against
 * the payment agent's company (verification/signatures.ts): a `signatures` row and the document's agent_* columns,
 * UPLOADED (or confirmed SIGNED) → SIGNED. /confirm records the agent's confirmation on every document of the set not
 * yet confirmed (signer = the user's name, time, SHA-256 of the content; status UPLOADED → SIGNED). /sign does the same
 * for an agent whose documents need no signature (partnerSignRequired false) and answers 409 SIGNATURE_REQUIRED
 * 'Подпишите документы квалифицированной электронной подписью' when a qualified signature is required (sign each
 * document instead). With partnerSignRequired, /send needs every document of the set signed by the agent with a
 * qualified signature (409 SIGNATURE_REQUIRED otherwise); without it neither is needed to send.
 * /send needs at least one document ('Загрузите хотя бы 1 файл'), marks the set SENT and moves the offer
 * (PARTNER_SEND_OFFER_DOCS → SEND_OFFER_DOCS, PARTNER_SEND_FINAL_DOCS → SEND_EXECUTING_DOCS) in ONE transaction.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Tx } from '../../db/client.js';
import { companies, users } from '../../db/schema/core.js';
import { signatures } from '../../db/schema/verification.js';
import {
  decodeSignature,
  insertSignature,
  readStoredBytes,
  SignBodySchema,
  verifyOrRefuse,
} from '../../verification/signatures.js';
import { dealDocuments, type DealDocumentKind } from '../../db/schema/deal.js';
import { partnerOrders, storedFiles } from '../../db/schema/orders.js';
import { loadPartnerDetail } from '../../deal/partner-detail.js';
import { loadDocuments } from '../../deal/views.js';
import { receiveCheckedUpload, sendStoredFile, storeUpload } from '../../files/storage.js';
import { findPartnerOrder } from '../../deal/partner-queries.js';
import { runTransition } from '../../deal/repository.js';
import type { DealAction } from '@platform/domain/deal/rules';
import type { OfferStatus } from '@platform/domain/deal/statuses';
import { OFFER_STATUS_LABELS } from '@platform/domain/deal/statuses';
import { appendOrderEvents } from '../../deal/order-events.js';
import { fileNameKey } from '../../domain/orders.js';
import { AppError, MESSAGES } from '../../errors.js';
import { errorResponses, ROLE_ERRORS, CSRF_ERRORS, INPUT_ERRORS, SIGNATURE_ERRORS } from '../schemas.js';
import { AUTH_ERRORS, ORDER_BASE, partnerOf, SCOPE_ERROR, TAGS } from './common.js';
import { DocParams, DocumentSchema, OrderIdParams, PartnerOrderDetailSchema } from './schemas.js';

/** One document set. */
interface DocSet {
  /** Path tail under order/exch/{id}/offer/. */
  path: 'docs-example' | 'docs' | 'final-docs';
  kind: DealDocumentKind;
  title: string;
  /** Offer statuses in which the set may change (upload, delete, sign, confirm). */
  editable: readonly OfferStatus[];
  /** The transition of /send; absent for document examples (no sign/confirm/send). */
  send?: { action: DealAction; to: OfferStatus };
}

export const DOC_SETS: readonly DocSet[] = [
  {
    path: 'docs-example',
    kind: 'DOC_EXAMPLE',
    title: 'document examples (sample contract)',
    editable: ['IN_PROGRESS', 'CREATED_OFFER'],
  },
  {
    path: 'docs',
    kind: 'OFFER_DOCS',
    title: 'offer documents',
    editable: ['ACCEPTED'],
    send: { action: 'PARTNER_SEND_OFFER_DOCS', to: 'SEND_OFFER_DOCS' },
  },
  {
    path: 'final-docs',
    kind: 'FINAL_DOCS',
    title: 'closing documents',
    editable: ['EXECUTING'],
    send: { action: 'PARTNER_SEND_FINAL_DOCS', to: 'SEND_EXECUTING_DOCS' },
  },
];

/** A qualified signature of each document is required (partnerSignRequired; issue 8). */
export const SIGNATURE_REQUIRED = {
  code: 'SIGNATURE_REQUIRED',
  message: 'Подпишите документы квалифицированной электронной подписью',
} as const;
export const FILES_REQUIRED = { code: 'FILES_REQUIRED', message: 'Загрузите хотя бы 1 файл' } as const;

function locked(status: OfferStatus): AppError {
  return AppError.conflict(
    `Документы нельзя изменить: предложение в статусе «${OFFER_STATUS_LABELS[status]}»`,
    'DOCUMENTS_LOCKED',
  );
}

/** Locks the caller's partner order row (serialises uploads, deletes and sends of one offer) and returns its status. */
async function lockPartnerOrder(
  tx: Tx,
  partnerOrderId: number,
): Promise<{ status: OfferStatus; partnerSignRequired: boolean }> {
  const [row] = await tx
    .select({ status: partnerOrders.status, partnerSignRequired: partnerOrders.partnerSignRequired })
    .from(partnerOrders)
    .where(eq(partnerOrders.id, partnerOrderId))
    .for('update');
  return { status: row.status as OfferStatus, partnerSignRequired: row.partnerSignRequired };
}

export default async function partnerDocumentRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.dbh.db;
  const partner = app.requireRole('PARTNER');

  const listOf = (partnerOrderId: number, kind: DealDocumentKind) =>
    loadDocuments(db, { partnerOrderIds: [partnerOrderId], kinds: [kind] });
  /** One document of the set with its content hash, or 404 'Документ не найден'. */
  const oneOf = async (partnerOrderId: number, kind: DealDocumentKind, docId: number) => {
    const [r] = await db
      .select({ sha256: storedFiles.sha256, contentType: storedFiles.contentType, name: dealDocuments.name })
      .from(dealDocuments)
      .innerJoin(storedFiles, eq(storedFiles.id, dealDocuments.fileId))
      .where(
        and(
          eq(dealDocuments.id, docId),
          eq(dealDocuments.partnerOrderId, partnerOrderId),
          eq(dealDocuments.kind, kind),
        ),
      );
    if (!r) throw AppError.notFound('Документ не найден');
    return r;
  };
  const viewOf = async (partnerOrderId: number, kind: DealDocumentKind, docId: number) => {
    const doc = (await listOf(partnerOrderId, kind)).find((d) => d.id === docId);
    if (!doc) throw AppError.notFound('Документ не найден');
    return doc;
  };

  for (const set of DOC_SETS) {
    const base = `${ORDER_BASE}/:id/offer/${set.path}`;
    const stage = `May change while the offer is ${set.editable.join(' or ')}; otherwise 409 DOCUMENTS_LOCKED.`;

    app.get(
      base,
      {
        preHandler: partner,
        schema: {
          tags: TAGS,
          summary: `List the ${set.title} (spec core §7 partner "offer/${set.path}" GET)`,
          description: `Documents of the caller's offer, oldest first. Errors: ${AUTH_ERRORS}, ${SCOPE_ERROR}.`,
          params: OrderIdParams,
          response: {
            200: Type.Array(DocumentSchema),
            ...errorResponses(ROLE_ERRORS, { 400: ['VALIDATION_ERROR'], 404: ['NOT_FOUND'] }),
          },
        },
      },
      async (request) => {
        const { offer } = await findPartnerOrder(db, partnerOf(request).companyId, request.params.id);
        return listOf(offer.id, set.kind);
      },
    );

    app.post(
      base,
      {
        preHandler: partner,
        schema: {
          tags: TAGS,
          summary: `Upload one of the ${set.title} (spec core §7 partner "offer/${set.path}" POST; §5 ≤ 50 MB, duplicate names refused)`,
          description:
            'multipart/form-data with one part `file`. Type decided by the CONTENT as for request files (PDF, JPEG, PNG, WebP, DOCX, XLSX, ' +
            'ODT, ODS, DOC/XLS by name, UTF-8 .txt); stored once per content. ' +
            `${stage} Errors: 400 VALIDATION_ERROR (no part, empty, FILE_DUPLICATE 'Файл с именем {name} уже загружен' — names compared ` +
            `ignoring case), ${AUTH_ERRORS}, ${SCOPE_ERROR}, 409 DOCUMENTS_LOCKED, 413 FILE_TOO_LARGE 'Превышен размер файла', ` +
            "415 UNSUPPORTED_FILE_TYPE 'Недопустимый тип файла' or UNSUPPORTED_MEDIA_TYPE. A refused upload stores nothing.",
          consumes: ['multipart/form-data'],
          params: OrderIdParams,
          response: {
            201: DocumentSchema,
            ...errorResponses(ROLE_ERRORS, CSRF_ERRORS, {
              400: ['BAD_REQUEST', 'VALIDATION_ERROR'],
              404: ['NOT_FOUND'],
              409: ['DOCUMENTS_LOCKED'],
              413: ['FILE_TOO_LARGE'],
              415: ['UNSUPPORTED_FILE_TYPE', 'UNSUPPORTED_MEDIA_TYPE'],
            }),
          },
        },
      },
      async (request, reply) => {
        const user = partnerOf(request);
        const { id } = request.params;
        const { offer } = await findPartnerOrder(db, user.companyId, id);
        if (!set.editable.includes(offer.status as OfferStatus)) throw locked(offer.status as OfferStatus);
        const accepted = await receiveCheckedUpload(app, request);
        const now = app.clock.now();
        const { result: docId } = await storeUpload(app, user.id, accepted, async (tx, fileId) => {
          const po = await lockPartnerOrder(tx, offer.id);
          if (!set.editable.includes(po.status)) throw locked(po.status);
          const names = await tx
            .select({ name: dealDocuments.name })
            .from(dealDocuments)
            .where(and(eq(dealDocuments.partnerOrderId, offer.id), eq(dealDocuments.kind, set.kind)));
          if (names.some((n) => fileNameKey(n.name) === fileNameKey(accepted.name))) {
            const message = MESSAGES.fileDuplicate(accepted.name);
            throw AppError.validation([{ field: 'file', code: 'FILE_DUPLICATE', message }], message);
          }
          const [row] = await tx
            .insert(dealDocuments)
            .values({
              orderId: id,
              partnerOrderId: offer.id,
              partnerCompanyId: user.companyId,
              kind: set.kind,
              fileId,
              name: accepted.name,
              status: 'UPLOADED',
              createdBy: user.id,
              createdAt: now,
            })
            .returning({ id: dealDocuments.id });
          // Live order events (issue 12): the agent's new document, in the same transaction.
          await appendOrderEvents(
            tx,
            id,
            [{ type: 'DOCUMENT_ADDED', partnerOrderId: offer.id, entityId: row.id }],
            now,
          );
          return row.id;
        });
        return reply.status(201).send(await viewOf(offer.id, set.kind, docId));
      },
    );

    app.get(
      `${base}/:docId`,
      {
        preHandler: partner,
        schema: {
          tags: TAGS,
          summary: `One of the ${set.title} (spec core §7 partner "offer/${set.path}/{docId}" GET)`,
          description: `Metadata of the document; the bytes are at .../content. Errors: ${AUTH_ERRORS}, ${SCOPE_ERROR}; 404 'Документ не найден'.`,
          params: DocParams,
          response: {
            200: DocumentSchema,
            ...errorResponses(ROLE_ERRORS, { 400: ['VALIDATION_ERROR'], 404: ['NOT_FOUND'] }),
          },
        },
      },
      async (request) => {
        const { id, docId } = request.params;
        const { offer } = await findPartnerOrder(db, partnerOf(request).companyId, id);
        return viewOf(offer.id, set.kind, docId);
      },
    );

    app.get(
      `${base}/:docId/content`,
      {
        preHandler: partner,
        schema: {
          tags: TAGS,
          summary: `Download one of the ${set.title} (spec core §7 partner "offer/${set.path}/{docId}/content")`,
          description:
            'The bytes with the detected Content-Type, Content-Disposition attachment (RFC 5987 UTF-8 name), nosniff, no-store. ' +
            `Errors: ${AUTH_ERRORS}, ${SCOPE_ERROR}; 404 'Документ не найден'.`,
          params: DocParams,
          produces: ['application/octet-stream'],
          response: {
            200: Type.Unsafe<Buffer>({ type: 'string', format: 'binary', description: 'The file bytes' }),
            ...errorResponses(ROLE_ERRORS, { 400: ['VALIDATION_ERROR'], 404: ['NOT_FOUND'] }),
          },
        },
      },
      async (request, reply) => {
        const { id, docId } = request.params;
        const { offer } = await findPartnerOrder(db, partnerOf(request).companyId, id);
        const r = await oneOf(offer.id, set.kind, docId);
        return sendStoredFile(app, request, reply, r);
      },
    );

    app.delete(
      `${base}/:docId`,
      {
        preHandler: partner,
        schema: {
          tags: TAGS,
          summary: `Remove one of the ${set.title} (spec core §7 partner "offer/${set.path}/{docId}" DELETE)`,
          description: `${stage} A sent document cannot be removed. Errors: ${AUTH_ERRORS}, ${SCOPE_ERROR}; 404 'Документ не найден'; 409 DOCUMENTS_LOCKED.`,
          params: DocParams,
          response: {
            204: Type.Null({ description: 'Removed' }),
            ...errorResponses(ROLE_ERRORS, CSRF_ERRORS, {
              400: ['VALIDATION_ERROR'],
              404: ['NOT_FOUND'],
              409: ['DOCUMENTS_LOCKED'],
            }),
          },
        },
      },
      async (request, reply) => {
        const { id, docId } = request.params;
        const { offer } = await findPartnerOrder(db, partnerOf(request).companyId, id);
        await oneOf(offer.id, set.kind, docId);
        await db.transaction(async (tx) => {
          const po = await lockPartnerOrder(tx, offer.id);
          if (!set.editable.includes(po.status)) throw locked(po.status);
          // The stored file row stays (an earlier offer may reference it as its sample contract); only the document goes.
          const gone = await tx
            .delete(dealDocuments)
            .where(
              and(
                eq(dealDocuments.id, docId),
                eq(dealDocuments.partnerOrderId, offer.id),
                inArray(dealDocuments.status, ['UPLOADED', 'SIGNED']),
              ),
            )
            .returning({ id: dealDocuments.id });
          if (!gone.length) throw AppError.conflict('Отправленный документ нельзя удалить', 'DOCUMENTS_LOCKED');
        });
        return reply.status(204).send(null);
      },
    );

    if (!set.send) continue;
    const send = set.send;

    /** Records the agent's confirmation on the set's unconfirmed documents (module header). */
    const confirmAll = async (userName: string, partnerOrderId: number, requireNoSignature: boolean) => {
      await db.transaction(async (tx) => {
        const po = await lockPartnerOrder(tx, partnerOrderId);
        if (requireNoSignature && po.partnerSignRequired)
          throw AppError.conflict(SIGNATURE_REQUIRED.message, SIGNATURE_REQUIRED.code);
        if (!set.editable.includes(po.status)) throw locked(po.status);
        const docs = await tx
          .select({ id: dealDocuments.id, sha256: storedFiles.sha256 })
          .from(dealDocuments)
          .innerJoin(storedFiles, eq(storedFiles.id, dealDocuments.fileId))
          .where(
            and(
              eq(dealDocuments.partnerOrderId, partnerOrderId),
              eq(dealDocuments.kind, set.kind),
              eq(dealDocuments.status, 'UPLOADED'),
            ),
          );
        if (!docs.length) {
          const [any] = await tx
            .select({ id: dealDocuments.id })
            .from(dealDocuments)
            .where(and(eq(dealDocuments.partnerOrderId, partnerOrderId), eq(dealDocuments.kind, set.kind)))
            .limit(1);
          if (!any) throw AppError.validation([{ field: 'file', ...FILES_REQUIRED }], FILES_REQUIRED.message);
        }
        const now = app.clock.now();
        for (const d of docs) {
          await tx
            .update(dealDocuments)
            .set({ status: 'SIGNED', agentSignerName: userName, agentSignedAt: now, agentDocumentHash: d.sha256 })
            .where(eq(dealDocuments.id, d.id));
        }
      });
    };
    const userName = async (userId: number) => {
      const [u] = await db
        .select({ name: users.name, surname: users.surname, patronymic: users.patronymic })
        .from(users)
        .where(eq(users.id, userId));
      return [u?.surname, u?.name, u?.patronymic].filter(Boolean).join(' ');
    };

    app.post(
      `${base}/:docId/sign`,
      {
        preHandler: partner,
        schema: {
          tags: TAGS,
          summary: `Sign one of the ${set.title} with a qualified electronic signature (spec core §4 steps 5 and 9; issue 8)`,
          description:
            "Body `{ signature }`: base64 DER CMS SignedData (CAdES-BES, detached, ≤ 64 KiB) over the document's exact bytes, verified against " +
            "the payment agent's company (OGRN/OGRNIP and INN) and the trust store. A document not yet sent and not yet signed with a qualified " +
            'signature: UPLOADED (or confirmed) → SIGNED, the agent signature (signer, time, certificate valid until, hash) and the signature row in ' +
            `one transaction. Answers the Document with \`agentSignature\` (qualified). ${stage} Errors: 400 SIGNATURE_MALFORMED / DOCUMENT_MISMATCH / ` +
            'SIGNATURE_INVALID / CERTIFICATE_UNTRUSTED / CERTIFICATE_EXPIRED / CERTIFICATE_NOT_YET_VALID / COMPANY_MISMATCH / SIGNATURE_ALGORITHM_UNSUPPORTED / ' +
            `INDIVIDUAL_SIGNATURE_UNSUPPORTED (spec core §8; nothing written), ${AUTH_ERRORS}, ${SCOPE_ERROR}; 404 'Документ не найден'; ` +
            '409 DOCUMENTS_LOCKED / INVALID_STATE (sent or already signed).',
          params: DocParams,
          body: SignBodySchema,
          response: {
            200: DocumentSchema,
            ...errorResponses(ROLE_ERRORS, CSRF_ERRORS, SIGNATURE_ERRORS, INPUT_ERRORS, {
              404: ['NOT_FOUND'],
              409: ['CONFLICT', 'DOCUMENTS_LOCKED', 'INVALID_STATE'],
            }),
          },
        },
      },
      async (request) => {
        const user = partnerOf(request);
        const { id, docId } = request.params;
        const { offer } = await findPartnerOrder(db, user.companyId, id);
        const doc = await oneOf(offer.id, set.kind, docId);
        if (!set.editable.includes(offer.status as OfferStatus)) throw locked(offer.status as OfferStatus);
        const cms = decodeSignature(request.body.signature);
        const [company] = await db
          .select({ ogrn: companies.ogrn, inn: companies.inn })
          .from(companies)
          .where(eq(companies.id, user.companyId));
        const verified = await verifyOrRefuse(app, {
          cms,
          content: await readStoredBytes(app, doc.sha256),
          expected: company,
        });
        const now = app.clock.now();
        await db.transaction(async (tx) => {
          const po = await lockPartnerOrder(tx, offer.id);
          if (!set.editable.includes(po.status)) throw locked(po.status);
          const [row] = await tx
            .select({ status: dealDocuments.status })
            .from(dealDocuments)
            .where(eq(dealDocuments.id, docId));
          const [already] = await tx
            .select({ id: signatures.id })
            .from(signatures)
            .where(and(eq(signatures.dealDocumentId, docId), eq(signatures.party, 'AGENT')))
            .limit(1);
          if (!row || !['UPLOADED', 'SIGNED'].includes(row.status) || already)
            throw AppError.conflict('Документ уже подписан или отправлен', 'INVALID_STATE');
          const { signedAt } = await insertSignature(tx, {
            target: { dealDocumentId: docId },
            party: 'AGENT',
            companyId: user.companyId,
            userId: user.id,
            cms,
            verified,
            now,
          });
          await tx
            .update(dealDocuments)
            .set({
              status: 'SIGNED',
              agentSignerName: verified.signerName,
              agentSignedAt: signedAt,
              agentCertValidUntil: new Date(verified.certificate.validTo),
              agentDocumentHash: verified.documentSha256,
            })
            .where(eq(dealDocuments.id, docId));
        });
        return viewOf(offer.id, set.kind, docId);
      },
    );

    app.post(
      `${base}/sign`,
      {
        preHandler: partner,
        schema: {
          tags: TAGS,
          summary: `Sign the ${set.title} (spec core §7 partner "offer/${set.path}/sign")`,
          description:
            "For an agent whose documents need no signature (partnerSignRequired false) this records the agent's confirmation exactly " +
            'as /confirm; when a qualified signature is required it answers 409 SIGNATURE_REQUIRED ' +
            `'${SIGNATURE_REQUIRED.message}' and changes nothing (sign each document with {docId}/sign). Answers the documents. ${stage} ` +
            `Errors: 400 FILES_REQUIRED '${FILES_REQUIRED.message}', ${AUTH_ERRORS}, ${SCOPE_ERROR}, 409 SIGNATURE_REQUIRED / DOCUMENTS_LOCKED.`,
          params: OrderIdParams,
          response: {
            200: Type.Array(DocumentSchema),
            ...errorResponses(ROLE_ERRORS, CSRF_ERRORS, SIGNATURE_ERRORS, INPUT_ERRORS, {
              400: ['FILES_REQUIRED'],
              404: ['NOT_FOUND'],
              409: ['CONFLICT', 'DOCUMENTS_LOCKED', 'INVALID_STATE', 'SIGNATURE_REQUIRED'],
            }),
          },
        },
      },
      async (request) => {
        const user = partnerOf(request);
        const { offer } = await findPartnerOrder(db, user.companyId, request.params.id);
        await confirmAll(await userName(user.id), offer.id, true);
        return listOf(offer.id, set.kind);
      },
    );

    app.post(
      `${base}/confirm`,
      {
        preHandler: partner,
        schema: {
          tags: TAGS,
          summary: `Confirm the ${set.title} (spec core §7 partner "offer/${set.path}/confirm")`,
          description:
            "Records the agent's confirmation (signer = the user's name, time, SHA-256 of the content) on every document not yet " +
            `confirmed: status UPLOADED → SIGNED. Not required before /send. Answers the documents. ${stage} ` +
            `Errors: 400 FILES_REQUIRED '${FILES_REQUIRED.message}', ${AUTH_ERRORS}, ${SCOPE_ERROR}, 409 DOCUMENTS_LOCKED.`,
          params: OrderIdParams,
          response: {
            200: Type.Array(DocumentSchema),
            ...errorResponses(ROLE_ERRORS, CSRF_ERRORS, INPUT_ERRORS, {
              400: ['FILES_REQUIRED'],
              404: ['NOT_FOUND'],
              409: ['CONFLICT', 'DOCUMENTS_LOCKED', 'INVALID_STATE'],
            }),
          },
        },
      },
      async (request) => {
        const user = partnerOf(request);
        const { offer } = await findPartnerOrder(db, user.companyId, request.params.id);
        await confirmAll(await userName(user.id), offer.id, false);
        return listOf(offer.id, set.kind);
      },
    );

    app.post(
      `${base}/send`,
      {
        preHandler: partner,
        schema: {
          tags: TAGS,
          summary: `Send the ${set.title} to the client (spec core §7 partner "offer/${set.path}/send"; §4 → ${send.to})`,
          description:
            `One transaction: the transition ${send.action} (offer ${set.editable.join('/')} → ${send.to}, compare-and-set, history) and every ` +
            "document of the set → SENT. With partnerSignRequired every document must carry the agent's qualified signature ({docId}/sign). " +
            'Answers the request as GET {id}. ' +
            `Errors: 400 FILES_REQUIRED '${FILES_REQUIRED.message}' (no document; nothing written), ${AUTH_ERRORS}, ${SCOPE_ERROR}, ` +
            `409 SIGNATURE_REQUIRED '${SIGNATURE_REQUIRED.message}', INVALID_STATE or CONFLICT.`,
          params: OrderIdParams,
          response: {
            200: PartnerOrderDetailSchema,
            ...errorResponses(ROLE_ERRORS, CSRF_ERRORS, INPUT_ERRORS, {
              400: ['FILES_REQUIRED'],
              404: ['NOT_FOUND'],
              409: ['CONFLICT', 'INVALID_STATE', 'SIGNATURE_REQUIRED'],
            }),
          },
        },
      },
      async (request) => {
        const user = partnerOf(request);
        const { id } = request.params;
        const { offer } = await findPartnerOrder(db, user.companyId, id);
        await runTransition(db, {
          action: send.action,
          actor: user,
          orderId: id,
          now: app.clock.now(),
          within: async (tx) => {
            const po = await lockPartnerOrder(tx, offer.id);
            if (po.partnerSignRequired) {
              const all = await tx
                .select({ id: dealDocuments.id })
                .from(dealDocuments)
                .where(
                  and(
                    eq(dealDocuments.partnerOrderId, offer.id),
                    eq(dealDocuments.kind, set.kind),
                    inArray(dealDocuments.status, ['UPLOADED', 'SIGNED']),
                  ),
                );
              const signed = all.length
                ? await tx
                    .select({ id: signatures.dealDocumentId })
                    .from(signatures)
                    .where(
                      and(
                        inArray(
                          signatures.dealDocumentId,
                          all.map((d) => d.id),
                        ),
                        eq(signatures.party, 'AGENT'),
                      ),
                    )
                : [];
              const signedIds = new Set(signed.map((x) => x.id));
              if (all.some((d) => !signedIds.has(d.id)))
                throw AppError.conflict(SIGNATURE_REQUIRED.message, SIGNATURE_REQUIRED.code);
            }
            const docs = await tx
              .update(dealDocuments)
              .set({ status: 'SENT' })
              .where(
                and(
                  eq(dealDocuments.partnerOrderId, offer.id),
                  eq(dealDocuments.kind, set.kind),
                  inArray(dealDocuments.status, ['UPLOADED', 'SIGNED', 'SENT']),
                ),
              )
              .returning({ id: dealDocuments.id });
            if (!docs.length) throw AppError.validation([{ field: 'file', ...FILES_REQUIRED }], FILES_REQUIRED.message);
          },
        });
        return loadPartnerDetail(db, user.companyId, id);
      },
    );
  }
}
