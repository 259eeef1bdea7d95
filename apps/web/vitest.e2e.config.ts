import { defineConfig } from 'vitest/config';

// Browser tests: the built app and server bundle (`npm run build`, `node scripts/build-server.mjs`) on a
// fresh database per file, driven in Chromium. Two files at a time: a file spends much of its time
// waiting (network idle, transitions, polls), so two fill the machine's two cores better than one.
export default defineConfig({
  // Paths below are this folder's, also when run from the repository root.
  root: import.meta.dirname,
  test: {
    include: ['e2e/**/*.test.ts'],
    globalSetup: ['../server/test/global-setup.ts'],
    fileParallelism: true,
    maxWorkers: 2,
    pool: 'forks',
    // Bounds for a hung test, not speed limits: on a slow day of the CI machine whole files ran
    // 2–3× longer than usual, and the longest tests came within a second of 60 s.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // A real browser on a busy 2-core machine can take more than vitest's 1 s default to re-render;
    // a poll still fails when the awaited state never comes.
    expect: { poll: { timeout: 5000 } },
  },
});
