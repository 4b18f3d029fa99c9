/**
 * The machinery of the demo world (README "Set-up"): the movable clock the seed drives, the timeline that runs every
 * step at its own moment of the last weeks in chronological order, the signed-in demo users and their ids.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { companies, users } from '../../db/schema/core.js';
import { businessToday } from '../../domain/orders.js';
import { WorldClient } from './http.js';

/** A clock the world can move (the app's `clock`): `set(d)` makes `now()` run on from `d`. */
export interface WorldClock {
  now(): Date;
  set(d: Date): void;
}

/**
 * The server's clock (server.ts passes it to buildApp): real time plus an offset that only the demo world sets,
 * before the server listens; `reset()` returns it to real time.
 */
export class ShiftableClock implements WorldClock {
  private offset = 0;
  /** The current time, shifted by the offset (UTC Date). */
  now(): Date {
    return new Date(Date.now() + this.offset);
  }
  /** Makes the clock run on from `d`. */
  set(d: Date): void {
    this.offset = d.getTime() - Date.now();
  }
  /** Back to real time. */
  reset(): void {
    this.offset = 0;
  }
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** The world's time scale, anchored at the real time the seed starts. */
export class WorldTime {
  constructor(readonly base: Date) {}
  /** `days`, `hours` and `minutes` before the start of the seed (UTC Date). */
  ago(days: number, hours = 0, minutes = 0): Date {
    return new Date(this.base.getTime() - days * DAY - hours * 60 * MINUTE - minutes * MINUTE);
  }
  /** `minutes` after `d`. */
  after(d: Date, minutes: number): Date {
    return new Date(d.getTime() + minutes * MINUTE);
  }
  /** The Moscow calendar day ('YYYY-MM-DD') `days` after the business day of `d` (API dates, spec core §9). */
  day(d: Date, days: number): string {
    const x = new Date(`${businessToday(d)}T00:00:00Z`);
    x.setUTCDate(x.getUTCDate() + days);
    return x.toISOString().slice(0, 10);
  }
}

/** One step of the world at its moment. */
interface Step {
  at: Date;
  seq: number;
  run: () => Promise<void>;
}

/**
 * Steps of every scenario, run in time order (steps at the same moment in the order they were added) with the clock
 * set to each step's moment, so that creation times, history and message times spread over the last weeks.
 */
export class Timeline {
  private readonly steps: Step[] = [];
  /** Adds `run` at `at`. */
  add(at: Date, run: () => Promise<void>): void {
    this.steps.push({ at, seq: this.steps.length, run });
  }
  /** Runs every step in time order on `clock` (`before` first, with the step's moment); answers the number of steps. */
  async run(clock: WorldClock, before: (at: Date) => Promise<void> = async () => {}): Promise<number> {
    const ordered = [...this.steps].sort((a, b) => a.at.getTime() - b.at.getTime() || a.seq - b.seq);
    for (const s of ordered) {
      await before(s.at);
      clock.set(s.at);
      await s.run();
    }
    return ordered.length;
  }
}

/** The demo users of seed/index.ts the world acts as. */
export const WORLD_EMAILS = {
  client: 'client@example.com',
  oper: 'operator@example.com',
  support: 'support@example.com',
  p1: 'partner1@example.com',
  p2: 'partner2@example.com',
  agent: 'agent@example.com',
} as const;
/** A demo role of {@link WORLD_EMAILS}. */
export type WorldRole = keyof typeof WORLD_EMAILS;

/** Everything a scenario needs: the app, the time scale, the timeline, sessions and ids. */
export interface WorldContext {
  app: FastifyInstance;
  time: WorldTime;
  timeline: Timeline;
  /** Signed-in sessions (signed in lazily on first use, at the clock's moment). */
  as(role: WorldRole): Promise<WorldClient>;
  /** Every session signed in so far. */
  signedIn(): Promise<WorldClient[]>;
  /** User ids by role. */
  userIds: Record<WorldRole, number>;
  /** Company ids of the two payment agents (Альфа Платежи, Бета Трансфер). */
  p1Id: number;
  p2Id: number;
}

/** OGRN of the demo payment agents (seed/index.ts DEMO_COMPANIES). */
const P1_OGRN = '1157746580529';
const P2_OGRN = '1187746414096';

/** Builds the context; answers null when a demo account or agent is missing (then there is no world to seed). */
export async function worldContext(app: FastifyInstance, time: WorldTime): Promise<WorldContext | null> {
  const db = app.dbh.db;
  const userIds = {} as Record<WorldRole, number>;
  for (const [role, email] of Object.entries(WORLD_EMAILS) as [WorldRole, string][]) {
    const [u] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (!u) return null;
    userIds[role] = u.id;
  }
  const company = async (ogrn: string) =>
    (
      await db
        .select({ id: companies.id })
        .from(companies)
        .where(and(eq(companies.kind, 'PARTNER'), eq(companies.ogrn, ogrn)))
    )[0]?.id;
  const p1Id = await company(P1_OGRN);
  const p2Id = await company(P2_OGRN);
  if (!p1Id || !p2Id) return null;
  const sessions = new Map<WorldRole, Promise<WorldClient>>();
  return {
    app,
    time,
    timeline: new Timeline(),
    userIds,
    p1Id,
    p2Id,
    signedIn: () => Promise.all(sessions.values()),
    as(role) {
      let s = sessions.get(role);
      if (!s) {
        s = WorldClient.signIn(app, WORLD_EMAILS[role]);
        sessions.set(role, s);
      }
      return s;
    },
  };
}
