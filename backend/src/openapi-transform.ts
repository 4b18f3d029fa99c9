/**
 * How the backend's OpenAPI document is published (issue 15): transforms of the document @fastify/swagger generates,
 * so that generic OpenAPI consumers — GraphQL Mesh's OpenAPI source (@omnigraph/openapi) in the Hive Gateway peer,
 * openapi-typescript in the gateway's codegen — read the document exactly as served, without a patch of their own:
 *
 * - every union of string literals (TypeBox `Type.Union([Type.Literal('A'), …])`, generated as an `anyOf` of one-value
 *   enums) is a string enum `{ type: 'string', enum: [...] }`, keeping the union's description, default, nullable…;
 *   a nullable one (`Type.Union([<literals>, Type.Null()])`) is `{ type: 'string', enum: [...], nullable: true }`;
 * - every operation has an `operationId` (the route's own `schema.operationId` when it has one, else derived from the
 *   method and the path: `GET /api/secured/client/order/exch/{id}` → `getSecuredClientOrderExchById`), unique;
 * - every response that has a body has a schema: a route that declares no response schema but `produces` (HTML pages,
 *   Server-Sent Events) answers a string of that media type; error responses (4xx/5xx: `{ message, code, … }`, always
 *   JSON — plugins/errors.ts) are published as application/json also on routes whose success is a file. 204 (and 3xx)
 *   responses keep no content.
 *
 * Only the published document changes: request validation and response serialization use the routes' own schemas.
 * `backend/test/openapi-compose.test.ts` composes the served document with @omnigraph/openapi in CI.
 */
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };
type SwaggerTransform = NonNullable<FastifyDynamicSwaggerOptions['transform']>;
type SwaggerTransformObject = NonNullable<FastifyDynamicSwaggerOptions['transformObject']>;

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The single string value of a one-value string enum (or `const`) schema `{ type: 'string', enum: ['A'] }`. */
function literalValue(schema: Json): string | undefined {
  if (!isObject(schema)) return undefined;
  const keys = Object.keys(schema).filter((k) => k !== 'type' && k !== 'enum' && k !== 'const');
  if (keys.length > 0 || (schema.type !== undefined && schema.type !== 'string')) return undefined;
  if (typeof schema.const === 'string') return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length === 1 && typeof schema.enum[0] === 'string')
    return schema.enum[0];
  return undefined;
}

/** The OpenAPI 3.0 rendering of TypeBox's `Type.Null()`: `{ type: 'object', nullable: true, enum: [null] }` (or alike). */
function isNullSchema(schema: Json): boolean {
  if (!isObject(schema)) return false;
  if (schema.type === 'null') return true;
  return schema.nullable === true && Array.isArray(schema.enum) && schema.enum.length === 1 && schema.enum[0] === null;
}

/** A string enum schema (already collapsed): `{ type: 'string', enum: [strings] }`, no other constraint but metadata. */
function isStringEnum(schema: Json): schema is JsonObject & { enum: string[] } {
  return (
    isObject(schema) &&
    schema.type === 'string' &&
    Array.isArray(schema.enum) &&
    schema.enum.length > 0 &&
    schema.enum.every((v) => typeof v === 'string')
  );
}

/**
 * Collapses an `anyOf` union of string literals (optionally with a null member) into a string enum; returns the
 * schema unchanged when it is not such a union. Outer keys (description, default, examples…) are kept.
 */
function collapseLiteralUnion(schema: JsonObject): JsonObject {
  const members = schema.anyOf;
  if (!Array.isArray(members) || members.length === 0) return schema;
  const values: string[] = [];
  let nullable = false;
  let innerDescription: Json | undefined;
  for (const member of members) {
    const literal = literalValue(member);
    if (literal !== undefined) values.push(literal);
    else if (isNullSchema(member)) nullable = true;
    else if (isStringEnum(member)) {
      // A nested union already collapsed (Type.Union([Type.Union([literals]), Type.Null()])).
      values.push(...member.enum);
      if (member.nullable === true) nullable = true;
      innerDescription ??= member.description;
    } else return schema;
  }
  if (values.length === 0) return schema;
  const { anyOf: _anyOf, ...outer } = schema;
  const result: JsonObject = { type: 'string', enum: [...new Set(values)] };
  if (innerDescription !== undefined) result.description = innerDescription;
  Object.assign(result, outer);
  if (nullable) result.nullable = true;
  return result;
}

