/**
 * Referral partner area (issue 11; docs/rest-api.md "Referral partner area"): re-login: act as a verified client (originalUser, reLoggedRights AGENT) and return (slice: re-login).
 */
import type { FastifyInstance } from 'fastify';

export default async function agentReloginRoutes(app: FastifyInstance): Promise<void> {
  void app;
}
