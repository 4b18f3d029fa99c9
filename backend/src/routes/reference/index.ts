/** Routes of the reference area. */
import type { FastifyInstance } from 'fastify';

export default async function referenceRoutes(_app: FastifyInstance): Promise<void> {}
