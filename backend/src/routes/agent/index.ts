/**
 * The referral partner's area (issue 11; spec core §1, §2 "Agent area", §3 "Client added by a partner", "Referral
 * partner", §5, §6): REST under /api/secured/agent/…, designed in the style of §7 and documented in docs/rest-api.md
 * "Referral partner area". Every route needs a signed-in referral partner (data role AGENT) who is not acting as a
 * client, except the return from a re-login.
 */
import type { FastifyInstance } from 'fastify';
import agentClientsRoutes from './clients.js';
import agentCompanyRoutes from './company.js';
import agentDocumentsRoutes from './documents.js';
import agentOrdersRoutes from './orders.js';
import agentReloginRoutes from './relogin.js';

export default async function agentRoutes(app: FastifyInstance): Promise<void> {
  await app.register(agentClientsRoutes);
  await app.register(agentReloginRoutes);
  await app.register(agentOrdersRoutes);
  await app.register(agentCompanyRoutes);
  await app.register(agentDocumentsRoutes);
}
