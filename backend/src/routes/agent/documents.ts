/**
 * Referral partner area (issue 11; docs/rest-api.md "Referral partner area"): documents and acts with the operator, signed by both sides (slice: documents).
 */
import type { FastifyInstance } from 'fastify';

export default async function agentDocumentsRoutes(app: FastifyInstance): Promise<void> {
  void app;
}
