/**
 * Chat (spec chat §3–§9; issue 4): the resolvers of the chat types, split per type — viewer.ts (Viewer's chat fields),
 * group.ts (ChatGroup, ChatLastMessage, ChatUser, statistics), message.ts (ChatMessage, ChatMetadata), invitation.ts
 * (ChatInvitation), events.ts (realtime event types, union type resolution), mutations.ts, node.ts (node(id:)) — over
 * shared.ts. Derivations are the pure rules of @platform/domain/chat. Subscription.chatEvents is attached in
 * subscription.ts (it needs the gateway's realtime hub).
 */
import type { Resolvers } from '../../generated/resolvers-types.js';
import { eventTypes } from './events.js';
import { groupTypes } from './group.js';
import { invitationTypes } from './invitation.js';
import { messageTypes } from './message.js';

export { Mutation } from './mutations.js';
export { chatNode } from './node.js';
export { Viewer } from './viewer.js';

/** Resolvers of every chat type (not Query/Mutation/Viewer fields). */
export const chatTypes = { ...groupTypes, ...messageTypes, ...invitationTypes, ...eventTypes } satisfies Resolvers;
