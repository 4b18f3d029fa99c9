/** Routes of the orders area (spec core §7): the client's order calls; partner and operator calls come next. */
import type { FastifyInstance } from 'fastify';
import clientOrderRoutes from './client.js';

export default async function ordersRoutes(app: FastifyInstance): Promise<void> {
  await app.register(clientOrderRoutes);
}
