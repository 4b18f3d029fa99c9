/**
 * Operator administration (issue 10): referral partners, data role AGENT (spec core §3 "Referral partner"), in the graph.
 *
 *   Administration.referralPartners   POST /api/secured/oper/agents/filter?page&size (Relay connection, totalCount);
 *                                     null without the REFERRAL_PARTNERS right
 *   Administration.referralPartner    GET …/agents/{id}; null when absent or without the right
 *   ReferralPartner.documents         GET …/agents/{id}/documents (once per partner per operation)
 *   ReferralPartner card fields       the card GET …/agents/{id}, loaded once per partner when the parent is a list row
 *   node(id:)                         ReferralPartner:<id>, ReferralPartnerDocument:<partnerId>:<docId>
 *   createReferralPartner … deleteReferralPartnerDocument   POST/PUT/DELETE …/agents…, typed results with UserError
 * Document uploads do not pass through GraphQL: the browser posts the multipart to the file proxy
 * (`/files/oper/referral-partners/<id>/documents`, gateway/src/http/files.ts) and then refetches the partner.
 */
import { GraphQLError } from 'graphql/index.js';
import { fromGlobalId, toGlobalId } from 'graphql-relay';
import type { GatewayContext } from '../../../context.js';
import type { ReferralPartnerFilter, ReferralPartnerInput, Resolvers } from '../../../generated/resolvers-types.js';
import type { CurrentUserDto } from '../../../rest/contract.js';
import { mutationResult, nullIfAbsent, queryResult, type UserErrorResult } from '../../../rest/errors.js';
import type { BodyOf } from '../../../rest/openapi.js';
import { adminConnection } from '../connection.js';
import { adminIdOf, isBackendId, notFoundError } from '../ids.js';
import { viewerHasRight, type AdminNodeResolver } from '../node.js';
import type { ReferralPartnerCard, ReferralPartnerDocumentParent, ReferralPartnerParent } from './parents.js';

const RIGHT = 'REFERRAL_PARTNERS';
const NOT_FOUND: UserErrorResult = notFoundError('PARTNER_NOT_FOUND', 'Партнёр не найден', null);
const DOC_NOT_FOUND: UserErrorResult = notFoundError('DOCUMENT_NOT_FOUND', 'Документ не найден', null);

/** Upload path of a partner's documents on the gateway's origin (http/files.ts). */
export const documentUploadUrl = (partnerId: number) => `/files/oper/referral-partners/${partnerId}/documents`;
/** Download path of one document on the gateway's origin (http/files.ts). */
export const documentDownloadUrl = (partnerId: number, docId: number) =>
  `/files/oper/referral-partners/${partnerId}/documents/${docId}`;

/** The company id of `ReferralPartner:<n>` (or plain digits); null for anything else. */
export function partnerIdOf(id: string): number | null {
  return adminIdOf('ReferralPartner', id);
}

/** `{ partnerId, docId }` of `ReferralPartnerDocument:<partnerId>:<docId>`; null for anything else. */
export function documentRefOf(id: string): { partnerId: number; docId: number } | null {
  try {
    const g = fromGlobalId(id);
    const m = /^(\d{1,10}):(\d{1,15})$/.exec(g.id);
    if (g.type !== 'ReferralPartnerDocument' || !m || !isBackendId(m[1])) return null;
    const docId = Number(m[2]);
    return docId >= 1 && Number.isSafeInteger(docId) ? { partnerId: Number(m[1]), docId } : null;
  } catch {
    return null;
  }
}

type FilterBody = BodyOf<'POST', '/api/secured/oper/agents/filter'>;
type InputBody = BodyOf<'POST', '/api/secured/oper/agents'>;

/** The GraphQL filter as the backend's body (nulls left out). */
export function filterBody(filter: ReferralPartnerFilter | null | undefined): FilterBody {
  const body: FilterBody = {};
  if (filter?.query?.trim()) body.query = filter.query.trim();
  if (filter?.status) body.status = filter.status;
  return body;
}

