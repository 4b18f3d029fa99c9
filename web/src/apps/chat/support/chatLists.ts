/**
 * Which chat list a group lives in (spec chat §2 "Support chat: available only to users holding the support role",
 * §6 "a user of type operator counts as support"). Each group is shown in exactly one place:
 * - an operator's ECVP_SUPPORT groups (all support chats, the operator acting as support user 10762) live in the
 *   support desk /operator/support; the operator's other groups in /operator/chats;
 * - every other account sees all its groups, its own support chat included, in /<area>/chats.
 * A list connection carries the types filter it was loaded with (`ListFilter`); the Relay store updates
 * (chatStore.placeGroup) add a group that is not loaded yet only to the unsearched lists whose filter accepts it.
 */
import type { GroupType } from '@platform/domain/chat/groups';
import { SUPPORT_USER_ID } from '@platform/domain/limits';
import type { Area } from '../../../system/router/guards';

/** Chat group types of spec chat §6 (the GraphQL enum ChatGroupType), from @platform/domain/chat/groups. */
export type { GroupType };

/** The types of the support desk list. */
export const SUPPORT_TYPES: readonly GroupType[] = ['ECVP_SUPPORT'];

/** The types of an operator's ordinary chat list: every type but the support chat (spec chat §6 operator row). */
export const OPERATOR_CHAT_TYPES: readonly GroupType[] = ['ECVP_CLIENT', 'ECVP_PARTNER_CLIENT', 'ECVP_PARTNER'];

/** The two chat screens: the ordinary chat list and the operators' support desk. */
export type ChatListKind = 'chats' | 'support';

/** The filter a loaded list connection was fetched with: group types (null: all) and whether a search applied. */
export interface ListFilter {
  types: readonly GroupType[] | null;
  searched: boolean;
}

/** Whether an area has a support desk: only the operator area (operators hold the support role, spec chat §6). */
export function hasSupportDesk(area: Area): boolean {
  return area === 'operator';
}

/** The list (screen) a group of `groupType` belongs to in `area`. */
export function listKindOf(area: Area, groupType: string | null | undefined): ChatListKind {
  return hasSupportDesk(area) && groupType === 'ECVP_SUPPORT' ? 'support' : 'chats';
}

/** The `types` argument of the list query of `kind` in `area` (null: all types). */
export function listTypes(area: Area, kind: ChatListKind): readonly GroupType[] | null {
  if (kind === 'support') return SUPPORT_TYPES;
  return hasSupportDesk(area) ? OPERATOR_CHAT_TYPES : null;
}

/** The route of the list of `kind` in `area`; a chat opens at `<basePath>/<groupId>`. */
export function listBasePath(area: Area, kind: ChatListKind): string {
  return kind === 'support' ? `/${area}/support` : `/${area}/chats`;
}

/** Whether a group of `groupType` matches the types filter (null: all types; an unknown type matches only null). */
export function matchesTypes(types: readonly string[] | null, groupType: string | null | undefined): boolean {
  if (types === null) return true;
  return groupType != null && types.includes(groupType);
}

/**
 * Whether a group that is not in a loaded list yet is added to it (at the top of its order) after a realtime
 * event or a mutation: only lists without a search (a search result is not extended by events) whose types
 * filter accepts the group's type.
 */
export function acceptsNewGroup(filter: ListFilter, groupType: string | null | undefined): boolean {
  return !filter.searched && matchesTypes(filter.types, groupType);
}

/**
 * Whether the list of `kind` in `area` offers the 'Написать в поддержку' link to the viewer's own support chat:
 * the ordinary chat list of every account that is not support (clients, payment agents, referral partners).
 */
export function offersSupportLink(area: Area, kind: ChatListKind): boolean {
  return kind === 'chats' && !hasSupportDesk(area);
}

/**
 * Where a chat opened from the list of `kind` lives instead (each chat lives in one place): the route of the same
 * chat in the list of its kind — /operator/support/<id> of a group that is not a support chat goes to
 * /operator/chats/<id> and the other way round — or null when it is in place (always for accounts without a desk).
 */
export function misplacedChatPath(
  area: Area,
  kind: ChatListKind,
  groupType: string | null | undefined,
  groupId: number,
): string | null {
  const home = listKindOf(area, groupType);
  return home === kind ? null : `${listBasePath(area, home)}/${groupId}`;
}

/**
 * The members whose presence the chat header shows: everybody but the viewer and, when the viewer answers as
 * support (an operator in a support chat, `asSupport`), but the support user the operators act as (always online).
 */
export function presenceMembers<M extends { userId: number }>(
  members: ReadonlyArray<M>,
  viewerUserId: number | null,
  asSupport: boolean,
): M[] {
  return members.filter((m) => m.userId !== viewerUserId && !(asSupport && m.userId === SUPPORT_USER_ID));
}
