/**
 * The client's company page in GraphQL (issue 8; spec core §2 Client "my company" with tabs main data, account, bank
 * requisites; §3 "Company", "Client info / contact", "Bank requisite"; §5; §7 Client requisites and "Registration-data
 * update"; docs/rest-api.md "Company, bank requisites…"):
 *
 *   Company.ogrnKind … verifiedAt   §3 fields of GET /api/secured/client/info, read for the viewer's own client company
 *   Viewer.bankRequisites           GET /api/secured/client/requisites as a Relay connection (offset cursors); for a
 *                                   referral partner his company's (/api/secured/agent/requisites, issue 11), and the
 *                                   three requisite mutations below act on it too (referral/documents/requisites.ts)
 *   BankRequisite (Node)            node(id) resolves the viewer company's requisite only (resolveBankRequisiteNode)
 *   updateRegistrationData          PUT /api/secured/client/regdata
 *   createBankRequisite             POST /api/secured/client/requisites/create
 *   updateBankRequisite             PUT /api/secured/client/requisites/{id}
 *   deleteBankRequisite             DELETE /api/secured/client/requisites/{id}
 *
 * Refusals of the backend (VALIDATION_ERROR items BIK_INVALID, BIK_NOT_FOUND, ACCOUNT_INVALID, ACCOUNT_CONTROL_KEY,
 * RUSSIAN_LETTERS, PHONE_INVALID, SITE_INVALID; REQUISITE_DUPLICATE, REQUISITES_LIMIT, REQUISITE_NOT_FOUND) are
 * `UserError` through rest/errors.ts mutationResult; the field paths are the input's (`bankBik`, `checkAccount`, `phone`…).
 */
import { GraphQLError } from 'graphql/index.js';
import { cursorToOffset, fromGlobalId, offsetToCursor, toGlobalId } from 'graphql-relay';
import type { GatewayContext } from '../../context.js';
import type {
  BankRequisite as GBankRequisite,
  BankRequisiteResolvers,
  CompanyResolvers,
  MutationResolvers,
  ViewerResolvers,
} from '../../generated/resolvers-types.js';
import type { BankRequisiteDto, CompanyDto, CurrentUserDto } from '../../rest/contract.js';
import { mutationResult, nullIfAbsent, queryResult, UpstreamError, userErrorFrom } from '../../rest/errors.js';
import type { Strict } from '../strict.js';
import { requisitesApi } from '../referral/documents/requisites.js';

/** Accounts whose own company has bank requisites: clients and referral partners (issue 11). */
const HAS_REQUISITES: readonly string[] = ['CLIENT', 'AGENT'];

const MAX_FIRST = 100;
/** Memo key of the requisites list (forgotten after a change). */
const REQUISITES_KEY = 'bankRequisites';

/**
 * The requisites of the viewer's company (a client's, or a referral partner's: issue 11), at most once per operation.
 */
export function loadRequisites(ctx: GatewayContext): Promise<BankRequisiteDto[]> {
  return ctx.loaders.memo(REQUISITES_KEY, async () => (await requisitesApi(ctx)).list());
}

/**
 * The §3 details of a company: the DTO itself when it came from GET /client/info, else (the current user's summary)
 * the client info of the viewer's own company; null when there is none to read (other roles' companies).
 */
async function details(c: CompanyDto, ctx: GatewayContext): Promise<CompanyDto | null> {
  if (c.liquidated !== undefined) return c;
  const viewer = await ctx.loaders.viewer();
  if (!viewer || viewer.account.type !== 'CLIENT' || viewer.company?.id !== c.id) return null;
  const info = await nullIfAbsent(() => ctx.loaders.clientInfo());
  return info?.company ?? null;
}

/** The §3 Company fields of issue 8, merged into viewer/resolvers.ts `Company`. */
export const CompanyDetails: Required<
  Pick<
    CompanyResolvers,
    | 'ogrnKind'
    | 'registrationAuthority'
    | 'registrationAuthorityAddress'
    | 'registrationDate'
    | 'okved'
    | 'actualAddress'
    | 'ceo'
    | 'liquidated'
    | 'signatureConfirmed'
    | 'verifiedAt'
  >
> = {
  ogrnKind: (c) => (c.ogrn?.length === 13 ? 'OGRN' : c.ogrn?.length === 15 ? 'OGRNIP' : null),
  registrationAuthority: async (c, _a, ctx) => (await details(c, ctx))?.registrationAuthority ?? null,
  registrationAuthorityAddress: async (c, _a, ctx) => (await details(c, ctx))?.registrationAuthorityAddress ?? null,
  registrationDate: async (c, _a, ctx) => (await details(c, ctx))?.registrationDate ?? null,
  okved: async (c, _a, ctx) => (await details(c, ctx))?.okved ?? null,
  actualAddress: async (c, _a, ctx) => (await details(c, ctx))?.actualAddress ?? null,
  ceo: async (c, _a, ctx) => {
    const ceo = (await details(c, ctx))?.ceo;
    return ceo && (ceo.firstName || ceo.middleName || ceo.lastName) ? ceo : null;
  },
  liquidated: async (c, _a, ctx) => (await details(c, ctx))?.liquidated ?? false,
  signatureConfirmed: async (c, _a, ctx) => (await details(c, ctx))?.signatureConfirmed ?? c.verified,
  verifiedAt: async (c, _a, ctx) => (await details(c, ctx))?.verifiedAt ?? null,
};

export const BankRequisite: Strict<BankRequisiteResolvers, BankRequisiteDto, GBankRequisite> = {
  id: (r) => toGlobalId('BankRequisite', String(r.id)),
  requisiteId: (r) => r.id,
};

