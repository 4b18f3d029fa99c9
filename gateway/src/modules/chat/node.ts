/**
 * node(id:) for the chat types (modules/node), scoped to membership (the backend answers 404 outside the viewer's
 * groups): null when absent or not visible, never an error.
 */
import type { GatewayContext } from '../../context.js';
import { nullIfAbsent } from '../../rest/errors.js';
import { chatApi, groupParent, loadGroup, messageOf, pendingInvitations } from './shared.js';

/** The ChatGroup, ChatMessage, ChatUser or ChatInvitation `id` for `viewer`, with its `__typename`; null otherwise. */
export async function chatNode(type: string, id: number, ctx: GatewayContext, viewer: number) {
  switch (type) {
    case 'ChatGroup': {
      const dto = await loadGroup(ctx, id);
      return dto ? { ...groupParent(dto, viewer), __typename: 'ChatGroup' as const } : null;
    }
    case 'ChatMessage': {
      const dto = await nullIfAbsent(() => chatApi(ctx).message(id));
      return dto ? { ...(await messageOf(ctx, dto, viewer)), __typename: 'ChatMessage' as const } : null;
    }
    case 'ChatUser': {
      const u = await nullIfAbsent(() => chatApi(ctx).user(id));
      return u ? { userId: u.id, name: u.name, lastSeenAt: u.lastSeenAt, __typename: 'ChatUser' as const } : null;
    }
    case 'ChatInvitation': {
      // only the viewer's own PENDING invitations are reachable (GET …/chat/invitations); decided or others' → null
      const inv = (await pendingInvitations(ctx)).find((i) => i.id === id);
      return inv ? { ...inv, __typename: 'ChatInvitation' as const } : null;
    }
    default:
      return null;
  }
}
