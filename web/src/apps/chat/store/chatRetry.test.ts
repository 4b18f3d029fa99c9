import { describe, expect, it } from 'vitest';
import { shouldRetryChatEvents } from './chatRetry';

const gqlError = (status: number, code?: string) => ({
  status,
  errors: [{ message: 'x', extensions: code ? { code } : {} }],
});

describe('chat subscription retry rule (spec chat §4: retry in 5 s unless a deliberate stop or status 500)', () => {
  it('retries a closed socket or a transport error', () => {
    expect(shouldRetryChatEvents(new Error('Socket closed'))).toBe(true);
    expect(shouldRetryChatEvents(gqlError(0))).toBe(true);
    expect(shouldRetryChatEvents(gqlError(0, 'BAD_GATEWAY'))).toBe(true);
    expect(shouldRetryChatEvents(undefined)).toBe(true);
  });
  it('does not retry after INTERNAL_SERVER_ERROR or a status 500', () => {
    expect(shouldRetryChatEvents(gqlError(0, 'INTERNAL_SERVER_ERROR'))).toBe(false);
    expect(shouldRetryChatEvents(gqlError(500))).toBe(false);
    expect(shouldRetryChatEvents([{ message: 'x', extensions: { code: 'INTERNAL_SERVER_ERROR' } }])).toBe(false);
  });
  it('does not retry when the session is gone (a deliberate stop)', () => {
    expect(shouldRetryChatEvents(gqlError(401, 'UNAUTHENTICATED'))).toBe(false);
    expect(shouldRetryChatEvents(gqlError(0, 'UNAUTHENTICATED'))).toBe(false);
  });
});
