/**
 * Company verification and qualified electronic signatures in GraphQL (issue 8; spec core §1 "get verified", §3
 * "Documents: signature details; verification documents have a content field", §6 VERIFIED_CLIENT, §7 Client
 * verification calls, §8 "Signature"; chat-and-shell §3 "Signing certificate", §4 "Signing flow", §9 CAdES-BES detached):
 *
 *   Viewer.verification            what is missing (ADD_BANK_REQUISITES, SIGN_VERIFICATION_DOCUMENT) and the application
 *                                  (GET /api/secured/client/verification/document, only when `missing`/`document` is asked)
 *   Viewer.companyDocuments        the 'Документы' page (GET /api/secured/client/documents), Relay connection
 *   VerificationDocument           `content` (base64 PDF) fetched only when asked; `signature` likewise
 *   Signature, CertificateInfo     signature details; `signatureUrl` → /files/signatures/<id> (http/files.ts)
 *   signVerificationDocument       POST …/verification/document/sign → the viewer with VERIFIED_CLIENT at once
 *   signDocument                   a client (POST …/client/…/offer/{set}/{docId}/sign) or a payment agent
 *                                  (POST …/partner/…/offer/{set}/{docId}/sign) signs one deal document
 * Refusals of the backend (signature codes, DOCUMENT_SUPERSEDED, ALREADY_VERIFIED, INVALID_STATE, NOT_FOUND...) are
 * `UserError` through rest/errors.ts mutationResult (the one mapping place).
 */
import { GraphQLError } from 'graphql/index.js';
import { fromGlobalId, toGlobalId } from 'graphql-relay';
import type { GatewayContext } from '../../context.js';
import type {
  CompanyDocument as GCompanyDocument,
  CompanyDocumentResolvers,
  MutationResolvers,
  Signature as GSignature,
  SignatureResolvers,
  Verification as GVerification,
  VerificationDocument as GVerificationDocument,
  VerificationDocumentResolvers,
  VerificationResolvers,
  ViewerResolvers,
} from '../../generated/resolvers-types.js';
import type { CurrentUserDto, DocumentParent, SignatureDto, VerificationDocumentDto } from '../../rest/contract.js';
import { mutationResult, nullIfAbsent, queryResult, UpstreamError, userErrorFrom } from '../../rest/errors.js';
import { pagedConnection } from '../admin/connection.js';
import { orderParent, requireOrderId } from '../deal/parents.js';
import type { Strict } from '../strict.js';

/** Parent of `Verification`: the viewer it was read for. */
export interface VerificationParent {
  user: CurrentUserDto;
  verified: boolean;
  status: 'NEW' | 'VERIFIED' | 'SUSPENDED';
}

/** Gateway download path of a verification document (http/files.ts). */
export function verificationDocumentUrl(id: number): string {
  return `/files/client/verification/documents/${id}`;
}

/** Gateway download path of a detached signature (http/files.ts). */
export function signatureUrl(id: number): string {
  return `/files/signatures/${id}`;
}

/** The numeric id of a global id of `type`, or null. */
function numericId(globalId: string, type: string): number | null {
  try {
    const { type: t, id } = fromGlobalId(globalId);
    return t === type && /^\d{1,10}$/.test(id) && Number(id) > 0 ? Number(id) : null;
  } catch {
    return null;
  }
}

function badId(what: string): GraphQLError {
  return new GraphQLError(`${what} is not a valid id`, { extensions: { code: 'BAD_USER_INPUT' } });
}

/**
 * The application to sign, at most once per operation: the document, or `{ missingRequisites: true }` when the
 * backend answers 409 REQUISITES_REQUIRED, or null when the company cannot verify now (verified, suspended).
 */
function currentApplication(
  ctx: GatewayContext,
): Promise<{ document: VerificationDocumentDto | null; missingRequisites: boolean }> {
  return ctx.loaders.memo('verificationDocument', async () => {
    try {
      return { document: await ctx.api.verificationDocument(), missingRequisites: false };
    } catch (err) {
      if (err instanceof UpstreamError && err.status === 409 && err.code === 'REQUISITES_REQUIRED')
        return { document: null, missingRequisites: true };
      if (
        err instanceof UpstreamError &&
        ((err.status === 409 && err.code === 'ALREADY_VERIFIED') || err.code === 'COMPANY_SUSPENDED')
      )
        return { document: null, missingRequisites: false };
      throw err;
    }
  });
}

export const Viewer: Pick<ViewerResolvers, 'verification' | 'companyDocuments'> = {
  verification: (u) => {
    if (u.account.type !== 'CLIENT' || !u.company) return null;
    const status = (u.company.status ?? 'NEW') as VerificationParent['status'];
    const verified = (u.userRights ?? []).includes('VERIFIED_CLIENT');
    return { user: u, verified, status };
  },
  companyDocuments: async (u, args, ctx) => {
    if (u.account.type !== 'CLIENT') return null;
    return pagedConnection(
      args,
      async (page, size) => {
        const p = await ctx.api.companyDocuments(page, size);
        return { content: p.content ?? [], totalElements: p.totalElements };
      },
      { defaultFirst: 20 },
    );
  },
};

export const Verification: Strict<VerificationResolvers, VerificationParent, GVerification> = {
  verifiedAt: async (v, _a, ctx) => {
    if (!v.verified) return null;
    const info = await nullIfAbsent(() => ctx.loaders.clientInfo());
    return (info?.company as { verifiedAt?: string | null } | undefined)?.verifiedAt ?? null;
  },
  missing: async (v, _a, ctx) => {
    if (v.verified || v.status === 'SUSPENDED') return [];
    const app = await queryResult(() => currentApplication(ctx));
    return app.missingRequisites
      ? ['ADD_BANK_REQUISITES', 'SIGN_VERIFICATION_DOCUMENT']
      : ['SIGN_VERIFICATION_DOCUMENT'];
  },
  document: async (v, _a, ctx) => {
    if (v.verified || v.status === 'SUSPENDED') return null;
    return (await queryResult(() => currentApplication(ctx))).document;
  },
};

