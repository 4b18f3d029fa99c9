/**
 * Logger settings shared by the Fastify logger (issue 12, docs/observability.md): errors are serialised without SQL
 * parameter values — Drizzle's query errors carry them in their message ("params: …") and in `params`.
 */

const PARAMS = /\nparams: [\s\S]*$/;

export interface SerializedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
  code?: unknown;
  statusCode?: unknown;
  cause?: SerializedError;
}

/** Serialises an error for the logs, dropping SQL parameter values (and any `params` / `parameters` property). */
export function serializeError(err: unknown, depth = 0): SerializedError {
  if (!(err instanceof Error)) return { type: typeof err, message: String(err).replace(PARAMS, ''), stack: '' };
  const e = err as Error & { code?: unknown; statusCode?: unknown };
  const out: SerializedError = {
    type: e.name,
    message: e.message.replace(PARAMS, '\nparams: [redacted]'),
    stack: (e.stack ?? '').replace(/\nparams: [^\n]*/, '\nparams: [redacted]'),
  };
  if (e.code !== undefined) out.code = e.code;
  if (e.statusCode !== undefined) out.statusCode = e.statusCode;
  if (e.cause !== undefined && depth < 3) out.cause = serializeError(e.cause, depth + 1);
  return out;
}

/** pino serializers for the Fastify logger. */
export const logSerializers = { err: (err: unknown) => serializeError(err) };
