/**
 * Referral partner area in the graph (issue 11), part "re-login, requests and commissions" (schema.graphql region
 * `# ---- Referral partner: re-login, requests and commissions`; docs/rest-api.md "Re-login, requests and commissions").
 *
 *   Viewer.originalUser                      CurrentUser.originalUser (who acts for the client by re-login)
 *   ReferralPartnerArea.orders               POST /api/secured/agent/order/exch/filter?page&size (Relay connection)
 *   ReferralPartnerArea.order                GET  /api/secured/agent/order/exch/{id}; null when not his
 *   ReferralPartnerArea.commissions          GET  /api/secured/agent/commissions?page&size (Relay connection)
 *   ReferralPartnerArea.commissionTotals     GET  /api/secured/agent/commissions/total
 *   Mutation.actAsReferralClient             POST /api/secured/agent/clients/{id}/relogin → viewer (the client)
 *   Mutation.returnToReferralPartnerArea     POST /api/secured/agent/relogin/return → viewer (the partner)
 * The re-login answers set the rotated session cookie (rest/session.ts passes Set-Cookie to the browser) and prime the
 * viewer of the operation.
 */
import { toGlobalId } from 'graphql-relay';
import type { ReferralOrderFilter, Resolvers } from '../../../generated/resolvers-types.js';
import { mutationResult, nullIfAbsent, queryResult } from '../../../rest/errors.js';
import type { BodyOf } from '../../../rest/openapi.js';
import { pagedConnection } from '../../admin/connection.js';
import { adminIdOf, notFoundError } from '../../admin/ids.js';

type FilterBody = BodyOf<'POST', '/api/secured/agent/order/exch/filter'>;

/** The GraphQL filter as the backend's body (null fields left out). */
export function orderFilterBody(filter: ReferralOrderFilter | null | undefined): FilterBody {
  const body: FilterBody = {};
  if (filter?.statuses?.length) body.statuses = [...filter.statuses];
  const number = filter?.number?.trim();
  if (number) body.id = number;
  if (filter?.clientCompanyId) body.clientCompanyId = filter.clientCompanyId;
  return body;
}

/** The Money parent (`{ cost, currency }`) of a backend `{ amount, currency }`. */
function money(m: { amount: string; currency: string }): { cost: string; currency: string } {
  return { cost: m.amount, currency: m.currency };
}

export const resolvers: Resolvers = {
  Viewer: {
    originalUser: (viewer) => viewer.originalUser ?? null,
  },
  ReferralPartnerArea: {
    orders: (_area, args, ctx) =>
      pagedConnection(args, (page, size) =>
        ctx.session.call('POST', '/api/secured/agent/order/exch/filter', {
          query: { page, size },
          body: orderFilterBody(args.filter),
        }),
      ),
    order: (_area, { id }, ctx) => {
      const n = adminIdOf('ReferralOrder', id, Number.MAX_SAFE_INTEGER);
      if (n === null) return null;
      return nullIfAbsent(() => ctx.session.call('GET', '/api/secured/agent/order/exch/{id}', { params: { id: n } }));
    },
    commissions: (_area, args, ctx) =>
      pagedConnection(args, (page, size) =>
        ctx.session.call('GET', '/api/secured/agent/commissions', { query: { page, size } }),
      ),
    commissionTotals: async (_area, _args, ctx) =>
      (await queryResult(() => ctx.session.call('GET', '/api/secured/agent/commissions/total'))).map(money),
  },
  ReferralOrder: {
    id: (o) => toGlobalId('ReferralOrder', String(o.id)),
    orderId: (o) => o.id,
    paymentType: (o) => o.paymentType as 'SENDING' | 'RECEIVING',
    amount: (o) => money(o),
    commission: (o) => (o.commission ? { amount: money(o.commission), percent: o.commission.percent } : null),
    documents: (o) => (o.documents ?? []).map((d) => ({ ...d, documentId: d.id })),
  },
  ReferralCommission: {
    id: (c) => toGlobalId('ReferralCommission', String(c.id)),
    base: (c) => money({ amount: c.baseAmount, currency: c.baseCurrency }),
    amount: (c) => money(c),
  },
  Mutation: {
    actAsReferralClient: async (_r, { clientId }, ctx) => {
      const id = adminIdOf('ReferralClient', clientId, Number.MAX_SAFE_INTEGER);
      if (id === null) return notFoundError('CLIENT_NOT_FOUND', 'Клиент не найден', 'clientId');
      return mutationResult(async () => {
        const user = await ctx.session.call('POST', '/api/secured/agent/clients/{id}/relogin', {
          params: { id },
          body: {},
        });
        ctx.loaders.primeViewer(user);
        return { __typename: 'ActAsReferralClientSuccess' as const, viewer: user };
      });
    },
    returnToReferralPartnerArea: (_r, _a, ctx) =>
      mutationResult(async () => {
        const user = await ctx.session.call('POST', '/api/secured/agent/relogin/return', { body: {} });
        ctx.loaders.primeViewer(user);
        return { __typename: 'ReturnToReferralPartnerAreaSuccess' as const, viewer: user };
      }),
  },
};
