/**
 * The malformed-input generator of the REST fuzz test (issue 14 "Tests", defects 5 and 6): from the backend's OpenAPI
 * document, for every route and method, calls whose inputs are each broken in one place — NUL in a string, huge
 * (1e30, 2^63, 23 digits) and negative numbers, wrong types, 1 MB strings, JSON nested 5 000 deep, a broken multipart
 * boundary — the other inputs kept plausible so the broken one reaches as deep as it can. Deterministic: a seeded PRNG
 * (mulberry32) samples `perRoute` cases of each route unless `full`.
 */
import { prng } from './prng.js';

/** The subset of an OpenAPI 3 document the generator reads. */
export interface OpenApiDoc {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}
interface OpenApiOperation {
  summary?: string;
  description?: string;
  parameters?: Array<{
    in: 'path' | 'query' | 'header' | 'cookie';
    name: string;
    required?: boolean;
    schema?: JsonSchema;
  }>;
  requestBody?: { content: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, unknown> }>;
}
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  minItems?: number;
  format?: string;
  pattern?: string;
  default?: unknown;
  $ref?: string;
}

/** Which signed-in identity sends a case: one of the four data roles or no session. */
export type FuzzRole = 'guest' | 'CLIENT' | 'PARTNER' | 'AGENT' | 'OPER';

/** One call: URL with its query string already encoded, headers, raw payload; `what` says what is broken. */
export interface FuzzCase {
  route: string;
  method: string;
  role: FuzzRole;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  what: string;
}

/** 1 000 000 characters: under the 1 MB body limit once quoted, over every declared maxLength. */
const MEGA_STRING = 'я'.repeat(500_000);
/** JSON text nested `levels` deep: {"a":{"a":…}} */
export function deepJson(levels: number): string {
  return '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);
}

type Path = Array<string | number>;
/** A broken value for one place, as a JSON value (body) or the raw text (query and path). */
interface Mutation {
  what: string;
  json: unknown;
  /** The raw text for a query or path value; null when the break has no text form (any text is a valid string). */
  text: string | null;
}

const HUGE_23 = '12345678901234567890123';

function resolve(doc: OpenApiDoc, s: JsonSchema | undefined): JsonSchema {
  if (!s) return {};
  if (s.$ref) return resolve(doc, doc.components?.schemas?.[s.$ref.split('/').pop()!]);
  if (s.allOf) return Object.assign({}, ...s.allOf.map((x) => resolve(doc, x))) as JsonSchema;
  const alt = s.anyOf ?? s.oneOf;
  if (alt && !s.type) {
    const nonNull = alt.map((x) => resolve(doc, x)).filter((x) => x.type !== 'null');
    // A union of literals: an enum of their values.
    if (nonNull.length && nonNull.every((x) => x.const !== undefined))
      return { type: typeof nonNull[0].const, enum: nonNull.map((x) => x.const) };
    return nonNull[0] ?? {};
  }
  return s;
}

function typeOf(s: JsonSchema): string {
  const t = Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type;
  if (t) return t;
  if (s.properties) return 'object';
  if (s.items) return 'array';
  return 'string';
}

/** A plausible valid value for the schema (enum's first value, minimum, a date for date formats…). */
export function sampleValue(doc: OpenApiDoc, schema: JsonSchema | undefined, depth = 0): unknown {
  const s = resolve(doc, schema);
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  if (s.default !== undefined) return s.default;
  switch (typeOf(s)) {
    case 'integer':
    case 'number':
      return Math.max(s.minimum ?? 1, 1);
    case 'boolean':
      return true;
    case 'array':
      return depth > 6 ? [] : [sampleValue(doc, s.items, depth + 1)];
    case 'object': {
      const out: Record<string, unknown> = {};
      if (depth > 6) return out;
      for (const [k, v] of Object.entries(s.properties ?? {})) out[k] = sampleValue(doc, v, depth + 1);
      return out;
    }
    default:
      return sampleString(s);
  }
}