/** The GraphQL input as the backend's body (null optional fields left out). */
export function inputBody(input: ReferralPartnerInput): InputBody {
  const body: InputBody = { ogrn: input.ogrn, inn: input.inn, email: input.email };
  const opt = [
    'kpp',
    'fullName',
    'shortName',
    'legalAddress',
    'actualAddress',
    'phone',
    'comment',
    'representative',
    'contractNumber',
    'contractDate',
    'commissionPercent',
  ] as const;
  for (const k of opt) {
    const v = input[k];
    if (v != null) body[k] = v;
  }
  if (input.extraPhones) body.extraPhones = [...input.extraPhones];
  if (input.extraEmails) body.extraEmails = [...input.extraEmails];
  if (input.bankRequisites)
    body.bankRequisites = input.bankRequisites.map((r) => ({ bankBik: r.bankBik, checkAccount: r.checkAccount }));
  return body;
}

const cardKey = (id: number) => `admin:referralPartner:${id}`;
export const docsKey = (id: number) => `admin:referralPartnerDocs:${id}`;

/** The card, at most once per partner per operation. */
function loadCard(ctx: GatewayContext, id: number): Promise<ReferralPartnerCard> {
  return ctx.loaders.memo(cardKey(id), () =>
    ctx.session.call('GET', '/api/secured/oper/agents/{id}', { params: { id } }),
  );
}

/** Card fields of a partner: the parent itself when it is the card, else the loaded card. */
async function card(p: ReferralPartnerParent, ctx: GatewayContext): Promise<ReferralPartnerCard> {
  if (p.bankRequisites !== undefined && p.extraPhones !== undefined) return p as ReferralPartnerCard;
  return queryResult(() => loadCard(ctx, p.id));
}

/** Forgets what a change of partner `id` made stale and primes the card. */
export function changed(ctx: GatewayContext, id: number, fresh?: ReferralPartnerCard): ReferralPartnerParent | null {
  ctx.loaders.forget(cardKey(id));
  ctx.loaders.forget(docsKey(id));
  if (fresh) void ctx.loaders.memo(cardKey(id), async () => fresh);
  return fresh ?? null;
}

/** Throws FORBIDDEN unless the viewer has the REFERRAL_PARTNERS right. */
export async function viewerIsAllowed(ctx: GatewayContext): Promise<CurrentUserDto | null> {
  const viewer = await ctx.loaders.viewer();
  if (!viewerHasRight(viewer, RIGHT))
    throw new GraphQLError('Недостаточно прав', { extensions: { code: 'FORBIDDEN' } });
  return viewer;
}

/** Runs a change of partner `id` that answers the card: success `{ referralPartner }` or UserError. */
async function cardChange(
  ctx: GatewayContext,
  id: number,
  call: () => Promise<ReferralPartnerCard | null | undefined | void>,
) {
  const r = await mutationResult(async () => {
    const answer = await call();
    changed(ctx, id);
    return answer ?? (await loadCard(ctx, id));
  });
  if ('__typename' in r) return r;
  changed(ctx, id, r);
  return { __typename: 'ReferralPartnerChangeSuccess' as const, referralPartner: r };
}

