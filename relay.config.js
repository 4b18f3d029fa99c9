// relay-compiler configuration (CommonJS: the root package.json is not an ES module package).
// The web app's graphql tags live in web/src; the schema is the gateway's public schema.graphql (merged, see below).
// Generated artifacts go to web/src/__generated__ (gitignored) and every operation is persisted
// into web/persisted-queries.json (doc_id → text), which the gateway can serve in persisted-only mode.
module.exports = {
  src: './web/src',
  // The gateway's schema.graphql with its `extend type` blocks folded in, written by web/scripts/relay.cjs (relay
  // takes `extend type` fields of the schema it reads for client-only extensions and leaves them out of the queries).
  schema: './node_modules/.cache/relay/schema.graphql',
  language: 'typescript',
  artifactDirectory: './web/src/__generated__',
  eagerEsModules: true,
  excludes: ['**/node_modules/**', '**/__mocks__/**', '**/__generated__/**'],
  persistConfig: {
    file: './web/persisted-queries.json',
  },
  customScalarTypes: {
    Decimal: 'string',
    Date: 'string',
    DateTime: 'string',
  },
};
