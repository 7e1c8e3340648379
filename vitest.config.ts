import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default on a 2-core machine is one worker (the cores less one). Two: an API file spends much of its
    // time waiting on its own database, and each file has its own (tests/fixtures/testApp.ts: PGlite in memory, or
    // a new database on TEST_DATABASE_URL), its own upload folder and only ports the system hands out.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS || 2),
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          // Made once, migrated: each file's database starts from it.
          globalSetup: ['tests/fixtures/pgliteTemplate.ts'],
          // For a loaded machine (six busy processes on two cores): a file's start (loading the app, its database)
          // took over a minute there, a test with argon2 hashing and many calls up to half of one.
          testTimeout: 60_000,
          hookTimeout: 180_000,
          pool: 'forks',
          // A worker keeps the modules it has loaded from one file to the next: each file still builds its own app
          // on its own database (tests/fixtures/testApp.ts), but the server's code is imported once per worker, not
          // once per file — a third less CPU for the suite. A file that mocks a module starts from a fresh module
          // graph of its own (auth-lock.test.ts).
          isolate: false,
        },
      },
    ],
  },
});