export const resolvers: Resolvers = {
  Administration: {
    referralPartners: (viewer, args, ctx) =>
      adminConnection(viewer, args, {
        right: RIGHT,
        fetchPage: (page, size) =>
          ctx.session.call('POST', '/api/secured/oper/agents/filter', {
            query: { page, size },
            body: filterBody(args.filter),
          }),
      }),
    referralPartner: async (viewer, args, ctx) => {
      if (!viewerHasRight(viewer, RIGHT)) return null;
      const id = partnerIdOf(args.id);
      return id === null ? null : nullIfAbsent(() => loadCard(ctx, id));
    },
  },
  ReferralPartner: {
    id: (p) => toGlobalId('ReferralPartner', String(p.id)),
    partnerId: (p) => p.id,
    kpp: async (p, _a, ctx) => (await card(p, ctx)).kpp,
    legalAddress: async (p, _a, ctx) => (await card(p, ctx)).legalAddress,
    actualAddress: async (p, _a, ctx) => (await card(p, ctx)).actualAddress,
    extraPhones: async (p, _a, ctx) => (await card(p, ctx)).extraPhones,
    extraEmails: async (p, _a, ctx) => (await card(p, ctx)).extraEmails,
    comment: async (p, _a, ctx) => (await card(p, ctx)).comment,
    representative: async (p, _a, ctx) => (await card(p, ctx)).representative,
    contractDate: async (p, _a, ctx) => (await card(p, ctx)).contractDate,
    invitationAccepted: async (p, _a, ctx) => (await card(p, ctx)).invitationAccepted,
    bankRequisites: async (p, _a, ctx) => (await card(p, ctx)).bankRequisites,
    documents: async (p, _a, ctx) => {
      const docs = await queryResult(() =>
        ctx.loaders.memo(docsKey(p.id), () =>
          ctx.session.call('GET', '/api/secured/oper/agents/{id}/documents', { params: { id: p.id } }),
        ),
      );
      return docs.map((d) => ({ ...d, partnerId: p.id }));
    },
    documentUploadUrl: (p) => documentUploadUrl(p.id),
    viewerCanEdit: async (_p, _a, ctx) => viewerHasRight(await ctx.loaders.viewer(), RIGHT),
    viewerCanBlock: async (p, _a, ctx) => p.status === 'ACTIVE' && viewerHasRight(await ctx.loaders.viewer(), RIGHT),
    viewerCanUnblock: async (p, _a, ctx) => p.status === 'BLOCKED' && viewerHasRight(await ctx.loaders.viewer(), RIGHT),
  },
  ReferralPartnerDocument: {
    id: (d) => toGlobalId('ReferralPartnerDocument', `${d.partnerId}:${d.id}`),
    documentId: (d) => d.id,
    fileName: (d) => d.file.name,
    fileSize: (d) => d.file.size,
    mimeType: (d) => d.file.mime,
    downloadUrl: (d) => documentDownloadUrl(d.partnerId, d.id),
    createdByName: (d) => d.createdBy.name,
    viewerCanDelete: (d) => !d.agentSignature && !d.operatorSignature,
  },
  CreateReferralPartnerResult: {
    __resolveType: (r) =>
      '__typename' in r && r.__typename === 'UserError' ? 'UserError' : 'CreateReferralPartnerSuccess',
  },
  UpdateReferralPartnerResult: {
    __resolveType: (r) =>
      '__typename' in r && r.__typename === 'UserError' ? 'UserError' : 'ReferralPartnerChangeSuccess',
  },
  ReferralPartnerStatusResult: {
    __resolveType: (r) =>
      '__typename' in r && r.__typename === 'UserError' ? 'UserError' : 'ReferralPartnerChangeSuccess',
  },
  ResendReferralPartnerInvitationResult: {
    __resolveType: (r) =>
      '__typename' in r && r.__typename === 'UserError' ? 'UserError' : 'ReferralPartnerChangeSuccess',
  },
  DeleteReferralPartnerDocumentResult: {
    __resolveType: (r) =>
      '__typename' in r && r.__typename === 'UserError' ? 'UserError' : 'DeleteReferralPartnerDocumentSuccess',
  },
  Mutation: {
    createReferralPartner: async (_root, { input }, ctx) => {
      await viewerIsAllowed(ctx);
      const r = await mutationResult(() =>
        ctx.session.call('POST', '/api/secured/oper/agents', { body: inputBody(input) }),
      );
      if ('__typename' in r) return r;
      const { invitationSent, ...fresh } = r;
      changed(ctx, fresh.id, fresh);
      return { __typename: 'CreateReferralPartnerSuccess' as const, referralPartner: fresh, invitationSent };
    },
    updateReferralPartner: async (_root, { id, input }, ctx) => {
      await viewerIsAllowed(ctx);
      const n = partnerIdOf(id);
      if (n === null) return NOT_FOUND;
      return cardChange(ctx, n, () =>
        ctx.session.call('PUT', '/api/secured/oper/agents/{id}', { params: { id: n }, body: inputBody(input) }),
      );
    },
    blockReferralPartner: async (_root, { id }, ctx) => {
      await viewerIsAllowed(ctx);
      const n = partnerIdOf(id);
      if (n === null) return NOT_FOUND;
      return cardChange(ctx, n, () =>
        ctx.session.call('POST', '/api/secured/oper/agents/{id}/block', { params: { id: n } }),
      );
    },
    unblockReferralPartner: async (_root, { id }, ctx) => {
      await viewerIsAllowed(ctx);
      const n = partnerIdOf(id);
      if (n === null) return NOT_FOUND;
      return cardChange(ctx, n, () =>
        ctx.session.call('POST', '/api/secured/oper/agents/{id}/unblock', { params: { id: n } }),
      );
    },
    resendReferralPartnerInvitation: async (_root, { id }, ctx) => {
      await viewerIsAllowed(ctx);
      const n = partnerIdOf(id);
      if (n === null) return NOT_FOUND;
      return cardChange(ctx, n, async () => {
        await ctx.session.call('POST', '/api/secured/oper/agents/{id}/invitation', { params: { id: n } });
      });
    },
    deleteReferralPartnerDocument: async (_root, { id }, ctx) => {
      await viewerIsAllowed(ctx);
      const ref = documentRefOf(id);
      if (!ref) return DOC_NOT_FOUND;
      const r = await mutationResult(async () => {
        await ctx.session.call('DELETE', '/api/secured/oper/agents/{id}/documents/{docId}', {
          params: { id: ref.partnerId, docId: ref.docId },
        });
        changed(ctx, ref.partnerId);
        return loadCard(ctx, ref.partnerId);
      });
      if ('__typename' in r) return r;
      return {
        __typename: 'DeleteReferralPartnerDocumentSuccess' as const,
        deletedDocumentId: id,
        referralPartner: r,
      };
    },
  },
};

