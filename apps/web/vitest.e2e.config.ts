import { defineConfig } from 'vitest/config';

// Browser tests: the built app (run `npm run build -w @backdesk/web` first) served by the real server
// on a fresh database, driven in Chromium. One file at a time: each starts a server and a browser.
export default defineConfig({
  // Paths below are this folder's, also when run from the repository root.
  root: import.meta.dirname,
  test: {
    include: ['e2e/**/*.test.ts'],
    globalSetup: ['../server/test/global-setup.ts'],
    fileParallelism: false,
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // A real browser on a busy 2-core machine can take more than vitest's 1 s default to re-render;
    // a poll still fails when the awaited state never comes.
    expect: { poll: { timeout: 5000 } },
  },
});
