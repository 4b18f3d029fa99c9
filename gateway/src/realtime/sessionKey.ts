/**
 * The session key of a subscriber's cookie (issue 14): SHA-256 (hex) of the session id inside the SESSION cookie — the
 * cookie's value is `<session id>.<signature>` (@fastify/session, URL-encoded). The backend names ended sessions by the
 * same key in its `SESSION_ENDED` stream events (backend/src/chat/session-token.ts `sessionKey`), so the gateway can end
 * exactly the subscriptions of an ended session without ever seeing another session's id.
 */
import { createHash } from 'node:crypto';

/** The SESSION cookie's key in a Cookie header, or null when the header carries no SESSION cookie. */
export function sessionKeyOfCookie(cookieHeader: string | undefined): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== 'SESSION') continue;
    let value = part.slice(eq + 1).trim();
    try {
      value = decodeURIComponent(value);
    } catch {
      return null;
    }
    const dot = value.lastIndexOf('.');
    const sid = dot > 0 ? value.slice(0, dot) : value;
    return sid ? createHash('sha256').update(sid).digest('hex') : null;
  }
  return null;
}
