/**
 * Alliance invitations (spec chat §3 metaData group invitation, §6 alliances): the `ChatInvitation` type and the
 * accept/decline decision shared by two mutations.
 */
import type { Resolvers } from '../../generated/resolvers-types.js';
import type { GatewayContext } from '../../context.js';
import { nullIfAbsent } from '../../rest/errors.js';
import { chatApi, groupParent, invitationGid, loadGroup, viewerId, withUserError } from './shared.js';

/** Resolvers of ChatInvitation (its other fields are the DTO's own). */
export const invitationTypes = {
  ChatInvitation: {
    id: (i) => invitationGid(i.id),
    invitationId: (i) => i.id,
    invitedBy: (i) => ({ userId: i.invitedBy.id, name: i.invitedBy.name, lastSeenAt: null }),
    // presence only for an accepted invitation (the user is a member: the group's members, memoised per operation);
    // a user not (yet) a member has no presence visible to the viewer
    invitedUser: async (i, _a, ctx) => {
      const group = i.status === 'ACCEPTED' && i.groupId ? await loadGroup(ctx, i.groupId) : null;
      const member = group?.members?.find((m) => m.id === i.invitedUserId);
      return { userId: i.invitedUserId, name: i.invitedUserName, lastSeenAt: member?.lastSeenAt ?? null };
    },
  },
} satisfies Resolvers;

/**
 * Accepts or declines an invitation of the viewer: the decided invitation, the alliance after accepting (to insert into the
 * list) and the global id to drop from `Viewer.chatInvitations`. UserError INVITATION_NOT_FOUND / INVITATION_DECIDED.
 */
export async function decideInvitation(ctx: GatewayContext, invitationId: number, decision: 'accept' | 'decline') {
  const viewer = await viewerId(ctx);
  return withUserError(async () => {
    const invitation = await chatApi(ctx).decide(invitationId, decision);
    ctx.loaders.forget('chat:invitations');
    const group = decision === 'accept' ? await nullIfAbsent(() => chatApi(ctx).group(invitation.groupId)) : null;
    return {
      __typename: 'ChatInvitationDecisionSuccess' as const,
      invitation,
      group: group ? groupParent(group, viewer) : null,
      removedInvitationId: invitationGid(invitation.id),
    };
  });
}
