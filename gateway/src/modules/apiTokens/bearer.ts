/**
 * The API token of a gateway request (issue 12 "API tokens"): `Authorization: Bearer vpt_…`. Used by the context (the
 * upstream session forwards it instead of the cookie), the read-only plugin, the rate limit and the reporting routes.
 * Other bearers (none reach the gateway today) and Basic credentials are not API tokens.
 */
import { createHash } from 'node:crypto';
import { type DocumentNode, getOperationAST, GraphQLError, parse } from 'graphql/index.js';
import { API_TOKEN_ERRORS, isApiToken } from '@platform/domain/integrations/apiTokens';

/** The API token of `Authorization: Bearer vpt_…`, else undefined. */
export function bearerApiToken(headers: Record<string, string | string[] | undefined>): string | undefined {
  const header = headers.authorization;
  if (typeof header !== 'string') return undefined;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return m && isApiToken(m[1]) ? m[1] : undefined;
}

/** SHA-256 (hex) of a token: what the gateway keys on (rate limit) instead of the secret itself. */
export function apiTokenKey(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** FORBIDDEN 'API-токен даёт доступ только на чтение' (reason API_TOKEN_READ_ONLY): a mutation sent with an API token. */
export function apiTokenReadOnlyError(): GraphQLError {
  return new GraphQLError(API_TOKEN_ERRORS.readOnly.message, {
    extensions: { code: 'FORBIDDEN', reason: API_TOKEN_ERRORS.readOnly.code, http: { status: 403 } },
  });
}

/**
 * The refusal of a graphql-ws operation sent on an API-token socket when it is a mutation (the HTTP path refuses it in
 * apiTokenReadOnlyPlugin); undefined for a query or subscription, and for a document that does not parse (graphql-ws
 * then reports the syntax error itself).
 */
export function apiTokenMutationRefusal(query: string, operationName?: string | null): GraphQLError | undefined {
  let document: DocumentNode;
  try {
    document = parse(query);
  } catch {
    return undefined;
  }
  return getOperationAST(document, operationName ?? undefined)?.operation === 'mutation'
    ? apiTokenReadOnlyError()
    : undefined;
}
