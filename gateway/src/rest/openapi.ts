/**
 * Types that read the generated REST contract (gateway/src/generated/rest.ts, openapi-typescript 7 output of the
 * backend's OpenAPI document; scripts/codegen.mjs) by HTTP method and path template, in the style of
 * openapi-typescript-helpers / openapi-fetch: `AnswerOf<'GET', '/api/secured/client/order/exch/{id}'>` is the JSON body
 * of that operation's 2xx answer. rest/session.ts `call` is typed with them, rest/contract.ts names the shapes the
 * modules use. Spec core §7 (REST API) and chat §7 describe the operations.
 */
import type { paths } from '../generated/rest.js';

/** HTTP methods the gateway uses upstream (upper case, as sent). */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Every path template of the backend's OpenAPI document, e.g. `/api/secured/client/order/exch/{id}`. */
export type ApiPath = keyof paths;

/** The generated operation object of `method` on `path` (never when the path has no such method). */
export type Operation<M extends HttpMethod, P extends ApiPath> = NonNullable<paths[P][Lowercase<M>]>;

/** Path templates that have an operation for `method`. */
export type PathOf<M extends HttpMethod> = {
  [P in ApiPath]: [NonNullable<paths[P][Lowercase<M>]>] extends [never] ? never : P;
}[ApiPath];

type SuccessCode = 200 | 201 | 202 | 204;
type JsonOf<R> = R extends { content: { 'application/json': infer B } } ? B : undefined;
type ResponsesOf<O> = O extends { responses: infer R } ? R : never;

/**
 * The parsed JSON body of a 2xx answer of `method` on `path`: the union over its 2xx statuses; `undefined` for an
 * answer without a JSON body (204, or a file).
 */
export type AnswerOf<M extends HttpMethod, P extends PathOf<M>> = P extends unknown
  ? {
      [C in keyof ResponsesOf<Operation<M, P>> & SuccessCode]: JsonOf<ResponsesOf<Operation<M, P>>[C]>;
    }[keyof ResponsesOf<Operation<M, P>> & SuccessCode]
  : never;

/** The JSON request body of `method` on `path` (never when the operation takes none). */
export type BodyOf<M extends HttpMethod, P extends PathOf<M>> =
  Operation<M, P> extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;

/** The path parameters of `method` on `path` (never when the template has none). */
export type ParamsOf<M extends HttpMethod, P extends PathOf<M>> =
  Operation<M, P> extends { parameters: { path: infer X } } ? ([X] extends [undefined] ? never : X) : never;

/** The query parameters of `method` on `path` (never when it takes none). Null or undefined values are left out. */
export type QueryOf<M extends HttpMethod, P extends PathOf<M>> =
  Operation<M, P> extends { parameters: { query?: infer X } }
    ? [NonNullable<X>] extends [never]
      ? never
      : { [K in keyof NonNullable<X>]: NonNullable<X>[K] | null }
    : never;

type Field<K extends string, T, Required extends boolean> = [T] extends [never]
  ? { [k in K]?: never }
  : Required extends true
    ? { [k in K]: T }
    : { [k in K]?: T };

type BodyRequired<M extends HttpMethod, P extends PathOf<M>> =
  Operation<M, P> extends { requestBody: { content: unknown } } ? true : false;

/**
 * The options of `call(method, path, options)`: `params` fills the `{name}` segments of the template (required when it
 * has some), `query` the query string, `body` the JSON body (required when the operation requires one), `headers`
 * extra request headers (e.g. `authorization` for login).
 */
export type CallOptions<M extends HttpMethod, P extends PathOf<M>> = Field<'params', ParamsOf<M, P>, true> &
  Field<'query', QueryOf<M, P>, false> &
  Field<'body', BodyOf<M, P>, BodyRequired<M, P>> & { headers?: Record<string, string> };

/** Whether `CallOptions` may be left out (no required params or body). */
export type OptionsOptional<M extends HttpMethod, P extends PathOf<M>> = [ParamsOf<M, P>] extends [never]
  ? BodyRequired<M, P> extends true
    ? false
    : true
  : false;

/** Element type of an array type (the item shape of a list answer). */
export type ItemOf<T> = T extends readonly (infer I)[] ? I : never;

/**
 * Fills a path template's `{name}` segments from `params` (URI-encoded). Throws Error when a named parameter is
 * missing, so a wrong template never reaches the backend.
 */
export function fillPath(template: string, params: Record<string, string | number> | undefined): string {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`path parameter ${name} missing for ${template}`);
    return encodeURIComponent(String(value));
  });
}
