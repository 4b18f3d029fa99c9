/**
 * POST /api/secured/client/recommendations/new-client (issue 11; spec core §2 Shared "recommend-a-client form", §7
 * Client): a client recommends another company to the platform; operators see it in the inbox.
 */
import type { FastifyInstance } from 'fastify';

export default async function recommendationRoutes(app: FastifyInstance): Promise<void> {
  void app;
}
