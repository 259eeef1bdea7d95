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
    pool: 'forks',
    // The files wait on PostgreSQL and on the servers they start more than they compute: one worker
    // per core, not vitest's cores − 1 (two cores: 672 s → 403 s for the whole suite).
    maxWorkers: availableParallelism(),
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
