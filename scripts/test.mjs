#!/usr/bin/env node
// The one gate: lint, types, unit and API tests, a production build, browser tests.
// Ends with a line "N passed, N failed" summing every test that ran.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backdesk-test-report-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];

function run(label, command, args, { report } = {}) {
  console.log(`\n▶ ${label}`);
  const started = Date.now();
  const extra = report ? ['--reporter=default', '--reporter=json', `--outputFile.json=${report}`] : [];
  const result = spawnSync(command, [...args, ...extra], { stdio: 'inherit', env: process.env });
  let failedTests = 0;
  let failedFiles = 0;
  if (report && fs.existsSync(report)) {
    const json = JSON.parse(fs.readFileSync(report, 'utf8'));
    // A file whose setup failed (say, no browser) reports its tests as skipped: they count as failed.
    const blocked = json.testResults
      .filter((file) => file.status === 'failed')
      .flatMap((file) => file.assertionResults)
      .filter((test) => test.status !== 'passed' && test.status !== 'failed').length;
    failedTests = json.numFailedTests + blocked;
    failedFiles = json.numFailedTestSuites;
    totals.passed += json.numPassedTests;
    totals.failed += failedTests;
    totals.skipped += json.numPendingTests + json.numTodoTests - blocked;
  }
  // A failed test or file fails its step even if the runner's exit code said otherwise.
  const ok = result.status === 0 && failedTests === 0 && failedFiles === 0;
  if (!ok) failedSteps.push(label);
  console.log(`◀ ${label}: ${ok ? 'ok' : 'FAILED'} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

run('lint and format (biome)', 'npx', ['biome', 'check', '.']);
run('types', 'npm', ['run', 'typecheck']);
run('unit and API tests', 'npx', ['vitest', 'run'], { report: path.join(reportDir, 'unit.json') });
run('build', 'npm', ['run', 'build']);
run('browser tests', 'npx', ['vitest', 'run', '--config', 'apps/web/vitest.e2e.config.ts'], {
  report: path.join(reportDir, 'e2e.json'),
});

if (failedSteps.length) console.log(`\nFailed steps: ${failedSteps.join(', ')}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length ? 1 : 0);