/** The viewer company's requisite with backend id `id` (node(id)); null for another company's, a non-client or a bad id. */
export async function resolveBankRequisiteNode(
  id: string,
  ctx: GatewayContext,
  viewer: CurrentUserDto,
): Promise<(BankRequisiteDto & { __typename: 'BankRequisite' }) | null> {
  if (!HAS_REQUISITES.includes(viewer.account.type) || !/^\d{1,10}$/.test(id)) return null;
  const list = await nullIfAbsent(() => loadRequisites(ctx));
  const r = list?.find((x) => String(x.id) === id);
  return r ? { ...r, __typename: 'BankRequisite' } : null;
}

const edge = (r: BankRequisiteDto, offset: number) => ({ cursor: offsetToCursor(offset), node: r });

export const Viewer: Pick<ViewerResolvers, 'bankRequisites'> = {
  bankRequisites: async (u, args, ctx) => {
    if (!HAS_REQUISITES.includes(u.account.type)) return null;
    const first = args.first ?? 20;
    if (!Number.isInteger(first) || first < 1 || first > MAX_FIRST)
      throw new GraphQLError(`first must be 1..${MAX_FIRST}`, { extensions: { code: 'BAD_USER_INPUT' } });
    let offset = 0;
    if (args.after) {
      const n = cursorToOffset(args.after);
      if (!Number.isInteger(n) || n < 0)
        throw new GraphQLError('after is not a cursor of this connection', { extensions: { code: 'BAD_USER_INPUT' } });
      offset = n + 1;
    }
    const all = await queryResult(() => loadRequisites(ctx));
    const rows = all.slice(offset, offset + first);
    return {
      edges: rows.map((r, i) => edge(r, offset + i)),
      pageInfo: {
        hasNextPage: offset + rows.length < all.length,
        hasPreviousPage: offset > 0,
        startCursor: rows.length ? offsetToCursor(offset) : null,
        endCursor: rows.length ? offsetToCursor(offset + rows.length - 1) : null,
      },
      totalCount: all.length,
    };
  },
};

/** Backend id of a `BankRequisite` global id, or null. */
function requisiteId(globalId: string): number | null {
  try {
    const { type, id } = fromGlobalId(globalId);
    return type === 'BankRequisite' && /^\d{1,10}$/.test(id) && Number(id) > 0 ? Number(id) : null;
  } catch {
    return null;
  }
}

/** A UserError REQUISITE_NOT_FOUND for an id that is not a bank requisite's (the same answer as another company's). */
function notFound(id: string) {
  return userErrorFrom(
    new UpstreamError(
      404,
      { code: 'REQUISITE_NOT_FOUND', message: 'Реквизиты не найдены' },
      'PUT',
      `/api/secured/client/requisites/${encodeURIComponent(id)}`,
    ),
  );
}

/** The viewer after a change: fresh requisites, verification and client info are read again when asked. */
async function freshViewer(ctx: GatewayContext): Promise<CurrentUserDto> {
  ctx.loaders.forget(REQUISITES_KEY);
  ctx.loaders.forget('verificationDocument');
  const viewer = await ctx.api.currentUser();
  ctx.loaders.primeViewer(viewer);
  return viewer;
}

const blankToNull = (v: string | null | undefined): string | null => (v?.trim() ? v : null);

type CompanyMutations =
  'updateRegistrationData' | 'createBankRequisite' | 'updateBankRequisite' | 'deleteBankRequisite';

export const Mutation: Pick<MutationResolvers, CompanyMutations> = {
  updateRegistrationData: (_r, { input }, ctx) =>
    mutationResult(async () => {
      await ctx.api.updateRegData({
        name: input.name,
        surname: input.surname,
        patronymic: blankToNull(input.patronymic),
        phone: input.phone,
        additionalPhone: blankToNull(input.additionalPhone),
        companyWebsite: blankToNull(input.companyWebsite),
      });
      return { __typename: 'UpdateRegistrationDataSuccess' as const, viewer: await freshViewer(ctx) };
    }),
  createBankRequisite: (_r, { input }, ctx) =>
    mutationResult(async () => {
      const api = await requisitesApi(ctx);
      const created = await api.create({ bankBik: input.bankBik, checkAccount: input.checkAccount });
      const viewer = await freshViewer(ctx);
      return {
        __typename: 'CreateBankRequisiteSuccess' as const,
        bankRequisiteEdge: edge(created, created.index - 1),
        viewer,
      };
    }),
  updateBankRequisite: async (_r, { input }, ctx) => {
    const id = requisiteId(input.bankRequisiteId);
    if (id === null) return notFound(input.bankRequisiteId);
    return mutationResult(async () => {
      const updated = await (
        await requisitesApi(ctx)
      ).update(id, {
        bankBik: input.bankBik,
        checkAccount: input.checkAccount,
      });
      await freshViewer(ctx);
      return { __typename: 'UpdateBankRequisiteSuccess' as const, bankRequisite: updated };
    });
  },
  deleteBankRequisite: async (_r, { input }, ctx) => {
    const id = requisiteId(input.bankRequisiteId);
    if (id === null) return notFound(input.bankRequisiteId);
    return mutationResult(async () => {
      const rest = await (await requisitesApi(ctx)).remove(id);
      const viewer = await freshViewer(ctx);
      ctx.loaders.memo(REQUISITES_KEY, async () => rest);
      return {
        __typename: 'DeleteBankRequisiteSuccess' as const,
        deletedBankRequisiteId: input.bankRequisiteId,
        viewer,
      };
    });
  },
};
