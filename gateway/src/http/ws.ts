/**
 * GraphQL over WebSocket (graphql-ws protocol) on the same path as HTTP: /graphql, by upgrade.
 * - Origin check against the gateway's own origin (Host header), PUBLIC_URL and `allowedOrigins`, so a
 *   foreign page cannot ride the user's cookies (cross-site WebSocket hijacking). A request without an
 *   Origin header is not from a browser and is accepted: it must hold the session cookie itself.
 * - Each operation gets its own context built from the upgrade request's cookies (the cookie session);
 *   Set-Cookie cannot travel over a socket and is dropped.
 * - Persisted queries are resolved like over HTTP; results pass through the same error formatter.
 * - Hardening as over HTTP (security/, issue 12): the same depth/alias/cost/directive/token limits, introspection off and
 *   no field suggestions in production, and trusted documents (persisted only) for connections without an API token.
 * - Memory of idle subscriptions (issue 15: 10 000 subscriptions in one gateway within 600 MB): a document that parsed
 *   and passed validation once is kept (ValidDocuments) and shared by every operation sending the same text, instead of
 *   one syntax tree per subscription; and an operation's DataLoaders (modules/loaders.ts: a few dozen per context) are
 *   built on first use and dropped after the subscribe phase and after each event's execution, so an idle subscription
 *   holds no loaders and each event is resolved with fresh ones (no cache kept for the subscription's lifetime).
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import {
  type DocumentNode,
  type ExecutionArgs,
  type ExecutionResult,
  GraphQLError,
  type GraphQLSchema,
  NoSchemaIntrospectionCustomRule,
  parse,
  specifiedRules,
  type ValidationRule,
  validate,
} from 'graphql/index.js';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';
import type { Dispatcher } from 'undici';
import { createContext, type GatewayContext } from '../context.js';
import { createLoaders, type Loaders } from '../modules/loaders.js';
import { apiTokenMutationRefusal, bearerApiToken } from '../modules/apiTokens/bearer.js';
import { formatError, type ErrorLogger } from '../formatError.js';
import { type PersistedQueries, resolvePersisted } from '../persisted.js';
import {
  checkTokens,
  type HardeningConfig,
  limitRules,
  maskSuggestions,
  persistedOnlyFor,
  resolveHardening,
} from '../security/index.js';

export interface WsOptions {
  schema: GraphQLSchema;
  backendUrl: string;
  publicUrl?: string;
  allowedOrigins?: string[];
  persisted: PersistedQueries;
  persistedOnly: boolean;
  dispatcher?: Dispatcher;
  log: ErrorLogger;
  /** Limits, production mode and trusted documents, as over HTTP (security/). Default: development defaults. */
  hardening?: HardeningConfig;
  /** Counts open connections and operations for /metrics (issue 12; observability/index.ts). */
  wsHooks?: {
    onConnect: (ctx: { subscriptions: Record<string, unknown> }) => undefined;
    onClose: (ctx: { subscriptions: Record<string, unknown> }) => void;
  };
}

/**
 * Whether a WebSocket upgrade's Origin is the gateway's own origin — `http(s)://` + the Host header — PUBLIC_URL's
 * origin or one of `extra` (ALLOWED_ORIGINS). X-Forwarded-Host is not read: a client can send it, so trusting it let a
 * cross-site page open a socket with the visitor's cookies (issue 14 defect 7). No Origin (non-browser client): allowed.
 */
export function originAllowed(
  req: Pick<IncomingMessage, 'headers'>,
  publicUrl?: string,
  extra: string[] = [],
): boolean {
  const origin = req.headers.origin;
  if (!origin) return true;
  const allowed = new Set(extra.map((o) => o.replace(/\/+$/, '')));
  if (publicUrl) allowed.add(new URL(publicUrl).origin);
  const host = req.headers.host;
  if (typeof host === 'string') {
    allowed.add(`http://${host}`);
    allowed.add(`https://${host}`);
  }
  return allowed.has(origin.replace(/\/+$/, ''));
}

/**
 * Documents that parsed and passed `rules` once, by their text (at most `max`, the oldest forgotten first): operations
 * sending the same text share one syntax tree (issue 15, see the header). Only valid documents are kept; anything else
 * takes graphql-ws's own path (parse, validate, errors through onError) as before.
 */
export class ValidDocuments {
  private readonly docs = new Map<string, DocumentNode>();

  constructor(
    private readonly schema: GraphQLSchema,
    private readonly rules: readonly ValidationRule[],
    private readonly max = 500,
  ) {}

  /** The shared document of `query`, or undefined when it does not parse or validate (not kept then). */
  get(query: string): DocumentNode | undefined {
    const known = this.docs.get(query);
    if (known) return known;
    let document: DocumentNode;
    try {
      document = parse(query);
    } catch {
      return undefined;
    }
    if (validate(this.schema, document, this.rules).length) return undefined;
    this.docs.set(query, document);
    if (this.docs.size > this.max) this.docs.delete(this.docs.keys().next().value as string);
    return document;
  }

  /** Number of documents kept. */
  get size(): number {
    return this.docs.size;
  }
}

const dropLoadersOf = new WeakMap<object, () => void>();

/**
 * A socket operation's context whose `loaders` are built on first use and can be dropped ({@link dropLoaders}); the
 * upstream session and REST client stay for the operation's lifetime.
 */
export function socketContext(base: GatewayContext): GatewayContext {
  let loaders: Loaders | null = null;
  // `base` (with the loaders createContext built) is not referenced afterwards, so those loaders are garbage at once
  const { api } = base;
  const ctx = { ...base } as GatewayContext;
  Object.defineProperty(ctx, 'loaders', {
    enumerable: true,
    get: () => (loaders ??= createLoaders(api)),
  });
  dropLoadersOf.set(ctx, () => {
    loaders = null;
  });
  return ctx;
}

