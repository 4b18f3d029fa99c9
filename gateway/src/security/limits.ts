/**
 * Query limits of the public graph (issue 12 "Hardening"), enforced with @escape.tech/graphql-armor as Apollo
 * validation rules (and reused by graphql-ws, http/ws.ts):
 *
 * | limit      | env                      | default | what it counts                                                  |
 * |------------|--------------------------|---------|-----------------------------------------------------------------|
 * | depth      | GRAPHQL_MAX_DEPTH        | 18      | nesting of fields (fragments followed)                          |
 * | aliases    | GRAPHQL_MAX_ALIASES      | 15      | aliased fields in one operation                                 |
 * | cost       | GRAPHQL_MAX_COST         | 250000  | armor's cost: object 2, scalar 1, ×1.5 per level, × literal `first`/`last` |
 * | tokens     | GRAPHQL_MAX_TOKENS       | 2000    | lexical tokens of the document                                  |
 * | directives | GRAPHQL_MAX_DIRECTIVES   | 20      | directives in one operation                                     |
 *
 * The defaults were chosen by measuring every operation of the web app (web/persisted-queries.json, see
 * `measureDocument` and gateway/test/limits.test.ts, which fails when a web query no longer fits): the largest web
 * operations reach depth 14 (order mutations returning the order), 1 alias, cost ≈ 122 400 (ChatDetailQuery: 30
 * messages × nested fragments), 469 tokens and 2 directives — the limits leave headroom (depth +4, cost ×2, tokens ×4).
 * A refused document answers HTTP 400 with `extensions.code` GRAPHQL_VALIDATION_FAILED and a message naming the limit,
 * e.g. "Aliases limit of 15 exceeded, found 300."; over the token limit: GRAPHQL_PARSE_FAILED "Token limit of 2000
 * exceeded." (graphql-js's own counter, applied before anything is parsed).
 */
import type { ApolloServerPlugin } from '@apollo/server';
import { costLimitRule } from '@escape.tech/graphql-armor-cost-limit';
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import { maxDirectivesRule } from '@escape.tech/graphql-armor-max-directives';
import { MaxTokensParserWLexer } from '@escape.tech/graphql-armor-max-tokens'; // measuring only (measureDocument)
import {
  GraphQLError,
  type GraphQLSchema,
  parse,
  specifiedRules,
  validate,
  type ValidationContext,
  type ValidationRule,
} from 'graphql/index.js';

/** Limits of one operation; see the table in the header. */
export interface QueryLimits {
  maxDepth: number;
  maxAliases: number;
  maxCost: number;
  maxTokens: number;
  maxDirectives: number;
}

export const DEFAULT_LIMITS: QueryLimits = {
  maxDepth: 18,
  maxAliases: 15,
  maxCost: 250_000,
  maxTokens: 2000,
  maxDirectives: 20,
};

function positiveInt(raw: string | undefined, fallback: number, name: string): number {
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return n;
}

/** Limits from GRAPHQL_MAX_DEPTH, GRAPHQL_MAX_ALIASES, GRAPHQL_MAX_COST, GRAPHQL_MAX_TOKENS, GRAPHQL_MAX_DIRECTIVES. */
export function limitsFromEnv(env: NodeJS.ProcessEnv = process.env): QueryLimits {
  return {
    maxDepth: positiveInt(env.GRAPHQL_MAX_DEPTH, DEFAULT_LIMITS.maxDepth, 'GRAPHQL_MAX_DEPTH'),
    maxAliases: positiveInt(env.GRAPHQL_MAX_ALIASES, DEFAULT_LIMITS.maxAliases, 'GRAPHQL_MAX_ALIASES'),
    maxCost: positiveInt(env.GRAPHQL_MAX_COST, DEFAULT_LIMITS.maxCost, 'GRAPHQL_MAX_COST'),
    maxTokens: positiveInt(env.GRAPHQL_MAX_TOKENS, DEFAULT_LIMITS.maxTokens, 'GRAPHQL_MAX_TOKENS'),
    maxDirectives: positiveInt(env.GRAPHQL_MAX_DIRECTIVES, DEFAULT_LIMITS.maxDirectives, 'GRAPHQL_MAX_DIRECTIVES'),
  };
}

/**
 * Armor's messages start with "Syntax Error: " even for validation limits, and graphql-js's token limit says
 * "Document contains more that N tokens. Parsing aborted." (sic): the client sees the limit only, e.g.
 * "Token limit of 2000 exceeded.".
 */
export function clearLimitMessage(message: string): string {
  const tokens = /^Syntax Error: Document contains more tha[nt] (\d+) tokens/.exec(message);
  if (tokens) return `Token limit of ${tokens[1]} exceeded.`;
  return message.replace(/^Syntax Error: (?=.*limit of \d+ exceeded)/, '');
}

