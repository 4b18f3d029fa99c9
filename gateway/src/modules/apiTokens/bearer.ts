/**
 * The API token of a gateway request (issue 12 "API tokens"): `Authorization: Bearer vpt_…`. Used by the context (the
 * upstream session forwards it instead of the cookie), the read-only plugin, the rate limit and the reporting routes.
 * Other bearers (none reach the gateway today) and Basic credentials are not API tokens.
 */
import { createHash } from 'node:crypto';
import { isApiToken } from '@platform/domain/integrations/apiTokens';

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
