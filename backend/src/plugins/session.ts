/**
 * Server-side sessions (@fastify/session) kept in the `sessions` table.
 * The cookie `SESSION` is HttpOnly and holds a random 192-bit id; it is rotated at sign-in
 * (`request.session.regenerate()`), expires after `sessionIdleSeconds` of inactivity (rolling) and
 * at the latest `sessionAbsoluteSeconds` after sign-in (`absoluteExpiresAt`, checked on every read).
 */
import fastifyCookie from '@fastify/cookie';
import fastifySession from '@fastify/session';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { sessions } from '../db/schema/core.js';

declare module 'fastify' {
  interface Session {
    userId?: number;
    /** UTC ISO 8601 time after which the session is void whatever the activity. */
    absoluteExpiresAt?: string;
  }
}

type Cb<T = void> = (err?: Error | null, value?: T) => void;

/** A session store for @fastify/session over Drizzle; `now` is the app clock (tests move it). */
export class DbSessionStore {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
    private readonly idleMs: number,
  ) {}

  set(sid: string, session: Record<string, unknown> & { cookie?: { expires?: Date | string | null } }, cb: Cb): void {
    const data = JSON.parse(JSON.stringify(session)) as Record<string, unknown>;
    // Idle expiry from the app clock (not the cookie's Date.now()-based `expires`), so it agrees with `get`.
    const expires = new Date(this.now().getTime() + this.idleMs);
    const absolute = typeof data.absoluteExpiresAt === 'string' ? new Date(data.absoluteExpiresAt) : null;
    const userId = typeof data.userId === 'number' ? data.userId : null;
    this.db
      .insert(sessions)
      .values({ sid, data, userId, expiresAt: expires, absoluteExpiresAt: absolute, createdAt: this.now() })
      .onConflictDoUpdate({
        target: sessions.sid,
        set: { data, userId, expiresAt: expires, absoluteExpiresAt: absolute },
      })
      .then(
        () => cb(null),
        (e: Error) => cb(e),
      );
  }

  get(sid: string, cb: Cb<Record<string, unknown> | null>): void {
    this.db
      .select()
      .from(sessions)
      .where(eq(sessions.sid, sid))
      .then(
        (rows) => {
          const row = rows[0];
          const now = this.now().getTime();
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
          cb(null, row.data as Record<string, unknown>);
        },
        (e: Error) => cb(e),
      );
  }

  destroy(sid: string, cb: Cb): void {
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
    await app.register(fastifySession, {
      secret: config.sessionSecret,
      cookieName: 'SESSION',
      saveUninitialized: false,
      rolling: true,
      store: new DbSessionStore(db, () => app.clock.now(), idleMs) as never,
      cookie: { path: '/', httpOnly: true, sameSite: 'lax', secure: config.secureCookies, maxAge: idleMs },
    });
  },
  { name: 'session', dependencies: ['clock'] },
);
