/**
 * Chat calls (spec chat §7 paths, exactly; §3 entities; §4 rules; §6 roles). Designed calls where §7 says "not
 * shown" are documented in each route's description.
 *
 * Scoping: every group-level call resolves the caller's active membership first (src/chat/repository/membership.ts); a group
 * that does not exist, was deleted or where the caller is not a member answers 404 CHAT_NOT_FOUND, a message
 * outside such a group 404 MESSAGE_NOT_FOUND. Every durable change appends its realtime event (src/chat/events.ts)
 * inside the same transaction. Unread counters are derived from the read pointer (domain/chat/unread.ts); the
 * last-viewed time is the creation time of the message at the pointer and messages are inserted through
 * insertChatMessage, so the §4 time rule and the pointer agree (src/chat/repository/messages.ts header).
 *
 * By sub-domain: groups.ts (create, list, details, members, pin, mute, rename, delete), messages.ts (page, send, edit,
 * delete, reactions, read pointers), files.ts (attachments), alliances.ts (invitations, contacts), presence.ts (chat
 * user, session token, typing, presence); context.ts holds the shared helpers, schemas.ts the TypeBox schemas. The
 * realtime stream is src/chat/stream.
 */
import type { FastifyInstance } from 'fastify';
import alliances from './alliances.js';
import files from './files.js';
import groups from './groups.js';
import messages from './messages.js';
import presence from './presence.js';

export default async function chatRoutes(app: FastifyInstance): Promise<void> {
  for (const routes of [groups, messages, files, alliances, presence]) await app.register(routes);
}
