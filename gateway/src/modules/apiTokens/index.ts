/**
 * API tokens in the graph (issue 12 "API tokens"; schema.graphql region "Integrators: API tokens"; REST
 * docs/rest-api.md "API tokens"):
 *
 *   Viewer.apiTokens    GET    /api/secured/api-tokens        (empty for accounts without tokens)
 *   createApiToken      POST   /api/secured/api-tokens        → CreateApiTokenSuccess { token (once), apiToken } | UserError
 *   revokeApiToken      DELETE /api/secured/api-tokens/{id}   → RevokeApiTokenSuccess | UserError API_TOKEN_NOT_FOUND
 *   ApiToken (Node)     node(id) reads the viewer's own list
 *
 * With `Authorization: Bearer vpt_…` the upstream session forwards the token (rest/session.ts); the read-only rule is
 * {@link apiTokenReadOnlyPlugin}: a mutation is refused before execution with FORBIDDEN.
 */
import type { ApolloServerPlugin } from '@apollo/server';
import { GraphQLError } from 'graphql/index.js';
import { fromGlobalId, toGlobalId } from 'graphql-relay';
import { API_TOKEN_ERRORS, mayUseApiTokens } from '@platform/domain/integrations/apiTokens';
import type { GatewayContext } from '../../context.js';
import { apiTokenReadOnlyError } from './bearer.js';
import type { ApiToken, Resolvers } from '../../generated/resolvers-types.js';
import type { CurrentUserDto } from '../../rest/contract.js';
import { mutationResult, toGraphQLError } from '../../rest/errors.js';
import type { AnswerOf } from '../../rest/openapi.js';

type ApiTokenDto = AnswerOf<'GET', '/api/secured/api-tokens'>[number];

function toGraph(dto: ApiTokenDto): ApiToken & { __typename: 'ApiToken' } {
  return {
    __typename: 'ApiToken',
    id: toGlobalId('ApiToken', String(dto.id)),
    name: dto.name,
    scope: dto.scope,
    prefix: dto.prefix,
    createdAt: dto.createdAt,
    expiresAt: dto.expiresAt,
    lastUsedAt: dto.lastUsedAt,
    revokedAt: dto.revokedAt,
    status: dto.status,
  };
}

/** Whether the viewer may hold tokens: a client, a payment agent, an operator with ORDERS_VIEW. */
function mayManage(viewer: CurrentUserDto): boolean {
  if (!mayUseApiTokens(viewer.account.type)) return false;
  return viewer.account.type !== 'OPER' || viewer.userRights.includes('ORDERS_VIEW');
}

function refuseTokenSession(ctx: GatewayContext): void {
  if (ctx.session.usesApiToken())
    throw new GraphQLError(API_TOKEN_ERRORS.manageWithToken.message, { extensions: { code: 'FORBIDDEN' } });
}

async function list(ctx: GatewayContext): Promise<ApiTokenDto[]> {
  return ctx.loaders.memo('apiTokens', () => ctx.api.session.call('GET', '/api/secured/api-tokens'));
}

/** node(id) for an ApiToken: one of the viewer's own tokens, else null. */
export async function apiTokenNode(
  id: string,
  ctx: GatewayContext,
): Promise<(ApiToken & { __typename: 'ApiToken' }) | null> {
  if (ctx.session.usesApiToken()) return null;
  const viewer = await ctx.loaders.viewer();
  if (!viewer || !mayManage(viewer)) return null;
  const found = (await list(ctx)).find((t) => String(t.id) === id);
  return found ? toGraph(found) : null;
}

function rawId(globalId: string): number | null {
  try {
    const { type, id } = fromGlobalId(globalId);
    const n = Number(id);
    return type === 'ApiToken' && /^\d+$/.test(id) && Number.isSafeInteger(n) && n > 0 ? n : null;
  } catch {
    return null;
  }
}

export const resolvers: Resolvers = {
  Viewer: {
    apiTokens: async (viewer, _args, ctx) => {
      refuseTokenSession(ctx);
      if (!mayManage(viewer)) return [];
      try {
        return (await list(ctx)).map(toGraph);
      } catch (err) {
        throw toGraphQLError(err);
      }
    },
  },
  Mutation: {
    createApiToken: async (_root, { input }, ctx) => {
      refuseTokenSession(ctx);
      return mutationResult(
        async () => {
          const created = await ctx.api.session.call('POST', '/api/secured/api-tokens', {
            body: { name: input.name, ...(input.expiresAt ? { expiresAt: input.expiresAt } : {}) },
          });
          return {
            __typename: 'CreateApiTokenSuccess' as const,
            token: created.token,
            apiToken: toGraph(created.apiToken),
          };
        },
        {},
        { forbiddenAsUserError: true },
      );
    },
    revokeApiToken: async (_root, { input }, ctx) => {
      refuseTokenSession(ctx);
      const id = rawId(input.id);
      if (id === null)
        return {
          __typename: 'UserError' as const,
          code: API_TOKEN_ERRORS.notFound.code,
          message: API_TOKEN_ERRORS.notFound.message,
          field: 'id',
          fieldErrors: [],
          retryAfterSeconds: null,
        };
      return mutationResult(async () => {
        const revoked = await ctx.api.session.call('DELETE', '/api/secured/api-tokens/{id}', { params: { id } });
        return { __typename: 'RevokeApiTokenSuccess' as const, apiToken: toGraph(revoked) };
      });
    },
  },
  CreateApiTokenResult: { __resolveType: (r) => r.__typename },
  RevokeApiTokenResult: { __resolveType: (r) => r.__typename },
};

/**
 * Read-only API tokens (issue 12): an operation of type mutation sent with `Authorization: Bearer vpt_…` is refused
 * before anything executes, with FORBIDDEN and 'API-токен даёт доступ только на чтение'.
 */
export const apiTokenReadOnlyPlugin: ApolloServerPlugin<GatewayContext> = {
  async requestDidStart({ contextValue }) {
    if (!contextValue.session.usesApiToken()) return;
    return {
      async didResolveOperation({ operation }) {
        if (operation?.operation === 'mutation') throw apiTokenReadOnlyError();
      },
    };
  },
};
