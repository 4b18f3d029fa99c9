/**
 * The backend's OpenAPI document, exactly as served at /api/docs/json, composes in GraphQL Mesh (issue 15: the Hive
 * Gateway peer uses the Mesh OpenAPI source over it, unchanged). Before issue 15 it did not: every union of string
 * literals was an `anyOf` of one-value enums, which Mesh turned into object types without fields (470 schema errors
 * "Type … must define one or more fields"), operations had no operationId and some responses no schema.
 * src/openapi-transform.ts publishes string enums, operationIds and response schemas.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { composeSubgraphs } from '@graphql-mesh/fusion-composition';
import { loadNonExecutableGraphQLSchemaFromOpenAPI } from '@omnigraph/openapi';
import { createRequire } from 'node:module';
import type { GraphQLEnumType, GraphQLObjectType, GraphQLOutputType, GraphQLSchema } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness.js';

// The graphql module Mesh uses (Node's resolution: the CommonJS build); vitest's own import would be another realm.
const gql = createRequire(import.meta.url)('graphql') as typeof import('graphql');

interface Operation {
  operationId?: string;
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
}

/** The object type a field answers with, through lists, non-null and the 2xx member of Mesh's status-code union. */
function successObject(type: GraphQLOutputType): GraphQLObjectType {
  const named = gql.getNamedType(type);
  if (gql.isObjectType(named)) return named;
  if (gql.isUnionType(named)) {
    const ok = named.getTypes().find((t) => /_200_response$/.test(t.name)) ?? named.getTypes()[0]!;
    return ok;
  }
  throw new Error(`not an object type: ${String(type)}`);
}

function fieldType(object: GraphQLObjectType, name: string): GraphQLOutputType {
  const field = object.getFields()[name];
  if (!field) throw new Error(`${object.name} has no field ${name}`);
  return field.type;
}

function enumValues(type: GraphQLOutputType): string[] {
  const named = gql.getNamedType(type);
  expect(gql.isEnumType(named), String(type)).toBe(true);
  return (named as GraphQLEnumType).getValues().map((v) => v.value as string);
}

describe('the served OpenAPI document composes in GraphQL Mesh', () => {
  let t: TestApp;
  let doc: Document;
  let schema: GraphQLSchema;
  let dir: string;

  beforeAll(async () => {
    t = await createTestApp({ config: { openApiDocs: true } });
    const res = await t.client().get('/api/docs/json');
    expect(res.statusCode).toBe(200);
    doc = res.json() as Document;
    dir = mkdtempSync(join(tmpdir(), 'openapi-compose-'));
    const source = join(dir, 'openapi.json');
    writeFileSync(source, res.body);
    schema = await loadNonExecutableGraphQLSchemaFromOpenAPI('backend', {
      source,
      endpoint: 'http://127.0.0.1:9/',
      cwd: dir,
    });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('gives every operation a unique operationId and every response with a body a schema', () => {
    const ids: string[] = [];
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        expect(op.operationId, `${method} ${path}`).toMatch(/^[a-z][A-Za-z0-9]*$/);
        ids.push(op.operationId!);
        for (const [status, response] of Object.entries(op.responses)) {
          if (status === '204' || status.startsWith('3')) continue;
          const media = Object.values(response.content ?? {});
          expect(media.length, `${method} ${path} ${status}`).toBeGreaterThan(0);
          for (const m of media) expect(m.schema, `${method} ${path} ${status}`).toBeDefined();
          if (/^[45]/.test(status))
            expect(Object.keys(response.content!), `${method} ${path} ${status}`).toEqual(['application/json']);
        }
      }
    }
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain('getSecuredCommonCurrentUser');
  });

  it('publishes no union of string literals as an anyOf of one-value enums', () => {
    const literalUnions: string[] = [];
    const walk = (node: unknown, at: string): void => {
      if (Array.isArray(node)) node.forEach((n, i) => walk(n, `${at}/${i}`));
      else if (node && typeof node === 'object') {
        const anyOf = (node as { anyOf?: unknown[] }).anyOf;
        if (
          anyOf?.some(
            (m) =>
              Array.isArray((m as { enum?: unknown[] }).enum) && typeof (m as { enum: unknown[] }).enum[0] === 'string',
          )
        )
          literalUnions.push(at);
        for (const [k, v] of Object.entries(node)) walk(v, `${at}/${k}`);
      }
    };
    walk(doc, '#');
    expect(literalUnions).toEqual([]);
  });

  it('yields a valid GraphQL schema (no object type without fields) that Mesh composes without errors', () => {
    expect(gql.validateSchema(schema).map((e) => e.message)).toEqual([]);
    const composed = composeSubgraphs([{ name: 'backend', schema }]);
    expect(composed.errors?.map((e) => e.message) ?? []).toEqual([]);
    expect(composed.supergraphSdl).toContain('getSecuredCommonCurrentUser');
  });

  it("exposes the current user and the client's orders list with typed enums", () => {
    const query = schema.getQueryType()!;
    const mutation = schema.getMutationType()!;

    const me = successObject(fieldType(query, 'getSecuredCommonCurrentUser'));
    const account = successObject(fieldType(me, 'account'));
    expect(enumValues(fieldType(account, 'type'))).toEqual(['CLIENT', 'PARTNER', 'AGENT', 'OPER']);
    expect(enumValues(fieldType(account, 'status'))).toEqual(['ACTIVE', 'USER_SUSPENDED']);

    // POST …/filter: a mutation by Mesh's default (the peer selects it as a query field: tests/bench/lib/hive-peer.mjs).
    const page = successObject(fieldType(mutation, 'postSecuredClientOrderExchFilter'));
    const content = fieldType(page, 'content');
    expect(gql.isListType(gql.getNullableType(content))).toBe(true);
    const order = successObject(content);
    expect(enumValues(fieldType(order, 'status'))).toContain('OFFER_ACCEPTED');
    expect(enumValues(fieldType(order, 'paymentType'))).toEqual(['SENDING', 'RECEIVING']);
    const offer = successObject(fieldType(order, 'partnerOrders'));
    expect(Object.keys(offer.getFields())).toContain('status');

    const counts = successObject(fieldType(query, 'getSecuredClientOrderExchTabCounts'));
    expect(Object.keys(counts.getFields())).toEqual(expect.arrayContaining(['current', 'completed', 'cancelled']));
  });
});
