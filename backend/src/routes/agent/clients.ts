/**
 * Referral partner area (issue 11; docs/rest-api.md "Referral partner area"): the partner's clients: list, add by OGRN/OGRNIP with the client's approval, consent of a company already on the platform, remove, extra contacts, card by OGRN (slice: clients).
 */
import type { FastifyInstance } from 'fastify';

export default async function agentClientsRoutes(app: FastifyInstance): Promise<void> {
  void app;
}
