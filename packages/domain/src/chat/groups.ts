/**
 * Chat group types, member roles and their rights, personal chat types per account type and the support
 * user (spec chat §6). Pure rules, no I/O.
 *
 * Rights (chat §6):
 *   admin rights       OWNER, ADMIN
 *   moderation rights  OWNER, ADMIN, MODERATOR
 *   none               PARTICIPANT
 * In group previews the role shows as OWNER (the creator) or PARTICIPANT.
 *
 * Which action needs which right is not listed by the spec; our split (see {@link GROUP_ACTION_RIGHT}):
 * renaming, changing the picture, adding/inviting and removing members and deleting the group need admin
 * rights; deleting someone else's message needs moderation rights; members may always edit or delete their
 * own messages and leave.
 *
 * The support user id (chat §6, §9) is SUPPORT_USER_ID in ../limits.ts; whose message is "own" is ./own.ts.
 */
import { SUPPORT_USER_ID } from '../limits.js';
import { isOwnFor } from './own.js';

/** Group types (chat §6). Alliances are ECVP_PARTNER_CLIENT. */
export type GroupType = 'ECVP_CLIENT' | 'ECVP_PARTNER_CLIENT' | 'ECVP_PARTNER' | 'ECVP_SUPPORT';
/** The group types of chat §6 in a fixed order (statistics by type list them in this order). */
export const GROUP_TYPES: readonly GroupType[] = ['ECVP_CLIENT', 'ECVP_PARTNER_CLIENT', 'ECVP_PARTNER', 'ECVP_SUPPORT'];
/** The alliance group type (chat §6). */
export const ALLIANCE_GROUP_TYPE: GroupType = 'ECVP_PARTNER_CLIENT';

/** Member roles in a group (chat §6). */
export type MemberRole = 'OWNER' | 'ADMIN' | 'MODERATOR' | 'PARTICIPANT';
/** The member roles of chat §6, strongest first. */
export const MEMBER_ROLES: readonly MemberRole[] = ['OWNER', 'ADMIN', 'MODERATOR', 'PARTICIPANT'];
/** The role as shown in a group preview (chat §3 userRole, §6). */
export type PreviewRole = 'OWNER' | 'PARTICIPANT';

/** Account types that use the chat (the platform's data roles, spec core §6). */
export type ChatAccountType = 'CLIENT' | 'PARTNER' | 'AGENT' | 'OPER';

/** Whether the value is one of the group types of chat §6. */
export function isGroupType(value: unknown): value is GroupType {
  return typeof value === 'string' && (GROUP_TYPES as readonly string[]).includes(value);
}

/** Whether the value is one of the member roles of chat §6. */
export function isMemberRole(value: unknown): value is MemberRole {
  return typeof value === 'string' && (MEMBER_ROLES as readonly string[]).includes(value);
}

/** Admin rights: OWNER and ADMIN (chat §6). */
export function hasAdminRights(role: MemberRole | null | undefined): boolean {
  return role === 'OWNER' || role === 'ADMIN';
}

/** Moderation rights: OWNER, ADMIN and MODERATOR (chat §6). */
export function hasModerationRights(role: MemberRole | null | undefined): boolean {
  return hasAdminRights(role) || role === 'MODERATOR';
}

/** The role shown in a group preview: OWNER for the creator, PARTICIPANT for everybody else (chat §6). */
export function previewRole(role: MemberRole): PreviewRole {
  return role === 'OWNER' ? 'OWNER' : 'PARTICIPANT';
}

/** Group actions whose permission depends on the member role. */
export type GroupAction =
  'RENAME' | 'CHANGE_PICTURE' | 'ADD_MEMBER' | 'REMOVE_MEMBER' | 'DELETE_GROUP' | 'DELETE_OTHERS_MESSAGE';

/** Which right each action needs (our split; chat §6 names the rights, not the actions). */
export const GROUP_ACTION_RIGHT: Readonly<Record<GroupAction, 'admin' | 'moderation'>> = {
  RENAME: 'admin',
  CHANGE_PICTURE: 'admin',
  ADD_MEMBER: 'admin',
  REMOVE_MEMBER: 'admin',
  DELETE_GROUP: 'admin',
  DELETE_OTHERS_MESSAGE: 'moderation',
};

/**
 * Whether a member with `role` may perform `action` (chat §6). A non-member (`null`) may do nothing.
 * Operators act with admin rights in every group they can open (they are support, chat §6).
 */
export function canPerform(
  role: MemberRole | null | undefined,
  action: GroupAction,
  actor?: { accountType: ChatAccountType },
): boolean {
  if (actor && isSupportAccount(actor)) return true;
  return GROUP_ACTION_RIGHT[action] === 'admin' ? hasAdminRights(role) : hasModerationRights(role);
}

/**
 * Personal chat types per account type (chat §6 table). AGENT (referral partner) is not in the table:
 * we give it the support chat only, since a referral partner acts as a client after a re-login.
 */
export const PERSONAL_CHAT_TYPES: Readonly<Record<ChatAccountType, readonly GroupType[]>> = {
  CLIENT: ['ECVP_CLIENT', 'ECVP_PARTNER_CLIENT', 'ECVP_SUPPORT'],
  PARTNER: ['ECVP_PARTNER', 'ECVP_PARTNER_CLIENT', 'ECVP_SUPPORT'],
  OPER: ['ECVP_CLIENT', 'ECVP_PARTNER_CLIENT', 'ECVP_PARTNER'],
  AGENT: ['ECVP_SUPPORT'],
};

/** Whether an account of `accountType` may have personal chats of `groupType` (chat §6 table). */
export function canHavePersonalChat(accountType: ChatAccountType, groupType: GroupType): boolean {
  return PERSONAL_CHAT_TYPES[accountType].includes(groupType);
}

/** A user of type operator counts as support (chat §6). */
export function isSupportAccount(user: { accountType: ChatAccountType }): boolean {
  return user.accountType === 'OPER';
}

/** The support chat (the support desk) is only for users holding the support role (chat §6). */
export function canUseSupportChat(user: { accountType: ChatAccountType }): boolean {
  return isSupportAccount(user);
}

/**
 * The user id a message is sent as: an operator writing in an ECVP_SUPPORT group writes as the support
 * user {@link SUPPORT_USER_ID} (chat §6); everybody else writes as themselves.
 */
export function senderIdFor(user: { id: number; accountType: ChatAccountType }, groupType: GroupType): number {
  return groupType === 'ECVP_SUPPORT' && isSupportAccount(user) ? SUPPORT_USER_ID : user.id;
}

/**
 * Whether a message counts as the viewer's own (chat §6 "Messages of the current user are treated as own"):
 * the viewer sent it, or the viewer is support and the support user sent it in a support group. The rule is
 * {@link isOwnFor} (./own.ts) with the viewer's account type read as "is support".
 */
export function isOwnMessage(
  senderId: number,
  viewer: { id: number; accountType: ChatAccountType },
  groupType: GroupType,
): boolean {
  return isOwnFor(senderId, groupType, { userId: viewer.id, isSupport: isSupportAccount(viewer) });
}
