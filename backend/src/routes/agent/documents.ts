/**
 * Referral partner area (issue 11; docs/rest-api.md "Company, requisites, documents and acts"): documents and acts
 * with the operator, signed by both sides (spec core §3 "Referral partner: documents/acts (type ACT or DOCUMENT, name,
 * number, description, file, agent signature, operator signature, created)"; §5 partner documents ≤ 50 MB; §8
 * "Signature"). A signed-in referral partner (data role AGENT) in his own session only; he reaches only his company's
 * documents (another partner's answers 404 DOCUMENT_NOT_FOUND, exactly like a missing one).
 *
 *   GET    /api/secured/agent/documents              the list, newest first, with both signatures and the status
 *   GET    /api/secured/agent/documents/{id}/file    the content (Content-Disposition attachment)
 *   POST   /api/secured/agent/documents              upload a DOCUMENT (multipart: name, number, description, file)
 *   POST   /api/secured/agent/documents/{id}/sign    the partner's qualified signature `{ signature }`
 *   DELETE /api/secured/agent/documents/{id}         remove an unsigned document the partner uploaded
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { REFERRAL_DOCUMENT_STATUS_LABELS, REFERRAL_DOCUMENT_STATUSES } from '@platform/domain/referral/documents';
import { partnerDocuments } from '../../admin/referral-partners.js';
import { receiveDocumentUpload } from '../../admin/referral-partners-upload.js';
import { AppError } from '../../errors.js';
import { sendStoredFile } from '../../files/storage.js';
import { companyIdOf } from '../../plugins/auth.js';
import {
  addReferralPartnerDocument,
  REFERRAL_DOCUMENT_MESSAGES,
  removeReferralPartnerDocument,
  signReferralPartnerDocument,
} from '../../referral/documents.js';
import { SignatureSchema, SignBodySchema } from '../../verification/signatures.js';
import { CSRF_ERRORS, errorResponses, INPUT_ERRORS, literalUnion, ROLE_ERRORS, SIGNATURE_ERRORS } from '../schemas.js';

const BASE = '/api/secured/agent/documents';
const TAGS = ['agent'];
const AUTH =
  '401 UNAUTHORIZED; 403 FORBIDDEN (not a referral partner, or a partner acting as a client); 404 COMPANY_NOT_FOUND';

/** A document or act as the partner sees it. */
export const AgentDocumentSchema = Type.Object(
  {
    id: Type.Integer({ description: 'Document id' }),
    type: literalUnion(['ACT', 'DOCUMENT'], { description: 'ACT (an act) or DOCUMENT (any other document)' }),
    name: Type.String(),
    number: Type.Union([Type.String(), Type.Null()], { description: 'Number, free text; null when not given' }),
    description: Type.Union([Type.String(), Type.Null()]),
    file: Type.Object({
      name: Type.String({ description: 'File name as uploaded' }),
      size: Type.Integer({ description: 'Bytes (at most 50 MB)' }),
      mime: Type.String({ description: 'MIME type detected from the content' }),
    }),
    uploadedBy: literalUnion(['OPERATOR', 'REFERRAL_PARTNER'], {
      description: 'Which side uploaded it: the operator (acts and documents) or the partner (documents)',
    }),
    agentSignature: SignatureSchema,
    operatorSignature: SignatureSchema,
    status: literalUnion(REFERRAL_DOCUMENT_STATUSES, {
      description:
        'AWAITING_PARTNER (the partner has not signed), AWAITING_OPERATOR (only the partner signed), SIGNED (both)',
    }),
    statusLabel: Type.String({
      description: "'Ожидает подписи партнёра', 'Ожидает подписи оператора' or 'Подписан обеими сторонами'",
    }),
    canDelete: Type.Boolean({ description: 'The partner uploaded it and neither side signed it' }),
    createdAt: Type.String({ description: 'Uploaded, UTC ISO 8601' }),
  },
  { description: 'Document or act between the referral partner and the operator (spec core §3 "Referral partner")' },
);

const IdParams = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description: 'Document id' }),
});

type Doc = Awaited<ReturnType<typeof partnerDocuments>>[number];
/** The partner's view of a document (admin/referral-partners.ts `partnerDocuments`). */
function agentView(d: Doc) {
  return {
    id: d.id,
    type: d.type,
    name: d.name,
    number: d.number,
    description: d.description,
    file: d.file,
    uploadedBy: d.createdBy.side,
    agentSignature: d.agentSignature,
    operatorSignature: d.operatorSignature,
    status: d.status,
    statusLabel: REFERRAL_DOCUMENT_STATUS_LABELS[d.status],
    canDelete: d.createdBy.side === 'REFERRAL_PARTNER' && !d.agentSignature && !d.operatorSignature,
    createdAt: d.createdAt,
  };
}

