/**
 * Routes of the accounts area (spec core §7 Public, Secured common, Client info/checklist): sign-in, e-mail
 * confirmation, registration, password flows, callbacks, the debit card lead, current user, client info and checklist; and, outside
 * production only, the developer outbox of mails (docs/rest-api.md "Developer outbox").
 */
import type { FastifyInstance } from 'fastify';
import outboxRoutes from '../../mail/outbox-routes.js';
import callbackRoutes from './callbacks.js';
import cardLeadRoutes from './card-lead.js';
import recommendationRoutes from './recommendations.js';
import companyRoutes from '../company/index.js';
import clientRoutes from './client.js';
import emailRoutes from './email.js';
import passwordRoutes from './password.js';
import profileRoutes from './profile.js';
import registrationRoutes from './registration.js';
import sessionRoutes from './session.js';

export default async function accountsRoutes(app: FastifyInstance): Promise<void> {
  await app.register(sessionRoutes);
  await app.register(emailRoutes);
  await app.register(passwordRoutes);
  await app.register(registrationRoutes);
  await app.register(callbackRoutes);
  await app.register(cardLeadRoutes);
  await app.register(profileRoutes);
  await app.register(clientRoutes);
  await app.register(companyRoutes);
  await app.register(recommendationRoutes);
  if (!app.config.production) await app.register(outboxRoutes);
}
