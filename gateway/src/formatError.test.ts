/**
 * The rate limit of the public calls in the graph (issue 13; backend plugins/rate-limit.ts): the backend's 429
 * RATE_LIMITED reaches a mutation as the `UserError` RATE_LIMITED with `retryAfterSeconds`, and a query as a GraphQL
 * error with extensions.code RATE_LIMITED that `formatError` lets through with the Russian text (not masked as
 * INTERNAL_SERVER_ERROR).
 */
import { GraphQLError } from 'graphql/index.js';
import { describe, expect, it } from 'vitest';
import { formatError } from './formatError.js';
import { mutationResult, queryResult, UpstreamError } from './rest/errors.js';

const MESSAGE = 'Слишком много запросов. Попробуйте позже.';
const limited = () =>
  Promise.reject(
    new UpstreamError(429, { code: 'RATE_LIMITED', message: MESSAGE, retryAfterSeconds: 42 }, 'POST', '/api/x'),
  );

describe('RATE_LIMITED in the graph (issue 13)', () => {
  it('a mutation answers the UserError RATE_LIMITED with retryAfterSeconds', async () => {
    expect(await mutationResult(limited)).toMatchObject({
      __typename: 'UserError',
      code: 'RATE_LIMITED',
      message: MESSAGE,
      retryAfterSeconds: 42,
      fieldErrors: [],
    });
  });

  it('a query fails with extensions.code RATE_LIMITED, kept by formatError', async () => {
    const error = await queryResult(limited).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GraphQLError);
    const formatted = formatError((error as GraphQLError).toJSON(), error);
    expect(formatted.message).toBe(MESSAGE);
    expect(formatted.extensions?.code).toBe('RATE_LIMITED');
  });
});
