import { defineConfig } from 'vitest/config';

// New password hashes of the suite use scrypt N = 2^10 instead of production's 2^14 (backend/src/accounts/passwords.ts
// scryptCost; ignored with NODE_ENV=production): thousands of sign-ins each paid ~50–140 ms of CPU for the hash. Set
// here, in the main process, so the global set-up's templates (their demo accounts' hashes) and every worker agree.
process.env.PASSWORD_SCRYPT_N ??= '1024';

/** Backend test files that mock a module with vi.mock (run isolated, in the project 'backend-isolated'). */
const BACKEND_MODULE_MOCKS = ['test/agent-clients.test.ts', 'test/login-lockout.test.ts'];

/** What the two backend projects share: their root, the database templates' set-up and the time-outs. */
const BACKEND = {
  root: './backend',
  globalSetup: ['./test/global-setup.ts'],
  testTimeout: 60_000,
  hookTimeout: 180_000,
};

/**
 * `npm test` runs every project. Unit tests sit next to their modules; backend route tests use
 * backend/test/harness.ts (PGlite always, PostgreSQL too when DATABASE_URL is set); tests/integration
 * runs the gateway over a real backend; tests/e2e drives the built app in Debian's chromium.
 */
export default defineConfig({
  test: {
    // Two workers on the 2-core CI machine: every backend test gets its own database copy (backend/test/harness.ts),
    // every stack its own ports, so files are independent; one worker made the suite serial (29 min → 23 min).
    maxWorkers: 2,
    projects: [
      // The business rules package (issue 9); `npm run coverage -w packages/domain` holds it at 100 % of its branches.
      './packages/domain',
      {
        test: {
          ...BACKEND,
          name: 'backend',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: [...BACKEND_MODULE_MOCKS, '**/node_modules/**'],
          // The files of a worker share one module graph (issue 15, suite time): each file no longer re-imports and
          // re-compiles the app (Fastify, Drizzle, 2 000 routes) and runs on code V8 has already optimised. Measured on
          // 8 route files, one worker: 72 s → 55 s (import 15 → 4.8 s, tests 53 → 35 s). Safe because every file builds
          // its own app on its own database copy; module-level state is only immutable caches (reference lists, the
          // GOST engine probe) — world seeding keys its cache by world (seed/world/deals.ts).
          isolate: false,
        },
      },
      {
        // The files that replace a backend module with vi.mock: in a shared module graph the mock would leak into the
        // next file or come too late, so these keep one module graph per file.
        test: {
          ...BACKEND,
          name: 'backend-isolated',
          include: BACKEND_MODULE_MOCKS,
        },
      },
      {
        test: {
          name: 'gateway',
          root: './gateway',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          testTimeout: 30_000,
        },
      },
      {
        // The web app's Vite config compiles the Relay `graphql` tags (babel-plugin-relay), so component tests
        // (*.test.tsx, `// @vitest-environment jsdom`, Relay's mock environment) render the real components.
        extends: './web/vite.config.ts',
        test: {
          name: 'web',
          root: './web',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
          setupFiles: ['./src/testing/setup.ts'],
          // A component test renders the app's providers in jsdom: seconds, not milliseconds, on a busy machine.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'integration',
          root: './tests/integration',
          include: ['**/*.test.ts'],
          globalSetup: ['../../backend/test/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // One module graph per worker, as in 'backend' (issue 15, suite time): the gateway and backend apps and their
          // imports are loaded once per worker, not once per file; every file starts its own stack on its own ports.
          isolate: false,
        },
      },
      {
        test: {
          name: 'e2e',
          root: './tests/e2e',
          include: ['**/*.test.ts'],
          globalSetup: ['../../backend/test/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          isolate: false,
          // One file at a time, after the other projects (vitest puts projects without file parallelism in a group of
          // their own at the end). Tried beside the other projects on 2026-11-28 (issue 15, suite time): every file
          // passed, but on this 2-core machine a browser file next to a backend file slowed both 2–3 times (deal-flow
          // 81 → 219 s, the backend files' sum 800 → 1 874 s), so the suite took longer, not shorter.
          fileParallelism: false,
          // Its own group after the others: with `isolate: false` vitest no longer puts a serial project in a group of its
          // own, and one group cannot mix projects of different worker counts.
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
