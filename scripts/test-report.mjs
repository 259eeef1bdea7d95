// What the gate (scripts/test.mjs) concludes from a vitest JSON report and from the test sources.
// Kept apart from the gate so each rule can be tested with hand-made reports and sources.
import fs from 'node:fs';
import path from 'node:path';

/**
 * Counts one vitest JSON report. A test that neither passed nor failed inside a failed file never got
 * to run (its file could not start, say without a browser): it counts as failed. Any other test that
 * did not run was skipped or marked todo, and is listed in `notRun`, which fails the gate: a skipped
 * test proves nothing and hides that it does not. `failures` names each failed test or file with the
 * first line of its message, for the gate to repeat at the end of the log.
 */
export function evaluateReport(report) {
  const counts = { passed: 0, failed: 0, skipped: 0 };
  const notRun = [];
  const failures = [];
  let failedFiles = 0;
  let ran = 0;
  for (const file of report.testResults) {
    const fileFailed = file.status === 'failed';
    const fileName = path.relative(process.cwd(), file.name);
    if (fileFailed) failedFiles++;
    if (fileFailed && !file.assertionResults.some((test) => test.status === 'failed'))
      failures.push(`${fileName}: ${firstLine(file.message) || 'the file failed'}`);
    for (const test of file.assertionResults) {
      if (test.status === 'passed' || test.status === 'failed') ran++;
      if (test.status === 'passed') counts.passed++;
      else if (test.status === 'failed' || fileFailed) {
        counts.failed++;
        if (test.status === 'failed')
          failures.push(`${fileName}: ${test.fullName}: ${firstLine(test.failureMessages?.[0]) || 'failed'}`);
      } else {
        counts.skipped++;
        notRun.push(`${fileName}: ${test.fullName} (${test.status})`);
      }
    }
  }
  // A failing describe-level hook fails a suite without failing a test.
  const failedSuites = Math.max(failedFiles, report.numFailedTestSuites ?? 0);
  const ok = counts.failed === 0 && failedSuites === 0 && notRun.length === 0;
  return { ...counts, ran, failedSuites, notRun, failures, ok };
}

const COLOUR_CODE = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

// The first line of a failure message, without colour codes, cut to stay readable in a log's tail.
function firstLine(message) {
  const plain = String(message ?? '')
    .replace(COLOUR_CODE, '')
    .trim();
  const line = plain.split('\n')[0] ?? '';
  return line.length > 200 ? `${line.slice(0, 200)}…` : line;
}

// `.only` focuses, the others skip (at once or on a condition that may hold elsewhere): vitest API
// calls such as `it.only(`, `describe.skipIf(…)(`, `test.concurrent.todo(`, and a test context's `.skip(`.
const MARKER = /\.(only|skip|todo|skipIf|runIf)\s*\(/g;

/** The focus and skip markers in one test source: `{ line, marker }` for each. */
export function findMarkers(source) {
  const found = [];
  const lines = source.split('\n');
  lines.forEach((text, index) => {
    for (const match of text.matchAll(MARKER)) found.push({ line: index + 1, marker: `.${match[1]}(` });
  });
  return found;
}

const SKIPPED_DIRS = new Set(['node_modules', 'dist']);
const TEST_DIRS = new Set(['test', 'e2e']);
const SOURCE_FILE = /\.[cm]?[jt]sx?$/;

/** Files that hold tests or test helpers: `*.test.*` files, and any source in a `test` or `e2e` folder. */
export function listTestSources(root, folders) {
  const files = [];
  const walk = (dir, inTestDir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.') || SKIPPED_DIRS.has(entry.name)) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full, inTestDir || TEST_DIRS.has(entry.name));
      else if (SOURCE_FILE.test(entry.name) && (inTestDir || entry.name.includes('.test.'))) files.push(full);
    }
  };
  for (const folder of folders) {
    const dir = path.join(root, folder);
    if (fs.existsSync(dir)) walk(dir, false);
  }
  return files.sort();
}

/** Every focus or skip marker in the repository's test sources, as "file:line .marker(". */
export function scanTestSources(root, folders) {
  return listTestSources(root, folders).flatMap((file) =>
    findMarkers(fs.readFileSync(file, 'utf8')).map(
      ({ line, marker }) => `${path.relative(root, file)}:${line} ${marker}`,
    ),
  );
}

/** The committed minimum number of browser tests that must run, from its JSON file. */
export function readBrowserTestFloor(file) {
  const { minimumBrowserTests } = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (!Number.isInteger(minimumBrowserTests) || minimumBrowserTests < 1)
    throw new Error(`${file}: minimumBrowserTests must be a positive whole number`);
  return minimumBrowserTests;
}
