import { describe, expect, it } from 'vitest';
import type { RequestParameters } from 'relay-runtime';
import { requestBody, subscribePayload } from './environment';

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