/** A verification document with its signature read once per operation (GET …/document/{id}?withSign=true). */
function documentWithSignature(ctx: GatewayContext, id: number): Promise<VerificationDocumentDto> {
  return ctx.loaders.memo(`verificationDocument:${id}`, () => ctx.api.verificationDocumentById(id, true));
}

export const VerificationDocument: Strict<
  VerificationDocumentResolvers,
  VerificationDocumentDto,
  GVerificationDocument
> = {
  id: (d) => toGlobalId('VerificationDocument', String(d.id)),
  documentId: (d) => d.id,
  content: async (d, _a, ctx) => d.content ?? (await queryResult(() => documentWithSignature(ctx, d.id))).content ?? '',
  downloadUrl: (d) => verificationDocumentUrl(d.id),
  signature: async (d, _a, ctx) => {
    if (d.signature !== undefined) return d.signature;
    if (d.status !== 'SIGNED') return null;
    return (await queryResult(() => documentWithSignature(ctx, d.id))).signature ?? null;
  },
};

export const Signature: Strict<SignatureResolvers, SignatureDto, GSignature> = {
  qualified: (s) => s.qualified ?? false,
  digestAlgorithm: (s) => s.digestAlgorithm ?? null,
  signatureAlgorithm: (s) => s.signatureAlgorithm ?? null,
  certificate: (s) => s.certificate ?? null,
  signatureUrl: (s) => (s.qualified && s.id ? signatureUrl(s.id) : null),
};

export const CompanyDocument: Strict<
  CompanyDocumentResolvers,
  import('../../rest/contract.js').CompanyDocumentDto,
  GCompanyDocument
> = {
  id: (d) => toGlobalId('CompanyDocument', `${d.kind}:${d.id}`),
  documentId: (d) => d.id,
  order: async (d, _a, ctx) => {
    if (d.orderId === null) return null;
    const orderId = d.orderId;
    const o = await nullIfAbsent(() => ctx.loaders.orderById.load(orderId));
    return o ? orderParent(o, 'CLIENT') : null;
  },
  orderNumber: (d) => (d.orderNumber === null ? null : String(d.orderNumber)),
  downloadUrl: (d) =>
    d.kind === 'VERIFICATION' ? verificationDocumentUrl(d.id) : `/files/client/orders/${d.orderId}/documents/${d.id}`,
};

/** Node resolution of `VerificationDocument:<id>` for the viewer: its company's document, else null. */
export async function verificationDocumentNode(
  id: string,
  ctx: GatewayContext,
): Promise<(VerificationDocumentDto & { __typename: 'VerificationDocument' }) | null> {
  const viewer = await ctx.loaders.viewer();
  const n = Number(id);
  if (!viewer || viewer.account.type !== 'CLIENT' || !/^\d{1,10}$/.test(id) || n < 1) return null;
  const d = await nullIfAbsent(() => documentWithSignature(ctx, n));
  return d ? { ...d, __typename: 'VerificationDocument' } : null;
}

const SET: Record<'OFFER_DOCS' | 'FINAL_DOCS', 'docs' | 'final-docs'> = {
  OFFER_DOCS: 'docs',
  FINAL_DOCS: 'final-docs',
};

export const Mutation: Pick<MutationResolvers, 'signVerificationDocument' | 'signDocument'> = {
  signVerificationDocument: (_r, { input }, ctx) => {
    const documentId = numericId(input.documentId, 'VerificationDocument');
    if (documentId === null) throw badId('documentId');
    return mutationResult(async () => {
      const res = await ctx.api.signVerificationDocument({ documentId, signature: input.signature });
      // The session's rights changed (VERIFIED_CLIENT): later fields of this operation see the new viewer.
      ctx.loaders.primeViewer(res.user);
      ctx.loaders.forget('verificationDocument');
      return { __typename: 'SignVerificationDocumentSuccess' as const, document: res.document, viewer: res.user };
    });
  },
  signDocument: async (_r, { input }, ctx) => {
    const orderId = requireOrderId(input.orderId);
    const docId = numericId(input.documentId, 'Document');
    if (docId === null) throw badId('documentId');
    const viewer = await queryResult(() => ctx.loaders.viewer());
    if (input.kind === 'DOC_EXAMPLE' || !viewer || !['CLIENT', 'PARTNER'].includes(viewer.account.type)) {
      return userErrorFrom(
        new UpstreamError(409, { code: 'INVALID_STATE', message: 'Этот документ нельзя подписать' }, 'POST', 'sign'),
      );
    }
    const set = SET[input.kind];
    const audience = viewer.account.type === 'CLIENT' ? ('CLIENT' as const) : ('PARTNER' as const);
    return mutationResult(async () => {
      const doc =
        audience === 'CLIENT'
          ? await ctx.api.clientSignDocument(orderId, set, docId, input.signature)
          : await ctx.api.partnerSignDocument(orderId, set, docId, input.signature);
      ctx.loaders.forget(audience === 'CLIENT' ? `clientDocs:${orderId}:` : `partnerDocs:${orderId}:`);
      if (audience === 'PARTNER') ctx.loaders.partnerDetail.clear(orderId);
      const document: DocumentParent = { ...doc, audience, orderId };
      return { __typename: 'SignDocumentSuccess' as const, document };
    });
  },
};
