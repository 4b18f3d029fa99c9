/**
 * Server-side sessions (@fastify/session) kept in the `sessions` table.
 * The cookie `SESSION` is HttpOnly and holds a random 192-bit id; it is rotated at sign-in
 * (`request.session.regenerate()`), expires after `sessionIdleSeconds` of inactivity (rolling) and
 * at the latest `sessionAbsoluteSeconds` after sign-in (`absoluteExpiresAt`, checked on every read).
 *
 * Rolling without a write per request (issue 15): @fastify/session saves a rolling session on every answer, which was
 * an `INSERT … ON CONFLICT UPDATE` (a committed write) per REST call. The store now skips the write when the session's
 * data is what this process last wrote, the row still holds the expiry it wrote (checked by the read at the start of
 * the same request, so another replica's write or a deletion is seen), and that expiry is less than
 * {@link SESSION_REFRESH_MAX_MS} (or a tenth of the idle time, when shorter) behind the new one. The idle expiry is
 * thus extended at most once a minute: a session may end up to that much before `sessionIdleSeconds` of inactivity.
 * Every read still goes to the database (a session ended elsewhere ends here at once).
 *
 * One read per signed-in request (issue 15): the session read also reads its user's users and companies rows (left
 * joins on sessions.user_id); the auth hook (plugins/auth.ts) takes them from the store (`app.sessionStore`,
 * {@link DbSessionStore.takeUserRows}) instead of reading the user again, when they are the rows of the session's user.
 */
import fastifyCookie from '@fastify/cookie';
import fastifySession from '@fastify/session';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { companies, sessions, users } from '../db/schema/core.js';

declare module 'fastify' {
  interface Session {
    userId?: number;
    /** UTC ISO 8601 time after which the session is void whatever the activity. */
    absoluteExpiresAt?: string;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The session store (the auth hook takes the user rows read with the session from it). */
    sessionStore: DbSessionStore;
  }
}

type Cb<T = void> = (err?: Error | null, value?: T) => void;

/** Longest time (ms) the stored idle expiry of an unchanged session may lag behind the rolling one (issue 15). */
export const SESSION_REFRESH_MAX_MS = 60_000;

/** Sessions remembered as last written by this process (a bound on memory; the oldest are forgotten first). */
const MAX_REMEMBERED = 50_000;

/**
 * The users row (and its company row) of a session's user, read in the same statement as the session (issue 15: the
 * auth hook's user read joined to the session read — one statement per signed-in request instead of two).
 */
export interface SessionUserRows {
  u: typeof users.$inferSelect;
  c: typeof companies.$inferSelect | null;
}

/** User rows kept between a session read and the auth hook of the same request (a bound on memory). */
const MAX_USER_ROWS = 10_000;

/** What this process last wrote for a session: its data without the cookie (JSON) and the idle expiry (ms). */
interface Written {
  data: string;
  expiresAt: number;
}

