/**
 * The Relay environment: one POST /graphql per operation (JSON, same-origin cookies, X-XSRF-TOKEN from the
 * XSRF-TOKEN cookie). A persisted operation (relay-compiler persistConfig) sends `doc_id` instead of the
 * query text. GraphQL errors with `extensions.code` UNAUTHENTICATED mean the session is gone (spec core §8):
 * the store is dropped (a fresh environment replaces this one) and the auth page of the area is opened.
 * Subscriptions go over graphql-ws on the same path (/graphql, WebSocket upgrade with the session cookie),
 * persisted too (`extensions.doc_id`). The socket is lazy (opened by the first subscription) and does not
 * retry by itself: a closed socket ends the subscription with an error and the subscriber resubscribes with
 * its own resume cursor (apps/chat/ChatEventsSubscriber). Each environment has its own client, so a reset
 * (sign-out, sign-in as someone else) closes the old socket and the next one carries the new cookie.
 * A query that fails with a network error or a 5xx answer is retried once after 500 ms (spec chat-and-shell §7);
 * a query run with `networkCacheConfig: { metadata: STRICT_ERRORS }` fails as a whole on any GraphQL error.
 */
import {
  Environment,
  Network,
  RecordSource,
  Store,
  Observable,
  type FetchFunction,
  type GraphQLResponse,
  type SubscribeFunction,
  type RequestParameters,
  type Variables,
} from 'relay-runtime';
import { createClient, type Client } from 'graphql-ws';
import { XSRF_HEADER, xsrfToken } from '../cookies';

export interface GraphQLErrorItem {
  message: string;
  path?: ReadonlyArray<string | number>;
  extensions?: { code?: string; [key: string]: unknown };
}

/** A failed GraphQL request: transport failure (status) or top-level GraphQL errors. */
export class GraphQLRequestError extends Error {
  constructor(
    message: string,
    public readonly status: number,
    public readonly errors: ReadonlyArray<GraphQLErrorItem> = [],
  ) {
    super(message);
    this.name = 'GraphQLRequestError';
  }
  /** First extensions.code, e.g. UNAUTHENTICATED, FORBIDDEN. */
  get code(): string | undefined {
    return this.errors.find((e) => e.extensions?.code)?.extensions?.code;
  }
}

/** The request body for an operation: `doc_id` when persisted, else the query text. */
export function requestBody(params: RequestParameters, variables: Variables): Record<string, unknown> {
  return params.id != null
    ? { doc_id: params.id, operationName: params.name, variables }
    : { query: params.text, operationName: params.name, variables };
}

type UnauthenticatedHandler = () => void;
let unauthenticatedHandler: UnauthenticatedHandler = () => undefined;

/** Installs what to do when the session is gone (set once by the app: reset the store and navigate). */
export function onUnauthenticated(handler: UnauthenticatedHandler): void {
  unauthenticatedHandler = handler;
}

async function post(params: RequestParameters, variables: Variables): Promise<Response> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
  const token = xsrfToken();
  if (token) headers[XSRF_HEADER] = token;
  return fetch('/graphql', {
    method: 'POST',
    credentials: 'same-origin',
    headers,
    body: JSON.stringify(requestBody(params, variables)),
  });
}

/** Delay before the one retry of a failed query (spec chat-and-shell §7 "Requests are retried after a 500 ms delay"). */
export const REQUEST_RETRY_DELAY_MS = 500;

/**
 * `networkCacheConfig.metadata` of a query that must fail as a whole when its answer carries any GraphQL error (the
 * gateway nulls the failed field's nearest nullable parent and answers 200): the fetch throws GraphQLRequestError with
 * the errors, so the route's error element can show the backend's status and message (spec chat-and-shell §8, the chat
 * detail route and its unread statistic).
 */
export const STRICT_ERRORS = { strictErrors: true } as const;

/**
 * Whether a failed request may be retried: a network failure (fetch rejected, no answer) or a 5xx answer of the
 * gateway. Never a GraphQL error of an answered request (4xx business failures, a lost session).
 */
export function isRetryableFailure(error: unknown): boolean {
  if (error instanceof GraphQLRequestError) return error.status >= 500 && error.status <= 599;
  return error instanceof TypeError; // fetch's network failure
}

/**
 * Runs `request`; a query (never a mutation or subscription: they are not idempotent) that fails retryably
 * (`isRetryableFailure`) is tried once more after {@link REQUEST_RETRY_DELAY_MS} (spec chat-and-shell §7, §9).
 */
