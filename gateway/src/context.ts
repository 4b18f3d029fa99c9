/**
 * The per-operation context: one upstream session (cookie jar, anti-forgery token), the typed REST client
 * and the DataLoaders. Built per HTTP GraphQL request and per graphql-ws operation, never shared.
 */
import type { Dispatcher } from 'undici';
import { BackendApi } from './rest/client.js';
import { UpstreamSession } from './rest/session.js';
import { createLoaders, type Loaders } from './modules/loaders.js';
import type { OperationTelemetry } from './observability/operation.js';

export interface GatewayContext {
  /** The session forwarded to the backend. */
  session: UpstreamSession;
  /** Typed backend calls over `session`. */
  api: BackendApi;
  /** Per-operation caches and batches of upstream reads. */
  loaders: Loaders;
  /** Spans and metrics of this operation (issue 12; observability/operation.ts); absent over WebSocket. */
  telemetry?: OperationTelemetry;
}

export interface ContextInput {
  backendUrl: string;
  cookieHeader?: string;
  csrfToken?: string;
  /** An API token of `Authorization: Bearer vpt_…` (issue 12): forwarded instead of the cookie and anti-forgery token. */
  bearerToken?: string;
  forwardHeaders?: Record<string, string>;
  onSetCookie?: (lines: string[]) => void;
  dispatcher?: Dispatcher;
  telemetry?: OperationTelemetry;
}

export function createContext(input: ContextInput): GatewayContext {
  const session = new UpstreamSession({
    backendUrl: input.backendUrl,
    cookieHeader: input.cookieHeader,
    csrfToken: input.csrfToken,
    bearerToken: input.bearerToken,
    forwardHeaders: input.forwardHeaders,
    onSetCookie: input.onSetCookie,
    dispatcher: input.dispatcher,
    observe: input.telemetry?.observeUpstream,
  });
  const api = new BackendApi(session);
  return { session, api, loaders: createLoaders(api), telemetry: input.telemetry };
}
