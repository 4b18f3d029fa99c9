/**
 * The group statistics read from the counters of migration 0021 (issue 15: chat_groups.msg_seq − chat_members.viewed_seq
 * minus the member's own and the deleted messages above the pointer, mentions, reactions; chat/repository/group-views.ts
 * statisticsFor) equal the straightforward derivation over every message and reaction of the group (domain/chat/unread.ts
 * groupStatistics, mentionedMessageIds, newReactionsMessageIds — spec chat §3 "Group statistics", §4 "a message from
 * another sender that is not yet viewed adds one to the group's unread count", "unread counters never go below 0";
 * DESIGN "Realtime": unread counters are derived from read pointers), after every step of a seeded random sequence of
 * writes through the API (send, reply, mention, duplicate send, concurrent sends, delete, react, unreact, group viewed,
 * viewed to, messages viewed, leave and rejoin) and of writes outside the routes (a message inserted without moving its
 * sender's pointer, a pointer set back by SQL, as the bench data has them). The triggers' state itself is checked
 * against the rows (seq = place in the group, the group's counters, viewed_seq = the pointer's place), and a chat message
 * cannot be removed or moved to another group.
 */
import { prng } from './prng.js';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertChatMessage } from '../src/chat/repository/messages.js';
import { myContexts, type MemberCtx } from '../src/chat/repository/membership.js';
import { callerStatistics, statisticsFor } from '../src/chat/repository/group-views.js';
import { chatGroups, chatMembers, chatMessages } from '../src/db/schema/chat.js';
import { users } from '../src/db/schema/core.js';
import {
  groupStatistics,
  mentionedMessageIds,
  newReactionsMessageIds,
  type CountedMessage,
  type CountedReaction,
} from '../src/domain/chat/unread.js';
import { createTestApp, DRIVERS, type TestApp, type TestClient } from './harness.js';
import { activeOrder, partnerCompanyId } from './deal-partner-helpers.js';

const C = '/api/secured/common/chat';

/** The rows of a raw `db.execute` answer. */
const rowsOf = <T>(res: unknown): T[] => ((res as { rows?: T[] }).rows ?? (res as T[])) as T[];

