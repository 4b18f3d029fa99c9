/**
 * Input guard of every route (issue 14, defects 5 and 6): malformed input is refused with a 4xx before a handler, a
 * recursive walker or the database sees it.
 * - JSON bodies nested deeper than {@link MAX_JSON_DEPTH} levels: 400 VALIDATION_ERROR 'Слишком глубокая вложенность
 *   данных' (field '', code BODY_TOO_DEEP), checked on the raw text before JSON.parse (so neither the parser nor ajv
 *   nor any walker recurses on it). The 1 MB body limit of app.ts answers 413 (plugins/errors.ts).
 * - NUL characters (U+0000, which PostgreSQL text refuses) in any string or key of the body, the query or the path
 *   parameters: 400 VALIDATION_ERROR naming the field (code NUL_CHARACTER, 'Недопустимый символ в строке').
 * - Integers of request schemas (params, querystring, body, headers) without a declared maximum get maximum
 *   2 147 483 647 (PostgreSQL int4; ids of bigserial tables declare Number.MAX_SAFE_INTEGER themselves), and id-like
 *   integers (`id`, `…Id`, items of `…Ids`) without a minimum get minimum 1: ajv answers 400 VALIDATION_ERROR
 *   (MAXIMUM/MINIMUM) instead of PostgreSQL failing with "out of range" (22003). The OpenAPI document shows them.
 */
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, type FieldError } from '../errors.js';

/** Deepest nesting of objects and arrays a JSON body may have (levels). */
export const MAX_JSON_DEPTH = 32;
/** Largest integer an input may carry without a declared maximum: PostgreSQL int4. */
export const INT4_MAX = 2_147_483_647;
/** Most field errors the guard lists for one request (plugins/errors.ts caps every answer the same way). */
const MAX_NUL_ERRORS = 20;

export const BODY_TOO_DEEP_MESSAGE = 'Слишком глубокая вложенность данных';
export const NUL_MESSAGE = 'Недопустимый символ в строке';

/**
 * The nesting depth of JSON text (objects and arrays; brackets inside strings do not count), stopping as soon as it
 * exceeds `limit`: returns a number > limit then. Linear in the text, no recursion.
 */
export function jsonDepth(text: string, limit = Infinity): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 /* { */ || c === 91 /* [ */) {
      if (++depth > max) {
        max = depth;
        if (max > limit) return max;
      }
    } else if (c === 125 /* } */ || c === 93 /* ] */) depth--;
  }
  return max;
}

/**
 * The fields of `value` holding a NUL character (in a string or a key), as dotted paths under `prefix`, at most
 * `max`. Iterative (no recursion), so it is safe on any depth.
 */
export function nulFields(value: unknown, prefix = '', max = MAX_NUL_ERRORS): string[] {
  const found: string[] = [];
  const stack: Array<[unknown, string]> = [[value, prefix]];
  while (stack.length && found.length < max) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) found.push(path);
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], path ? `${path}.${i}` : String(i)]);
    } else if (v && typeof v === 'object' && !Buffer.isBuffer(v)) {
      const entries = Object.entries(v);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [k, x] = entries[i];
        const p = path ? `${path}.${k}` : k;
        if (k.includes('\u0000')) found.push(p);
        else stack.push([x, p]);
      }
    }
  }
  return found.slice(0, max);
}

/** 400 VALIDATION_ERROR for NUL characters in the request's path parameters, query or body; nothing otherwise. */
export function refuseNulCharacters(request: FastifyRequest): void {
  const fields = [
    ...nulFields(request.params),
    ...nulFields(request.query),
    ...(typeof request.body === 'string' || (request.body && typeof request.body === 'object')
      ? nulFields(request.body)
      : []),
  ].slice(0, MAX_NUL_ERRORS);
  if (!fields.length) return;
  const errors: FieldError[] = fields.map((field) => ({ field, code: 'NUL_CHARACTER', message: NUL_MESSAGE }));
  throw AppError.validation(errors, NUL_MESSAGE);
}

interface SchemaNode {
  type?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMaximum?: number;
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode | SchemaNode[];
  anyOf?: SchemaNode[];
  oneOf?: SchemaNode[];
  allOf?: SchemaNode[];
  additionalProperties?: unknown;
}

const ID_NAME = /(^id$|Id$)/;
const IDS_NAME = /Ids$/;

/**
 * Gives every integer of a request schema without a maximum the int4 maximum, and id-like ones (by property name)
 * without a minimum the minimum 1. Mutates the schema in place (shared schema objects get the same bounds everywhere).
 */
export function boundIntegers(node: SchemaNode | undefined, name = '', seen = new Set<object>()): void {
  if (!node || typeof node !== 'object' || seen.has(node)) return;
  seen.add(node);
  const types = [node.type].flat();
  if (types.includes('integer')) {
    if (node.maximum === undefined && node.exclusiveMaximum === undefined) node.maximum = INT4_MAX;
    if (node.minimum === undefined && ID_NAME.test(name)) node.minimum = 1;
  }
  for (const [k, v] of Object.entries(node.properties ?? {})) boundIntegers(v, k, seen);
  for (const item of [node.items ?? []].flat()) boundIntegers(item, IDS_NAME.test(name) ? 'id' : name, seen);
  for (const alt of [...(node.anyOf ?? []), ...(node.oneOf ?? []), ...(node.allOf ?? [])])
    boundIntegers(alt, name, seen);
  if (node.additionalProperties && typeof node.additionalProperties === 'object')
    boundIntegers(node.additionalProperties as SchemaNode, '', seen);
}

export default fp(
  async function inputGuard(app: FastifyInstance) {
    // JSON with a depth bound checked on the text before parsing; parsing itself stays Fastify's default (secure-json-parse,
    // __proto__ and constructor.prototype refused as by default).
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      if (jsonDepth(body as string, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
        done(
          AppError.validation(
            [{ field: '', code: 'BODY_TOO_DEEP', message: BODY_TOO_DEEP_MESSAGE }],
            BODY_TOO_DEEP_MESSAGE,
          ),
          undefined,
        );
        return;
      }
      parseJson(request, body as string, done);
    });

    app.addHook('preValidation', async (request) => refuseNulCharacters(request));

    app.addHook('onRoute', (route: RouteOptions) => {
      const schema = route.schema as Record<string, SchemaNode | undefined> | undefined;
      if (!schema) return;
      for (const part of ['params', 'querystring', 'body', 'headers']) boundIntegers(schema[part]);
    });
  },
  { name: 'input-guard' },
);