function sampleString(s: JsonSchema): string {
  if (s.format === 'date') return '2026-01-15';
  if (s.format === 'date-time') return '2026-01-15T10:00:00Z';
  if (s.format === 'email') return 'fuzz@example.com';
  if (s.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
  if (s.pattern?.includes('\\d')) return '1'.repeat(Math.max(s.minLength ?? 1, 1));
  return 'x'.repeat(Math.max(s.minLength ?? 1, 1));
}

/** The broken values for a place of this schema. */
function mutationsFor(doc: OpenApiDoc, schema: JsonSchema | undefined): Mutation[] {
  // A union that takes free text (an id or a search string) takes any number as text: only string breaks apply.
  const alternatives = (schema?.anyOf ?? schema?.oneOf ?? []).map((x) => resolve(doc, x));
  const freeText = alternatives.some((x) => typeOf(x) === 'string' && !x.enum && x.const === undefined && !x.pattern);
  const s = freeText ? { type: 'string' } : resolve(doc, schema);
  const t = typeOf(s);
  const out: Mutation[] = [{ what: 'NUL in a string', json: 'a\u0000b', text: 'a\u0000b' }];
  if (t === 'integer' || t === 'number') {
    out.push(
      { what: 'number 1e30', json: 1e30, text: '1e30' },
      { what: 'number 2^63', json: 9223372036854775808, text: '9223372036854775808' },
      { what: 'number 2^31 (beyond int4)', json: 2147483648, text: '2147483648' },
      { what: '23-digit number', json: Number(HUGE_23), text: HUGE_23 },
      { what: 'negative number', json: -1, text: '-1' },
      { what: 'wrong type (string for a number)', json: 'abc', text: 'abc' },
    );
  } else if (t === 'boolean') {
    out.push({ what: 'wrong type (object for a boolean)', json: { a: 1 }, text: 'maybe' });
  } else if (t === 'array' || t === 'object') {
    out.push({ what: `wrong type (number for an ${t})`, json: 1e30, text: HUGE_23 });
  } else {
    out.push(
      { what: 'wrong type (object for a string)', json: { a: 1 }, text: null },
      { what: '1 MB string', json: MEGA_STRING, text: 'я'.repeat(2000) },
    );
  }
  return out;
}

/** Every place of a JSON value by schema: [path, schema] for each property, array item and leaf. */
function places(
  doc: OpenApiDoc,
  schema: JsonSchema | undefined,
  path: Path = [],
  depth = 0,
): Array<[Path, JsonSchema]> {
  const s = resolve(doc, schema);
  // The place keeps its declared schema (a union stays a union for mutationsFor).
  const out: Array<[Path, JsonSchema]> = path.length && schema ? [[path, schema]] : [];
  if (depth > 6) return out;
  const t = typeOf(s);
  if (t === 'object')
    for (const [k, v] of Object.entries(s.properties ?? {})) out.push(...places(doc, v, [...path, k], depth + 1));
  if (t === 'array' && s.items) out.push(...places(doc, s.items, [...path, 0], depth + 1));
  return out;
}

function setAt(value: unknown, path: Path, v: unknown): unknown {
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path[path.length - 1]] = v;
  return copy;
}

/** The roles that may call a route, from its path (spec core §6): the rest are tried as a client and an operator. */
export function rolesFor(path: string): FuzzRole[] {
  if (path.startsWith('/api/secured/client') || path.startsWith('/api/secured/verification')) return ['CLIENT'];
  if (path.startsWith('/api/secured/partner')) return ['PARTNER'];
  if (path.startsWith('/api/secured/oper')) return ['OPER'];
  if (path.startsWith('/api/secured/agent')) return ['AGENT'];
  if (path.startsWith('/api/secured') || path.startsWith('/api/chat')) return ['CLIENT', 'OPER'];
  return ['guest'];
}

/** Calls that end the caller's own session: run last so the rest keep their identity. */
export function endsSession(route: string): boolean {
  return /\/logout$/.test(route);
}

function isMultipart(op: OpenApiOperation): boolean {
  return /multipart/i.test(`${op.summary ?? ''} ${op.description ?? ''}`) && !op.requestBody;
}

function isStream(path: string, op: OpenApiOperation): boolean {
  const ok = op.responses?.['200']?.content ?? {};
  return path.endsWith('/stream') || 'text/event-stream' in ok;
}

function encodeQuery(q: Record<string, string>): string {
  const s = Object.entries(q)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .join('&');
  return s ? `?${s}` : '';
}

/**
 * The fuzz cases of every route of `doc`, sorted so that session-ending calls come last. `full`: every case;
 * else `perRoute` cases per route and role, drawn by the PRNG of `seed`.
 */
