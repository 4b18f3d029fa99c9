/**
 * Payment agents for the operator's work on an order (spec core §7 Operator "GET /partners/active", "partners",
 * "partners/send"; §1 step 2 scoring): the active agents, the scoring candidates with their fit (domain/partner-fit.ts:
 * countries, currency, limits, direction, goods rule, minimums, blocked) and sending the order to chosen agents — an
 * agent the order does not fit needs an override with a comment (stored on its partner order, audit FIT_OVERRIDE); a
 * blocked agent can never be chosen. Reading (the active list, the scoring) needs ORDERS_VIEW or ORDERS_MANAGE; sending
 * needs ORDERS_MANAGE.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { checklists } from '../../../db/schema/accounts.js';
import type { DbOrTx } from '../../../db/client.js';
import { companies, users } from '../../../db/schema/core.js';
import { orders, partnerOrders } from '../../../db/schema/orders.js';
import { partnerCurrencySettings, partnerLimits, partnerProfiles } from '../../../db/schema/partner.js';
import { compareDecimal } from '@platform/domain/deal/money';
import { isOpenOffer, type OfferStatus } from '@platform/domain/deal/statuses';
import { recordAudit } from '../../../admin/audit.js';
import { runTransition } from '../../../deal/repository.js';
import { FIT_REASON_CODES, partnerFit, type FitAgent, type PartnerFit } from '../../../domain/partner-fit.js';
import { AppError } from '../../../errors.js';
import { CSRF_ERRORS, errorResponses, INPUT_ERRORS, literalUnion, RIGHT_ERRORS } from '../../schemas.js';
import { Type } from 'typebox';
import { BASE, TAGS, Nullable, IdParams, OperOrderSchema, operOrder } from './schemas.js';

const FitSchema = Type.Object(
  {
    fits: Type.Boolean({ description: "True when the order fits the agent's product passport and limits" }),
    reasons: Type.Array(
      Type.Object({
        code: literalUnion(FIT_REASON_CODES, { description: 'Stable code of the failed check' }),
        message: Type.String({ description: 'Russian text for the operator' }),
      }),
      { description: 'Why the order does not fit (empty when it fits)' },
    ),
  },
  { description: 'Fit of the order to the agent (backend/src/domain/partner-fit.ts)' },
);

const PARTNER_BLOCKED = 'Платёжный агент заблокирован: заявку ему отправить нельзя';

export default async function operatorOrderPartnerRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.dbh.db;
  const view = app.requireRight('ORDERS_VIEW', 'ORDERS_MANAGE');
  const manage = app.requireRight('ORDERS_MANAGE');

  app.get(
    '/api/secured/oper/partners/active',
    {
      preHandler: view,
      schema: {
        tags: TAGS,
        summary: 'Active payment agents (spec core §7 Operator "GET /partners/active")',
        description:
          'Payment agent companies (data role PARTNER), not blocked, with at least one active user, by brand: `[{ id, brand, shortName, inn, ' +
          'signRequired, currencies }]`. Errors: 401 UNAUTHORIZED, 403 FORBIDDEN / RIGHT_REQUIRED.',
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
          ...errorResponses(RIGHT_ERRORS),
        },
      },
    },
    async () =>
      (await activePartners(db)).map(({ id, brand, shortName, inn, signRequired, currencies }) => ({
        id,
        brand,
        shortName,
        inn,
        signRequired,
        currencies,
      })),
  );

  app.get(
    `${BASE}/:id/partners`,
    {
      preHandler: view,
      schema: {
        tags: TAGS,
        summary:
          'Scoring: which payment agents are chosen or available for an order, and whether the order fits each (spec core §7 Operator "partners"; §1 step 2)',
        description:
          'Every active (not blocked) payment agent with: `fit` `{ fits, reasons: [{ code, message }] }` (countries, currency, limits, ' +
          'direction, goods rule, minimum payment, minimum monthly volume — backend/src/domain/partner-fit.ts), `currencySupported` ' +
          '(the order currency is in its currency settings), `withinLimits` (the amount is inside its limits for that currency; true ' +
          'without limits for it), `partnerOrderStatus` (its offer status when the order was sent to it, else null), ' +
          '`fitOverrideComment` (the operator comment when it was sent despite not fitting), `sent` (it holds an open offer) and ' +
          '`available` (it can be chosen now: not holding an open offer and not having refused). Errors: 400, 401, 403, 404 NOT_FOUND.',
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
              fitOverrideComment: Nullable(Type.String()),
              sent: Type.Boolean(),
              available: Type.Boolean(),
              fit: FitSchema,
            }),
          ),
          ...errorResponses(RIGHT_ERRORS, INPUT_ERRORS, { 404: ['NOT_FOUND'] }),
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const ctx = await orderFitContext(db, id);
      const partners = await activePartners(db);
      const pos = await db
        .select({
          partnerId: partnerOrders.partnerCompanyId,
          status: partnerOrders.status,
          fitOverrideComment: partnerOrders.fitOverrideComment,
        })
        .from(partnerOrders)
        .where(eq(partnerOrders.orderId, id));
      return partners.map((p) => {
        const po = pos.find((x) => x.partnerId === p.id);
        const lim = p.fitAgent.limits.find((l) => l.currencyCode === ctx.order.currency);
        const within =
          (lim?.amountFrom == null || compareDecimal(ctx.order.amount, lim.amountFrom) >= 0) &&
          (lim?.amountTo == null || compareDecimal(ctx.order.amount, lim.amountTo) <= 0);
        const open = !!po && isOpenOffer(po.status as OfferStatus);
        return {
          partnerId: p.id,
          brand: p.brand,
          shortName: p.shortName,
          inn: p.inn,
          signRequired: p.signRequired,
          currencySupported: p.currencies.includes(ctx.order.currency),
          withinLimits: within,
          partnerOrderStatus: po?.status ?? null,
          fitOverrideComment: po?.fitOverrideComment ?? null,
          sent: open,
          available: !open && po?.status !== 'REJECTED',
          fit: partnerFit(ctx.order, p.fitAgent, ctx.client),
        };
      });
    },
  );

  app.post(
    `${BASE}/:id/partners/send`,
    {
      preHandler: manage,
      schema: {
        tags: TAGS,
        summary:
          'Send an order to chosen payment agents (spec core §7 Operator "partners/send"; §1 step 2): → ACTIVE, their offers ALLOWED',
        description:
          'Body `{ partnerIds: [companyId…], comment?, overrides?: [{ partnerId, comment }] }`. From IN_VALIDATION (the order becomes ' +
          'ACTIVE) or ACTIVE (more agents while no offer is accepted). Each chosen agent gets a partner order in ALLOWED ' +
          '(partnerSignRequired from its profile); an agent whose offer was withdrawn is re-opened. An agent the order does not fit ' +
          '(see the scoring `fit`) needs an override `{ partnerId, comment }` (comment required, ≤ 1000 characters): it is stored on ' +
          'the partner order (fitOverrideComment) with the audit entry FIT_OVERRIDE (entityType PARTNER_ORDER) in the same ' +
          'transaction. Errors: 400 PARTNERS_REQUIRED / PARTNER_UNKNOWN (not a payment agent) / PARTNER_NOT_FIT (items per agent ' +
          'with the reasons; nothing written) / OVERRIDE_COMMENT_REQUIRED, 401, 403, 404, 409 PARTNER_BLOCKED (a blocked agent can ' +
          'never be chosen) / INVALID_STATE (not taken yet, or past ACTIVE) / PARTNER_ALREADY_SENT / PARTNER_REFUSED / CONFLICT.',
        params: IdParams,
        body: Type.Object({
          partnerIds: Type.Array(Type.Integer({ minimum: 1 }), {
            maxItems: 100,
            description: 'Company ids of the chosen payment agents',
          }),
          comment: Type.Optional(Nullable(Type.String({ maxLength: 4000 }))),
          overrides: Type.Optional(
            Type.Array(
              Type.Object({
                partnerId: Type.Integer({ minimum: 1, description: 'Company id of a chosen agent that does not fit' }),
                comment: Type.String({ maxLength: 1000, description: 'Why the order goes to it anyway (required)' }),
              }),
              { maxItems: 100, description: 'Overrides of the fit, one per chosen agent that does not fit' },
            ),
          ),
        }),
        response: {
          200: OperOrderSchema,
          ...errorResponses(RIGHT_ERRORS, CSRF_ERRORS, INPUT_ERRORS, {
            400: ['PARTNERS_REQUIRED', 'PARTNER_UNKNOWN', 'PARTNER_NOT_FIT', 'OVERRIDE_COMMENT_REQUIRED'],
            404: ['NOT_FOUND'],
            409: ['CONFLICT', 'INVALID_STATE', 'PARTNER_ALREADY_SENT', 'PARTNER_REFUSED', 'PARTNER_BLOCKED'],
          }),
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const actor = request.user;
      if (!actor) throw AppError.unauthorized();
      const body = request.body;
      const ids = [...new Set(body.partnerIds)];
      const overrides = new Map<number, string>();
      for (const [i, o] of (body.overrides ?? []).entries()) {
        const comment = o.comment.trim();
        if (!comment) {
          const message = 'Укажите комментарий: почему заявка отправляется агенту, которому она не подходит';
          throw new AppError(400, 'OVERRIDE_COMMENT_REQUIRED', message, [
            { field: `overrides.${i}.comment`, code: 'OVERRIDE_COMMENT_REQUIRED', message },
          ]);
        }
        overrides.set(o.partnerId, comment);
      }
      const ctx = await orderFitContext(db, id);
      await refuseBlocked(db, ids);
      const agents = await fitAgents(db, ids);
      const fits = new Map<number, { brand: string; fit: PartnerFit }>();
      for (const a of agents)
        fits.set(a.id, { brand: a.brand ?? a.shortName, fit: partnerFit(ctx.order, a.fitAgent, ctx.client) });
      const notFit = [...fits].filter(([, f]) => !f.fit.fits);
      const missing = notFit.filter(([pid]) => !overrides.has(pid));
      if (missing.length) {
        const errors = missing.map(([pid, f]) => ({
          field: `overrides.${pid}`,
          code: 'PARTNER_NOT_FIT',
          message: `${f.brand}: ${f.fit.reasons.map((r) => r.message).join('; ')}`,
        }));
        throw new AppError(
          400,
          'PARTNER_NOT_FIT',
          missing.length === 1
            ? `Заявка не подходит агенту ${errors[0].message}. Чтобы отправить, укажите комментарий`
            : 'Заявка не подходит нескольким агентам. Чтобы отправить, укажите комментарий для каждого',
          errors,
        );
      }
      const overridden = notFit.filter(([pid]) => overrides.has(pid));
      await runTransition(db, {
        action: 'OPER_SEND_TO_PARTNERS',
        actor,
        orderId: id,
        partnerIds: body.partnerIds,
        comment: body.comment ?? null,
        now: app.clock.now(),
        within: async (tx, t) => {
          await refuseBlocked(tx, ids);
          for (const [pid, f] of overridden) {
            const comment = overrides.get(pid) ?? '';
            const [po] = await tx
              .update(partnerOrders)
              .set({ fitOverrideComment: comment })
              .where(and(eq(partnerOrders.orderId, id), eq(partnerOrders.partnerCompanyId, pid)))
              .returning({ id: partnerOrders.id });
            if (!po) continue;
            await recordAudit(
              tx,
              {
                actorUserId: actor.id,
                action: 'FIT_OVERRIDE',
                entityType: 'PARTNER_ORDER',
                entityId: po.id,
                entityName: `Заявка ${id} → ${f.brand}`,
                before: null,
                after: { orderId: id, partnerId: pid, reasons: f.fit.reasons },
                comment,
              },
              t.now,
            );
          }
        },
      });
      return operOrder(db, id);
    },
  );
}

/** 409 PARTNER_BLOCKED when one of `ids` is a blocked payment agent. */
async function refuseBlocked(db: DbOrTx, ids: readonly number[]): Promise<void> {
  if (!ids.length) return;
  const blocked = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(inArray(companies.id, [...ids]), eq(companies.kind, 'PARTNER'), eq(companies.status, 'SUSPENDED')));
  if (blocked.length) throw AppError.conflict(PARTNER_BLOCKED, 'PARTNER_BLOCKED');
}

