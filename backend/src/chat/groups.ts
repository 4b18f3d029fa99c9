/**
 * Groups the platform creates (spec chat §6, §7 create-get): the chat of a request and the support chat.
 *
 * Request chat (POST /api/secured/common/chat/{orderId}/create-get): one ECVP_CLIENT group per order, named
 * 'Заявка №<id>'. Open to the users of the order's client company, the users of the payment agents the order
 * was sent to (partner_orders) and the operators; anyone else gets 404. Every call synchronises the members:
 * eligible users who are not members yet are added (GROUP_ADDED), the caller rejoins if they had left
 * (GROUP_JOINED); the first call creates the group (GROUP_CREATED).
 *
 * Support chat: every non-operator user has one ECVP_SUPPORT group 'Поддержка' with themselves (OWNER) and the
 * support user 10762 (PARTICIPANT), which stands for all operators (operators see all support groups). It is
 * created on first use (session token, user info, group list, statistics).
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.js';
import { chatGroups, chatMembers, type ChatGroupRow } from '../db/schema/chat.js';
import { users } from '../db/schema/core.js';
import { orders, partnerOrders } from '../db/schema/orders.js';
import { SUPPORT_USER_ID } from '@platform/domain/limits';
import { SUPPORT_NAME } from '@platform/domain/chat/own';
import { groupRecipients, notFoundGroup, type Actor } from './repository/membership.js';
import { emitGroupEvent, messageAtPointer } from './repository/messages.js';

export const SUPPORT_GROUP_NAME = SUPPORT_NAME;

/** Users allowed in an order's chat: client company users, users of agents the order was sent to, operators. */
async function eligibleForOrder(db: DbOrTx, orderId: number, companyId: number): Promise<number[]> {
  const partnerCompanies = (
    await db
      .select({ id: partnerOrders.partnerCompanyId })
      .from(partnerOrders)
      .where(eq(partnerOrders.orderId, orderId))
  ).map((r) => r.id);
  const rows = await db
    .select({ id: users.id, type: users.accountType, companyId: users.companyId, status: users.status })
    .from(users)
    .where(
      sql`${users.accountType} = 'OPER' or (${users.accountType} = 'CLIENT' and ${users.companyId} = ${companyId})${partnerCompanies.length ? sql` or (${users.accountType} = 'PARTNER' and ${inArray(users.companyId, partnerCompanies)})` : sql``}`,
    );
  return rows.filter((r) => r.status !== 'USER_SUSPENDED').map((r) => r.id);
}

/** Whether `user` may open the chat of the order (see the header). */
async function mayOpenOrderChat(
  db: DbOrTx,
  user: Actor & { companyId: number | null },
  order: { id: number; companyId: number },
): Promise<boolean> {
  if (user.accountType === 'OPER') return true;
  if (user.accountType === 'CLIENT') return user.companyId === order.companyId;
  if (user.accountType === 'PARTNER' && user.companyId != null) {
    const [po] = await db
      .select({ id: partnerOrders.id })
      .from(partnerOrders)
      .where(and(eq(partnerOrders.orderId, order.id), eq(partnerOrders.partnerCompanyId, user.companyId)));
    return !!po;
  }
  return false;
}

/** Creates or gets the chat of order `orderId` (see the header). 404 CHAT_NOT_FOUND when the caller may not. */
export async function createOrGetRequestChat(
  db: Db,
  user: Actor & { companyId: number | null },
  orderId: number,
  now: Date,
): Promise<{ group: ChatGroupRow; created: boolean }> {
  const [order] = await db
    .select({ id: orders.id, companyId: orders.companyId })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order || !(await mayOpenOrderChat(db, user, order))) throw notFoundGroup();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(10763, ${orderId}::int)`);
    let [group] = await tx.select().from(chatGroups).where(eq(chatGroups.orderId, orderId));
    let created = false;
    if (!group) {
      [group] = await tx
        .insert(chatGroups)
        .values({ type: 'ECVP_CLIENT', name: `Заявка №${orderId}`, orderId, createdAt: now })
        .returning();
      created = true;
    }
    if (group.deletedAt) throw notFoundGroup();
    const eligible = await eligibleForOrder(tx, orderId, order.companyId);
    const existing = await tx.select().from(chatMembers).where(eq(chatMembers.groupId, group.id));
    const known = new Set(existing.map((m) => m.userId));
    const added = eligible.filter((id) => !known.has(id));
    // A newcomer's (or a returning member's) pointer starts on the group's newest message, and the last-viewed time is
    // that message's creation time (repository/messages.ts header: the time rule then agrees with the pointer).
    const pointer = await messageAtPointer(tx, group.id);
    const start = { lastViewedMessageId: pointer.id, lastViewedAt: pointer.createdAt };
    if (added.length) {
      await tx
        .insert(chatMembers)
        .values(added.map((userId) => ({ groupId: group.id, userId, role: 'PARTICIPANT', joinedAt: now, ...start })));
    }
    const mine = existing.find((m) => m.userId === user.id);
    const rejoined = !!mine && mine.leftAt != null;
    if (rejoined) {
      // forward only: a pointer already past the newest message (it cannot be, pointers are clamped) would stay
      const keep = Number(mine.lastViewedMessageId) > pointer.id;
      await tx
        .update(chatMembers)
        .set({ leftAt: null, joinedAt: now, favoriteId: null, ...(keep ? {} : start) })
        .where(eq(chatMembers.id, mine.id));
    }
    if (created) await emitGroupEvent(tx, group, 'GROUP_CREATED');
    else {
      for (const userId of added) await emitGroupEvent(tx, group, 'GROUP_ADDED', { userId });
      if (rejoined) await emitGroupEvent(tx, group, 'GROUP_JOINED', { userId: user.id });
    }
    return { group, created };
  });
}

/** The caller's support group id (created when missing); null for operators (they are the support). */
export async function ensureSupportGroup(db: Db, user: Actor, now: Date): Promise<number | null> {
  if (user.accountType === 'OPER') return null;
  const find = async (d: DbOrTx) =>
    (
      await d
        .select({ id: chatGroups.id })
        .from(chatGroups)
        .innerJoin(chatMembers, eq(chatMembers.groupId, chatGroups.id))
        .where(
          and(
            eq(chatGroups.type, 'ECVP_SUPPORT'),
            eq(chatMembers.userId, user.id),
            eq(chatMembers.role, 'OWNER'),
            isNull(chatGroups.deletedAt),
          ),
        )
    )[0]?.id ?? null;
  const found = await find(db);
  if (found) return found;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SUPPORT_USER_ID}, ${user.id}::int)`);
    const again = await find(tx);
    if (again) return again;
    const [group] = await tx
      .insert(chatGroups)
      .values({ type: 'ECVP_SUPPORT', name: SUPPORT_GROUP_NAME, createdBy: user.id, createdAt: now })
      .returning();
    await tx.insert(chatMembers).values([
      { groupId: group.id, userId: user.id, role: 'OWNER', joinedAt: now },
      { groupId: group.id, userId: SUPPORT_USER_ID, role: 'PARTICIPANT', joinedAt: now },
    ]);
    await emitGroupEvent(tx, group, 'GROUP_CREATED', { recipients: await groupRecipients(tx, group.id) });
    return group.id;
  });
}
