/**
 * Referral partner area (issue 11; docs/rest-api.md "Referral partner area"): the requests of the partner's clients and his commissions (slice: re-login).
 */
import type { FastifyInstance } from 'fastify';

export default async function agentOrdersRoutes(app: FastifyInstance): Promise<void> {
  void app;
}