/** The order and the client's checklist as the fit reads them; 404 NOT_FOUND without the order. */
async function orderFitContext(db: DbOrTx, id: number) {
  const [o] = await db
    .select({
      amount: orders.amount,
      currency: orders.currency,
      countryCode: orders.countryCode,
      paymentType: orders.paymentType,
      goodsLocation: orders.goodsLocation,
      companyId: orders.companyId,
    })
    .from(orders)
    .where(eq(orders.id, id));
  if (!o) throw AppError.notFound('Заявка не найдена');
  const [cl] = await db
    .select({ monthly: checklists.monthlyCurrencyPayment })
    .from(checklists)
    .where(eq(checklists.companyId, o.companyId));
  return {
    order: {
      amount: o.amount,
      currency: o.currency,
      countryCode: o.countryCode,
      paymentType: o.paymentType,
      goodsLocation: o.goodsLocation,
    },
    client: { monthlyVolumeUsd: cl ? cl.monthly.toFixed(2) : null },
  };
}

/** Payment agents `ids` (or every one without `ids`) with what the fit reads, by brand. */
async function fitAgents(db: DbOrTx, ids?: readonly number[], activeOnly = false) {
  const conds = [eq(companies.kind, 'PARTNER')];
  if (ids) {
    if (!ids.length) return [];
    conds.push(inArray(companies.id, [...ids]));
  }
  if (activeOnly)
    conds.push(
      ne(companies.status, 'SUSPENDED'),
      sql`exists (select 1 from ${users} where ${users.companyId} = ${companies.id} and ${users.status} = 'ACTIVE')`,
    );
  const rows = await db
    .select({
      id: companies.id,
      brand: companies.brand,
      shortName: companies.shortName,
      inn: companies.inn,
      status: companies.status,
      p: partnerProfiles,
    })
    .from(companies)
    .leftJoin(partnerProfiles, eq(partnerProfiles.partnerCompanyId, companies.id))
    .where(and(...conds))
    .orderBy(asc(companies.brand), asc(companies.id));
  const all = rows.map((r) => r.id);
  const cur = all.length
    ? await db
        .select()
        .from(partnerCurrencySettings)
        .where(inArray(partnerCurrencySettings.partnerCompanyId, all))
        .orderBy(asc(partnerCurrencySettings.currencyCode))
    : [];
  const lim = all.length
    ? await db.select().from(partnerLimits).where(inArray(partnerLimits.partnerCompanyId, all))
    : [];
  return rows.map((r) => {
    const currencies = cur.filter((c) => c.partnerCompanyId === r.id);
    const fitAgent: FitAgent = {
      blocked: r.status === 'SUSPENDED',
      supportedCountries: r.p?.supportedCountries ?? [],
      currencies: currencies.map((c) => ({ currencyCode: c.currencyCode, indicativeRate: c.indicativeRate })),
      limits: lim
        .filter((l) => l.partnerCompanyId === r.id)
        .map((l) => ({ currencyCode: l.currencyCode, amountFrom: l.amountFrom, amountTo: l.amountTo })),
      clientDirection: r.p?.clientDirection ?? 'BOTH',
      goodsImportRule: r.p?.goodsImportRule ?? 'UNIMPORTANT',
      minPaymentUsd: r.p?.minPaymentUsd ?? null,
      minMonthlyVolumeUsd: r.p?.minMonthlyVolumeUsd ?? null,
    };
    return {
      id: r.id,
      brand: r.brand,
      shortName: r.shortName,
      inn: r.inn,
      signRequired: r.p?.signRequired ?? false,
      currencies: currencies.map((c) => c.currencyCode),
      fitAgent,
    };
  });
}

/** Payment agents that can be chosen: not blocked, with an active user. */
function activePartners(db: DbOrTx) {
  return fitAgents(db, undefined, true);
}