export default async function agentDocumentsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.dbh.db;
  const guard = app.requireRole('AGENT');

  const oneDocument = async (companyId: number, id: number) => {
    const [doc] = await partnerDocuments(db, companyId, id);
    if (!doc) throw AppError.notFound(REFERRAL_DOCUMENT_MESSAGES.notFound, 'DOCUMENT_NOT_FOUND');
    return doc;
  };

  app.get(
    BASE,
    {
      preHandler: guard,
      schema: {
        tags: TAGS,
        summary: 'The partner\'s documents and acts (issue 11; spec core §3 "Referral partner: documents/acts")',
        description: `→ [AgentDocument], newest first (removed ones are not listed); a signature is null until that side signs. Errors: ${AUTH}.`,
        security: [{ session: [] }],
        response: {
          200: Type.Array(AgentDocumentSchema),
          ...errorResponses(ROLE_ERRORS, { 404: ['COMPANY_NOT_FOUND'] }),
        },
      },
    },
    async (request) => (await partnerDocuments(db, companyIdOf(request))).map(agentView),
  );

  app.get(
    `${BASE}/:id/file`,
    {
      preHandler: guard,
      schema: {
        tags: TAGS,
        summary: 'Download a document or act (issue 11)',
        description:
          'The exact stored bytes (what both sides sign) with the detected Content-Type, Content-Disposition attachment (RFC 5987 UTF-8 name), ' +
          `nosniff, no-store. Errors: 404 DOCUMENT_NOT_FOUND 'Документ не найден' (missing, removed or another partner's; NOT_FOUND when the content is gone); 400 VALIDATION_ERROR; ${AUTH}.`,
        security: [{ session: [] }],
        params: IdParams,
        produces: ['application/octet-stream'],
        response: {
          200: Type.Unsafe<Buffer>({ type: 'string', format: 'binary', description: 'The file bytes' }),
          ...errorResponses(ROLE_ERRORS, {
            400: ['VALIDATION_ERROR'],
            404: ['COMPANY_NOT_FOUND', 'DOCUMENT_NOT_FOUND', 'NOT_FOUND'],
          }),
        },
      },
    },
    async (request, reply) => {
      const doc = await oneDocument(companyIdOf(request), request.params.id);
      return sendStoredFile(app, request, reply, {
        sha256: doc.sha256,
        contentType: doc.file.mime,
        name: doc.file.name,
      });
    },
  );

  app.post(
    BASE,
    {
      preHandler: guard,
      schema: {
        tags: TAGS,
        summary: 'Upload a document for the operator (issue 11; spec core §3, §5 ≤ 50 MB)',
        description:
          'multipart/form-data: text fields `name` (required), `number`, `description` (and optionally `type`, which must be DOCUMENT: acts come from the operator) FIRST, ' +
          'then one file part `file` (≤ 50 MB, type decided by the content as every upload: PDF, JPEG, PNG, WebP, DOCX, XLSX, ODT, ODS, DOC/XLS by name, UTF-8 .txt). ' +
          'One transaction: the stored file, the document (type DOCUMENT) and the audit entry REFERRAL_PARTNER_DOCUMENT_UPLOAD. → 201 AgentDocument. ' +
          "Errors: 400 VALIDATION_ERROR (type TYPE_INVALID 'Партнёр загружает только документы', name REQUIRED, TOO_LONG, file REQUIRED / FILE_EMPTY / FILE_NAME_REQUIRED); " +
          `413 FILE_TOO_LARGE 'Превышен размер файла'; 415 UNSUPPORTED_FILE_TYPE 'Недопустимый тип файла' or UNSUPPORTED_MEDIA_TYPE; 403 CSRF_INVALID; ${AUTH}. A refused upload stores nothing.`,
        security: [{ session: [] }],
        consumes: ['multipart/form-data'],
        response: {
          201: AgentDocumentSchema,
          ...errorResponses(ROLE_ERRORS, CSRF_ERRORS, {
            400: ['BAD_REQUEST', 'VALIDATION_ERROR'],
            404: ['COMPANY_NOT_FOUND'],
            413: ['FILE_TOO_LARGE'],
            415: ['UNSUPPORTED_FILE_TYPE', 'UNSUPPORTED_MEDIA_TYPE'],
          }),
        },
      },
    },
    async (request, reply) => {
      const companyId = companyIdOf(request);
      const { fields, accepted } = await receiveDocumentUpload(app, request, 'DOCUMENT');
      const docId = await addReferralPartnerDocument(app, {
        companyId,
        by: 'REFERRAL_PARTNER',
        userId: request.user!.id,
        fields,
        accepted,
      });
      return reply.status(201).send(agentView(await oneDocument(companyId, docId)));
    },
  );

  app.post(
    `${BASE}/:id/sign`,
    {
      preHandler: guard,
      schema: {
        tags: TAGS,
        summary: "The partner's qualified electronic signature of a document or act (issue 11; spec core §3, §8)",
        description:
          'Body `{ signature }`: base64 of the DER CMS SignedData (CAdES-BES, detached, ≤ 64 KiB) over the exact bytes of GET …/{id}/file. The server verifies it ' +
          "with the trust store (TRUSTED_CA_DIR) and checks that the certificate belongs to the partner's company (OGRN/OGRNIP and INN), exactly as the verification " +
          "application (issue 8). In ONE transaction: the signature row (party REFERRAL_PARTNER), the document's agent signature and the audit entry REFERRAL_PARTNER_DOCUMENT_AGENT_SIGN. " +
          "→ the AgentDocument. Errors (nothing written): 400 with the issue 8 codes and §8 texts (COMPANY_MISMATCH 'Ошибка подписи: сертификат выдан другой организации…', " +
          'INDIVIDUAL_SIGNATURE_UNSUPPORTED, DOCUMENT_MISMATCH, SIGNATURE_MALFORMED, SIGNATURE_INVALID, CERTIFICATE_UNTRUSTED / EXPIRED / NOT_YET_VALID, SIGNATURE_ALGORITHM_UNSUPPORTED); ' +
          `409 DOCUMENT_ALREADY_SIGNED '${REFERRAL_DOCUMENT_MESSAGES.alreadySigned}'; 404 DOCUMENT_NOT_FOUND; 400 VALIDATION_ERROR; 403 CSRF_INVALID; ${AUTH}.`,
        security: [{ session: [] }],
        params: IdParams,
        body: SignBodySchema,
        response: {
          200: AgentDocumentSchema,
          ...errorResponses(ROLE_ERRORS, CSRF_ERRORS, INPUT_ERRORS, SIGNATURE_ERRORS, {
            404: ['COMPANY_NOT_FOUND', 'DOCUMENT_NOT_FOUND'],
            409: ['DOCUMENT_ALREADY_SIGNED'],
          }),
        },
      },
    },
    async (request) => {
      const companyId = companyIdOf(request);
      const { id } = request.params;
      await signReferralPartnerDocument(app, {
        companyId,
        docId: id,
        party: 'REFERRAL_PARTNER',
        userId: request.user!.id,
        signature: request.body.signature,
      });
      return agentView(await oneDocument(companyId, id));
    },
  );

  app.delete(
    `${BASE}/:id`,
    {
      preHandler: guard,
      schema: {
        tags: TAGS,
        summary: 'Remove a document the partner uploaded, while unsigned (issue 11)',
        description:
          'Only a document the partner uploaded and neither side signed. One transaction with the audit entry REFERRAL_PARTNER_DOCUMENT_AGENT_DELETE. → 204. ' +
          `Errors: 409 DOCUMENT_SIGNED 'Подписанный документ нельзя удалить'; 403 DOCUMENT_NOT_OWN '${REFERRAL_DOCUMENT_MESSAGES.notOwn}' (an operator's upload); ` +
          `404 DOCUMENT_NOT_FOUND; 400 VALIDATION_ERROR; 403 CSRF_INVALID; ${AUTH}.`,
        security: [{ session: [] }],
        params: IdParams,
        response: {
          204: Type.Null({ description: 'Removed' }),
          ...errorResponses(ROLE_ERRORS, CSRF_ERRORS, {
            400: ['VALIDATION_ERROR'],
            403: ['DOCUMENT_NOT_OWN'],
            404: ['COMPANY_NOT_FOUND', 'DOCUMENT_NOT_FOUND'],
            409: ['DOCUMENT_SIGNED'],
          }),
        },
      },
    },
    async (request, reply) => {
      await removeReferralPartnerDocument(app, {
        companyId: companyIdOf(request),
        docId: request.params.id,
        by: 'REFERRAL_PARTNER',
        userId: request.user!.id,
      });
      return reply.status(204).send(null);
    },
  );
}
