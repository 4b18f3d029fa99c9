/**
 * Builds the executable schema from the top-level schema.graphql (schema-first) and the resolvers.
 * A small attach step instead of a schema-tools dependency: field resolvers, abstract type resolvers and
 * scalar behaviour are copied onto the built schema; a resolver for a type or field that the schema lacks
 * is an error at start-up (the typed `Resolvers` map already catches it at compile time).
 *
 * Why `graphql/index.js` and not `graphql` in gateway sources: graphql 16 ships CJS (`main`) and ESM
 * (`module`) builds without an `exports` map. Node resolves `graphql` to the CJS build for Apollo, graphql-ws
 * and graphql-relay, while Vite/Vitest would pick the ESM build for our sources — two realms, and Apollo
 * rejects "a GraphQLSchema from another module or realm". Naming the CJS file keeps one instance everywhere
 * (tsx, node dist, vitest) without bundler configuration.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  buildSchema,
  type GraphQLFieldResolver,
  GraphQLInterfaceType,
  GraphQLObjectType,
  GraphQLScalarType,
  type GraphQLSchema,
  GraphQLUnionType,
} from 'graphql/index.js';
import { resolvers } from './resolvers.js';

const here = dirname(fileURLToPath(import.meta.url));

/** Path of schema.graphql: the repository root, from src/ (tsx) or dist/src/ (built). */
export function schemaPath(): string {
  return resolve(here, here.includes(`${'/dist/'}`) ? '../../../schema.graphql' : '../../schema.graphql');
}

export function loadTypeDefs(path: string = schemaPath()): string {
  return readFileSync(path, 'utf8');
}

type AnyResolverMap = Record<string, unknown>;

/** Attaches a resolver map to a schema built from SDL (mutates and returns it). */
export function attachResolvers(schema: GraphQLSchema, map: Record<string, unknown>): GraphQLSchema {
  for (const [typeName, value] of Object.entries(map)) {
    const type = schema.getType(typeName);
    if (!type) throw new Error(`resolvers: type ${typeName} is not in schema.graphql`);
    if (type instanceof GraphQLScalarType) {
      const impl = value as GraphQLScalarType;
      type.serialize = impl.serialize;
      type.parseValue = impl.parseValue;
      type.parseLiteral = impl.parseLiteral;
      continue;
    }
    const fields = value as AnyResolverMap;
    if (type instanceof GraphQLUnionType || type instanceof GraphQLInterfaceType) {
      if (typeof fields.__resolveType === 'function') type.resolveType = fields.__resolveType as never;
      continue;
    }
    if (!(type instanceof GraphQLObjectType))
      throw new Error(`resolvers: ${typeName} is not an object, union, interface or scalar`);
    const defs = type.getFields();
    for (const [fieldName, fn] of Object.entries(fields)) {
      if (fieldName === '__isTypeOf') {
        type.isTypeOf = fn as never;
        continue;
      }
      const field = defs[fieldName];
      if (!field) throw new Error(`resolvers: ${typeName}.${fieldName} is not in schema.graphql`);
      field.resolve = fn as GraphQLFieldResolver<unknown, unknown>;
    }
  }
  return schema;
}

/** The gateway's executable schema. */
export function buildGatewaySchema(typeDefs: string = loadTypeDefs()): GraphQLSchema {
  return attachResolvers(buildSchema(typeDefs), resolvers as unknown as Record<string, unknown>);
}
