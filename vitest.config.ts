import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

/**
 * docs/examples/<entity>/ holds a throw-away entity's files where they would sit in the tree (contract/entities/…,
 * i18n/<lang>/entities/…), so that they are copied in as written. Loaded from there by the tests, a relative import
 * that has no file beside it is resolved from the same place in the tree, as tsconfig.json's `rootDirs` tells the
 * type checker.
 */
function examplesAsInTree(): Plugin {
  const root = import.meta.dirname;
  const examples = path.join(root, 'docs/examples');
  return {
    name: 'examples-as-in-tree',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer?.startsWith(`${examples}/`) || !source.startsWith('.')) return null;
      const own = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (own && existsSync(own.id.split('?')[0])) return own;
      const [example, ...rest] = path.relative(examples, path.dirname(importer)).split(path.sep);
      if (!example || rest.length === 0) return null;
      const inTree = path.join(root, ...rest, source);
      return this.resolve(inTree, path.join(root, 'index.ts'), { ...options, skipSelf: true });
    },
  };
}

export default defineConfig({
  plugins: [examplesAsInTree()],
  test: {
    // Vitest's default on a 2-core machine is one worker (the cores less one). Two: an API file spends much of its
    // time waiting on its own database, and each file has its own (tests/fixtures/testApp.ts: PGlite in memory, or
    // a new database on TEST_DATABASE_URL), its own upload folder and only ports the system hands out.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS || 2),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
          // Vitest's 5 s is too short for a loaded machine: a test that starts the render workers (tsx loading
          // liquidjs and the sanitizer in each thread) took over 5 s at a load average of 19 on two cores.
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
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
      {
        extends: true,
        test: {
          // Three real server processes behind HAProxy on the machine's PostgreSQL (tests/multi/cluster.ts): run
          // alone, by `npm run test:multi` (.ci/run, after the API suite on PostgreSQL).
          name: 'multi',
          include: ['tests/multi/**/*.test.ts'],
          environment: 'node',
          pool: 'forks',
          fileParallelism: false,
          // Bounds, not durations: starting three servers, and restarting all three, on two cores that other work
          // may be loading (a server's start is about 14 s of CPU, its render workers' included).
          testTimeout: 600_000,
          hookTimeout: 600_000,
        },
      },
    ],
  },
});
