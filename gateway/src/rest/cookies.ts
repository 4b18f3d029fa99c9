/**
 * A per-request cookie jar for the backend-for-frontend session (DESIGN "Sessions").
 * The browser holds only the gateway's cookies; the gateway starts each GraphQL operation with the
 * incoming Cookie header, applies every upstream Set-Cookie to the jar (so a later call of the same
 * operation — e.g. `viewer` after `login` — uses the rotated SESSION), and relays the raw Set-Cookie
 * lines back to the browser unchanged.
 */

/** Parses a `Cookie` request header (`a=1; b=2`) into name → value. Later duplicates win. */
export function parseCookieHeader(header: string | undefined): Map<string, string> {
  const jar = new Map<string, string>();
  if (!header) return jar;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const name = part.slice(0, eq).trim();
    if (name) jar.set(name, part.slice(eq + 1).trim());
  }
  return jar;
}

/** One parsed Set-Cookie line: the cookie and whether it deletes the cookie (Max-Age ≤ 0 or Expires in the past). */
export interface SetCookie {
  name: string;
  value: string;
  deletes: boolean;
}

/** Parses one `Set-Cookie` header value. Returns null for a malformed line. `now` in ms since the epoch. */
export function parseSetCookie(line: string, now: number = Date.now()): SetCookie | null {
  const [pair, ...attrs] = line.split(';');
  const eq = pair.indexOf('=');
  if (eq <= 0) return null;
  const name = pair.slice(0, eq).trim();
  const value = pair.slice(eq + 1).trim();
  let deletes = false;
  for (const attr of attrs) {
    const [k, ...rest] = attr.split('=');
    const key = k.trim().toLowerCase();
    const v = rest.join('=').trim();
    if (key === 'max-age' && Number(v) <= 0) deletes = true;
    if (key === 'expires') {
      const t = Date.parse(v);
      if (!Number.isNaN(t) && t <= now) deletes = true;
    }
  }
  return { name, value, deletes };
}

/** The cookies of one GraphQL operation, seeded from the browser and updated by upstream answers. */
export class CookieJar {
  private readonly cookies: Map<string, string>;

  constructor(cookieHeader?: string) {
    this.cookies = parseCookieHeader(cookieHeader);
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  has(name: string): boolean {
    return this.cookies.has(name);
  }

  /** Applies upstream Set-Cookie lines in order. */
  apply(lines: readonly string[]): void {
    for (const line of lines) {
      const c = parseSetCookie(line);
      if (!c) continue;
      if (c.deletes) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
  }

  /** The `Cookie` header to send upstream, or undefined when empty. */
  header(): string | undefined {
    if (this.cookies.size === 0) return undefined;
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/** The part of a Fastify reply {@link setCookieRelay} writes to. */
export interface SetCookieTarget {
  header(name: string, value: string | string[]): unknown;
  removeHeader(name: string): unknown;
}

/**
 * Relays upstream Set-Cookie lines to the browser once per cookie name per GraphQL response (issue 14 defect 7): an
 * operation calling the backend N times (e.g. `nodes(ids:)`) answers one line per cookie, the latest each upstream answer
 * gave, instead of N. Returns the `onSetCookie` callback of the upstream session; each call rewrites the reply's
 * Set-Cookie header. A line without a cookie name is relayed once as is.
 */
export function setCookieRelay(reply: SetCookieTarget): (lines: string[]) => void {
  const byName = new Map<string, string>();
  return (lines) => {
    if (lines.length === 0) return;
    for (const line of lines) {
      const key = parseSetCookie(line)?.name ?? line;
      byName.delete(key); // the latest line of a name goes last, as the browser would apply it
      byName.set(key, line);
    }
    reply.removeHeader('set-cookie');
    reply.header('set-cookie', [...byName.values()]);
  };
}
