/**
 * Operator administration (issue 10; spec core §2 "Operator area", §7 Operator): clients, payment agents (data role
 * PARTNER), referral partners (data role AGENT), operators with roles and rights, and the audit log. Every route
 * checks its operator right (`app.requireRight`, RIGHT_ERRORS) and writes an audit entry in the transaction of the
 * change (admin/audit.ts `recordAudit`).
 */
import type { FastifyInstance } from 'fastify';
import adminAuditRoutes from './audit.js';
import adminClientsRoutes from './clients.js';
import adminInboxRoutes from './inbox.js';
import adminOperatorsRoutes from './operators.js';
import adminPaymentAgentsRoutes from './payment-agents.js';
import adminReferralPartnersRoutes from './referral-partners.js';

export default async function adminRoutes(app: FastifyInstance): Promise<void> {
  await app.register(adminClientsRoutes);
  await app.register(adminPaymentAgentsRoutes);
  await app.register(adminReferralPartnersRoutes);
  await app.register(adminOperatorsRoutes);
  await app.register(adminAuditRoutes);
  await app.register(adminInboxRoutes);
}
