/**
 * `Strict<R, Parent, Gql>`: the generated resolver map `R` of a GraphQL type `Gql`, with a resolver REQUIRED
 * for every field the parent DTO does not carry under the same name. A field added to schema.graphql that
 * the DTO lacks therefore fails `tsc` until someone writes its resolver (instead of silently resolving null).
 */
export type Strict<R, Parent, Gql> = R & {
  [K in Exclude<keyof Gql, '__typename' | keyof Parent>]-?: K extends keyof R ? NonNullable<R[K]> : never;
};
