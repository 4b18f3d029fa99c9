import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GraphQLResponse, RequestParameters } from 'relay-runtime';
import {
  fetchGraphQL,
  GraphQLRequestError,
  REQUEST_RETRY_DELAY_MS,
  requestBody,
  STRICT_ERRORS,
  subscribePayload,
} from './environment';

const params = (over: Partial<RequestParameters>): RequestParameters =>
  ({
    cacheID: 'c',
    id: null,
    text: 'query Q { viewer { id } }',
    name: 'Q',
    operationKind: 'query',
    metadata: {},
    ...over,
  }) as RequestParameters;

describe('GraphQL request body (persisted queries)', () => {
  it('sends doc_id instead of the text for a persisted operation', () => {
    expect(requestBody(params({ id: 'abc123', text: null }), { a: 1 })).toEqual({
      doc_id: 'abc123',
      operationName: 'Q',
      variables: { a: 1 },
    });
  });
  it('sends the query text when the operation has no id', () => {
    expect(requestBody(params({}), {})).toEqual({
      query: 'query Q { viewer { id } }',
      operationName: 'Q',
      variables: {},
    });
  });
});

describe('graphql-ws subscribe payload (persisted subscriptions)', () => {
  it('sends extensions.doc_id with an empty query for a persisted operation', () => {
    expect(subscribePayload(params({ id: 'sub1', text: null, name: 'S' }), { resumeFrom: '7' })).toEqual({
      query: '',
      operationName: 'S',
      variables: { resumeFrom: '7' },
      extensions: { doc_id: 'sub1' },
    });
  });
  it('sends the text otherwise', () => {
    expect(subscribePayload(params({}), {})).toEqual({
      query: 'query Q { viewer { id } }',
      operationName: 'Q',
      variables: {},
    });
  });
});

describe('request retry (spec chat-and-shell §7 "Requests are retried after a 500 ms delay")', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
  const ok = { data: { viewer: { id: 'V' } } };
  const answer = (status: number, body: unknown) =>
    new Response(typeof body === 'string' ? body : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  /** Runs `fetchGraphQL` for an operation of `kind` over answers given in order (an Error = network failure). */
  function run(kind: 'query' | 'mutation', answers: Array<Response | Error>, metadata?: Record<string, unknown>) {
    const fetchMock = vi.fn(() => {
      const next = answers.shift();
      return next instanceof Error ? Promise.reject(next) : Promise.resolve(next as Response);
    });
    vi.stubGlobal('fetch', fetchMock);
    const result = fetchGraphQL(
      params({ operationKind: kind }),
      {},
      metadata ? { metadata } : {},
    ) as Promise<GraphQLResponse>;
    return { fetchMock, result };
  }

  it('a query that fails with a network error is retried once after 500 ms', async () => {
    expect(REQUEST_RETRY_DELAY_MS).toBe(500);
    vi.useFakeTimers();
    const { fetchMock, result } = run('query', [new TypeError('Failed to fetch'), answer(200, ok)]);
    await vi.advanceTimersByTimeAsync(REQUEST_RETRY_DELAY_MS - 1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toEqual(ok);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it.each([502, 503, 500])('a query answered %i is retried once; a second failure is the error', async (status) => {
    vi.useFakeTimers();
    const { fetchMock, result } = run('query', [answer(status, '<html>'), answer(status, '<html>')]);
    const settled = result.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(REQUEST_RETRY_DELAY_MS);
    const error = await settled;
    expect(error).toBeInstanceOf(GraphQLRequestError);
    expect((error as GraphQLRequestError).status).toBe(status);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('a mutation is never retried', async () => {
    vi.useFakeTimers();
    const { fetchMock, result } = run('mutation', [new TypeError('Failed to fetch'), answer(200, ok)]);
    const settled = result.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(REQUEST_RETRY_DELAY_MS * 2);
    expect(await settled).toBeInstanceOf(TypeError);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('a GraphQL error of an answered query (4xx of the backend) is not retried', async () => {
    const { fetchMock, result } = run('query', [
      answer(200, { data: null, errors: [{ message: 'Недостаточно прав', extensions: { code: 'FORBIDDEN' } }] }),
    ]);
    await expect(result).rejects.toMatchObject({ message: 'Недостаточно прав', status: 200 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('strict errors (chat §8: the route fails with the backend status)', () => {
  afterEach(() => vi.unstubAllGlobals());
  const partial = {
    data: { viewer: null },
    errors: [
      { message: 'Недостаточно прав', path: ['viewer', 'unreadStatistic'], extensions: { upstreamStatus: 403 } },
    ],
  };
  const stub = () =>
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(JSON.stringify(partial), { status: 200 }))),
    );

  it('partial data with errors is returned normally', async () => {
    stub();
    await expect(fetchGraphQL(params({}), {}, {}) as Promise<unknown>).resolves.toEqual(partial);
  });

  it('with STRICT_ERRORS the errors fail the query, with the error items kept', async () => {
    stub();
    const error = (await (fetchGraphQL(params({}), {}, { metadata: STRICT_ERRORS }) as Promise<unknown>).catch(
      (e: unknown) => e,
    )) as GraphQLRequestError;
    expect(error).toBeInstanceOf(GraphQLRequestError);
    expect(error.message).toBe('Недостаточно прав');
    expect(error.errors[0].extensions?.upstreamStatus).toBe(403);
  });
});
