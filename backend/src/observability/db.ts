/**
 * Database spans and the query duration histogram (issue 12, docs/observability.md), without loader hooks: the
 * driver objects Drizzle holds are wrapped in place.
 * - PostgreSQL (node-postgres): `pool.connect` is wrapped so every client it hands out (Drizzle's transactions, and
 *   pool.query, which connects internally) has a timed `query`.
 * - PGlite: `query`, `exec` and the `query`/`exec` of the handle `transaction` passes to its callback.
 * A span per query (kind CLIENT, name = the SQL operation) under the active context: the backend's request span.
 * Attributes: db.system.name, db.operation.name and db.query.text — the parameterised SQL text only, never parameter
 * values (Drizzle sends values as parameters). Drizzle's own OpenTelemetry spans (which record parameter values) stay
 * off because no global tracer provider is registered (tracing.ts).
 */
import { SpanKind, SpanStatusCode, type Tracer } from '@opentelemetry/api';
import { ATTR_DB_OPERATION_NAME, ATTR_DB_QUERY_TEXT, ATTR_DB_SYSTEM_NAME } from '@opentelemetry/semantic-conventions';
import type { DbHandle } from '../db/client.js';
import type { BackendMetrics } from './metrics.js';

export interface DbInstrumentation {
  tracer: Tracer;
  metrics: BackendMetrics;
}

/** The instrumentation in force per handle (the last app built over it wins: tests build one app per handle). */
const sinks = new WeakMap<object, DbInstrumentation>();
const WRAPPED = Symbol('platform.observability.wrapped');
const OPERATIONS = new Set(['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'WITH', 'BEGIN', 'COMMIT', 'ROLLBACK']);
const MAX_TEXT = 2000;

/** The SQL operation of a statement: its first keyword when a known one, else 'OTHER'. */
export function sqlOperation(text: string): string {
  const word = /^\s*([A-Za-z]+)/.exec(text)?.[1]?.toUpperCase() ?? '';
  return OPERATIONS.has(word) ? word : 'OTHER';
}

function textOf(arg: unknown): string {
  if (typeof arg === 'string') return arg;
  if (arg && typeof arg === 'object' && typeof (arg as { text?: unknown }).text === 'string')
    return (arg as { text: string }).text;
  return '';
}

type AnyFn = (...args: unknown[]) => unknown;

/** Runs one query call with a span and a histogram observation; handles promise and callback styles. */
function timed(key: object, text: string, call: (wrapCb: (cb: AnyFn) => AnyFn) => unknown): unknown {
  const sink = sinks.get(key);
  if (!sink) return call((cb) => cb);
  const operation = sqlOperation(text);
  const span = sink.tracer.startSpan(operation, {
    kind: SpanKind.CLIENT,
    attributes: {
      [ATTR_DB_SYSTEM_NAME]: 'postgresql',
      [ATTR_DB_OPERATION_NAME]: operation,
      [ATTR_DB_QUERY_TEXT]: text.slice(0, MAX_TEXT),
    },
  });
  const stop = sink.metrics.dbDuration.startTimer({ operation });
  const finish = (err: unknown) => {
    stop({ result: err ? 'error' : 'ok' });
    if (err) span.setStatus({ code: SpanStatusCode.ERROR, message: (err as { code?: string }).code ?? 'query failed' });
    span.end();
  };
  let result: unknown;
  try {
    result = call((cb) => (err: unknown, ...rest: unknown[]) => {
      finish(err);
      return cb(err, ...rest);
    });
  } catch (err) {
    finish(err);
    throw err;
  }
  if (result && typeof (result as Promise<unknown>).then === 'function') {
    return (result as Promise<unknown>).then(
      (v) => {
        finish(undefined);
        return v;
      },
      (err: unknown) => {
        finish(err);
        throw err;
      },
    );
  }
  return result;
}

/** Replaces `target[method]` by a timed version (idempotent). */
function wrapQuery(key: object, target: Record<string | symbol, unknown>, method: 'query' | 'exec'): void {
  const original = target[method] as AnyFn | undefined;
  if (typeof original !== 'function' || (original as unknown as Record<symbol, boolean>)[WRAPPED]) return;
  const wrapped = function (this: unknown, ...args: unknown[]) {
    const last = args.length - 1;
    const cbStyle = last >= 0 && typeof args[last] === 'function';
    return timed(key, textOf(args[0]), (wrapCb) => {
      if (cbStyle) args[last] = wrapCb(args[last] as AnyFn);
      return original.apply(this, args);
    });
  };
  (wrapped as unknown as Record<symbol, boolean>)[WRAPPED] = true;
  target[method] = wrapped;
}

/** Instruments the handle's driver for `sink` (idempotent per handle; a later call replaces the sink). */
export function instrumentDatabase(handle: DbHandle, sink: DbInstrumentation): void {
  const key = handle;
  sinks.set(key, sink);
  if (handle.pool) {
    const pool = handle.pool as unknown as Record<string | symbol, unknown>;
    if (pool[WRAPPED]) return;
    pool[WRAPPED] = true;
    const connect = (pool.connect as AnyFn).bind(pool);
    const instrument = (c: unknown) => {
      if (c && typeof c === 'object') wrapQuery(key, c as Record<string | symbol, unknown>, 'query');
      return c;
    };
    pool.connect = (cb?: AnyFn) => {
      if (typeof cb === 'function')
        return connect((err: unknown, c: unknown, release: unknown) => cb(err, instrument(c), release));
      return (connect() as Promise<unknown>).then(instrument);
    };
  }
  if (handle.pglite) {
    const lite = handle.pglite as unknown as Record<string | symbol, unknown>;
    if (lite[WRAPPED]) return;
    lite[WRAPPED] = true;
    wrapQuery(key, lite, 'query');
    wrapQuery(key, lite, 'exec');
    const transaction = (lite.transaction as AnyFn).bind(lite);
    lite.transaction = (cb: AnyFn) =>
      transaction((tx: Record<string | symbol, unknown>) => {
        wrapQuery(key, tx, 'query');
        wrapQuery(key, tx, 'exec');
        return cb(tx);
      });
  }
}
