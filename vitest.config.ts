import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Unit and API tests. Browser tests have their own config (apps/web/vitest.e2e.config.ts).
export default defineConfig({
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'apps/server/{src,test}/**/*.test.ts',
      'apps/web/src/**/*.test.{ts,tsx}',
      'scripts/**/*.test.mjs',
    ],
    globalSetup: ['apps/server/test/global-setup.ts'],
    setupFiles: ['apps/server/test/one-query-at-a-time.ts', 'apps/server/test/check-answers.ts'],
    pool: 'forks',
    // Files share a worker's loaded modules instead of importing the app afresh each (~2 s a file,
    // 256 s of the suite): every file builds its own app on its own database, and none mocks a module.
    isolate: false,
    // The files wait on PostgreSQL and on the servers they start more than they compute: one worker
    // per core, not vitest's cores − 1 (two cores: 672 s → 403 s for the whole suite).
    maxWorkers: availableParallelism(),
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
