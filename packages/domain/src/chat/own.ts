/**
 * Whose message it is (spec chat §6 Support: "a user of type operator counts as support … The support user id is the
 * constant 10762. Messages of the current user are treated as own"). Pure, no I/O. One rule for the backend
 * (groups.ts isOwnMessage, the `selfMsg` of its answers) and the gateway (realtime events, answers without `selfMsg`).
 *
 * A message is the viewer's own when the viewer sent it, or when the viewer is support (an operator) and the support
 * user 10762 sent it in an ECVP_SUPPORT group. Every operator writes in a support chat AS 10762 (the backend stores
 * sender 10762, whoever typed), so the support desk speaks with one voice: a desk message is own for EVERY operator,
 * also when another operator typed it, and someone else's (sender 'Поддержка') for the client.
 *
 * Where the verdict comes from in the gateway:
 *   - backend answers made for the viewer carry it as `selfMsg`: {@link isOwnDto} takes it as it is;
 *   - realtime events carry the backend's viewer-neutral view (`selfMsg` false for everybody): the subscription replaces
 *     it per subscriber with {@link isOwnFor} before anything reads it;
 *   - a message without `selfMsg`: the viewer sent it ({@link isOwnDto} fallback).
 */
import { SUPPORT_USER_ID } from '../limits.js';

/** The support user's display name and the name of every support chat (chat §6 support desk). */
export const SUPPORT_NAME = 'Поддержка';

/** The support chat's group type (spec chat §6). */
export const SUPPORT_GROUP_TYPE = 'ECVP_SUPPORT';

/** The viewer as the rule needs them: the user id and whether they are support (an operator, spec chat §6). */
export interface ChatViewer {
  userId: number;
  isSupport: boolean;
}

/**
 * The rule of the header for a message of `senderId` in a group of `groupType` (chat §6).
 * @param groupType the message's group type; null when unknown (e.g. a forwarded message's source): then a message of
 *   10762 counts as from a support chat, which is the only place the support user writes (it is a member of nothing else)
 */
export function isOwnFor(senderId: number, groupType: string | null | undefined, viewer: ChatViewer): boolean {
  if (senderId === viewer.userId) return true;
  return viewer.isSupport && senderId === SUPPORT_USER_ID && (groupType == null || groupType === SUPPORT_GROUP_TYPE);
}

/**
 * Whether a message answer is the viewer's own (chat §6): the backend's `selfMsg` when it is there (a boolean), otherwise
 * whether the viewer sent it. Realtime messages must have had their viewer-neutral `selfMsg` replaced first (header).
 */
export function isOwnDto(m: { selfMsg?: boolean | null; sender?: { id: number } | null }, viewerId: number): boolean {
  if (typeof m.selfMsg === 'boolean') return m.selfMsg;
  return m.sender?.id != null && m.sender.id === viewerId;
}
