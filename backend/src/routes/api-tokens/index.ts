/**
 * API tokens (issue 12 "API tokens"; docs/rest-api.md "API tokens"; service integrations/api-tokens.ts). A client, a
 * payment agent (PARTNER) or an operator with the right ORDERS_VIEW manages his own tokens, in a cookie session only
 * (a token request is refused with 403 API_TOKEN_SESSION_FORBIDDEN; writes with a token are refused earlier with 403
 * API_TOKEN_READ_ONLY).
 *
 *   GET    /api/secured/api-tokens        own tokens, newest first (never the token text)
 *   POST   /api/secured/api-tokens        { name, expiresAt? } → 201 { token, apiToken }: the token text, shown once
 *   DELETE /api/secured/api-tokens/{id}   revoke at once (own token only, else 404 API_TOKEN_NOT_FOUND)
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import {
  API_TOKEN_ACCOUNT_TYPES,
  API_TOKEN_ERRORS,
  API_TOKEN_MAX_DAYS,
  API_TOKEN_MAX_LIVE,
  API_TOKEN_NAME_MAX,
} from '@platform/domain/integrations/apiTokens';
import { AppError } from '../../errors.js';
import { createApiToken, listApiTokens, revokeApiToken } from '../../integrations/api-tokens.js';
import { RIGHT_REQUIRED_MESSAGE } from '../../plugins/auth.js';
import { CSRF_ERRORS, errorResponses, INPUT_ERRORS, literalUnion, RIGHT_ERRORS } from '../schemas.js';

const TAGS = ['api-tokens'];

export const ApiTokenSchema = Type.Object(
  {
    id: Type.Integer({ description: 'Token id' }),
    name: Type.String({ description: `The owner's name for it, 1–${API_TOKEN_NAME_MAX} characters` }),
    scope: literalUnion(['REPORTING'], { description: 'REPORTING: read-only queries and exports' }),
    prefix: Type.String({ description: 'The first 12 characters of the token ("vpt_" + 8), to recognise it' }),
    createdAt: Type.String({ format: 'date-time', description: 'Created, UTC ISO 8601' }),
    expiresAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
      description: 'Refused after this instant (UTC ISO 8601); null = no expiry',
    }),
    lastUsedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
      description: 'Last successful use, UTC ISO 8601, refreshed at most once a minute; null = never used',
    }),
    revokedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
      description: 'Revocation instant (UTC ISO 8601); null = not revoked',
    }),
    status: literalUnion(['ACTIVE', 'EXPIRED', 'REVOKED'], { description: 'REVOKED wins over EXPIRED' }),
  },
  { description: 'An API token of the signed-in user (never the token text)' },
);

/** Who may manage tokens: CLIENT, PARTNER, OPER (with ORDERS_VIEW), in a cookie session. */
const MANAGE_ERRORS = {
  401: RIGHT_ERRORS[401],
  403: [...RIGHT_ERRORS[403], API_TOKEN_ERRORS.manageWithToken.code],
} as const;

async function requireTokenManager(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const user = request.user;
  if (!user) throw AppError.unauthorized();
  if (request.apiToken)
    throw AppError.forbidden(API_TOKEN_ERRORS.manageWithToken.message, API_TOKEN_ERRORS.manageWithToken.code);
  if (!(API_TOKEN_ACCOUNT_TYPES as readonly string[]).includes(user.accountType)) throw AppError.forbidden();
  if (user.accountType === 'OPER' && !user.rights.includes('ORDERS_VIEW'))
    throw AppError.forbidden(RIGHT_REQUIRED_MESSAGE, 'RIGHT_REQUIRED');
}

export default async function apiTokenRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.dbh.db;

  app.get(
    '/api/secured/api-tokens',
    {
      preHandler: requireTokenManager,
      schema: {
        tags: TAGS,
        summary: 'My API tokens (issue 12)',
        description:
          'The signed-in user’s tokens, newest first, with status and last use. CLIENT, PARTNER, OPER with ORDERS_VIEW; ' +
          'cookie session only (403 API_TOKEN_SESSION_FORBIDDEN with a token).',
        response: { 200: Type.Array(ApiTokenSchema), ...errorResponses(MANAGE_ERRORS) },
      },
    },
    async (request) => listApiTokens(db, request.user!.id, app.clock.now()),
  );

  app.post(
    '/api/secured/api-tokens',
    {
      preHandler: requireTokenManager,
      schema: {
        tags: TAGS,
        summary: 'Create an API token (issue 12)',
        description:
          `Answers the token text once (\`vpt_\` + 43 base64url characters; only its SHA-256 is stored). Name 1–${API_TOKEN_NAME_MAX} ` +
          `characters after trimming, no control characters; expiresAt in the future, at most ${API_TOKEN_MAX_DAYS} days ahead, ` +
          `or absent/null for no expiry; at most ${API_TOKEN_MAX_LIVE} live tokens (400 API_TOKEN_LIMIT).`,
        body: Type.Object(
          {
            name: Type.String({ maxLength: 1000, description: `1–${API_TOKEN_NAME_MAX} characters after trimming` }),
            expiresAt: Type.Optional(
              Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
                description: 'UTC ISO 8601 instant; absent or null = no expiry',
              }),
            ),
          },
          { additionalProperties: false },
        ),
        response: {
          201: Type.Object({
            token: Type.String({ description: 'The token text: shown only here, never again' }),
            apiToken: ApiTokenSchema,
          }),
          ...errorResponses(MANAGE_ERRORS, CSRF_ERRORS, INPUT_ERRORS, { 400: [API_TOKEN_ERRORS.limit.code] }),
        },
      },
    },
    async (request, reply) => {
      const created = await createApiToken(db, request.user!.id, request.body, app.clock.now());
      return reply.status(201).send(created);
    },
  );

  app.delete(
    '/api/secured/api-tokens/:id',
    {
      preHandler: requireTokenManager,
      schema: {
        tags: TAGS,
        summary: 'Revoke an API token (issue 12)',
        description:
          'Revokes one of the user’s own tokens at once (idempotent); its next request gets 401 API_TOKEN_INVALID. ' +
          'Another user’s or an unknown id → 404 API_TOKEN_NOT_FOUND.',
        params: Type.Object({ id: Type.Integer({ minimum: 1, maximum: 9007199254740991, description: 'Token id' }) }),
        response: {
          200: ApiTokenSchema,
          ...errorResponses(MANAGE_ERRORS, CSRF_ERRORS, INPUT_ERRORS, { 404: [API_TOKEN_ERRORS.notFound.code] }),
        },
      },
    },
    async (request) => revokeApiToken(db, request.user!.id, request.params.id, app.clock.now()),
  );
}
