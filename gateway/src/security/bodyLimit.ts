/**
 * Request body limit of /graphql (issue 12 "Hardening"): GRAPHQL_BODY_LIMIT_BYTES (default 256 KiB). A larger body is
 * refused before it is parsed with HTTP 413 and a GraphQL-shaped answer
 * `{ errors: [{ message: 'Тело запроса больше допустимого (262144 байт)', extensions: { code: 'PAYLOAD_TOO_LARGE',
 * limitBytes } }] }`. Other failures of reading the body (unreadable JSON, unsupported media type) answer their 4xx
 * status with code BAD_REQUEST; anything else is the generic INTERNAL_SERVER_ERROR — never a stack trace or detail.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '../rest/errors.js';

/** Route error handler of /graphql (Fastify `errorHandler` route option). */
export function graphqlRouteErrorHandler(bodyLimitBytes: number, log: (err: unknown) => void) {
  return (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
    const status = error.statusCode ?? 500;
    if (status === 413 || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.code(413).send({
        errors: [
          {
            message: `Тело запроса больше допустимого (${bodyLimitBytes} байт)`,
            extensions: { code: 'PAYLOAD_TOO_LARGE', limitBytes: bodyLimitBytes },
          },
        ],
      });
    }
    if (status >= 400 && status < 500) {
      return reply
        .code(status)
        .send({ errors: [{ message: 'Некорректный запрос', extensions: { code: 'BAD_REQUEST' } }] });
    }
    log(error);
    return reply
      .code(500)
      .send({ errors: [{ message: MESSAGES.generic, extensions: { code: 'INTERNAL_SERVER_ERROR' } }] });
  };
}
