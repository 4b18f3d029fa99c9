/**
 * Whose message it is (spec chat §6 Support: "a user of type operator counts as support … The support user id is the
 * constant 10762. Messages of the current user are treated as own"). Pure, no I/O.
 *
 * The rule is the backend's (backend/src/domain/chat/groups.ts isOwnMessage): a message is the viewer's own when the
 * viewer sent it, or when the viewer is an operator and the support user 10762 sent it in an ECVP_SUPPORT group. Every
 * operator writes in a support chat AS 10762 (the backend stores sender 10762, whoever typed), so the support desk
 * speaks with one voice: a desk message is own for EVERY operator, also when another operator typed it, and someone
 * else's (sender 'Поддержка') for the client.
 *
 * Where the verdict comes from:
 *   - backend answers made for the viewer (messages pages, around, one message, send, edit, react, group previews)
 *     carry it as `selfMsg`: {@link isOwnDto} takes it as it is;
 *   - realtime events carry the backend's viewer-neutral view (`selfMsg` false for everybody): the subscription replaces
 *     it per subscriber with {@link isOwnFor} before anything reads it;
 *   - a DTO without `selfMsg` (older stubs): the viewer sent it ({@link isOwnDto} fallback).
 */

/** The support user id (spec chat §6, §9): operators act as this user in support chats. */
export const SUPPORT_USER_ID = 10762;
/** The support chat's group type (spec chat §6). */
export const SUPPORT_GROUP_TYPE = 'ECVP_SUPPORT';

/** The viewer as the rule needs them: the user id and whether they are support (an operator, spec chat §6). */
export interface ChatViewer {
  userId: number;
  isSupport: boolean;
}

/**
 * The backend's rule (see the header) for a message of `senderId` in a group of `groupType`.
 * @param groupType the message's group type; null when unknown (e.g. a forwarded message's source): then a message of
 *   10762 counts as from a support chat, which is the only place the support user writes (it is a member of nothing else)
 */
export function isOwnFor(senderId: number, groupType: string | null | undefined, viewer: ChatViewer): boolean {
  if (senderId === viewer.userId) return true;
  return viewer.isSupport && senderId === SUPPORT_USER_ID && (groupType == null || groupType === SUPPORT_GROUP_TYPE);
}

/**
 * Whether a message DTO is the viewer's own: the backend's `selfMsg` when it is there (a boolean), otherwise whether the
 * viewer sent it. Realtime DTOs must have had their viewer-neutral `selfMsg` replaced first (see the header).
 */
export function isOwnDto(m: { selfMsg?: boolean | null; sender?: { id: number } | null }, viewerId: number): boolean {
  if (typeof m.selfMsg === 'boolean') return m.selfMsg;
  return m.sender?.id != null && m.sender.id === viewerId;
}
