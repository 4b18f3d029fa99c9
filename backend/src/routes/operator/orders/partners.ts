/** Payment agents for the operator: the active ones and those of one order (spec core §7 Operator "GET /partners/active", "partners"). */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { companies, users } from '../../../db/schema/core.js';
import { orders, partnerOrders } from '../../../db/schema/orders.js';
import { partnerCurrencySettings, partnerLimits, partnerProfiles } from '../../../db/schema/partner.js';
import { compareDecimal } from '@platform/domain/deal/money';
import { isOpenOffer, type OfferStatus } from '@platform/domain/deal/statuses';
import { AppError } from '../../../errors.js';
import { errorResponses, ROLE_ERRORS } from '../../schemas.js';
import { Type } from 'typebox';
import { BASE, TAGS, Nullable, IdParams } from './schemas.js';

export default async function operatorOrderPartnerRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.dbh.db;
  const oper = app.requireRole('OPER');

  app.get(
    '/api/secured/oper/partners/active',
    {
      preHandler: oper,
      schema: {
        tags: TAGS,
        summary: 'Active payment agents (spec core §7 Operator "GET /partners/active")',
        description:
          'Payment agent companies (data role PARTNER) with at least one active user, by brand: `[{ id, brand, shortName, inn, ' +
          'signRequired, currencies }]`. Errors: 401 UNAUTHORIZED, 403 FORBIDDEN.',
        response: {
          200: Type.Array(
            Type.Object({
              id: Type.Integer({ description: 'Company id (partnerId)' }),
              brand: Nullable(Type.String()),
              shortName: Type.String(),
              inn: Type.String(),
              signRequired: Type.Boolean(),
              currencies: Type.Array(Type.String({ description: 'ISO 4217 codes the agent works with' })),
            }),
          ),
          ...errorResponses(ROLE_ERRORS),
          ...errorResponses(ROLE_ERRORS),
        },
      },
    },
    async () => activePartners(),
  );

  async function activePartners() {
    const rows = await db
      .select({
        id: companies.id,
        brand: companies.brand,
        shortName: companies.shortName,
        inn: companies.inn,
        signRequired: partnerProfiles.signRequired,
      })
      .from(companies)
      .leftJoin(partnerProfiles, eq(partnerProfiles.partnerCompanyId, companies.id))
      .where(
        and(
          eq(companies.kind, 'PARTNER'),
          sql`exists (select 1 from ${users} where ${users.companyId} = ${companies.id} and ${users.status} = 'ACTIVE')`,
        ),
      )
      .orderBy(asc(companies.brand), asc(companies.id));
    const ids = rows.map((r) => r.id);
    const cur = ids.length
      ? await db
          .select({ p: partnerCurrencySettings.partnerCompanyId, c: partnerCurrencySettings.currencyCode })
          .from(partnerCurrencySettings)
          .where(inArray(partnerCurrencySettings.partnerCompanyId, ids))
          .orderBy(asc(partnerCurrencySettings.currencyCode))
      : [];
    return rows.map((r) => ({
      ...r,
      signRequired: r.signRequired ?? false,
      currencies: cur.filter((c) => c.p === r.id).map((c) => c.c),
    }));
  }

  app.get(
    `${BASE}/:id/partners`,
    {
      preHandler: oper,
      schema: {
        tags: TAGS,
        summary:
          'Scoring: which payment agents are chosen or available for an order (spec core §7 Operator "partners"; §1 step 2)',
        description:
          'Every active payment agent with: `currencySupported` (the order currency is in its currency settings), `withinLimits` ' +
          '(the amount is inside its limits for that currency; false without limits for it), `partnerOrderStatus` (its offer status when the ' +
          'order was sent to it, else null), `sent` (it holds an open offer) and `available` (it can be chosen now: not holding an open offer ' +
          'and not having refused). Errors: 400, 401, 403, 404 NOT_FOUND.',
        params: IdParams,
        response: {
          200: Type.Array(
            Type.Object({
              partnerId: Type.Integer(),
              brand: Nullable(Type.String()),
              shortName: Type.String(),
              inn: Type.String(),
              signRequired: Type.Boolean(),
              currencySupported: Type.Boolean(),
              withinLimits: Type.Boolean(),
              partnerOrderStatus: Nullable(Type.String()),
              sent: Type.Boolean(),
              available: Type.Boolean(),
            }),
          ),
          ...errorResponses(ROLE_ERRORS, { 400: ['VALIDATION_ERROR'], 404: ['NOT_FOUND'] }),
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const [o] = await db
        .select({ amount: orders.amount, currency: orders.currency })
        .from(orders)
        .where(eq(orders.id, id));
      if (!o) throw AppError.notFound('Заявка не найдена');
      const partners = await activePartners();
      const pos = await db
        .select({ partnerId: partnerOrders.partnerCompanyId, status: partnerOrders.status })
        .from(partnerOrders)
        .where(eq(partnerOrders.orderId, id));
      const limits = await db.select().from(partnerLimits).where(eq(partnerLimits.currencyCode, o.currency));
      return partners.map((p) => {
        const po = pos.find((x) => x.partnerId === p.id);
        const lim = limits.find((l) => l.partnerCompanyId === p.id);
        const within =
          !!lim &&
          (lim.amountFrom === null || compareDecimal(o.amount, lim.amountFrom) >= 0) &&
          (lim.amountTo === null || compareDecimal(o.amount, lim.amountTo) <= 0);
        const open = !!po && isOpenOffer(po.status as OfferStatus);
        return {
          partnerId: p.id,
          brand: p.brand,
          shortName: p.shortName,
          inn: p.inn,
          signRequired: p.signRequired,
          currencySupported: p.currencies.includes(o.currency),
          withinLimits: within,
          partnerOrderStatus: po?.status ?? null,
          sent: open,
          available: !open && po?.status !== 'REJECTED',
        };
      });
    },
  );
}