/** Reports a refused document to the validation context with a clear message (GRAPHQL_VALIDATION_FAILED). */
const report = (ctx: ValidationContext | null, error: GraphQLError) => {
  ctx?.reportError(
    new GraphQLError(clearLimitMessage(error.message), { extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } }),
  );
};

/** The armor validation rules (depth, aliases, cost, directives) for Apollo and graphql-ws. */
export function limitRules(limits: QueryLimits): ValidationRule[] {
  const common = { exposeLimits: true, propagateOnRejection: false, onReject: [report] } as const;
  return [
    maxDepthRule({ ...common, n: limits.maxDepth, ignoreIntrospection: true, onReject: [report] }),
    maxAliasesRule({ ...common, n: limits.maxAliases, onReject: [report] }),
    costLimitRule({ ...common, maxCost: limits.maxCost, ignoreIntrospection: true, onReject: [report] }),
    maxDirectivesRule({ ...common, n: limits.maxDirectives, onReject: [report] }),
  ];
}

/**
 * The token check of graphql-js (`parse(…, { maxTokens })`, what Apollo's `parseOptions` applies over HTTP): a
 * GraphQLError GRAPHQL_PARSE_FAILED "Token limit of N exceeded." when the
 * document has more than `maxTokens` tokens (the lexer stops there, so a huge document costs no more than the limit).
 * Other syntax errors are left to the normal parser. Used by graphql-ws (http/ws.ts).
 */
export function checkTokens(source: string, maxTokens: number): GraphQLError | undefined {
  try {
    parse(source, { maxTokens });
    return undefined;
  } catch (err) {
    if (err instanceof GraphQLError && /more tha[nt] \d+ tokens/.test(err.message)) {
      return new GraphQLError(clearLimitMessage(err.message), { extensions: { code: 'GRAPHQL_PARSE_FAILED' } });
    }
    return undefined;
  }
}

/**
 * Apollo options of the limits: validation rules, the token limit (graphql-js `maxTokens` parse option; armor's
 * max-tokens Apollo plugin throws from `parsingDidStart`, which Apollo 5 answers with 500) and field-suggestion masking
 * ("Did you mean …" removed, like armor's blockFieldSuggestion plugin) when `blockSuggestions`.
 */
export function limitOptions(
  limits: QueryLimits,
  blockSuggestions: boolean,
): { validationRules: ValidationRule[]; plugins: ApolloServerPlugin[]; parseOptions: { maxTokens: number } } {
  const plugins: ApolloServerPlugin[] = [errorMessagesPlugin(blockSuggestions)];
  return { validationRules: limitRules(limits), plugins, parseOptions: { maxTokens: limits.maxTokens } };
}

/** Removes "Did you mean …?" from a message (graphql-ws errors, which do not pass Apollo plugins). */
export function maskSuggestions(message: string): string {
  return message.replace(/ ?Did you mean .+$/, '');
}

/**
 * Apollo plugin making limit messages clear (`clearLimitMessage`) and, when `blockSuggestions`, removing field
 * suggestions from every error (armor's blockFieldSuggestion does the same; its Apollo plugin is typed against
 * Apollo's CommonJS build, so the gateway (ESM) keeps this small twin).
 */
export function errorMessagesPlugin(blockSuggestions: boolean): ApolloServerPlugin {
  return {
    async requestDidStart() {
      return {
        async didEncounterErrors({ errors }) {
          for (const error of errors) {
            error.message = clearLimitMessage(error.message);
            if (blockSuggestions) error.message = maskSuggestions(error.message);
          }
        },
      };
    },
  };
}

/** Measured figures of one document (see the header; used to choose and test the limits). */
export interface DocumentFigures {
  depth: number;
  aliases: number;
  cost: number;
  tokens: number;
  directives: number;
}

/** Measures a document with armor's own counters (limits set to the maximum, the accepted figure recorded). */
export function measureDocument(schema: GraphQLSchema, source: string): DocumentFigures {
  const figures: DocumentFigures = { depth: 0, aliases: 0, cost: 0, tokens: 0, directives: 0 };
  const keep = (key: keyof DocumentFigures) => (_ctx: unknown, details: { n: number }) => {
    figures[key] = Math.max(figures[key], details.n);
  };
  const max = Number.MAX_SAFE_INTEGER;
  new MaxTokensParserWLexer(source, { n: max, onAccept: [keep('tokens')] }).parseDocument();
  const errors = validate(schema, parse(source), [
    ...specifiedRules,
    maxDepthRule({ n: max, onAccept: [keep('depth')] }),
    maxAliasesRule({ n: max, onAccept: [keep('aliases')] }),
    costLimitRule({ maxCost: max, onAccept: [keep('cost')] }),
    maxDirectivesRule({ n: max, onAccept: [keep('directives')] }),
  ]);
  if (errors.length) throw errors[0];
  return figures;
}