/** node(id:) of `ReferralPartner:<id>`: null for a malformed id, a missing partner or a viewer without the right. */
const partnerNode: AdminNodeResolver = async (id, ctx, viewer) => {
  if (!viewerHasRight(viewer, RIGHT) || !isBackendId(id)) return null;
  const c = await nullIfAbsent(() => loadCard(ctx, Number(id)));
  return c ? { ...c, __typename: 'ReferralPartner' } : null;
};

/** node(id:) of `ReferralPartnerDocument:<partnerId>:<docId>`. */
const documentNode: AdminNodeResolver = async (id, ctx, viewer) => {
  if (!viewerHasRight(viewer, RIGHT)) return null;
  const ref = documentRefOf(toGlobalId('ReferralPartnerDocument', id));
  if (!ref) return null;
  const docs = await nullIfAbsent(() =>
    ctx.loaders.memo(docsKey(ref.partnerId), () =>
      ctx.session.call('GET', '/api/secured/oper/agents/{id}/documents', { params: { id: ref.partnerId } }),
    ),
  );
  const d = docs?.find((x) => x.id === ref.docId);
  const parent: ReferralPartnerDocumentParent | null = d ? { ...d, partnerId: ref.partnerId } : null;
  return parent ? { ...parent, __typename: 'ReferralPartnerDocument' } : null;
};

/** Global id types this module resolves in node(id:), by type name. */
export const nodeTypes: Record<string, AdminNodeResolver> = {
  ReferralPartner: partnerNode,
  ReferralPartnerDocument: documentNode,
};
