/** The bill to pay and "payment made" (spec core §4 steps 6 and 7). */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { payChecks } from '../../db/schema/deal.js';
import { partnerOrders } from '../../db/schema/orders.js';
import { loadPaymentCompany, PayCheckSchema, PaymentCompanySchema, payCheckView } from '../../deal/views.js';
import { AppError } from '../../errors.js';
import { BASE, TAGS, IdParams, OptionalComment, ClientDealSchema, ownOrder, onAccepted } from './schemas.js';
import { errorResponses, CSRF_ERRORS, INPUT_ERRORS, ROLE_ERRORS } from '../schemas.js';

export default async function clientPaymentRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.dbh.db;
  const client = app.requireRole('CLIENT');

  app.get(
    `${BASE}/:id/pay-checks/active`,
    {
      preHandler: client,
      schema: {
        tags: TAGS,
        summary: 'The bill to pay (spec core §4 step 6; §3 partnerOrders "paycheck")',
        description:
          "The current bill (ACTIVE, or CHECK_PAYMENT after 'payment made') of the accepted offer, with the payment company and its " +
          'requisites. Errors: 400, 401, 403, 404 NOT_FOUND (no such order, or no bill issued yet: code PAYCHECK_NOT_FOUND).',
        params: IdParams,
        response: {
          200: Type.Intersect([PayCheckSchema, Type.Object({ paymentCompany: PaymentCompanySchema })]),
          ...errorResponses(ROLE_ERRORS, { 400: ['VALIDATION_ERROR'], 404: ['NOT_FOUND', 'PAYCHECK_NOT_FOUND'] }),
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      await ownOrder(db, request, id);
      const [bill] = await db
        .select({ b: payChecks })
        .from(payChecks)
        .innerJoin(partnerOrders, eq(partnerOrders.id, payChecks.partnerOrderId))
        .where(
          and(
            eq(partnerOrders.orderId, id),
            inArray(payChecks.status, ['ACTIVE', 'CHECK_PAYMENT']),
            inArray(partnerOrders.status, ['SEND_PAYCHECK', 'PAYMENT_CHECKING']),
          ),
        );
      if (!bill) throw AppError.notFound('Счёт на оплату ещё не выставлен', 'PAYCHECK_NOT_FOUND');
      return { ...payCheckView(bill.b), paymentCompany: await loadPaymentCompany(db, bill.b.paymentCompanyId) };
    },
  );

  app.post(
    `${BASE}/:id/payment/made`,
    {
      preHandler: client,
      schema: {
        tags: TAGS,
        summary:
          'Mark the payment made (spec core §4 step 7): order and offer → PAYMENT_CHECKING, bill → CHECK_PAYMENT',
        description:
          'Body `{ comment? }`. Errors: 400, 401, 403, 404 NOT_FOUND, 409 INVALID_STATE (no bill issued) / PAYMENT_NOT_FOUND / CONFLICT.',
        params: IdParams,
        body: OptionalComment,
        response: {
          200: ClientDealSchema,
          ...errorResponses(ROLE_ERRORS, CSRF_ERRORS, INPUT_ERRORS, {
            404: ['NOT_FOUND'],
            409: ['CONFLICT', 'INVALID_STATE', 'PAYMENT_NOT_FOUND'],
          }),
        },
      },
    },
    async (request) =>
      onAccepted(app, request, request.params.id, 'CLIENT_MARK_PAID', { comment: request.body?.comment }),
  );
}
