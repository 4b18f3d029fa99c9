/** Routes of the accounts area: sign-in, registration, e-mail and password flows, current user, client info. */
import type { FastifyInstance } from 'fastify';
import sessionRoutes from './session.js';

export default async function accountsRoutes(app: FastifyInstance): Promise<void> {
  await app.register(sessionRoutes);
}
