/**
 * Gateway hardening (issue 12 "Hardening"): query limits (limits.ts), execution time-out (timeout.ts), body limit
 * (bodyLimit.ts), production mode, trusted documents and the explorer (production.ts). `apolloHardening` gives the
 * Apollo options app.ts spreads into `new ApolloServer`.
 */
import type { ApolloServerPlugin } from '@apollo/server';
import type { ValidationRule } from 'graphql/index.js';
import { limitOptions } from './limits.js';
import { type HardeningConfig, landingPagePlugin } from './production.js';
import { timeoutPlugin } from './timeout.js';

export { graphqlRouteErrorHandler } from './bodyLimit.js';
export { checkTokens, limitRules, maskSuggestions } from './limits.js';
export { hardeningFromEnv, type HardeningConfig, persistedOnlyFor, resolveHardening } from './production.js';
export { applyExecutionTimeout } from './timeout.js';

/** Apollo options of the hardening: introspection, validation rules (limits) and plugins. */
export function apolloHardening(hardening: HardeningConfig): {
  introspection: boolean;
  validationRules: ValidationRule[];
  parseOptions: { maxTokens: number };
  plugins: ApolloServerPlugin[];
} {
  const limits = limitOptions(hardening.limits, !hardening.fieldSuggestions);
  return {
    introspection: hardening.introspection,
    validationRules: limits.validationRules,
    parseOptions: limits.parseOptions,
    plugins: [...limits.plugins, timeoutPlugin(), landingPagePlugin(hardening)],
  };
}
