/**
 * Upstream transport with session forwarding (DESIGN "Sessions", spec core §8).
 *
 * One `UpstreamSession` lives for one GraphQL operation (HTTP request, or one graphql-ws operation):
 * - sends the jar's cookies (seeded from the browser's Cookie header) and the anti-forgery header
 *   `X-XSRF-TOKEN` (from the browser; fetched from GET /api/public/csrf first when a state-changing call
 *   has none);
 * - applies every upstream Set-Cookie to the jar and hands the raw lines to `onSetCookie` (the HTTP layer
 *   relays them to the browser);
 * - on 401 UNAUTHORIZED or 403 `retryCsrf`, fetches a fresh token once and retries the call once; if that
 *   fails the same way, throws `SessionExpiredError` (→ UNAUTHENTICATED).
 * Non-2xx answers become `UpstreamError`, network failures `UpstreamUnavailableError` (rest/errors.ts).
 * - With `bearerToken` (an integrator's API token, issue 12): sends `Authorization: Bearer …` on every call, no cookie,
 *   no anti-forgery header, never fetches /api/public/csrf, relays no Set-Cookie; any 401 (API_TOKEN_INVALID: unknown,
 *   revoked, expired) throws `SessionExpiredError` (→ UNAUTHENTICATED) without a retry.
 *
 * `call(method, path, options)` is typed by the generated REST contract (rest/openapi.ts): the path is a template of
 * the backend's OpenAPI document, `options` its params/query/body, and the promise its 2xx JSON body.
 */
import type { Dispatcher } from 'undici';
import type { UpstreamObserver } from '../observability/operation.js';
import { CookieJar } from './cookies.js';
import { exchange, ExchangeError, type ExchangeAnswer } from './exchange.js';
import {
  type AnswerOf,
  type CallOptions,
  fillPath,
  type HttpMethod,
  type OptionsOptional,
  type PathOf,
} from './openapi.js';
import {
  type ErrorBodyDto,
  isSessionFailure,
  SessionExpiredError,
  UpstreamError,
  UpstreamUnavailableError,
} from './errors.js';

export const CSRF_HEADER = 'x-xsrf-token';
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export type { HttpMethod } from './openapi.js';

/** One upstream call as sent. `path` starts with `/api/` (parameters filled); null/undefined `query` values are left out. */
interface UpstreamCall {
  method: HttpMethod;
  path: string;
  /** An array value repeats the parameter (`status=A&status=B`, the reports' filters). */
  query?: Record<string, string | number | readonly (string | number)[] | undefined | null>;
  /** JSON body. */
  body?: unknown;
  /** Extra headers, e.g. `authorization` for login. */
  headers?: Record<string, string>;
}

export interface UpstreamSessionOptions {
  /** Backend origin, e.g. http://127.0.0.1:8080 (no trailing slash needed). */
  backendUrl: string;
  /** The browser's Cookie header. */
  cookieHeader?: string;
  /** The browser's X-XSRF-TOKEN header. */
  csrfToken?: string;
  /** Headers describing the original client (x-forwarded-for, user-agent...), passed on as they are. */
  forwardHeaders?: Record<string, string>;
  /** Receives each upstream answer's raw Set-Cookie lines, in order. */
  onSetCookie?: (lines: string[]) => void;
  /** undici dispatcher (keep-alive pool) shared by the gateway. */
  dispatcher?: Dispatcher;
  /** An API token (`vpt_…`) presented by the caller: forwarded instead of cookies (issue 12, see the header). */
  bearerToken?: string;
  /** Per-call timeout in milliseconds (headers and body). Default 15 000. */
  timeoutMs?: number;
  /** Wraps each HTTP exchange: trace span + W3C traceparent header + metrics (issue 12; observability/operation.ts). */
  observe?: UpstreamObserver;
}

interface RawAnswer {
  status: number;
  body: unknown;
}

export class UpstreamSession {
  readonly jar: CookieJar;
  private csrfToken: string | undefined;
  private refreshing: Promise<void> | undefined;
  private readonly base: string;
  /** Number of upstream HTTP calls made (tests and logs use it to bound a page's cost). */
  calls = 0;

  constructor(private readonly opts: UpstreamSessionOptions) {
    this.jar = new CookieJar(opts.bearerToken ? undefined : opts.cookieHeader);
    this.csrfToken = opts.bearerToken ? undefined : opts.csrfToken || undefined;
    this.base = opts.backendUrl.replace(/\/+$/, '');
  }

  /** Whether the browser presented a session cookie at all (no cookie → certainly signed out). */
  hasSessionCookie(): boolean {
    return !!this.opts.bearerToken || this.jar.has('SESSION');
  }

  /**
   * The browser's USER_TYPE cookie (account type of its last sign-in, spec core §9: CLIENT, PARTNER, AGENT, OPER), or
   * undefined. Set by the backend at sign-in and kept after sign-out: a hint only (modules/viewer/prefetch.ts), never
   * an authorisation.
   */
  lastLoginType(): string | undefined {
    return this.opts.bearerToken ? undefined : this.jar.get('USER_TYPE');
  }

  /** Whether the caller authenticates with an API token (issue 12): read-only, no cookie. */
  usesApiToken(): boolean {
    return !!this.opts.bearerToken;
  }

  /** The caller's API token (issue 12), for the realtime hub's upstream stream of live order events; else undefined. */
  apiToken(): string | undefined {
    return this.opts.bearerToken;
  }