/** Rewrites every literal union in a JSON value, bottom-up (nested unions first); returns a new value. */
export function publishLiteralUnionsAsEnums(value: Json): Json {
  if (Array.isArray(value)) return value.map(publishLiteralUnionsAsEnums);
  if (!isObject(value)) return value;
  const out: JsonObject = {};
  for (const [key, child] of Object.entries(value)) out[key] = publishLiteralUnionsAsEnums(child);
  return collapseLiteralUnion(out);
}

/** `oper-login` → `OperLogin`, `orders.csv` → `OrdersCsv`, `{fileId}` → `ByFileId`. */
function pascalSegment(segment: string): string {
  const param = /^\{(.+)\}$/.exec(segment);
  const words = (param ? param[1]! : segment).split(/[^A-Za-z0-9]+/).filter(Boolean);
  const pascal = words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
  return param ? `By${pascal}` : pascal;
}

/** The derived operationId of `method path`; `withApi` keeps the leading `/api` segment (used on a collision). */
export function deriveOperationId(method: string, path: string, withApi = false): string {
  const segments = path.split('/').filter(Boolean);
  const kept = !withApi && segments[0] === 'api' && segments.length > 1 ? segments.slice(1) : segments;
  return method.toLowerCase() + kept.map(pascalSegment).join('');
}

/** Sets a unique operationId on every operation (own ids kept; derived ones from method + path, collisions resolved). */
function addOperationIds(paths: JsonObject): void {
  const ops: { op: JsonObject; method: string; path: string }[] = [];
  for (const [path, item] of Object.entries(paths)) {
    if (!isObject(item)) continue;
    for (const method of HTTP_METHODS) {
      const op = item[method];
      if (isObject(op)) ops.push({ op, method, path });
    }
  }
  const taken = new Set(ops.map((o) => o.op.operationId).filter((id): id is string => typeof id === 'string'));
  const derived = ops.filter((o) => typeof o.op.operationId !== 'string');
  const counts = new Map<string, number>();
  for (const o of derived) {
    const id = deriveOperationId(o.method, o.path);
    counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  for (const o of derived) {
    let id = deriveOperationId(o.method, o.path);
    if (counts.get(id)! > 1 || taken.has(id)) id = deriveOperationId(o.method, o.path, true);
    for (let n = 2; taken.has(id); n++) id = `${deriveOperationId(o.method, o.path, true)}${n}`;
    taken.add(id);
    o.op.operationId = id;
  }
}

/** Error responses (4xx/5xx) are JSON bodies (plugins/errors.ts), also on routes whose success `produces` a file. */
function publishErrorsAsJson(paths: JsonObject): void {
  for (const item of Object.values(paths)) {
    if (!isObject(item)) continue;
    for (const method of HTTP_METHODS) {
      const responses = isObject(item[method]) ? (item[method] as JsonObject).responses : undefined;
      if (!isObject(responses)) continue;
      for (const [status, response] of Object.entries(responses)) {
        if (!/^[45]/.test(status) || !isObject(response) || !isObject(response.content)) continue;
        const content = response.content;
        if (content['application/json']) continue;
        const first = Object.values(content)[0];
        if (first !== undefined) response.content = { 'application/json': first };
      }
    }
  }
}

/**
 * Per-route transform (@fastify/swagger `transform`): a route without a response schema that `produces` a media type
 * (an HTML page, a Server-Sent Events stream) is published as answering 200 with a string of that type.
 */
export const transformRoute: SwaggerTransform = ({ schema, url }) => {
  const s = schema as (typeof schema & { produces?: readonly string[]; response?: unknown }) | undefined;
  if (!s || s.response || !Array.isArray(s.produces) || s.produces.length === 0) return { schema, url };
  const content = Object.fromEntries(s.produces.map((type) => [type, { schema: { type: 'string' } }]));
  return { schema: { ...s, response: { 200: { description: `The ${s.produces.join(', ')} body`, content } } }, url };
};

/** Whole-document transform (@fastify/swagger `transformObject`): enums, operationIds, JSON error bodies. */
export const transformDocument: SwaggerTransformObject = (documentObject) => {
  const source = 'openapiObject' in documentObject ? documentObject.openapiObject : documentObject.swaggerObject;
  const doc = publishLiteralUnionsAsEnums(source as unknown as Json) as JsonObject;
  if (isObject(doc.paths)) {
    addOperationIds(doc.paths);
    publishErrorsAsJson(doc.paths);
  }
  return doc as unknown as ReturnType<SwaggerTransformObject>;
};
