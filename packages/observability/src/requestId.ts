/**
 * Request ids (issue 12, docs/observability.md): the gateway takes a valid incoming X-Request-Id or makes a UUID,
 * logs it (Fastify's request id), returns it as X-Request-Id and passes it on every upstream call; the backend uses
 * it as its own request id, so one id appears in both tiers' logs. An id is valid with at most 64 characters of
 * [A-Za-z0-9._-]; otherwise (or when absent) a random UUID is made. Fastify's own `requestIdHeader` is off: it would
 * take any header value as it is.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const REQUEST_ID_HEADER = 'x-request-id';
const VALID = /^[A-Za-z0-9._-]{1,64}$/;

/** Whether `value` may be used as a request id. */
export function validRequestId(value: unknown): value is string {
  return typeof value === 'string' && VALID.test(value);
}

/** Fastify `genReqId`: the incoming X-Request-Id when valid, else a UUID. */
export function genReqId(req: Pick<IncomingMessage, 'headers'>): string {
  const incoming = req.headers[REQUEST_ID_HEADER];
  return validRequestId(incoming) ? incoming : randomUUID();
}

/** Fastify server options (`requestIdHeader`, `genReqId`) that make request ids work as above. */
export const requestIdOptions: { requestIdHeader: false; genReqId: (req: IncomingMessage) => string } = {
  requestIdHeader: false,
  genReqId,
};