for (const driver of DRIVERS) {
  describe(`chat statistics from the group counters = the derivation over the rows [${driver}]`, () => {
    let t: TestApp;
    let client: TestClient, p1: TestClient, oper: TestClient;
    const ids: Record<'client' | 'p1' | 'oper', number> = { client: 0, p1: 0, oper: 0 };
    let orderId: number;
    let requestGroup: number, alliance: number, support: number;
    let key = 0;

    beforeAll(async () => {
      t = await createTestApp({ driver });
      client = await t.signedIn('client@example.com');
      p1 = await t.signedIn('partner1@example.com');
      oper = await t.signedIn('operator@example.com');
      for (const [k, email] of [
        ['client', 'client@example.com'],
        ['p1', 'partner1@example.com'],
        ['oper', 'operator@example.com'],
      ] as const) {
        const [u] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
        ids[k] = u.id;
      }
      orderId = await activeOrder(t, client, [await partnerCompanyId(t, 'Альфа Платежи')]);
      requestGroup = (await client.post(`${C}/${orderId}/create-get`, {})).json().id;
      await p1.post(`${C}/${orderId}/create-get`, {});
      await oper.post(`${C}/${orderId}/create-get`, {});
      const created = await p1.post(`${C}/group`, {
        name: 'Альянс счётчиков',
        groupType: 'ECVP_PARTNER_CLIENT',
        memberIds: [ids.client],
      });
      expect(created.statusCode, created.body).toBe(201);
      alliance = created.json().id;
      // the client's support chat (created on first use); the operators act in it as the support user 10762
      const list = (await client.post(`${C}/group/filter`, { limit: 50 })).json().content as Array<{
        id: number;
        groupType: string;
      }>;
      support = list.find((g) => g.groupType === 'ECVP_SUPPORT')!.id;
    });
    afterAll(async () => {
      await t.close();
    });

    /** The straightforward derivation for one member row: every message and reaction of its group. */
    async function derived(ctx: MemberCtx) {
      const msgs = await t.db
        .select({
          id: chatMessages.id,
          senderId: chatMessages.senderId,
          deletedAt: chatMessages.deletedAt,
          mentioned: chatMessages.mentioned,
          type: chatMessages.type,
        })
        .from(chatMessages)
        .where(eq(chatMessages.groupId, ctx.group.id));
      const reactions = rowsOf<{ id: string | number; messageId: string | number; userId: number }>(
        await t.db.execute(sql`
          select r.id, r.message_id as "messageId", r.user_id as "userId"
          from chat_reactions r join chat_messages m on m.id = r.message_id
          where m.group_id = ${ctx.group.id}`),
      ).map((r): CountedReaction => ({ id: Number(r.id), messageId: Number(r.messageId), userId: r.userId }));
      const counted: CountedMessage[] = msgs.map((m) => ({
        id: m.id,
        senderId: m.senderId,
        deleted: m.deletedAt != null,
        mentions: m.mentioned,
        type: m.type,
      }));
      const read = {
        memberId: ctx.member.userId,
        lastViewedMessageId: Number(ctx.member.lastViewedMessageId),
        lastSeenReactionId: Number(ctx.member.lastSeenReactionId),
      };
      const live = msgs.filter((m) => m.deletedAt == null).map((m) => m.id);
      return {
        ...groupStatistics(ctx.group.id, counted, reactions, read),
        mentionedMessageIds: mentionedMessageIds(counted, read.memberId, read.lastViewedMessageId),
        newReactionsMessageIds: newReactionsMessageIds(counted, reactions, read),
        lastMessageId: live.length ? Math.max(...live) : 0,
      };
    }

    /** Every active member row of the three groups, fresh. */
    async function memberCtxs(): Promise<MemberCtx[]> {
      const rows = await t.db
        .select({ group: chatGroups, member: chatMembers })
        .from(chatMembers)
        .innerJoin(chatGroups, eq(chatGroups.id, chatMembers.groupId))
        .where(and(isNull(chatMembers.leftAt), sql`${chatGroups.id} in (${requestGroup}, ${alliance}, ${support})`))
        .orderBy(chatMembers.id);
      return rows;
    }

    /** The fast answer of each member row (alone and all at once) equals the derivation; the triggers' state the rows'. */
    async function check(step: string): Promise<void> {
      const ctxs = await memberCtxs();
      // statisticsFor answers by group id: all rows of one user at once (one per group), and each row alone
      const byUser = new Map<number, Map<number, unknown>>();
      for (const userId of new Set(ctxs.map((c) => c.member.userId)))
        byUser.set(
          userId,
          await statisticsFor(
            t.db,
            ctxs.filter((c) => c.member.userId === userId),
          ),
        );
      // the caller-scoped statement of GET messages/unread and POST group/statistics, by group id
      const byCaller = new Map<number, Map<number, unknown>>();
      for (const k of ['client', 'p1', 'oper'] as const) {
        const all = await callerStatistics(t.db, { id: ids[k], accountType: k === 'oper' ? 'OPER' : 'CLIENT' });
        byCaller.set(k === 'oper' ? -1 : ids[k], new Map(all.map((a) => [a.statistics.groupId, a.statistics])));
      }
      for (const ctx of ctxs) {
        const want = await derived(ctx);
        const caller = ctx.member.userId === 10762 ? -1 : ctx.member.userId === ids.oper ? -1 : ctx.member.userId;
        if (byCaller.has(caller))
          expect(byCaller.get(caller)!.get(ctx.group.id), `${step}: member ${ctx.member.id} (caller)`).toEqual(want);
        expect((await statisticsFor(t.db, [ctx])).get(ctx.group.id), `${step}: member ${ctx.member.id}`).toEqual(want);
        expect(byUser.get(ctx.member.userId)!.get(ctx.group.id), `${step}: member ${ctx.member.id} (batch)`).toEqual(
          want,
        );
      }
      const bad = rowsOf<{ what: string; id: number }>(
        await t.db.execute(sql`
          select 'message seq' as what, x.id from (
            select m.id, m.seq, m.child_seq, row_number() over w as rn,
                   count(*) filter (where m.type = 'CHILD_MSG') over w as cn
            from chat_messages m
            window w as (partition by m.group_id order by m.id rows unbounded preceding)) x
          where x.seq <> x.rn or x.child_seq <> x.cn
          union all
          select 'group counters', g.id from chat_groups g
          cross join lateral (
            select count(*)::int as n, (count(*) filter (where m.type = 'CHILD_MSG'))::int as cn,
                   coalesce(max(m.id), 0) as last
            from chat_messages m where m.group_id = g.id) c
          where (g.msg_seq, g.child_seq, g.last_message_id) is distinct from (c.n, c.cn, c.last)
          union all
          select 'viewed seq', cm.id from chat_members cm
          cross join lateral (
            select count(*)::int as n, (count(*) filter (where m.type = 'CHILD_MSG'))::int as cn
            from chat_messages m where m.group_id = cm.group_id and m.id <= cm.last_viewed_message_id) c
          where (cm.viewed_seq, cm.viewed_child_seq) is distinct from (c.n, c.cn)
          union all
          select 'reaction copy', r.id::int from chat_reactions r join chat_messages m on m.id = r.message_id
          where (r.group_id, r.message_sender_id) is distinct from (m.group_id, m.sender_id)`),
      );
      expect(bad, step).toEqual([]);
    }

    const who = { client: () => client, p1: () => p1, oper: () => oper };
    const groupsOf = (k: keyof typeof who) =>
      k === 'client'
        ? [requestGroup, alliance, support]
        : k === 'p1'
          ? [requestGroup, alliance]
          : [requestGroup, support];

    async function liveMessages(groupId: number) {
      return t.db
        .select({ id: chatMessages.id, senderId: chatMessages.senderId, authorUserId: chatMessages.authorUserId })
        .from(chatMessages)
        .where(and(eq(chatMessages.groupId, groupId), isNull(chatMessages.deletedAt)))
        .orderBy(chatMessages.id);
    }

    it('after each of 70 random writes (seeded), every member row of three groups answers the derived figures', async () => {
      await check('start');
      const rnd = prng(15);
      const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)];
      const people = ['client', 'p1', 'oper'] as const;
      for (let step = 0; step < 70; step++) {
        const k = pick(people);
        const c = who[k]();
        const gid = pick(groupsOf(k));
        const live = await liveMessages(gid);
        const r = rnd();
        let label: string;
        if (r < 0.3 || !live.length) {
          // a message, sometimes a reply (CHILD_MSG) and sometimes mentioning the other members
          const body: Record<string, unknown> = { text: `шаг ${step}`, extMsgId: `msg_${++key}` };
          if (live.length && rnd() < 0.35) body.replyMessageId = pick(live).id;
          if (rnd() < 0.3) {
            // mentions name members of the group (chat §5), the sender excluded
            const acting = gid === support && k === 'oper' ? 10762 : ids[k];
            const others = await t.db
              .select({ userId: chatMembers.userId })
              .from(chatMembers)
              .where(and(eq(chatMembers.groupId, gid), isNull(chatMembers.leftAt)));
            const mentioned = others.map((o) => o.userId).filter((u) => u !== acting);
            if (mentioned.length) body.mentioned = mentioned;
          }
          const res = await c.post(`${C}/group/${gid}/messages`, body);
          expect(res.statusCode, res.body).toBe(201);
          // the same extMsgId again: the existing message, nothing counted twice
          if (rnd() < 0.3) expect((await c.post(`${C}/group/${gid}/messages`, body)).statusCode).toBe(200);
          label = `send ${k} → ${gid}${body.replyMessageId ? ' (reply)' : ''}${body.mentioned ? ' (mentions)' : ''}`;
        } else if (r < 0.38) {
          // concurrent sends into one group (PostgreSQL: separate connections; the places must not collide)
          const all = await Promise.all(
            people
              .filter((p) => groupsOf(p).includes(gid))
              .map((p) => who[p]().post(`${C}/group/${gid}/messages`, { text: 'разом', extMsgId: `msg_${++key}` })),
          );
          for (const res of all) expect(res.statusCode, res.body).toBe(201);
          label = `concurrent sends → ${gid}`;
        } else if (r < 0.48) {
          // the caller's own message, or any as an operator (chat §6: the operator may delete others' messages)
          const actingId = gid === support && k === 'oper' ? 10762 : ids[k];
          const mine = live.filter((m) => m.senderId === actingId || k === 'oper');
          if (!mine.length) continue;
          const m = pick(mine);
          const res = await c.request('DELETE', `${C}/group/${gid}/messages/${m.id}`);
          expect(res.statusCode, res.body).toBe(204);
          label = `delete ${m.id} by ${k}`;
        } else if (r < 0.6) {
          const m = pick(live);
          const emoji = pick(['👍', '🔥']);
          const method = rnd() < 0.75 ? 'POST' : 'DELETE';
          const res = await c.request(method, `${C}/group/${gid}/messages/${m.id}/reactions`, { body: { emoji } });
          expect(res.statusCode, res.body).toBe(200);
          label = `${method === 'POST' ? 'react' : 'unreact'} ${k} on ${m.id}`;
        } else if (r < 0.68) {
          expect((await c.post(`${C}/group/${gid}/viewed`, {})).statusCode).toBe(200);
          label = `group viewed ${k} ${gid}`;
        } else if (r < 0.76) {
          const m = pick(live);
          expect((await c.post(`${C}/${gid}/viewed/to`, { messageId: m.id })).statusCode).toBe(200);
          label = `viewed to ${m.id} ${k}`;
        } else if (r < 0.82) {
          const m = pick(live);
          expect((await c.post(`${C}/messages/viewed`, { messageIds: [m.id] })).statusCode).toBe(200);
          label = `messages viewed ${m.id} ${k}`;
        } else if (r < 0.88 && k !== 'oper') {
          // the request chat: leave, then rejoin through create-get (chat §2; the pointer restarts at the newest message)
          expect((await c.post(`${C}/group/${requestGroup}/leave`, {})).statusCode).toBe(204);
          await check(`step ${step}: left`);
          expect([200, 201]).toContain((await c.post(`${C}/${orderId}/create-get`, {})).statusCode);
          label = `leave and rejoin ${k}`;
        } else if (r < 0.94) {
          // outside the routes: a message whose sender's pointer stays behind (own messages above the pointer)
          const sender = gid === support && k === 'oper' ? 10762 : ids[k];
          const row = await insertChatMessage(
            t.db,
            {
              groupId: gid,
              senderId: sender,
              authorUserId: ids[k],
              extMsgId: `msg_${++key}`,
              text: 'мимо маршрута',
              type: live.length && rnd() < 0.5 ? 'CHILD_MSG' : 'GROUP_MSG',
              replyToId: null,
            },
            t.clock.now(),
          );
          expect(row).not.toBeNull();
          label = `direct insert by ${sender} → ${gid}`;
        } else {
          // outside the routes: a pointer set back (the bench data's lagging pointers), reactions unseen
          const to = live.length ? pick(live).id - 1 : 0;
          await t.db.execute(sql`
            update chat_members set last_viewed_message_id = ${to}, last_seen_reaction_id = 0
            where group_id = ${gid} and user_id = ${gid === support && k === 'oper' ? 10762 : ids[k]}`);
          label = `pointer of ${k} in ${gid} set back to ${to}`;
        }
        await check(`step ${step}: ${label}`);
      }
      // the API answers the same figures: GET messages/unread is the sum of the per-group counts (chat §3)
      for (const k of people) {
        const stats = (await who[k]().post(`${C}/group/statistics`, { statisticType: 'MSG' })).json();
        const mine = await myContexts(t.db, { id: ids[k], accountType: k === 'oper' ? 'OPER' : 'CLIENT' });
        const sum = (await Promise.all(mine.map(derived))).reduce((n, s) => n + s.unreadMessagesCount, 0);
        expect((await who[k]().get(`${C}/messages/unread`)).json().unreadMessagesCount, k).toBe(sum);
        expect(
          (stats.groupStatistics as Array<{ unreadMessagesCount: number }>).reduce(
            (n, s) => n + s.unreadMessagesCount,
            0,
          ),
          k,
        ).toBe(sum);
      }
    });

    it('a chat message is never removed nor moved to another group (the counters count it): the database refuses both', async () => {
      const [m] = await liveMessages(requestGroup);
      await expect(t.db.execute(sql`delete from chat_messages where id = ${m.id}`)).rejects.toThrow();
      await expect(
        t.db.update(chatMessages).set({ groupId: alliance }).where(eq(chatMessages.id, m.id)),
      ).rejects.toThrow();
      await expect(t.db.update(chatMessages).set({ seq: 1000 }).where(eq(chatMessages.id, m.id))).rejects.toThrow();
      expect((await liveMessages(requestGroup)).map((x) => x.id)).toContain(m.id);
      await check('after the refused writes');
    });
  });
}
