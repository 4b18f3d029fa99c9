/**
 * The living demo world (README "Set-up", issue 13 "A living demo world"): on the first start of a server whose
 * database had no users, after the demo accounts (seed/index.ts), the demo client's requests in every status of spec
 * core §4 with offers, documents, bills, comments and history (deals.ts), conversations with reactions and unread
 * messages (chats.ts) and the operators' inbox (inbox.ts) — all made through the backend's own REST routes
 * (app.inject, signed in as the demo users), with the app clock moved over the last four weeks so that lists look
 * lived in. Deterministic: no randomness; only the anchor (the real time of the start) differs between runs.
 *
 * Not for tests' template databases (they keep the bare accounts) and off in production (config.ts DEMO_WORLD).
 */
import { inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { chatMessages } from '../../db/schema/chat.js';
import { sessions } from '../../db/schema/core.js';
import { orders } from '../../db/schema/orders.js';
import { scheduleChats, type ChatCounts } from './chats.js';
import { WorldTime, worldContext, type WorldClock } from './context.js';
import { scheduleDeals, scheduleReloginDeal, type DealCounts } from './deals.js';
import { scheduleInbox } from './inbox.js';
import { demoSigner } from './signing.js';

export { ShiftableClock, type WorldClock } from './context.js';

/** What the world holds after seeding, and how long it took (milliseconds of real time). */
export interface WorldSummary extends DealCounts, ChatCounts {
  inbox: number;
  steps: number;
  ms: number;
}

/** True when the database already has requests or chat messages: then the world is not seeded (idempotency). */
async function alreadyLived(app: FastifyInstance): Promise<boolean> {
  const db = app.dbh.db;
  const [o] = await db.select({ n: sql<number>`count(*)::int` }).from(orders);
  const [m] = await db.select({ n: sql<number>`count(*)::int` }).from(chatMessages);
  return o.n > 0 || m.n > 0;
}

/**
 * Seeds the world through `app` (built with `clock` as its clock), then returns `clock` to the present and removes
 * the world's sessions. Answers the counts, or null when nothing was done: the database already has requests or
 * messages, or a demo account is missing. Throws WorldStepError when a route refuses a step (the steps before it
 * stay; the next start does not retry because requests then exist).
 */
export async function seedWorld(
  app: FastifyInstance,
  clock: WorldClock,
  log: (m: string) => void = () => {},
): Promise<WorldSummary | null> {
  if (await alreadyLived(app)) return null;
  const started = Date.now();
  const w = await worldContext(app, new WorldTime(clock.now()));
  if (!w) return null;
  const counts = {
    orders: 0,
    offers: 0,
    documents: 0,
    signatures: 0,
    groups: 0,
    messages: 0,
    reactions: 0,
    inbox: 0,
  };
  const signer = demoSigner(app, w.time.base);
  const deals = scheduleDeals(w, counts, signer?.sign ?? null);
  scheduleReloginDeal(w, counts);
  scheduleChats(w, deals, counts);
  scheduleInbox(w, counts);
  const db = app.dbh.db;
  const sids = async () => (await w.signedIn()).map((c) => c.sessionId()).filter((s): s is string => !!s);
  let steps = 0;
  let aliveUntil = 0;
  try {
    steps = await w.timeline.run(clock, async (at) => {
      // The world's sessions live across the clock's jumps of days (idle and absolute expiry follow the app clock):
      // pushed to an hour after `at` when the step is later than what the last push guarantees (a used session's
      // rolling idle expiry is then at least 30 minutes after the push).
      if (at.getTime() < aliveUntil) return;
      const ids = await sids();
      if (!ids.length) return;
      const until = new Date(at.getTime() + 60 * 60_000);
      aliveUntil = at.getTime() + 25 * 60_000;
      await db
        .update(sessions)
        .set({
          expiresAt: until,
          absoluteExpiresAt: until,
          data: sql`jsonb_set(${sessions.data}, '{absoluteExpiresAt}', to_jsonb(${until.toISOString()}::text))`,
        })
        .where(inArray(sessions.sid, ids));
    });
  } finally {
    signer?.dispose();
    clock.set(new Date());
    const ids = await sids();
    if (ids.length) await db.delete(sessions).where(inArray(sessions.sid, ids));
  }
  const summary: WorldSummary = { ...counts, steps, ms: Date.now() - started };
  log(
    `demo world seeded in ${summary.ms} ms: ${summary.orders} requests, ${summary.offers} offers, ` +
      `${summary.documents} documents (${summary.signatures} signed), ${summary.groups} chats, ${summary.messages} messages, ` +
      `${summary.reactions} reactions, ${summary.inbox} inbox items`,
  );
  return summary;
}

/**
 * The server's start-up rule (server.ts): seeds the world when this start created the demo accounts on a database
 * without users (`accountsSeeded`, db/prepare.ts) and `app.config.demoWorld` is on (DEMO_WORLD; off in production
 * by default). The routes' request log lines are kept out of the start-up output; a refused step is logged, not
 * thrown, so the server still starts. `clock` is back at real time afterwards. Answers the summary or null.
 */
export async function seedWorldOnFirstStart(
  app: FastifyInstance,
  clock: WorldClock & { reset?: () => void },
  prepared: { accountsSeeded: boolean },
  log: (m: string) => void,
): Promise<WorldSummary | null> {
  if (!prepared.accountsSeeded || !app.config.demoWorld) return null;
  const level = app.log.level;
  app.log.level = 'warn';
  try {
    return await seedWorld(app, clock, log);
  } catch (err) {
    log(`demo world not seeded: ${err instanceof Error ? err.message : String(err)}`);
    return null;
  } finally {
    clock.reset?.();
    app.log.level = level;
  }
}
