import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Tests wait for a condition (test/eventually.ts, vi.waitFor, expect.poll, a locator's waitFor), an
// event, or a clock they move (lib/clock.ts, vi.useFakeTimers, page.clock): a fixed sleep is too short
// on a slow day and wasted on a quick one. A timer in test code is refused unless listed below with
// the reason it has to be one.

const ROOT = path.join(import.meta.dirname, '../../..');
const SCANNED = [
  'apps/server/src',
  'apps/server/test',
  'apps/web/src',
  'apps/web/e2e',
  'packages',
  'scripts',
];
/** Test files, and the helpers of the test folders. */
const isTestCode = (rel: string) =>
  /\.test\.(ts|tsx|mjs)$/.test(rel) ||
  /^apps\/(server\/test|server\/src\/test|web\/e2e|web\/src\/test)\/.*\.(ts|tsx|mjs)$/.test(rel);
const TIMER =
  /\bsetTimeout\s*\(|\bsetInterval\s*\(|\bwaitForTimeout\s*\(|\bpg_sleep\b|\bsleep\s*\(|timers\/promises/;

/** A timer that has to stay, by file and a piece of its line. */
const ALLOWED: Array<{ file: string; line: string; why: string }> = [
  {
    file: 'apps/server/test/eventually.ts',
    line: 'setTimeout(resolve, everyMs)',
    why: 'the polling helper itself: the pause between two checks',
  },
  {
    file: 'apps/web/src/test/dom.tsx',
    line: 'setTimeout(resolve, 10)',
    why: "the component tests' polling helper (waitFor): the pause between two checks, inside act",
  },
  {
    file: 'apps/server/test/test-server.ts',
    line: 'const timer = setTimeout(',
    why: "a deadline for a server's start, cleared once it listens",
  },
  {
    file: 'apps/server/src/db/restart-after-kill.test.ts',
    line: 'const timer = setTimeout(',
    why: 'a deadline for output awaited as events, cleared when it comes',
  },
  {
    file: 'apps/server/src/db/restart-after-kill.test.ts',
    line: 'timer = setTimeout(() => reject(',
    why: 'a deadline raced against an awaited promise',
  },
  {
    file: 'apps/server/src/db/embedded.test.ts',
    line: "process.kill(process.pid, 'SIGKILL')",
    why: 'a child writer kills itself at chosen moments: the moment of a crash is what varies',
  },
  {
    file: 'apps/server/src/modules/platform/ingest/ingest-parse.test.ts',
    line: 'setInterval(() => ticks++, 0)',
    why: 'a probe counting event-loop turns while a batch parses, not a wait',
  },
  {
    file: 'apps/server/src/lib/bounded-count.test.ts',
    line: 'pg_sleep(0.5)',
    why: 'a query slow on purpose, to outlast the count budget under test',
  },
  {
    file: 'apps/server/src/lib/export/xlsx.test.ts',
    line: 'setTimeout(resolve, 200)',
    why: 'proves back-pressure by rows no longer being pulled: polled until the count stays the same',
  },
  {
    file: 'apps/web/e2e/accessibility.test.ts',
    line: 'setTimeout(resolve, 2000)',
    why: 'a bound raced against the end of transitions in the page (spinners never end)',
  },
  {
    file: 'apps/web/e2e/session.test.ts',
    line: 'setTimeout(resolve, TOAST_CODE_DELAY_MS)',
    why: "a slow link on purpose: the toast's code arriving that late is the case under test",
  },
  {
    file: 'apps/web/e2e/session.test.ts',
    line: 'page.waitForTimeout(1500)',
    why: 'a check that nothing happens: no redirect, no toast, in three times the redirect delay',
  },
  {
    file: 'apps/web/e2e/routing.test.ts',
    line: 'page.waitForTimeout(600)',
    why: 'a check that nothing happens: the finished bar stays still past its animation',
  },
  {
    file: 'apps/web/e2e/transactions-p2p.test.ts',
    line: 'page.waitForTimeout(300)',
    why: 'a check that nothing happens: a paused refresh sends no request after the clock moved',
  },
];

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name === 'dist') return [];
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? files(full) : [full];
  });
}

/** Every timer line in test code, as `file: line`. */
function timers(): Array<{ file: string; line: string }> {
  return SCANNED.flatMap((dir) => files(path.join(ROOT, dir)))
    .map((full) => path.relative(ROOT, full).split(path.sep).join('/'))
    .filter((rel) => isTestCode(rel) && rel !== 'apps/server/test/no-fixed-sleeps.test.ts')
    .flatMap((file) =>
      readFileSync(path.join(ROOT, file), 'utf8')
        .split('\n')
        .filter((line) => TIMER.test(line))
        .map((line) => ({ file, line: line.trim() })),
    );
}

describe('test code', () => {
  const found = timers();
  const allowed = (t: { file: string; line: string }) =>
    ALLOWED.some((a) => a.file === t.file && t.line.includes(a.line));

  it('has no fixed sleep outside the allow-list', () => {
    expect(found.filter((t) => !allowed(t)).map((t) => `${t.file}: ${t.line}`)).toEqual([]);
  });

  it('keeps no allow-list entry that no longer matches', () => {
    const stale = ALLOWED.filter((a) => !found.some((t) => t.file === a.file && t.line.includes(a.line)));
    expect(stale.map((a) => `${a.file}: ${a.line}`)).toEqual([]);
  });

  it('finds the timers it is meant to find', () => {
    // The scan itself: a rename of a folder above would leave it reading nothing.
    expect(found.length).toBeGreaterThanOrEqual(ALLOWED.length);
    for (const line of ['await new Promise((r) => setTimeout(r, 100));', 'await page.waitForTimeout(1)']) {
      expect(TIMER.test(line)).toBe(true);
    }
  });
});