/** A session store for @fastify/session over Drizzle; `now` is the app clock (tests move it). */
export class DbSessionStore {
  /** Per session id: what this process last wrote and found unchanged since (see the module comment). */
  private readonly written = new Map<string, Written>();
  /** Per session id: the user rows its latest read found, until the auth hook takes them ({@link takeUserRows}). */
  private readonly userRows = new Map<string, SessionUserRows>();
  private readonly refreshMs: number;
  /** The read of every request, prepared once (no query building per call; a named statement per connection). */
  private readonly bySid;

  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
    private readonly idleMs: number,
  ) {
    this.refreshMs = Math.min(SESSION_REFRESH_MAX_MS, idleMs / 10);
    this.bySid = db
      .select({ s: sessions, u: users, c: companies })
      .from(sessions)
      .leftJoin(users, eq(users.id, sessions.userId))
      .leftJoin(companies, eq(companies.id, users.companyId))
      .where(eq(sessions.sid, sql.placeholder('sid')))
      .prepare('session_by_sid');
  }

  set(sid: string, session: Record<string, unknown> & { cookie?: { expires?: Date | string | null } }, cb: Cb): void {
    // Idle expiry from the app clock (not the cookie's Date.now()-based `expires`), so it agrees with `get`.
    const expires = new Date(this.now().getTime() + this.idleMs);
    const { cookie: _cookie, ...content } = session;
    const fingerprint = JSON.stringify(content); // the session's data as stored, without the cookie
    const last = this.written.get(sid);
    if (last && last.data === fingerprint && expires.getTime() - last.expiresAt < this.refreshMs) {
      cb(null); // unchanged and the stored expiry recent enough: no write (issue 15)
      return;
    }
    const data = JSON.parse(JSON.stringify(session)) as Record<string, unknown>; // only when writing
    const absolute = typeof data.absoluteExpiresAt === 'string' ? new Date(data.absoluteExpiresAt) : null;
    const userId = typeof data.userId === 'number' ? data.userId : null;
    this.written.delete(sid);
    this.db
      .insert(sessions)
      .values({ sid, data, userId, expiresAt: expires, absoluteExpiresAt: absolute, createdAt: this.now() })
      .onConflictDoUpdate({
        target: sessions.sid,
        set: { data, userId, expiresAt: expires, absoluteExpiresAt: absolute },
      })
      .then(
        () => {
          this.remember(sid, { data: fingerprint, expiresAt: expires.getTime() });
          cb(null);
        },
        (e: Error) => cb(e),
      );
  }

  private remember(sid: string, w: Written): void {
    this.written.delete(sid);
    this.written.set(sid, w);
    if (this.written.size > MAX_REMEMBERED) this.written.delete(this.written.keys().next().value as string);
  }

  /**
   * The user rows read with session `sid` by its latest {@link get}, when they are those of `userId`; each read is
   * handed out once (the auth hook of the request that read it; a request that never reaches the hook leaves them until
   * the next read of the session replaces them). Undefined otherwise: the caller reads the user itself.
   */
  takeUserRows(sid: string, userId: number): SessionUserRows | undefined {
    const rows = this.userRows.get(sid);
    if (!rows) return undefined;
    this.userRows.delete(sid);
    return rows.u.id === userId ? rows : undefined;
  }

  get(sid: string, cb: Cb<Record<string, unknown> | null>): void {
    this.bySid.execute({ sid }).then(
      (joined) => {
        const row = joined[0]?.s;
        this.userRows.delete(sid);
        const now = this.now().getTime();
        // Written elsewhere since (another replica, a sign-out): the next save writes.
        if (this.written.get(sid)?.expiresAt !== row?.expiresAt.getTime()) this.written.delete(sid);
        if (
          !row ||
          row.expiresAt.getTime() <= now ||
          (row.absoluteExpiresAt && row.absoluteExpiresAt.getTime() <= now)
        ) {
          if (row)
            this.db
              .delete(sessions)
              .where(eq(sessions.sid, sid))
              .then(
                () => cb(null, null),
                (e: Error) => cb(e),
              );
          else cb(null, null);
          return;
        }
        const u = joined[0].u;
        if (u) {
          this.userRows.set(sid, { u, c: joined[0].c });
          if (this.userRows.size > MAX_USER_ROWS) this.userRows.delete(this.userRows.keys().next().value as string);
        }
        cb(null, row.data as Record<string, unknown>);
      },
      (e: Error) => cb(e),
    );
  }

  destroy(sid: string, cb: Cb): void {
    this.written.delete(sid);
    this.userRows.delete(sid);
    this.db
      .delete(sessions)
      .where(eq(sessions.sid, sid))
      .then(
        () => cb(null),
        (e: Error) => cb(e),
      );
  }
}

export default fp(
  async function sessionPlugin(app: FastifyInstance, opts: { config: Config; db: Db }) {
    const { config, db } = opts;
    await app.register(fastifyCookie, { secret: config.sessionSecret });
    const idleMs = config.sessionIdleSeconds * 1000;
    const store = new DbSessionStore(db, () => app.clock.now(), idleMs);
    app.decorate('sessionStore', store);
    await app.register(fastifySession, {
      secret: config.sessionSecret,
      cookieName: 'SESSION',
      saveUninitialized: false,
      rolling: true,
      store: store as never,
      cookie: { path: '/', httpOnly: true, sameSite: 'lax', secure: config.secureCookies, maxAge: idleMs },
    });
  },
  { name: 'session', dependencies: ['clock'] },
);
