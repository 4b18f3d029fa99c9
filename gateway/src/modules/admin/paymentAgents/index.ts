/**
 * Operator administration (issue 10): payment agents, data role PARTNER (spec core §3 "Payment agent profile"; §4
 * "Other states"; §7 Operator partners/*).
 *
 *   Administration.paymentAgents          POST /api/secured/oper/partners/filter?page&size (Relay connection, totalCount);
 *                                         null without PAYMENT_AGENTS
 *   Administration.paymentAgent           GET …/partners/{id}; null when unknown or without the right
 *   PaymentAgent                          list fields from the row; card fields from GET …/partners/{id}, once per
 *                                         operation and agent (the list selects none of them)
 *   Mutation.createPaymentAgent           POST …/partners
 *   Mutation.updatePaymentAgent           PUT …/partners/{id}
 *   Mutation.blockPaymentAgent / unblock  POST …/partners/{id}/block | unblock
 *   Mutation.resendPaymentAgentInvitation POST …/partners/{id}/invitation
 * Expected failures are `UserError` (field errors name the profile input's fields).
 */
import { toGlobalId } from 'graphql-relay';
import type { PaymentAgentFilter, PaymentAgentProfileInput, Resolvers } from '../../../generated/resolvers-types.js';
import type { GatewayContext } from '../../../context.js';
import type { CurrentUserDto } from '../../../rest/contract.js';
import { mutationResult, nullIfAbsent, queryResult } from '../../../rest/errors.js';
import type { BodyOf } from '../../../rest/openapi.js';
import { adminConnection } from '../connection.js';
import { adminIdOf, isBackendId, notFoundError } from '../ids.js';
import { viewerHasRight, type AdminNodeResolver } from '../node.js';
import type { PaymentAgentCard, PaymentAgentParent } from './parents.js';

type FilterBody = BodyOf<'POST', '/api/secured/oper/partners/filter'>;
type ProfileBody = BodyOf<'POST', '/api/secured/oper/partners'>;

const RIGHT = 'PAYMENT_AGENTS';

/** The GraphQL filter as the backend's body (empty fields left out). */
export function paymentAgentFilterBody(filter: PaymentAgentFilter | null | undefined): FilterBody {
  const body: FilterBody = {};
  if (!filter) return body;
  const q = filter.query?.trim();
  if (q) body.query = q;
  if (filter.status) body.status = filter.status;
  const cur = filter.currencyCode?.trim().toUpperCase();
  if (cur) body.currencyCode = cur;
  const country = filter.countryCode?.trim().toUpperCase();
  if (country) body.countryCode = country;
  return body;
}

/** The GraphQL profile input as the backend's body (`paymentCompanyId` → `id`). */
export function paymentAgentProfileBody(p: PaymentAgentProfileInput): ProfileBody {
  return {
    ...p,
    beneficiaries: p.beneficiaries.map((b) => ({ ...b })),
    contacts: p.contacts.map((c) => ({ ...c })),
    supportedCountries: [...p.supportedCountries],
    currencies: p.currencies.map((c) => ({ ...c })),
    limits: p.limits.map((l) => ({ ...l })),
    paymentCompanies: p.paymentCompanies.map(({ paymentCompanyId, requisites, ...rest }) => ({
      ...rest,
      ...(paymentCompanyId != null ? { id: paymentCompanyId } : {}),
      requisites: requisites.map((r) => ({ ...r })),
    })),
  };
}

/** Backend company id of `PaymentAgent:<n>` or of a plain numeric id; null otherwise. */
export function paymentAgentIdOf(id: string): number | null {
  return adminIdOf('PaymentAgent', id);
}

const cardKey = (id: number) => `admin:paymentAgentCard:${id}`;

/** The card of agent `id`, once per operation. */
function card(ctx: GatewayContext, p: PaymentAgentParent): Promise<PaymentAgentCard> {
  if (p.card) return Promise.resolve(p.card);
  return queryResult(() =>
    ctx.loaders.memo(cardKey(p.id), () =>
      ctx.session.call('GET', '/api/secured/oper/partners/{id}', { params: { id: p.id } }),
    ),
  );
}

async function canManage(ctx: GatewayContext): Promise<boolean> {
  return viewerHasRight(await ctx.loaders.viewer(), RIGHT);
}

/** The agent `id` as a parent, or null (unknown, or no right). */
async function loadAgent(ctx: GatewayContext, viewer: CurrentUserDto, id: number): Promise<PaymentAgentParent | null> {
  if (!viewerHasRight(viewer, RIGHT)) return null;
  const c = await ctx.loaders.memo(cardKey(id), () =>
    nullIfAbsent(() => ctx.session.call('GET', '/api/secured/oper/partners/{id}', { params: { id } })),
  );
  return c ? { id, card: c } : null;
}

