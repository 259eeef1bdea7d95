#!/usr/bin/env node
// Times `npm start` to its "listening" line, as a member would start it: first on an empty data folder
// (the embedded PostgreSQL is created and the demo data seeded), then again on the same folder (the
// builds and the data are reused). Budgets (decision 0023): second start ≤ 2 s, first start ≤ 10 s. The web
// build and the server bundle are brought up to date before either timing, so neither figure includes
// them; a start after a source change pays that build once more. Exits 1 when a budget is exceeded.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const BUDGETS = { first: 10, second: 2 };

const build = spawnSync(process.execPath, ['scripts/build-if-changed.mjs'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

/** Runs `npm start` until it listens, then stops it (SIGINT, as Ctrl-C) and waits for it to exit. */
async function timedStart(dataDir) {
  const started = performance.now();
  const child = spawn('npm', ['start'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // its own process group, so the stop reaches npm, the server and PostgreSQL
  });
  let output = '';
  const seconds = await new Promise((resolve, reject) => {
    const read = (chunk) => {
      output += chunk;
      if (/is listening on /.test(output)) resolve((performance.now() - started) / 1000);
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => reject(new Error(`npm start exited with ${code}:\n${output}`)));
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-child.pid, 'SIGINT');
  await exited;
  return seconds;
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'backdesk-bench-start-'));
try {
  const first = await timedStart(dataDir);
  const second = await timedStart(dataDir);
  const line = (name, value, budget) =>
    `${name}: ready in ${value.toFixed(2)} s: ${value <= budget ? 'within' : 'OVER'} the ${budget} s budget`;
  console.log(line('first start (empty data folder, demo data seeded)', first, BUDGETS.first));
  console.log(line('second start (same data folder, build reused)', second, BUDGETS.second));
  process.exitCode = first <= BUDGETS.first && second <= BUDGETS.second ? 0 : 1;
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
