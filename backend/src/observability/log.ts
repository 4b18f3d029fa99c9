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

/**
 * PostgreSQL quotes the refused value in some messages ('invalid input syntax for type integer: "…"', issue 14):
 * the value is replaced by [redacted].
 */
function redactValues(text: string): string {
  return text.replace(/(invalid input (?:syntax|value) for [^:\n]*: )"(?:[^"\\]|\\.)*"/g, '$1"[redacted]"');
}

/** Serialises an error for the logs, dropping SQL parameter values (and any `params` / `parameters` property). */
export function serializeError(err: unknown, depth = 0): SerializedError {
  if (!(err instanceof Error)) return { type: typeof err, message: String(err).replace(PARAMS, ''), stack: '' };
  const e = err as Error & { code?: unknown; statusCode?: unknown };
  const out: SerializedError = {
    type: e.name,
    message: redactValues(e.message.replace(PARAMS, '\nparams: [redacted]')),
    // The stack repeats the message: drop the parameters up to the first frame (a value may span lines).
    stack: redactValues((e.stack ?? '').replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, '\nparams: [redacted]')),
  };
  if (e.code !== undefined) out.code = e.code;
  if (e.statusCode !== undefined) out.statusCode = e.statusCode;
  if (e.cause !== undefined && depth < 3) out.cause = serializeError(e.cause, depth + 1);
  return out;
}

/** pino serializers for the Fastify logger. */
export const logSerializers = { err: (err: unknown) => serializeError(err) };
