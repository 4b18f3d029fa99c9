/**
 * Routes of the payment agent (data role PARTNER; spec core §7 "Payment agent (partner)", exact paths under
 * /api/secured/partner). Every call: role PARTNER only (403 otherwise, 401 without a session), and only orders sent to
 * the caller's company (404 otherwise, not distinguished from a missing order). Transitions go through
 * src/deal/repository.ts runTransition (compare-and-set, history).
 */
import type { FastifyInstance } from 'fastify';
import partnerDocumentRoutes from './documents.js';
import partnerOfferRoutes from './offer.js';
import partnerOrderRoutes from './orders.js';
import partnerPayCheckRoutes from './pay-checks.js';

export default async function partnerRoutes(app: FastifyInstance): Promise<void> {
  await app.register(partnerOrderRoutes);
  await app.register(partnerOfferRoutes);
  await app.register(partnerDocumentRoutes);
  await app.register(partnerPayCheckRoutes);
}
