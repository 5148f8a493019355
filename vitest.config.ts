import { defineConfig } from 'vitest/config';

// Two suites: pure unit tests, and API tests that start the real Fastify app on a real database
// (in-memory PGlite by default, PostgreSQL when TEST_DATABASE_URL is set).
export default defineConfig({
  test: {
    projects: [
      // A 2-core CI machine under load is slow to spawn processes and render: generous time limits. A limit only
      // catches a test that hangs; CPU-bound tests took up to 15 s (unit) and 23 s (API) beside the other lane on
      // such a machine, so the limits are about three times that.
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx'], environment: 'node', testTimeout: 60000, setupFiles: ['tests/unit/setup.ts'] } },
      // The API files share one module context (isolate: false): each builds its own app on its own database, and
      // no server module keeps state a file could see (the caches are keyed by what they hold), while importing the
      // server afresh for every file took about 50 s of CPU per engine.
      // Each file's databases are copies of one seeded in the global setup (tests/api/test-database.ts).
      { test: { name: 'api', include: ['tests/api/**/*.test.ts'], environment: 'node', testTimeout: 60000, hookTimeout: 60000, fileParallelism: false, isolate: false, globalSetup: ['tests/api/global-setup.ts'] } },
    ],
  },
});