export async function withRequestRetry<T>(
  operationKind: string,
  request: () => Promise<T>,
  wait: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<T> {
  try {
    return await request();
  } catch (error) {
    if (operationKind !== 'query' || !isRetryableFailure(error)) throw error;
    await wait(REQUEST_RETRY_DELAY_MS);
    return request();
  }
}

async function fetchOnce(
  params: RequestParameters,
  variables: Variables,
  strictErrors: boolean,
): Promise<GraphQLResponse> {
  // The gateway fetches and refreshes the anti-forgery token itself (and retries once, spec core §8);
  // the browser only echoes the XSRF-TOKEN cookie the gateway relayed.
  const response = await post(params, variables);
  const json = (await response.json().catch(() => null)) as (GraphQLResponse & { errors?: GraphQLErrorItem[] }) | null;
  if (!json) throw new GraphQLRequestError(`Bad response ${response.status}`, response.status);
  const errors = json.errors ?? [];
  if (errors.some((e) => e.extensions?.code === 'UNAUTHENTICATED')) {
    unauthenticatedHandler();
    throw new GraphQLRequestError(errors[0]?.message ?? 'Unauthenticated', 401, errors);
  }
  if (!('data' in json) || json.data == null || (strictErrors && errors.length > 0)) {
    throw new GraphQLRequestError(errors[0]?.message ?? 'Unknown error', response.status, errors);
  }
  return json;
}

/** The network's fetch: one POST /graphql, a query retried once after 500 ms on a network failure or a 5xx. */
export const fetchGraphQL: FetchFunction = (params, variables, cacheConfig) =>
  withRequestRetry(params.operationKind, () =>
    fetchOnce(params, variables, cacheConfig?.metadata?.strictErrors === true),
  );

/** The graphql-ws subscribe payload for an operation: `extensions.doc_id` when persisted, else the query text. */
export function subscribePayload(params: RequestParameters, variables: Variables) {
  return params.id != null
    ? { query: '', operationName: params.name, variables, extensions: { doc_id: params.id } }
    : { query: params.text ?? '', operationName: params.name, variables };
}

/** ws(s)://<this host>/graphql. */
function socketUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}/graphql`;
}

function createSubscribe(): { subscribe: SubscribeFunction; dispose: () => void } {
  let client: Client | null = null;
  const getClient = () =>
    (client ??= createClient({ url: socketUrl(), lazy: true, retryAttempts: 0, lazyCloseTimeout: 1000 }));
  const subscribe: SubscribeFunction = (params, variables) =>
    Observable.create<GraphQLResponse>((sink) => {
      const dispose = getClient().subscribe<Record<string, unknown>>(subscribePayload(params, variables), {
        next: (value) => {
          const errors = (value.errors ?? []) as unknown as GraphQLErrorItem[];
          if (errors.length && value.data == null) {
            const code = errors.find((e) => e.extensions?.code)?.extensions?.code;
            if (code === 'UNAUTHENTICATED') unauthenticatedHandler();
            sink.error(
              new GraphQLRequestError(
                errors[0]?.message ?? 'Subscription error',
                code === 'UNAUTHENTICATED' ? 401 : 0,
                errors,
              ),
            );
            return;
          }
          sink.next(value as GraphQLResponse);
        },
        error: (err) => {
          if (Array.isArray(err)) {
            // A subscription ended by the server, e.g. UNAUTHENTICATED when the session ended (logout elsewhere, password
            // change, block, expiry; issue 14): the session is gone, as for an HTTP 401.
            const errors = err as GraphQLErrorItem[];
            const code = errors.find((e) => e.extensions?.code)?.extensions?.code;
            if (code === 'UNAUTHENTICATED') unauthenticatedHandler();
            sink.error(
              new GraphQLRequestError(
                errors[0]?.message ?? 'Subscription error',
                code === 'UNAUTHENTICATED' ? 401 : 0,
                errors,
              ),
            );
          } else if (err instanceof Error) sink.error(err);
          else sink.error(new GraphQLRequestError('Socket closed', 0));
        },
        complete: () => sink.complete(),
      });
      return dispose;
    });
  return { subscribe, dispose: () => void client?.dispose() };
}

let disposeSockets: () => void = () => undefined;

export function createRelayEnvironment(): Environment {
  const ws = typeof window === 'undefined' ? null : createSubscribe();
  disposeSockets = ws?.dispose ?? (() => undefined);
  return new Environment({
    network: Network.create(fetchGraphQL, ws?.subscribe),
    store: new Store(new RecordSource()),
  });
}

// The current environment, replaced (store dropped) on sign-out and when the session is gone.
let current = createRelayEnvironment();
const listeners = new Set<() => void>();

export const relayEnvironmentStore = {
  get: (): Environment => current,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Drops every cached record by replacing the environment. */
  reset(): void {
    disposeSockets();
    current = createRelayEnvironment();
    listeners.forEach((l) => l());
  },
};
