import { defineConfig } from 'vitest/config';

/**
 * The domain package's tests. `npm run coverage -w packages/domain` (part of `npm test`) holds the package at
 * 100 % of its branches, lines and functions: every rule here is one the three tiers depend on.
 */
export default defineConfig({
  test: {
    name: 'domain',
    include: ['src/**/*.test.ts'],
    coverage: {
      provider: 'v8',
      include: ['src/**/*.ts'],
      exclude: ['src/**/*.test.ts', 'src/index.ts'],
      reportsDirectory: 'coverage',
      thresholds: { branches: 100, lines: 100, functions: 100, statements: 100 },
    },
  },
});