  /**
   * Performs `method` on the path template `path` (e.g. `/api/secured/client/order/exch/{id}` with `params: { id }`)
   * and returns the parsed JSON of its 2xx answer, typed by the generated contract (undefined for 204).
   * Throws UpstreamError (non-2xx), SessionExpiredError (§8 retry exhausted), UpstreamUnavailableError.
   */
  call<M extends HttpMethod, P extends PathOf<M>>(
    method: M,
    path: P,
    ...[options]: OptionsOptional<M, P> extends true ? [CallOptions<M, P>?] : [CallOptions<M, P>]
  ): Promise<AnswerOf<M, P>> {
    const o = (options ?? {}) as {
      params?: Record<string, string | number>;
      query?: UpstreamCall['query'];
      body?: unknown;
      headers?: Record<string, string>;
    };
    return this.perform({
      method,
      path: fillPath(path, o.params),
      query: o.query,
      body: o.body,
      headers: o.headers,
    }) as Promise<AnswerOf<M, P>>;
  }

  private async perform(call: UpstreamCall): Promise<unknown> {
    if (this.opts.bearerToken) {
      const answer = await this.send(call);
      if (answer.status === 401) throw new SessionExpiredError(call.path);
      if (answer.status >= 400) {
        const body = answer.body && typeof answer.body === 'object' ? (answer.body as ErrorBodyDto) : {};
        throw new UpstreamError(answer.status, body, call.method, call.path);
      }
      return answer.body;
    }
    if (UNSAFE.has(call.method) && !this.csrfToken) await this.refreshCsrf(undefined);
    const tokenUsed = this.csrfToken;
    let answer = await this.send(call);
    if (isSessionFailure(answer.status, answer.body as ErrorBodyDto)) {
      await this.refreshCsrf(tokenUsed);
      answer = await this.send(call);
      if (isSessionFailure(answer.status, answer.body as ErrorBodyDto)) throw new SessionExpiredError(call.path);
    }
    if (answer.status >= 400) {
      const body = answer.body && typeof answer.body === 'object' ? (answer.body as ErrorBodyDto) : {};
      throw new UpstreamError(answer.status, body, call.method, call.path);
    }
    return answer.body;
  }

  /**
   * Fetches a fresh anti-forgery token with the jar (GET /api/public/csrf; its cookies are relayed).
   * Concurrent callers share one refresh; a caller whose token was already replaced does not refresh again.
   */
  private async refreshCsrf(tokenUsed: string | undefined): Promise<void> {
    if (this.csrfToken !== tokenUsed) return;
    if (!this.refreshing) {
      this.refreshing = (async () => {
        const answer = await this.send({ method: 'GET', path: '/api/public/csrf' });
        const token = (answer.body as { token?: unknown } | undefined)?.token;
        if (answer.status !== 200 || typeof token !== 'string') {
          throw new UpstreamUnavailableError(`csrf refresh answered ${answer.status}`);
        }
        this.csrfToken = token;
      })().finally(() => {
        this.refreshing = undefined;
      });
    }
    await this.refreshing;
  }

  private async send(call: UpstreamCall): Promise<RawAnswer> {
    const url = new URL(this.base + call.path);
    for (const [k, v] of Object.entries(call.query ?? {})) {
      if (Array.isArray(v)) for (const x of v as readonly unknown[]) url.searchParams.append(k, String(x));
      else if (v !== undefined && v !== null) url.searchParams.set(k, String(v));
    }
    const headers: Record<string, string> = {
      accept: 'application/json',
      ...this.opts.forwardHeaders,
      ...call.headers,
    };
    if (this.opts.bearerToken) headers.authorization ??= `Bearer ${this.opts.bearerToken}`;
    const cookie = this.opts.bearerToken ? '' : this.jar.header();
    if (cookie) headers.cookie = cookie;
    if (this.csrfToken) headers[CSRF_HEADER] = this.csrfToken;
    let payload: string | undefined;
    if (call.body !== undefined) {
      payload = JSON.stringify(call.body);
      headers['content-type'] = 'application/json';
    }
    this.calls += 1;
    const send = () =>
      exchange({
        url,
        method: call.method,
        headers,
        body: payload,
        dispatcher: this.opts.dispatcher,
        timeoutMs: this.opts.timeoutMs ?? 15_000,
      });
    let res: ExchangeAnswer;
    try {
      res = this.opts.observe ? await this.opts.observe(call, headers, send) : await send();
    } catch (err) {
      if (err instanceof ExchangeError && err.phase === 'body')
        throw new UpstreamUnavailableError(`upstream ${call.method} ${call.path} body failed`, err.cause);
      throw new UpstreamUnavailableError(
        `upstream ${call.method} ${call.path} unreachable`,
        err instanceof ExchangeError ? err.cause : err,
      );
    }
    const setCookie = res.headers['set-cookie'];
    const lines = setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [setCookie];
    if (lines.length && !this.opts.bearerToken) {
      this.jar.apply(lines);
      this.opts.onSetCookie?.(lines);
    }
    const text = res.text;
    if (!text) return { status: res.statusCode, body: undefined };
    const type = String(res.headers['content-type'] ?? '');
    if (type.includes('json')) {
      try {
        return { status: res.statusCode, body: JSON.parse(text) };
      } catch (err) {
        throw new UpstreamUnavailableError(`upstream ${call.method} ${call.path} sent invalid JSON`, err);
      }
    }
    if (res.statusCode < 400)
      throw new UpstreamUnavailableError(`upstream ${call.method} ${call.path} sent ${type || 'no content type'}`);
    return { status: res.statusCode, body: {} };
  }
}