export function fuzzCases(doc: OpenApiDoc, opts: { seed: number; full: boolean; perRoute: number }): FuzzCase[] {
  const rnd = prng(opts.seed);
  const all: FuzzCase[] = [];
  for (const [route, methods] of Object.entries(doc.paths)) {
    for (const [m, op] of Object.entries(methods)) {
      const method = m.toUpperCase();
      if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(method) || isStream(route, op)) continue;
      const params = op.parameters ?? [];
      const pathParams = params.filter((p) => p.in === 'path');
      const queryParams = params.filter((p) => p.in === 'query');
      const jsonSchema = op.requestBody?.content['application/json']?.schema;
      const formSchema = op.requestBody?.content['application/x-www-form-urlencoded']?.schema;
      const validPath: Record<string, string> = Object.fromEntries(
        pathParams.map((p) => [p.name, String(sampleValue(doc, p.schema))]),
      );
      const validQuery: Record<string, string> = {};
      for (const p of queryParams) {
        const v = sampleValue(doc, p.schema);
        if (p.required || typeof v !== 'object') validQuery[p.name] = Array.isArray(v) ? String(v[0]) : String(v);
      }
      const validBody = jsonSchema ? sampleValue(doc, jsonSchema) : undefined;
      const urlOf = (pv: Record<string, string>, q: Record<string, string>) =>
        route.replace(/\{(\w+)\}/g, (_, n: string) => encodeURIComponent(pv[n] ?? '1')) + encodeQuery(q);
      const jsonHeaders = { 'content-type': 'application/json' };
      const bodyText = validBody === undefined ? undefined : JSON.stringify(validBody);
      const base = { route, method };
      const routeCases: Array<Omit<FuzzCase, 'role'>> = [];
      const push = (what: string, url: string, payload?: string | Buffer, headers: Record<string, string> = {}) =>
        routeCases.push({
          ...base,
          what,
          url,
          payload,
          headers: payload === undefined ? {} : { ...jsonHeaders, ...headers },
        });

      for (const p of pathParams)
        for (const mu of mutationsFor(doc, p.schema))
          if (mu.text !== null)
            push(`path ${p.name}: ${mu.what}`, urlOf({ ...validPath, [p.name]: mu.text }, validQuery), bodyText);
      for (const p of queryParams)
        for (const mu of mutationsFor(doc, p.schema))
          if (mu.text !== null)
            push(`query ${p.name}: ${mu.what}`, urlOf(validPath, { ...validQuery, [p.name]: mu.text }), bodyText);
      if (jsonSchema) {
        for (const [path, s] of places(doc, jsonSchema))
          for (const mu of mutationsFor(doc, s))
            push(
              `body ${path.join('.')}: ${mu.what}`,
              urlOf(validPath, validQuery),
              JSON.stringify(setAt(validBody, path, mu.json)),
            );
        push('body: wrong type (array for the object)', urlOf(validPath, validQuery), '[1,2,3]');
      }
      if (formSchema) {
        const form = sampleValue(doc, formSchema) as Record<string, unknown>;
        for (const k of Object.keys(form)) {
          const broken = {
            ...Object.fromEntries(Object.entries(form).map(([a, b]) => [a, String(b)])),
            [k]: 'a\u0000b',
          };
          push(`form ${k}: NUL in a string`, urlOf(validPath, validQuery), encodeQuery(broken).slice(1), {
            'content-type': 'application/x-www-form-urlencoded',
          });
        }
      }
      if (method !== 'GET' && method !== 'DELETE') {
        push('body: JSON nested 5 000 deep', urlOf(validPath, validQuery), deepJson(5000));
        if (isMultipart(op)) {
          push(
            'multipart: broken boundary',
            urlOf(validPath, validQuery),
            Buffer.from(
              '--wrong\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4 garbage',
            ),
            { 'content-type': 'multipart/form-data; boundary=----expected' },
          );
          push('multipart: no boundary', urlOf(validPath, validQuery), Buffer.from('garbage'), {
            'content-type': 'multipart/form-data',
          });
        }
      }
      for (const role of rolesFor(route)) {
        let chosen = routeCases;
        if (!opts.full && routeCases.length > opts.perRoute) {
          const pool = [...routeCases];
          chosen = [];
          while (chosen.length < opts.perRoute) chosen.push(pool.splice(Math.floor(rnd() * pool.length), 1)[0]);
        }
        for (const c of chosen) all.push({ ...c, role });
        // A guest is refused before validation on secured routes: one case per route is enough.
        if (role !== 'guest' && routeCases.length)
          all.push({ ...routeCases[Math.floor(rnd() * routeCases.length)], role: 'guest' });
      }
    }
  }
  return [...all.filter((c) => !endsSession(c.route)), ...all.filter((c) => endsSession(c.route))];
}
