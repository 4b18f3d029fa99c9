/**
 * Operator administration (issue 11): the inbox of callbacks (POST /api/public/common/user/callback, /callback/{type},
 * /callback/agent) and client recommendations (POST /api/secured/client/recommendations/new-client), status NEW or
 * HANDLED, so that none is lost (docs/rest-api.md "Inbox").
 */
import type { FastifyInstance } from 'fastify';

export default async function adminInboxRoutes(app: FastifyInstance): Promise<void> {
  void app;
}
