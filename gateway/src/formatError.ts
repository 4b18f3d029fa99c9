/**
 * Last line of defence for error output (HTTP and WebSocket): errors the gateway raised on purpose
 * (rest/errors.ts, scalars, GraphQL validation) pass as they are; anything else is masked as
 * INTERNAL_SERVER_ERROR 'Что-то пошло не так' so no upstream or internal detail reaches a client.
 */
import { unwrapResolverError } from '@apollo/server/errors';
import { GraphQLError, type GraphQLFormattedError } from 'graphql/index.js';
import { MESSAGES } from './rest/errors.js';

export type ErrorLogger = (err: unknown) => void;

/**
 * Apollo `formatError` (also applied to graphql-ws results). A GraphQLError with a code other than
 * INTERNAL_SERVER_ERROR is deliberate (mapped upstream failure, validation, bad input) and passes without
 * its stack trace; anything else is logged through `log` and replaced by the generic error.
 */
export function formatError(
  formatted: GraphQLFormattedError,
  error: unknown,
  log?: ErrorLogger,
): GraphQLFormattedError {
  const original = unwrapResolverError(error);
  const code = formatted.extensions?.code;
  if (original instanceof GraphQLError && typeof code === 'string' && code !== 'INTERNAL_SERVER_ERROR') {
    const { stacktrace: _stack, ...extensions } = formatted.extensions ?? {};
    return { ...formatted, extensions };
  }
  log?.(original instanceof GraphQLError && original.originalError ? original.originalError : original);
  return {
    message: MESSAGES.generic,
    ...(formatted.locations ? { locations: formatted.locations } : {}),
    ...(formatted.path ? { path: formatted.path } : {}),
    extensions: { code: 'INTERNAL_SERVER_ERROR' },
  };
}
