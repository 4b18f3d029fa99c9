/**
 * Online status (spec chat §4 "Online and last seen", §9). Pure, no I/O; `now` is injected.
 *
 * A user is online when last seen under 4 minutes ago: now − lastSeenAt < 240 000 ms. A lastSeenAt in the
 * future (clock skew) counts as online; no lastSeenAt counts as offline. USER_OFFLINE sets lastSeenAt to the
 * offline marker, now − 4 minutes (chat §9 "set 4 time units in the past"), which is just not online.
 * The numbers are ONLINE_THRESHOLD_MS and OFFLINE_MARKER_MS of ../limits.ts. The backend (presence answers), the gateway
 * (ChatUser.online, realtime USER_OFFLINE) and the web app (last-seen texts) all read them here.
 */
import { OFFLINE_MARKER_MS, ONLINE_THRESHOLD_MS } from '../limits.js';
import { toMs, type Instant } from './messageStatus.js';

/** Whether a user last seen at `lastSeenAt` is online at `now` (chat §4). @throws RangeError for an unparsable time. */
export function isOnline(lastSeenAt: Instant | null | undefined, now: Instant): boolean {
  if (lastSeenAt == null) return false;
  return toMs(now) - toMs(lastSeenAt) < ONLINE_THRESHOLD_MS;
}

/** The lastSeenAt to store on USER_OFFLINE (chat §9 offline marker): `now` − 4 minutes, as a Date. */
export function offlineMarker(now: Instant): Date {
  return new Date(toMs(now) - OFFLINE_MARKER_MS);
}
