/**
 * What the error page shows for a failed request (spec chat-and-shell §2, §8 "Unread statistics fail on chat detail
 * route: error page with the response status and message"): the backend's HTTP status and Russian message. The gateway
 * answers GraphQL errors with HTTP 200 and puts the status of a deliberate 4xx backend answer into
 * `extensions.upstreamStatus` (schema.graphql conventions; gateway/src/rest/errors.ts), so:
 * - a GraphQL error with `extensions.upstreamStatus` → that status and the error's message;
 * - otherwise a failed HTTP answer (status ≥ 400) → that status and the message;
 * - anything else (network failure, masked INTERNAL_SERVER_ERROR, a crash) → 500 with the message when there is one.
 * Duck-typed on `GraphQLRequestError` (system/relay/environment.ts) so that it imports nothing.
 */

/** Status and message of the error page. */
export interface ErrorPageContent {
  status: number;
  message?: string;
}

interface ErrorItem {
  message?: unknown;
  extensions?: { upstreamStatus?: unknown; [key: string]: unknown };
}

const isHttpError = (status: unknown): status is number =>
  typeof status === 'number' && Number.isInteger(status) && status >= 400 && status <= 599;

/** The error page's status and message for `error` (see the module comment). */
export function errorPageOf(error: unknown): ErrorPageContent {
  if (!(error instanceof Error)) return { status: 500 };
  const { status, errors } = error as Error & { status?: unknown; errors?: ReadonlyArray<ErrorItem> };
  const withStatus = Array.isArray(errors)
    ? (errors as ErrorItem[]).find((e) => isHttpError(e.extensions?.upstreamStatus))
    : undefined;
  if (withStatus) {
    const message = typeof withStatus.message === 'string' && withStatus.message ? withStatus.message : error.message;
    return { status: withStatus.extensions?.upstreamStatus as number, message: message || undefined };
  }
  return { status: isHttpError(status) ? status : 500, message: error.message || undefined };
}
