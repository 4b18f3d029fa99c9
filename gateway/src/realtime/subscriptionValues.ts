/**
 * The GraphQL side of a realtime subscription (chatEvents, orderEvents): one subscriber's events from the hub mapped to
 * the field's values. Events the field does not show (`pick` answers null) are skipped; stopping the subscription ends
 * the hub subscription; a closed stream (ChatStreamClosed) becomes the GraphQL error of spec chat §4/§8 —
 * UNAUTHENTICATED for a lost session or token, INTERNAL_SERVER_ERROR for an upstream 500.
 */
import { GraphQLError } from 'graphql/index.js';
import type { ChatStreamEvent } from './events.js';
import { ChatStreamClosed } from './hub.js';

/** The GraphQL error a subscription ends with when its stream closed; other errors pass unchanged. */
export function streamClosedError(err: unknown): unknown {
  if (err instanceof ChatStreamClosed) {
    return new GraphQLError(err.message, {
      extensions: { code: err.reason === 'UNAUTHENTICATED' ? 'UNAUTHENTICATED' : 'INTERNAL_SERVER_ERROR' },
    });
  }
  return err;
}

/** The values of `source` through `pick`, skipping nulls, with the errors of {@link streamClosedError}. */
export function subscriptionValues<T>(
  source: AsyncIterableIterator<ChatStreamEvent>,
  pick: (e: ChatStreamEvent) => T | null | undefined,
): AsyncIterableIterator<T> {
  const it: AsyncIterableIterator<T> = {
    async next() {
      for (;;) {
        let r: IteratorResult<ChatStreamEvent>;
        try {
          r = await source.next();
        } catch (err) {
          throw streamClosedError(err);
        }
        if (r.done) return { value: undefined, done: true };
        const v = pick(r.value);
        if (v !== null && v !== undefined) return { value: v, done: false };
      }
    },
    async return() {
      await source.return?.();
      return { value: undefined, done: true };
    },
    async throw(err) {
      await source.return?.();
      throw err;
    },
    [Symbol.asyncIterator]() {
      return it;
    },
  };
  return it;
}
