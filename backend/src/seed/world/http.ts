/**
 * A signed-in caller of the backend's own REST routes for the demo world (README "Set-up"): requests go through
 * `app.inject`, so every write takes the path a browser's would (validation, transitions, order and chat events,
 * unread counters, history and audit). Keeps the session and anti-forgery cookies like a browser and sends the
 * `X-XSRF-TOKEN` header on unsafe calls (spec core §7 Public "csrf").
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

/** Password of every demo account (seed/index.ts DEMO_PASSWORD). */
const PASSWORD = 'Demo-2026!';

/** A failed world step: the call, the HTTP status and the body, so that a broken seed says where it stopped. */
export class WorldStepError extends Error {
  constructor(method: string, url: string, res: LightMyRequestResponse) {
    super(`demo world: ${method} ${url} answered ${res.statusCode} ${res.body.slice(0, 500)}`);
  }
}

/** One demo user's session over app.inject (module header). */
export class WorldClient {
  private readonly cookies = new Map<string, string>();
  private csrf: string | undefined;

  constructor(private readonly app: FastifyInstance) {}

  /** Signs in `email` with the demo password (POST /api/public/common/login, Basic header; spec core §7 Public). */
  static async signIn(app: FastifyInstance, email: string): Promise<WorldClient> {
    const c = new WorldClient(app);
    const basic = Buffer.from(`${email}:${PASSWORD}`).toString('base64');
    await c.call('POST', '/api/public/common/login', { headers: { authorization: `Basic ${basic}` }, body: {} });
    return c;
  }

  private absorb(res: LightMyRequestResponse): void {
    for (const c of res.cookies as Array<{ name: string; value: string; maxAge?: number }>) {
      if (c.value === '' || (c.maxAge !== undefined && c.maxAge <= 0)) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
  }

  /**
   * One call; answers the parsed JSON body (null when empty). Throws {@link WorldStepError} unless the status is
   * 2xx. `body` is sent as JSON; `payload` + `headers` as given (multipart).
   */
  async call<T = unknown>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    opts: { body?: unknown; payload?: Buffer; headers?: Record<string, string> } = {},
  ): Promise<T> {
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    if (method !== 'GET') {
      if (!this.csrf) {
        this.csrf = (await this.call<{ token: string }>('GET', '/api/public/csrf')).token;
      }
      headers['x-xsrf-token'] = this.csrf;
    }
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    let payload: Buffer | string | undefined = opts.payload;
    if (payload === undefined && opts.body !== undefined) {
      payload = JSON.stringify(opts.body);
      headers['content-type'] = 'application/json';
    }
    const res = await this.app.inject({ method, url, headers, ...(payload !== undefined ? { payload } : {}) });
    this.absorb(res);
    if (res.statusCode === 403 && method !== 'GET' && !opts.headers?.['x-retry'] && /CSRF/.test(res.body)) {
      // The session was regenerated (a re-login): fetch a fresh anti-forgery token once and retry.
      this.csrf = undefined;
      return this.call<T>(method, url, { ...opts, headers: { ...(opts.headers ?? {}), 'x-retry': '1' } });
    }
    if (res.statusCode < 200 || res.statusCode > 299) throw new WorldStepError(method, url, res);
    return (res.body ? res.json() : null) as T;
  }

  /** The session id of the SESSION cookie (the part before the signature), or null before sign-in. */
  sessionId(): string | null {
    const v = this.cookies.get('SESSION');
    if (!v) return null;
    const raw = decodeURIComponent(v);
    return raw.slice(0, raw.lastIndexOf('.'));
  }

  /** GET `url`. */
  get<T = unknown>(url: string): Promise<T> {
    return this.call<T>('GET', url);
  }

  /** POST `url` with a JSON body (default `{}`). */
  post<T = unknown>(url: string, body: unknown = {}): Promise<T> {
    return this.call<T>('POST', url, { body });
  }

  /** Multipart upload of one file part named `file` (the uploads of spec core §5 Files; type found by content). */
  upload<T = unknown>(url: string, name: string, content: Buffer, contentType: string): Promise<T> {
    const boundary = `----demo-world-${Buffer.from(name).toString('hex').slice(0, 24)}`;
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    return this.call<T>('POST', url, {
      payload: Buffer.concat([head, content, tail]),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
  }
}
