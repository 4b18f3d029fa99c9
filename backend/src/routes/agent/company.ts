/**
 * Referral partner area (issue 11; docs/rest-api.md "Referral partner area"): the partner's company and bank requisites (slice: documents).
 */
import type { FastifyInstance } from 'fastify';

export default async function agentCompanyRoutes(app: FastifyInstance): Promise<void> {
  void app;
}
