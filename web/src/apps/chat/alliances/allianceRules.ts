/**
 * Alliance rules of the web app (spec chat §6 "Alliances are of type ECVP_PARTNER_CLIENT", the personal chat types
 * per account, the member roles; §3 metaData types with display labels). Pure functions, unit-tested in
 * allianceRules.test.ts; the server checks the same rules again (UserError GROUP_TYPE_NOT_ALLOWED, FORBIDDEN…).
 */
import type { Area } from '../../../system/router/guards';
import type { GroupType } from '../support/chatLists';

/** The group type of an alliance (spec chat §6). */
export const ALLIANCE_TYPE: GroupType = 'ECVP_PARTNER_CLIENT';

/** Longest group name the server accepts (CreateChatGroupInput / RenameChatGroupInput: 1 to 200 characters). */
export const GROUP_NAME_MAX = 200;

/**
 * Personal chat types per account area (spec chat §6 table). The referral partner (`agent`) is not in the table:
 * like the backend (domain/chat/groups.ts PERSONAL_CHAT_TYPES) it has its support chat only.
 */
export const PERSONAL_CHAT_TYPES_OF_AREA: Readonly<Record<Area, readonly GroupType[]>> = {
  client: ['ECVP_CLIENT', 'ECVP_PARTNER_CLIENT', 'ECVP_SUPPORT'],
  partner: ['ECVP_PARTNER', 'ECVP_PARTNER_CLIENT', 'ECVP_SUPPORT'],
  operator: ['ECVP_CLIENT', 'ECVP_PARTNER_CLIENT', 'ECVP_PARTNER'],
  agent: ['ECVP_SUPPORT'],
};

/** Whether the account of `area` may create alliances ('Создать альянс'): its §6 row allows ECVP_PARTNER_CLIENT. */
export function canCreateAlliance(area: Area): boolean {
  return PERSONAL_CHAT_TYPES_OF_AREA[area].includes(ALLIANCE_TYPE);
}

/** Whether a member role has admin rights (spec chat §6: OWNER and ADMIN). */
export function hasAdminRights(role: string | null | undefined): boolean {
  return role === 'OWNER' || role === 'ADMIN';
}

/**
 * Whether the viewer may invite to the group and rename it ('Пригласить', 'Переименовать'): an alliance
 * (ECVP_PARTNER_CLIENT) where the viewer has admin rights, or any alliance for an operator (operators act as
 * support with admin rights, spec chat §6).
 */
export function canManageAlliance(
  group: { groupType: string | null | undefined; viewerRole: string | null | undefined },
  area: Area,
): boolean {
  if (group.groupType !== ALLIANCE_TYPE) return false;
  return area === 'operator' || hasAdminRights(group.viewerRole);
}

/**
 * The contacts who can still be invited: not members of the group and not the viewer, in the given order (the
 * server sorts contacts by name).
 */
export function invitableContacts<C extends { userId: number }>(
  contacts: readonly C[],
  memberIds: Iterable<number>,
  viewerUserId: number | null,
): C[] {
  const members = new Set(memberIds);
  return contacts.filter((c) => c.userId !== viewerUserId && !members.has(c.userId));
}

/** Messages of the group-name field (react-hook-form `validate` shape: true or the message). */
export const GROUP_NAME_MESSAGES = {
  required: 'Укажите название',
  tooLong: `Не более ${GROUP_NAME_MAX} символов`,
} as const;

/** Validates a group name: required after trimming, at most {@link GROUP_NAME_MAX} characters. */
export function validateGroupName(value: string | null | undefined): true | string {
  const v = (value ?? '').trim();
  if (!v) return GROUP_NAME_MESSAGES.required;
  if (v.length > GROUP_NAME_MAX) return GROUP_NAME_MESSAGES.tooLong;
  return true;
}

/** The metaData part of a message as the API gives it (ChatMessage.metadata). */
export interface MessageMetadata {
  type: string;
  label: string;
  userMessage: string;
  invitation?: { invitedUserId: number; status?: string | null; invitedUser?: { name?: string | null } | null } | null;
}

/** The status word of an alliance invitation shown on its message: PENDING / ACCEPTED / DECLINED. */
export const INVITATION_STATUS_TEXT: Readonly<Record<string, string>> = {
  PENDING: 'ожидает ответа',
  ACCEPTED: 'принято',
  DECLINED: 'отклонено',
};

/**
 * What a message with metaData shows (spec chat §3 "Metadata types, each with a display label"): the label, and a
 * detail line — the userMessage, except for GROUP_INVITATION whose userMessage is an invitation id: there the detail
 * is the invited user's name (the invitation's `invitedUser`, else `nameOf` — the group's members), else nothing, and
 * `status` the invitation's status word (INVITATION_STATUS_TEXT; null when the invitation or its status is unknown).
 */
export function metadataDisplay(
  metadata: MessageMetadata,
  nameOf: (userId: number) => string | null | undefined,
): { label: string; detail: string | null; status: string | null } {
  if (metadata.type === 'GROUP_INVITATION') {
    const inv = metadata.invitation;
    const name = inv ? inv.invitedUser?.name?.trim() || nameOf(inv.invitedUserId)?.trim() : null;
    const status = inv?.status ? (INVITATION_STATUS_TEXT[inv.status] ?? null) : null;
    return { label: metadata.label, detail: name || null, status };
  }
  const detail = metadata.userMessage.trim();
  return { label: metadata.label, detail: detail || null, status: null };
}

/** The text of an invitation in the list 'Приглашения': '<inviter> приглашает в «<group>»'. */
export function invitationText(inviterName: string | null | undefined, groupName: string | null | undefined): string {
  const who = inviterName?.trim();
  const group = groupName?.trim() || 'Без названия';
  return who ? `${who} приглашает в «${group}»` : `Вас приглашают в «${group}»`;
}