/** Drops the loaders of a {@link socketContext} (the next use builds fresh ones); other values are left alone. */
export function dropLoaders(contextValue: unknown): void {
  if (contextValue && typeof contextValue === 'object') dropLoadersOf.get(contextValue)?.();
}

function reject(socket: Duplex, status: number, text: string): void {
  socket.write(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  socket.destroy();
}

/**
 * The upgrade request's headers, with `Authorization` from the socket's `connectionParams` when it carries one (an
 * integrator's API token, issue 12: browsers cannot set headers on a WebSocket, graphql-ws clients pass it there).
 */
function socketHeaders(ctx: {
  connectionParams?: Readonly<Record<string, unknown>>;
  extra: { request: IncomingMessage };
}): Record<string, string | string[] | undefined> {
  const auth = ctx.connectionParams?.authorization;
  const headers = ctx.extra.request.headers;
  return typeof auth === 'string' ? { ...headers, authorization: auth } : headers;
}

/** Attaches the graphql-ws server to the Fastify HTTP server. Returns a disposer. */
export function attachWebSocket(app: FastifyInstance, opts: WsOptions): () => Promise<void> {
  const hardening = opts.hardening ?? resolveHardening();
  const rules = [
    ...specifiedRules,
    ...limitRules(hardening.limits),
    ...(hardening.introspection ? [] : [NoSchemaIntrospectionCustomRule]),
  ];
  const documents = new ValidDocuments(opts.schema, rules);
  const wss = new WebSocketServer({ noServer: true, maxPayload: Math.max(1024 * 1024, hardening.bodyLimitBytes) });
  const forwardFor = (req: IncomingMessage): Record<string, string> => {
    const ip = req.socket.remoteAddress;
    const prior = req.headers['x-forwarded-for'];
    return ip ? { 'x-forwarded-for': prior ? `${String(prior)}, ${ip}` : ip } : {};
  };

  const server = useServer(
    {
      schema: opts.schema,
      onConnect: (ctx) => opts.wsHooks?.onConnect(ctx as never),
      onClose: (ctx) => opts.wsHooks?.onClose(ctx as never),
      // The same limits as over HTTP (security/limits.ts).
      validate: (schema, document) => validate(schema, document, rules),
      context: (ctx) => {
        const req = ctx.extra.request;
        // An integrator's API token (issue 12): `connectionParams: { authorization: 'Bearer vpt_…' }` or the upgrade's
        // Authorization header; the operation then acts with the token, not the cookie (live order events only).
        const bearerToken = bearerApiToken(socketHeaders(ctx));
        const base = createContext({
          backendUrl: opts.backendUrl,
          bearerToken,
          cookieHeader: req.headers.cookie,
          forwardHeaders: forwardFor(req),
          dispatcher: opts.dispatcher,
        });
        return socketContext(base);
      },
      onSubscribe: (ctx, _id, payload) => {
        const p = payload as typeof payload & { doc_id?: unknown; id?: unknown };
        const ext = (payload.extensions ?? {}) as { doc_id?: unknown; id?: unknown };
        const onlyPersisted = persistedOnlyFor(socketHeaders(ctx), hardening, opts.persistedOnly);
        const r = resolvePersisted(opts.persisted, onlyPersisted, {
          doc_id: p.doc_id ?? ext.doc_id,
          id: p.id ?? ext.id,
          query: payload.query,
        });
        if (!r.ok) return [new GraphQLError(r.message, { extensions: { code: r.code } })];
        if (r.query) (payload as { query: string }).query = r.query;
        const tooLong = checkTokens(payload.query, hardening.limits.maxTokens);
        if (tooLong) return [tooLong];
        // An API token is read-only over WebSocket too (the backend would refuse the writes anyway).
        const readOnly = bearerApiToken(socketHeaders(ctx))
          ? apiTokenMutationRefusal(payload.query, payload.operationName)
          : undefined;
        if (readOnly) return [readOnly];
        const document = documents.get(payload.query);
        if (!document) return undefined; // graphql-ws parses and validates, and reports the errors
        const args: ExecutionArgs = {
          schema: opts.schema,
          document,
          operationName: payload.operationName,
          variableValues: payload.variables,
        };
        return args;
      },
      // the subscribe phase is over (or the query/mutation ran): its loaders are not needed any more
      onOperation: (_ctx, _id, _payload, args) => {
        dropLoaders(args.contextValue);
      },
      onError: (_ctx, _id, _payload, errors) =>
        hardening.fieldSuggestions
          ? undefined
          : errors.map((e) => ({ ...e.toJSON(), message: maskSuggestions(e.message) })),
      onNext: (_ctx, _id, _payload, args, result) => {
        dropLoaders(args.contextValue); // this event is resolved; the next one gets fresh loaders
        const res = result as ExecutionResult;
        if (!res.errors?.length) return undefined;
        return { ...res, errors: res.errors.map((e) => formatError(e.toJSON(), e, opts.log)) } as never;
      },
    },
    wss,
  );

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== '/graphql') return reject(socket, 404, 'Not Found');
    if (!originAllowed(req, opts.publicUrl, opts.allowedOrigins)) return reject(socket, 403, 'Forbidden');
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
  };
  app.server.on('upgrade', onUpgrade);

  return async () => {
    app.server.off('upgrade', onUpgrade);
    await server.dispose();
    for (const client of wss.clients) client.terminate();
    await new Promise<void>((r) => wss.close(() => r()));
  };
}
