/**
 * Referral partner area in the graph (issue 11), part "company, requisites, documents and acts": the region of
 * schema.graphql it implements (docs/rest-api.md "Company, requisites, documents and acts").
 *
 *   ReferralPartnerArea.company / requisites / documents   GET /api/secured/agent/company | requisites | documents
 *   ReferralPartnerArea.documentUploadUrl                  /files/agent/documents (gateway/src/http/files.ts)
 *   updateReferralPartnerContacts                          PUT /api/secured/agent/company/contacts
 *   signReferralPartnerDocument                            POST /api/secured/agent/documents/{id}/sign
 *   deleteReferralPartnerAreaDocument                      DELETE /api/secured/agent/documents/{id}
 *   signReferralPartnerDocumentAsOperator                  POST /api/secured/oper/agents/{id}/documents/{docId}/sign
 *   ReferralPartnerDocument.status / statusLabel / viewerCanSign   the operator's view of the same documents
 *
 * Requisite changes go through the existing createBankRequisite / updateBankRequisite / deleteBankRequisite, which act
 * on the partner's company when the viewer is a referral partner (./requisites.ts). Backend refusals are UserError.
 */
import { fromGlobalId, toGlobalId } from 'graphql-relay';
import { REFERRAL_DOCUMENT_STATUS_LABELS } from '@platform/domain/referral/documents';
import type { GatewayContext } from '../../../context.js';
import type { Resolvers } from '../../../generated/resolvers-types.js';
import { mutationResult, queryResult } from '../../../rest/errors.js';
import { changed, documentRefOf, viewerIsAllowed } from '../../admin/referralPartners/index.js';
import { notFoundError } from '../../admin/ids.js';
import { viewerHasRight } from '../../admin/node.js';
import { loadRequisites } from '../../company/resolvers.js';
import { byTypename } from '../../unions.js';
import type { ReferralPartnerAreaDocumentParent } from './parents.js';

const COMPANY_KEY = 'agent:company';
const DOCS_KEY = 'agent:documents';
const DOC_NOT_FOUND = notFoundError('DOCUMENT_NOT_FOUND', 'Документ не найден', null);

/** Upload path of the partner's documents on the gateway's origin (http/files.ts). */
export const AGENT_DOCUMENT_UPLOAD_URL = '/files/agent/documents';
/** Download path of one of the partner's documents on the gateway's origin (http/files.ts). */
export const agentDocumentDownloadUrl = (id: number) => `/files/agent/documents/${id}`;

/** The backend id of `ReferralPartnerAreaDocument:<id>`; null for anything else. */
export function areaDocumentIdOf(id: string): number | null {
  try {
    const g = fromGlobalId(id);
    if (g.type !== 'ReferralPartnerAreaDocument' || !/^\d{1,15}$/.test(g.id)) return null;
    const n = Number(g.id);
    return n >= 1 && Number.isSafeInteger(n) ? n : null;
  } catch {
    return null;
  }
}

const loadCompany = (ctx: GatewayContext) =>
  ctx.loaders.memo(COMPANY_KEY, () => ctx.session.call('GET', '/api/secured/agent/company'));
const loadDocuments = (ctx: GatewayContext) =>
  ctx.loaders.memo(DOCS_KEY, () => ctx.session.call('GET', '/api/secured/agent/documents'));

export const resolvers: Resolvers = {
  ReferralPartnerArea: {
    company: (_v, _a, ctx) => queryResult(() => loadCompany(ctx)),
    requisites: (_v, _a, ctx) => queryResult(() => loadRequisites(ctx)),
    documents: (_v, _a, ctx) => queryResult(() => loadDocuments(ctx)),
    documentUploadUrl: () => AGENT_DOCUMENT_UPLOAD_URL,
  },
  ReferralPartnerCompany: {
    company: (p) => p.company,
  },
  ReferralPartnerAreaDocument: {
    id: (d) => toGlobalId('ReferralPartnerAreaDocument', String(d.id)),
    documentId: (d) => d.id,
    fileName: (d) => d.file.name,
    fileSize: (d) => d.file.size,
    mimeType: (d) => d.file.mime,
    downloadUrl: (d) => agentDocumentDownloadUrl(d.id),
    // The partner cannot download the operator's .sig (GET /api/secured/common/signatures/{id} is scoped to the
    // signing company and operators): its details are shown without the link.
    operatorSignature: (d) => (d.operatorSignature ? { ...d.operatorSignature, id: null } : null),
    viewerCanSign: (d) => !d.agentSignature,
    viewerCanDelete: (d) => d.canDelete,
  },
  ReferralPartnerDocument: {
    statusLabel: (d) => REFERRAL_DOCUMENT_STATUS_LABELS[d.status],
    viewerCanSign: async (d, _a, ctx) =>
      !d.operatorSignature && viewerHasRight(await ctx.loaders.viewer(), 'REFERRAL_PARTNERS'),
  },
  UpdateReferralPartnerContactsResult: byTypename,
  SignReferralPartnerDocumentResult: byTypename,
  DeleteReferralPartnerAreaDocumentResult: byTypename,
  SignReferralPartnerDocumentAsOperatorResult: byTypename,
  Mutation: {
    updateReferralPartnerContacts: (_r, { input }, ctx) =>
      mutationResult(async () => {
        const company = await ctx.session.call('PUT', '/api/secured/agent/company/contacts', {
          body: {
            extraPhones: [...input.extraPhones],
            extraEmails: [...input.extraEmails],
            actualAddress: input.actualAddress ?? null,
          },
        });
        ctx.loaders.forget(COMPANY_KEY);
        return { __typename: 'UpdateReferralPartnerContactsSuccess' as const, company };
      }),
    signReferralPartnerDocument: async (_r, { id, signature }, ctx) => {
      const docId = areaDocumentIdOf(id);
      if (docId === null) return DOC_NOT_FOUND;
      return mutationResult(async () => {
        const document: ReferralPartnerAreaDocumentParent = await ctx.session.call(
          'POST',
          '/api/secured/agent/documents/{id}/sign',
          { params: { id: docId }, body: { signature } },
        );
        ctx.loaders.forget(DOCS_KEY);
        return { __typename: 'SignReferralPartnerDocumentSuccess' as const, document };
      });
    },
    deleteReferralPartnerAreaDocument: async (_r, { id }, ctx) => {
      const docId = areaDocumentIdOf(id);
      if (docId === null) return DOC_NOT_FOUND;
      return mutationResult(async () => {
        await ctx.session.call('DELETE', '/api/secured/agent/documents/{id}', { params: { id: docId } });
        ctx.loaders.forget(DOCS_KEY);
        const viewer = await ctx.loaders.viewer();
        return {
          __typename: 'DeleteReferralPartnerAreaDocumentSuccess' as const,
          deletedDocumentId: id,
          referralPartnerArea: viewer!,
        };
      });
    },
    signReferralPartnerDocumentAsOperator: async (_r, { id, signature }, ctx) => {
      await viewerIsAllowed(ctx);
      const ref = documentRefOf(id);
      if (!ref) return DOC_NOT_FOUND;
      return mutationResult(async () => {
        const d = await ctx.session.call('POST', '/api/secured/oper/agents/{id}/documents/{docId}/sign', {
          params: { id: ref.partnerId, docId: ref.docId },
          body: { signature },
        });
        changed(ctx, ref.partnerId);
        return {
          __typename: 'SignReferralPartnerDocumentAsOperatorSuccess' as const,
          document: { ...d, partnerId: ref.partnerId },
        };
      });
    },
  },
};
