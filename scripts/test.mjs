#!/usr/bin/env node
// The one gate: lint, types, no focused or skipped tests, unit and API tests, a production build,
// browser tests (at least as many as the committed floor). Ends with a line
// "N passed, N failed, N skipped" summing every test that ran.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { evaluateReport, readBrowserTestFloor, scanTestSources } from './test-report.mjs';

const root = path.resolve(import.meta.dirname, '..');
// Raise it when browser tests are added; the gate fails when fewer run (a file dropped or emptied).
const floorFile = 'apps/web/e2e/browser-test-floor.json';
const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backdesk-test-report-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];
const failures = [];

function step(label, check) {
  console.log(`\n▶ ${label}`);
  const started = Date.now();
  const ok = check();
  if (!ok) failedSteps.push(label);
  console.log(`◀ ${label}: ${ok ? 'ok' : 'FAILED'} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

function spawn(command, args) {
  return spawnSync(command, args, { stdio: 'inherit', env: process.env, cwd: root }).status === 0;
}

/**
 * Runs vitest with a JSON report. The step fails on the exit code, a failed test or file, a skipped or
 * todo test, or when `extraCheck` (given how many tests ran) says no.
 */
function vitest(args, report, extraCheck = () => true) {
  const exited = spawn('npx', [
    'vitest',
    'run',
    ...args,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ]);
  const result = fs.existsSync(report) ? evaluateReport(JSON.parse(fs.readFileSync(report, 'utf8'))) : null;
  if (!result) console.log('No test report was written.');
  else {
    totals.passed += result.passed;
    totals.failed += result.failed;
    totals.skipped += result.skipped;
    failures.push(...result.failures);
    if (result.notRun.length)
      console.log(`Skipped or todo tests (remove the marker or the test):\n  ${result.notRun.join('\n  ')}`);
  }
  const extraOk = extraCheck(result?.ran ?? 0);
  return exited && result?.ok === true && extraOk;
}

function browserTestsAtFloor(ran) {
  const floor = readBrowserTestFloor(path.join(root, floorFile));
  console.log(`browser tests: ${ran} (floor ${floor})`);
  if (ran > floor) console.log(`More browser tests than the floor: raise it in ${floorFile}.`);
  return ran >= floor;
}

step('lint and format (biome)', () => spawn('npx', ['biome', 'check', '.']));
step('types', () => spawn('npm', ['run', 'typecheck']));
step('no focused or skipped tests', () => {
  const markers = scanTestSources(root, ['apps', 'packages', 'scripts']);
  if (markers.length) console.log(`Remove these markers:\n  ${markers.join('\n  ')}`);
  return markers.length === 0;
});
step('unit and API tests', () => vitest([], path.join(reportDir, 'unit.json')));
// The browser tests run what `npm start` runs: the built web app and the server bundle.
step('build', () => spawn('npm', ['run', 'build']) && spawn(process.execPath, ['scripts/build-server.mjs']));
step('browser tests', () =>
  vitest(
    ['--config', 'apps/web/vitest.e2e.config.ts'],
    path.join(reportDir, 'e2e.json'),
    browserTestsAtFloor,
  ),
);

// Repeated last: a CI log is often read from its tail only.
if (failures.length) console.log(`\nFailed tests:\n  ${failures.join('\n  ')}`);
if (failedSteps.length) console.log(`\nFailed steps: ${failedSteps.join(', ')}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length ? 1 : 0);
