/**
 * Route schema compilers that several apps of one process share (issue 15, suite time). Fastify compiles every
 * route's request validators (Ajv) and response serializers (fast-json-stringify) when an app is built: about 1.4 s
 * of CPU for this app's ~250 routes. A server process builds one app, so production never passes this; the test
 * harness builds hundreds of apps with the same routes in one worker and hands them one SharedSchemaCompilers, so
 * each distinct schema is compiled once per worker.
 *
 * A compiled function is reused only for a schema of the same JSON text, request part / response status and content
 * type, compiled with the same Fastify options (the apps sharing an instance must pass the same `ajv` and
 * `serializerOpts` server options: buildApp does) and no shared schemas (the app adds none with addSchema; when one
 * is added the external schemas take part in the key). Validators and serializers are pure functions of their
 * input, so sharing them between apps changes no answer.
 *
 * Passing compilersFactory makes Fastify treat the validator as custom, which only means that a `headers` schema is
 * not lower-cased before compiling; no route here declares one (a headers schema is compiled without the cache).
 */
import AjvCompiler from '@fastify/ajv-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

type CompilersFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;
type BuildValidator = NonNullable<CompilersFactory['buildValidator']>;
type BuildSerializer = NonNullable<CompilersFactory['buildSerializer']>;

/** What Fastify hands a route-level compiler: the schema and where it applies. */
interface RouteSchemaInput {
  schema: unknown;
  httpPart?: string;
  httpStatus?: string;
  contentType?: string;
}

/** Compiled validators and serializers shared by the apps of one process; pass to buildApp's `schemaCompilers`. */
export class SharedSchemaCompilers {
  private readonly validators = new Map<string, unknown>();
  private readonly serializers = new Map<string, unknown>();
  private readonly validatorPool = AjvCompiler();
  private readonly serializerPool = SerializerSelector();
  /** Compilations answered from the cache / made, for tests and curiosity. */
  readonly stats = { hits: 0, compiled: 0 };

  /** The `schemaController.compilersFactory` server option of Fastify. */
  compilersFactory(): CompilersFactory {
    const buildValidator = ((externalSchemas: unknown, options: unknown) => {
      const compile = (this.validatorPool as unknown as BuildValidator)(externalSchemas as never, options as never);
      return this.cached(this.validators, externalSchemas, options, compile as (input: RouteSchemaInput) => unknown);
    }) as unknown as BuildValidator;
    const buildSerializer = ((externalSchemas: unknown, options: unknown) => {
      const compile = (this.serializerPool as unknown as BuildSerializer)(externalSchemas as never, options as never);
      return this.cached(this.serializers, externalSchemas, options, compile as (input: RouteSchemaInput) => unknown);
    }) as unknown as BuildSerializer;
    return { buildValidator, buildSerializer };
  }

  private cached(
    store: Map<string, unknown>,
    externalSchemas: unknown,
    options: unknown,
    compile: (input: RouteSchemaInput) => unknown,
  ): (input: RouteSchemaInput) => unknown {
    const context = JSON.stringify([externalSchemas ?? {}, options ?? {}]);
    return (input) => {
      if (input.httpPart === 'headers') return compile(input);
      const key = `${context}\u0000${input.httpPart ?? ''}\u0000${input.httpStatus ?? ''}\u0000${input.contentType ?? ''}\u0000${JSON.stringify(input.schema)}`;
      const hit = store.get(key);
      if (hit) {
        this.stats.hits++;
        return hit;
      }
      const fn = compile(input);
      store.set(key, fn);
      this.stats.compiled++;
      return fn;
    };
  }
}
