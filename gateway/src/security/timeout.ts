/**
 * Execution time-out (issue 12 "Hardening"): a query or mutation still running GRAPHQL_TIMEOUT_MS (default 20 000)
 * after its first resolver started ends with the error `extensions.code` TIMEOUT 'Превышено время выполнения запроса'
 * on the fields still pending (already resolved fields keep their data). Every resolver of the schema (not the
 * Subscription root: subscriptions are long-lived by design) is wrapped so its promise races the operation's deadline;
 * once the deadline passed, no new resolver starts (so no further upstream call is made). Upstream calls themselves
 * time out after 15 s (rest/session.ts). The deadline is keyed by the operation's context object and cleared by
 * `timeoutPlugin` when the answer is sent.
 */
import type { ApolloServerPlugin } from '@apollo/server';
import { GraphQLError, type GraphQLSchema, isObjectType } from 'graphql/index.js';

export const TIMEOUT_MESSAGE = 'Превышено время выполнения запроса';

interface Deadline {
  expired: boolean;
  promise: Promise<never>;
  timer: NodeJS.Timeout;
}

const deadlines = new WeakMap<object, Deadline>();

function timeoutError(): GraphQLError {
  return new GraphQLError(TIMEOUT_MESSAGE, { extensions: { code: 'TIMEOUT' } });
}

function deadlineOf(context: object, timeoutMs: number): Deadline {
  let d = deadlines.get(context);
  if (!d) {
    let fail!: (e: unknown) => void;
    const promise = new Promise<never>((_resolve, reject) => (fail = reject));
    promise.catch(() => undefined); // rejected even when no resolver waits any more
    const created: Deadline = {
      expired: false,
      promise,
      timer: setTimeout(() => {
        created.expired = true;
        fail(timeoutError());
      }, timeoutMs),
    };
    created.timer.unref();
    d = created;
    deadlines.set(context, d);
  }
  return d;
}

/** Clears the deadline of an operation's context (the answer is complete). */
export function clearDeadline(context: unknown): void {
  if (typeof context !== 'object' || context === null) return;
  const d = deadlines.get(context);
  if (d) clearTimeout(d.timer);
  deadlines.delete(context);
}

function isPromiseLike(v: unknown): v is PromiseLike<unknown> {
  return typeof v === 'object' && v !== null && typeof (v as { then?: unknown }).then === 'function';
}

/** Wraps every field resolver of `schema` (in place) with the operation deadline. Call after all resolvers are set. */
export function applyExecutionTimeout(schema: GraphQLSchema, timeoutMs: number): void {
  const subscription = schema.getSubscriptionType();
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__') || type === subscription) continue;
    for (const field of Object.values(type.getFields())) {
      const resolve = field.resolve;
      if (!resolve) continue;
      field.resolve = (source, args, context: unknown, info) => {
        if (info.operation.operation === 'subscription' || typeof context !== 'object' || context === null) {
          return resolve(source, args, context, info);
        }
        const deadline = deadlineOf(context, timeoutMs);
        if (deadline.expired) throw timeoutError();
        const result = resolve(source, args, context, info);
        return isPromiseLike(result) ? Promise.race([result, deadline.promise]) : result;
      };
    }
  }
}

/** Apollo plugin clearing the operation's deadline once its answer is sent. */
export function timeoutPlugin(): ApolloServerPlugin {
  return {
    async requestDidStart() {
      return {
        async willSendResponse({ contextValue }) {
          clearDeadline(contextValue);
        },
      };
    },
  };
}
