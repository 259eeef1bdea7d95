import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  evaluateReport,
  findMarkers,
  listTestSources,
  readBrowserTestFloor,
  scanTestSources,
} from './test-report.mjs';

/** A vitest JSON report with one file per entry: `[status, [testStatus, …]]`. */
function report(files, numFailedTestSuites = 0) {
  return {
    numFailedTestSuites,
    testResults: files.map(([status, tests], index) => ({
      name: path.join(process.cwd(), `f${index}.test.ts`),
      status,
      assertionResults: tests.map((testStatus, n) => ({ fullName: `suite case ${n}`, status: testStatus })),
    })),
  };
}

describe('evaluateReport', () => {
  it('passes a report where every test passed, and counts what ran', () => {
    const result = evaluateReport(
      report([
        ['passed', ['passed', 'passed']],
        ['passed', ['passed']],
      ]),
    );
    expect(result).toMatchObject({ passed: 3, failed: 0, skipped: 0, ran: 3, notRun: [], ok: true });
  });

  it('fails on a failed test', () => {
    const result = evaluateReport(report([['failed', ['passed', 'failed']]], 1));
    expect(result).toMatchObject({ passed: 1, failed: 1, ran: 2, ok: false });
  });

  it.each(['skipped', 'pending', 'todo'])('fails on a %s test in a passing file and names it', (status) => {
    const result = evaluateReport(report([['passed', ['passed', status]]]));
    expect(result).toMatchObject({ passed: 1, failed: 0, skipped: 1, ran: 1, ok: false });
    expect(result.notRun).toEqual([`f0.test.ts: suite case 1 (${status})`]);
  });

  it('counts the tests of a file that could not start as failed, not skipped', () => {
    const result = evaluateReport(report([['failed', ['skipped', 'skipped']]], 1));
    expect(result).toMatchObject({ passed: 0, failed: 2, skipped: 0, ran: 0, notRun: [], ok: false });
  });

  it('names each failure with the first line of its message, and a file that failed on its own', () => {
    const failed = report(
      [
        ['failed', ['passed', 'failed']],
        ['failed', []],
      ],
      2,
    );
    failed.testResults[0].assertionResults[1].failureMessages = [
      '\u001b[31mAssertionError: expected 1 to be 2\u001b[39m\n    at x',
    ];
    failed.testResults[1].message = 'Hook timed out in 10000ms';
    expect(evaluateReport(failed).failures).toEqual([
      'f0.test.ts: suite case 1: AssertionError: expected 1 to be 2',
      'f1.test.ts: Hook timed out in 10000ms',
    ]);
  });

  it('fails when a file fails with no test failing (a failing afterAll, or nothing collected)', () => {
    expect(evaluateReport(report([['failed', ['passed']]])).ok).toBe(false);
    expect(evaluateReport(report([['failed', []]])).ok).toBe(false);
    expect(evaluateReport(report([['passed', ['passed']]], 1)).ok).toBe(false);
  });
});

describe('findMarkers', () => {
  // Built from parts so this file does not itself carry the markers the gate looks for.
  const call = (chain, marker) => `${chain}.${marker}(`;

  it.each([
    ['it', 'only'],
    ['test', 'only'],
    ['describe', 'only'],
    ['test.concurrent', 'only'],
    ['it', 'skip'],
    ['describe', 'skip'],
    ['it', 'todo'],
    ['test', 'skipIf'],
    ['describe', 'runIf'],
    ['ctx', 'skip'],
  ])('finds %s.%s with its line', (chain, marker) => {
    const source = `import { it } from 'vitest';\n\n  ${call(chain, marker)}'a case', () => {});\n`;
    expect(findMarkers(source)).toEqual([{ line: 3, marker: `.${marker}(` }]);
  });

  it('ignores plain tests and words that merely contain a marker', () => {
    const source = `it('only skips when asked', () => { expect(list.onlyOne).toBe(skipped); });\nit.each([1])('x', () => {});`;
    expect(findMarkers(source)).toEqual([]);
  });
});

describe('scanning the test sources', () => {
  let dir;
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  function tree(files) {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gate-scan-'));
    for (const [name, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      fs.writeFileSync(path.join(dir, name), text);
    }
  }

  it('reads test files and test helpers, not app code, node_modules or build output', () => {
    const marked = `${'it'}.${'only'}('x', () => {});\n`;
    tree({
      'apps/server/src/a.test.ts': marked,
      'apps/server/test/harness.ts': marked,
      'apps/web/e2e/support.ts': marked,
      'apps/web/src/app.tsx': marked,
      'apps/web/node_modules/lib/x.test.ts': marked,
      'apps/web/dist/x.test.js': marked,
      'apps/web/e2e/floor.json': marked,
    });
    const sources = ['apps/server/src/a.test.ts', 'apps/server/test/harness.ts', 'apps/web/e2e/support.ts'];
    expect(listTestSources(dir, ['apps']).map((file) => path.relative(dir, file))).toEqual(sources);
    expect(scanTestSources(dir, ['apps', 'missing'])).toEqual(sources.map((file) => `${file}:1 .${'only'}(`));
  });
});

describe('readBrowserTestFloor', () => {
  let dir;
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  function floorFile(text) {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gate-floor-'));
    fs.writeFileSync(path.join(dir, 'floor.json'), text);
    return path.join(dir, 'floor.json');
  }

  it('reads the committed floor', () => {
    expect(readBrowserTestFloor(floorFile('{ "minimumBrowserTests": 27 }'))).toBe(27);
  });

  it.each(['{}', '{ "minimumBrowserTests": 0 }', '{ "minimumBrowserTests": "27" }'])(
    'refuses a missing or meaningless floor: %s',
    (text) => {
      expect(() => readBrowserTestFloor(floorFile(text))).toThrow(/minimumBrowserTests/);
    },
  );
});
