/**
 * The per-recipient views of chat events (issue 15; spec chat §4 "New message handling": a client updates the group's
 * list entry and the overall unread badge on every event). A stream opened with `views=1` (the gateway's) gets, with each
 * durable event about a group, a `view:` line: `{ group, unread }`, where `group` is the group's preview as GET
 * group/{id} answers it to that recipient (without members and chat info; null when the recipient is no longer an
 * active member or the group is deleted) and `unread` is GET messages/unread of that recipient
 * (`{ unreadMessagesCount, lastMessageId }`). Both are read once per batch of events the hub fans out, for every
 * (recipient, group) of the batch in one statement each (group-views.ts previewsOfPairs, overallUnreadOf), in place of
 * two REST reads per recipient per event. They are the state when the batch was read, which is at or after every event of
 * the batch (the log is read after commit), as a read made on receipt of the event would be.
 */
import { eventGroupId } from '@platform/domain/chat/events';
import type { DbOrTx } from '../../db/client.js';
import type { Actor } from '../repository/membership.js';
import { overallUnreadOf, previewsOfPairs, type ViewerGroup } from '../repository/group-views.js';
import type { LoggedEvent } from './log.js';

/** The views of one batch: the `view:` JSON of `userId` for `event`, or undefined when the event has none for them. */
export type BatchViews = (userId: number, event: LoggedEvent) => string | undefined;

/**
 * Reads the views of `events` for the recipients among `viewers` (user id → the actor the views are for) in two
 * statements; events about no group (live order events, GROUP_REQDOC_MSG) and recipients not in `viewers` get none.
 */
export async function readBatchViews(
  db: DbOrTx,
  events: readonly LoggedEvent[],
  viewers: ReadonlyMap<number, Actor>,
): Promise<BatchViews> {
  const pairs = new Map<string, ViewerGroup>();
  const groupOf = new Map<LoggedEvent, number>();
  for (const e of events) {
    const groupId = eventGroupId(e.kind, e.payload);
    if (groupId === null) continue;
    groupOf.set(e, groupId);
    for (const u of e.recipients) {
      const viewer = viewers.get(u);
      if (viewer) pairs.set(`${u}:${groupId}`, { viewer, groupId });
    }
  }
  if (!pairs.size) return () => undefined;
  const users = new Map<number, Actor>();
  for (const p of pairs.values()) users.set(p.viewer.id, p.viewer);
  const [previews, unread] = await Promise.all([
    previewsOfPairs(db, [...pairs.values()]),
    overallUnreadOf(db, [...users.values()]),
  ]);
  const json = new Map<string, string>();
  return (userId, event) => {
    const groupId = groupOf.get(event);
    if (groupId === undefined) return undefined;
    const key = `${userId}:${groupId}`;
    if (!pairs.has(key)) return undefined;
    let text = json.get(key);
    if (text === undefined) {
      text = JSON.stringify({ group: previews.get(key) ?? null, unread: unread.get(userId) ?? null });
      json.set(key, text);
    }
    return text;
  };
}
