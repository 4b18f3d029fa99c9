/**
 * The chat subscription's retry rule (spec chat §4 "Realtime connection"): on a connection error wait 5 s and
 * retry, unless the error is a deliberate stop (the session is gone: 401 / UNAUTHENTICATED) or has status 500
 * (INTERNAL_SERVER_ERROR: the gateway's upstream stopped for a 500 and will not recover by retrying). Pure, so the
 * rule is unit-tested without React or a socket.
 */

/** What the rule reads of an error: GraphQLRequestError's status and GraphQL errors (duck-typed). */
interface ErrorLike {
  status?: unknown;
  errors?: ReadonlyArray<{ extensions?: { code?: unknown } | null } | null> | null;
}

const NO_RETRY_CODES = new Set(['UNAUTHENTICATED', 'INTERNAL_SERVER_ERROR']);

/** Whether the chatEvents subscription should be retried (after CHAT_RETRY_DELAY_MS) after `error`. */
export function shouldRetryChatEvents(error: unknown): boolean {
  if (!error || typeof error !== 'object') return true;
  const e = error as ErrorLike;
  if (e.status === 401 || e.status === 500) return false;
  const list = Array.isArray(error) ? (error as ErrorLike['errors']) : e.errors;
  for (const item of list ?? []) {
    const code = item?.extensions?.code;
    if (typeof code === 'string' && NO_RETRY_CODES.has(code)) return false;
  }
  return true;
}
