/**
 * Routes of the operator area (spec core §7 Operator): the order calls of issue 3 (./orders/) and the operator
 * sign-in of the embedded default (./sign-in.ts: GET/POST /oper-login, POST /api/public/oper/autologin) and the
 * active operators (./users.ts: GET /api/secured/oper/users), and the administration of issue 10 (../admin/).
 */
import type { FastifyInstance } from 'fastify';
import adminRoutes from '../admin/index.js';
import operatorOrderRoutes from './orders/index.js';
import operatorSignInRoutes from './sign-in.js';
import operatorUserRoutes from './users.js';

export default async function operatorRoutes(app: FastifyInstance): Promise<void> {
  await app.register(operatorOrderRoutes);
  await app.register(operatorSignInRoutes);
  await app.register(operatorUserRoutes);
  await app.register(adminRoutes);
}
