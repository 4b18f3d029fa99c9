/**
 * The real stack for cross-tier tests: the REST backend (on a private copy of the prepared test database,
 * listening on a random port) and the GraphQL gateway in front of it over real HTTP, optionally serving the
 * built web app. Mail is recorded (`stack.mailer`) so tests can follow confirmation links.
 */
import { expect } from 'vitest';
import { join } from 'node:path';
import { buildGateway, type BuildGatewayOptions, type Gateway } from '../../gateway/src/app.js';
import { createTestApp, type Driver, type TestApp } from '../../backend/test/harness.js';
import { seedWorld } from '../../backend/src/seed/world/index.js';

export const REPO_ROOT = join(import.meta.dirname, '..', '..');

export interface Stack {
  backend: TestApp;
  backendUrl: string;
  gateway: Gateway;
  /** Gateway base URL, e.g. http://127.0.0.1:41234 */
  url: string;
  mailer: TestApp['mailer'];
  /**
   * Closes the gateway (its sockets drop, its upstream streams stop) and builds a new one with the same options
   * on the same port; `gateway` then points at the new one. Sessions live at the backend, so cookies stay valid.
   */
  restartGateway(): Promise<Gateway>;
  close(): Promise<void>;
}

/**
 * Starts the backend and the gateway. `trustedCaDir`: the backend's signature trust store (TRUSTED_CA_DIR), e.g.
 * `createTestPki().dir` from tests/support/certificates.ts so test certificates verify; default: the demo CA.
 */
export async function startStack(
  opts: {
    driver?: Driver;
    webDist?: string;
    realtime?: BuildGatewayOptions['realtime'];
    trustedCaDir?: string;
    /** Backend settings of the test, e.g. a short API-token re-check of the stream (`chatStream`). */
    backendConfig?: Parameters<typeof createTestApp>[0] extends infer O
      ? O extends { config?: infer C }
        ? C
        : never
      : never;
    /** Gateway settings of the test, e.g. low rate limits (issue 12). */
    gateway?: Omit<Partial<BuildGatewayOptions>, 'backendUrl' | 'port' | 'realtime'>;
    /** Seed the living demo world (backend/src/seed/world; README "Set-up") before the backend listens. */
    world?: boolean;
  } = {},
): Promise<Stack> {
  const backend = await createTestApp({
    driver: opts.driver,
    ...(opts.trustedCaDir ? { trustedCaDir: opts.trustedCaDir } : {}),
    ...(opts.backendConfig ? { config: opts.backendConfig } : {}),
  });
  if (opts.world) await seedWorld(backend.app, backend.clock);
  await backend.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = backend.app.server.address();
  const backendUrl = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  const build = (port: number) =>
    buildGateway({
      backendUrl,
      port,
      host: '127.0.0.1',
      webDist: opts.webDist ?? join(REPO_ROOT, 'web', 'dist'),
      persistedQueriesPath: join(REPO_ROOT, 'web', 'persisted-queries.json'),
      ...(opts.realtime ? { realtime: opts.realtime } : {}),
      ...opts.gateway,
    });
  const gateway = await build(0);
  const stack: Stack = {
    backend,
    backendUrl,
    gateway,
    url: gateway.url,
    mailer: backend.mailer,
    async restartGateway() {
      await stack.gateway.close();
      stack.gateway = await build(stack.gateway.port);
      return stack.gateway;
    },
    async close() {
      await stack.gateway.close();
      await backend.close();
    },
  };
  return stack;
}

/** A GraphQL client with a cookie jar that behaves like the web app: sends X-XSRF-TOKEN from the XSRF-TOKEN cookie. */
export class GqlClient {
  readonly cookies = new Map<string, string>();
  /** Upstream-independent count of requests this client made. */
  requests = 0;
  /** Headers sent with every request, e.g. the X-Forwarded-Proto of a TLS-terminating proxy (issue 14). */
  extraHeaders: Record<string, string> = {};
  constructor(readonly baseUrl: string) {}

  private absorb(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const i = pair.indexOf('=');
      const name = pair.slice(0, i).trim();
      const value = pair.slice(i + 1).trim();
      const expired = attrs.some(
        (a) =>
          /^\s*max-age=0/i.test(a) || (/^\s*expires=/i.test(a) && new Date(a.split('=')[1]).getTime() < Date.now()),
      );
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  headers(extra: Record<string, string> = {}): Record<string, string> {
    const h: Record<string, string> = { ...this.extraHeaders, ...extra };
    if (this.cookies.size) h.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const xsrf = this.cookies.get('XSRF-TOKEN');
    if (xsrf) h['x-xsrf-token'] = decodeURIComponent(xsrf);
    return h;
  }

  /** Runs an operation; returns the parsed `{ data, errors }`. */
  async gql<T = any>(
    query: string,
    variables: Record<string, unknown> = {},
  ): Promise<{ data: T; errors?: Array<{ message: string; extensions?: { code?: string } }> }> {
    this.requests++;
    const res = await fetch(`${this.baseUrl}/graphql`, {
      method: 'POST',
      headers: this.headers({ 'content-type': 'application/json' }),
      body: JSON.stringify({ query, variables }),
    });
    this.absorb(res);
    return (await res.json()) as never;
  }

  async fetch(path: string, init: RequestInit & { headers?: Record<string, string> } = {}): Promise<Response> {
    const res = await fetch(`${this.baseUrl}${path}`, { ...init, headers: this.headers(init.headers ?? {}) });
    this.absorb(res);
    return res;
  }
}

/** Runs a GraphQL operation as `c` and expects no errors; answers `data`. */
export async function ok<T = any>(c: GqlClient, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const r = await c.gql(query, variables);
  expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
  return r.data as T;
}