function notFound() {
  return notFoundError('NOT_FOUND', 'Платёжный агент не найден', 'id');
}

/** A card-only field. */
const fromCard =
  <K extends keyof PaymentAgentCard>(key: K) =>
  async (p: PaymentAgentParent, _a: unknown, ctx: GatewayContext): Promise<PaymentAgentCard[K]> =>
    (await card(ctx, p))[key];

/** A nullable card-only field (absent → null). */
const optCard =
  <K extends keyof PaymentAgentCard>(key: K) =>
  async (p: PaymentAgentParent, _a: unknown, ctx: GatewayContext): Promise<NonNullable<PaymentAgentCard[K]> | null> =>
    (await card(ctx, p))[key] ?? null;

/** A field of both the row and the card. */
const fromRowOrCard =
  <K extends keyof PaymentAgentCard & keyof NonNullable<PaymentAgentParent['row']>>(key: K) =>
  async (p: PaymentAgentParent, _a: unknown, ctx: GatewayContext) =>
    p.row ? p.row[key] : (await card(ctx, p))[key];

export const resolvers: Resolvers = {
  Administration: {
    paymentAgents: (viewer, args, ctx) =>
      adminConnection(viewer, args, {
        right: RIGHT,
        fetchPage: (page, size) =>
          ctx.session.call('POST', '/api/secured/oper/partners/filter', {
            query: { page, size },
            body: paymentAgentFilterBody(args.filter),
          }),
        toNode: (row) => ({ id: row.id, row }),
      }),
    paymentAgent: (viewer, { id }, ctx) => {
      const n = paymentAgentIdOf(id);
      return n === null ? null : loadAgent(ctx, viewer, n);
    },
  },
  PaymentAgent: {
    id: (p) => toGlobalId('PaymentAgent', String(p.id)),
    agentId: (p) => p.id,
    status: fromRowOrCard('status'),
    brand: async (p, _a, ctx) => (p.row ? (p.row.brand ?? p.row.shortName) : (await card(ctx, p)).brand),
    shortName: fromRowOrCard('shortName'),
    inn: fromRowOrCard('inn'),
    signRequired: fromRowOrCard('signRequired'),
    createdAt: fromRowOrCard('createdAt'),
    email: async (p, _a, ctx) => (p.row ? p.row.email : (await card(ctx, p)).email || null),
    currencyCodes: async (p, _a, ctx) =>
      p.row ? p.row.currencies : (await card(ctx, p)).currencies.map((c) => c.currencyCode),
    supportedCountries: async (p, _a, ctx) => (p.row ? p.row.countries : (await card(ctx, p)).supportedCountries),
    fullName: fromCard('fullName'),
    ogrn: fromCard('ogrn'),
    kpp: optCard('kpp'),
    legalAddress: fromCard('legalAddress'),
    registrationDate: optCard('registrationDate'),
    ceoLastName: optCard('ceoLastName'),
    ceoFirstName: optCard('ceoFirstName'),
    ceoMiddleName: optCard('ceoMiddleName'),
    site: optCard('site'),
    groupOfCompanies: fromCard('groupOfCompanies'),
    groupDescription: optCard('groupDescription'),
    beneficiaries: async (p, _a, ctx) =>
      (await card(ctx, p)).beneficiaries.map((b) => ({ ...b, share: b.share ?? null })),
    contacts: async (p, _a, ctx) =>
      (await card(ctx, p)).contacts.map((c) => ({
        ...c,
        patronymic: c.patronymic ?? null,
        responsibilities: c.responsibilities ?? null,
        phone: c.phone ?? null,
        email: c.email ?? null,
      })),
    clientDirection: fromCard('clientDirection'),
    goodsImportRule: fromCard('goodsImportRule'),
    minMonthlyVolumeUsd: optCard('minMonthlyVolumeUsd'),
    minPaymentUsd: optCard('minPaymentUsd'),
    unsupportedPurposes: optCard('unsupportedPurposes'),
    requiredClosingDocuments: optCard('requiredClosingDocuments'),
    currencies: async (p, _a, ctx) =>
      (await card(ctx, p)).currencies.map((c) => ({
        ...c,
        rateTime: c.rateTime ?? null,
        comment: c.comment ?? null,
        indicativeRate: c.indicativeRate ?? null,
      })),
    limits: async (p, _a, ctx) =>
      (await card(ctx, p)).limits.map((l) => ({
        currencyCode: l.currencyCode,
        amountFrom: l.amountFrom ?? null,
        amountTo: l.amountTo ?? null,
      })),
    expertConclusion: optCard('expertConclusion'),
    paymentCompanies: fromCard('paymentCompanies'),
    licenseNumber: optCard('licenseNumber'),
    licenseDate: optCard('licenseDate'),
    serviceCommissionPercent: fromCard('serviceCommissionPercent'),
    invitation: fromCard('invitation'),
    viewerCanEdit: (_p, _a, ctx) => canManage(ctx),
    viewerCanBlock: async (p, _a, ctx) =>
      (await canManage(ctx)) && (p.row ? p.row.status : (await card(ctx, p)).status) === 'ACTIVE',
    viewerCanUnblock: async (p, _a, ctx) =>
      (await canManage(ctx)) && (p.row ? p.row.status : (await card(ctx, p)).status) === 'BLOCKED',
    viewerCanResendInvitation: async (p, _a, ctx) =>
      (await canManage(ctx)) && !(await card(ctx, p)).invitation.accepted,
  },
  PaymentAgentPaymentCompany: {
    paymentCompanyId: (c) => c.id,
    kpp: (c) => c.kpp ?? null,
    ogrn: (c) => c.ogrn ?? null,
    actualAddress: (c) => c.actualAddress ?? null,
    requisites: (c) =>
      c.requisites.map((r) => ({
        ...r,
        bankBik: r.bankBik ?? null,
        swift: r.swift ?? null,
        corrAccount: r.corrAccount ?? null,
      })),
  },
  Mutation: {
    createPaymentAgent: (_r, { input }, ctx) =>
      mutationResult(async () => {
        const c = await ctx.session.call('POST', '/api/secured/oper/partners', {
          body: paymentAgentProfileBody(input.profile),
        });
        return { __typename: 'CreatePaymentAgentSuccess' as const, paymentAgent: { id: c.id, card: c } };
      }),
    updatePaymentAgent: (_r, { input }, ctx) => {
      const id = paymentAgentIdOf(input.id);
      if (id === null) return notFound();
      return mutationResult(async () => {
        const c = await ctx.session.call('PUT', '/api/secured/oper/partners/{id}', {
          params: { id },
          body: paymentAgentProfileBody(input.profile),
        });
        ctx.loaders.forget(cardKey(id));
        return { __typename: 'UpdatePaymentAgentSuccess' as const, paymentAgent: { id, card: c } };
      });
    },
    blockPaymentAgent: (_r, { input }, ctx) => {
      const id = paymentAgentIdOf(input.id);
      if (id === null) return notFound();
      return mutationResult(async () => {
        const c = await ctx.session.call('POST', '/api/secured/oper/partners/{id}/block', {
          params: { id },
          body: { comment: input.comment ?? null },
        });
        ctx.loaders.forget(cardKey(id));
        return { __typename: 'ChangePaymentAgentStatusSuccess' as const, paymentAgent: { id, card: c } };
      });
    },
    unblockPaymentAgent: (_r, { input }, ctx) => {
      const id = paymentAgentIdOf(input.id);
      if (id === null) return notFound();
      return mutationResult(async () => {
        const c = await ctx.session.call('POST', '/api/secured/oper/partners/{id}/unblock', {
          params: { id },
          body: { comment: input.comment ?? null },
        });
        ctx.loaders.forget(cardKey(id));
        return { __typename: 'ChangePaymentAgentStatusSuccess' as const, paymentAgent: { id, card: c } };
      });
    },
    resendPaymentAgentInvitation: (_r, { input }, ctx) => {
      const id = paymentAgentIdOf(input.id);
      if (id === null) return notFound();
      return mutationResult(async () => {
        const c = await ctx.session.call('POST', '/api/secured/oper/partners/{id}/invitation', { params: { id } });
        ctx.loaders.forget(cardKey(id));
        return { __typename: 'ResendPaymentAgentInvitationSuccess' as const, paymentAgent: { id, card: c } };
      });
    },
  },
  CreatePaymentAgentResult: { __resolveType: (r) => r.__typename },
  UpdatePaymentAgentResult: { __resolveType: (r) => r.__typename },
  ChangePaymentAgentStatusResult: { __resolveType: (r) => r.__typename },
  ResendPaymentAgentInvitationResult: { __resolveType: (r) => r.__typename },
};

/** node(id:) of `PaymentAgent:<companyId>`: null for a malformed id, an unknown agent or a viewer without the right. */
const paymentAgentNode: AdminNodeResolver = async (id, ctx, viewer) => {
  if (!isBackendId(id)) return null;
  const p = await loadAgent(ctx, viewer, Number(id));
  return p ? { ...p, __typename: 'PaymentAgent' } : null;
};

/** Global id types this module resolves in node(id:), by type name. */
export const nodeTypes: Record<string, AdminNodeResolver> = { PaymentAgent: paymentAgentNode };
