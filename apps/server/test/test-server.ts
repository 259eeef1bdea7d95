import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { urlAs } from '../src/db/app-role.ts';
import { undeclaredAnswers, watchingAnswers } from './declared-answers.ts';

// Fresh databases from the run's template and the real server process, without loading the app into
// the test's own process: browser test files import this (the app's modules took ~3 s a file).

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Where apps under test keep files (TEST_ENV DATA_DIR): outside the repository, shared by runs. */
export const TEST_DATA_DIR = path.join(os.tmpdir(), 'backdesk-test-data');

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** Settings that keep tests quick. Everything else is the production default. */
export const TEST_ENV: Record<string, string> = {
  NODE_ENV: 'test',
  LOG_LEVEL: 'warn',
  CAPTCHA_COUNTER_MIN: '0',
  CAPTCHA_COUNTER_MAX: '200',
  // Every test signs in from 127.0.0.1 as a few members; the request limits have tests of their own.
  AUTH_REQUESTS_PER_MINUTE: '10000',
  LIST_REQUESTS_PER_MINUTE: '10000',
  // Uploaded KYC files (content-addressed, so runs may share them) never land in the repository.
  DATA_DIR: TEST_DATA_DIR,
};

function testAdmin() {
  const adminUrl = process.env.BACKDESK_TEST_ADMIN_URL;
  const template = process.env.BACKDESK_TEST_TEMPLATE;
  if (!adminUrl || !template)
    throw new Error('Run tests through vitest: the global setup provides the database');
  return { adminUrl, template };
}

export interface TestDatabase {
  /** As the schema owner: for fixtures the app itself may not write. */
  url: string;
  /** As the app's restricted role, like the server connects (db/app-role.ts). */
  appUrl: string;
  drop(): Promise<void>;
}

/** A fresh database cloned from the migrated, seeded template (`empty`: a bare one, never migrated). */
export async function createTestDatabase(options: { empty?: boolean } = {}): Promise<TestDatabase> {
  const { adminUrl, template } = testAdmin();
  const name = `bd_t_${process.env.BACKDESK_TEST_PID}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}${options.empty ? '' : ` TEMPLATE ${template}`}`);
  } finally {
    await admin.end();
  }
  const url = withDatabase(adminUrl, name);
  const { BACKDESK_TEST_APP_ROLE: role = '', BACKDESK_TEST_APP_PASSWORD: password = '' } = process.env;
  return {
    url,
    appUrl: urlAs(url, role, password),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export interface TestServer {
  url: string;
  databaseUrl: string;
  /** The server process, for tests that signal it (several nodes, a node killed mid-request). */
  process: ChildProcess;
  /** Everything the process printed so far. */
  output(): string;
  stop(): Promise<void>;
}

/** The built web app the browser tests serve; E2E_WEB_DIST points elsewhere (a build of one's own). */
export const testWebDist = () => process.env.E2E_WEB_DIST ?? path.join(repoRoot, 'apps/web/dist');
/** The server bundle `npm start` runs (`node scripts/build-server.mjs`). */
export const serverBundle = () => path.join(repoRoot, 'apps/server/dist/server.mjs');

/** The real server process, serving the built web app, on a fresh database and a free port. */
export async function startTestServer(
  options: {
    env?: Record<string, string>;
    /** A database shared with other nodes: not dropped at stop. */
    database?: TestDatabase;
    /**
     * Run the built bundle, as `npm start` does, instead of the sources through tsx (which compiles
     * every module at each start).
     */
    bundle?: boolean;
  } = {},
): Promise<TestServer> {
  const database = options.database ?? (await createTestDatabase());
  // Where this process checks answers (the API tests), the server's are checked too: a preload
  // (answer-log.ts, through tsx) writes the undeclared ones to a file read at stop.
  const answerLog = watchingAnswers()
    ? path.join(os.tmpdir(), `backdesk-answers-${randomBytes(6).toString('hex')}.log`)
    : undefined;
  const preload = answerLog
    ? ['--import', 'tsx', '--import', path.join(repoRoot, 'apps/server/test/answer-log.ts')]
    : [];
  const entry = options.bundle
    ? [...preload, '--enable-source-maps', serverBundle()]
    : [...(preload.length ? preload : ['--import', 'tsx']), 'apps/server/src/server.ts'];
  const child: ChildProcess = spawn(process.execPath, entry, {
    cwd: repoRoot,
    env: {
      ...process.env,
      ...TEST_ENV,
      // As `npm start` runs it: Secure cookies over http://127.0.0.1 (Chromium keeps them on loopback).
      NODE_ENV: 'production',
      DATABASE_URL: database.appUrl,
      MIGRATION_DATABASE_URL: database.url,
      PORT: '0',
      HOST: '127.0.0.1',
      DEMO: 'false',
      APP_SECRET: 'e2e-secret-'.padEnd(40, 'x'),
      WEB_DIST: testWebDist(),
      ...options.env,
      ...(answerLog ? { BACKDESK_ANSWER_LOG: answerLog } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    // A bound for a hung start, not a speed limit (three nodes migrating one database on a slow day
    // took more than 30 s). A server that did not start is killed, not left running after the tests.
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start:\n${output}`));
    }, 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!.replace('localhost', '127.0.0.1'));
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  return {
    url,
    databaseUrl: database.url,
    process: child,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      if (answerLog) {
        const problems = await fs.readFile(answerLog, 'utf8').catch(() => '');
        for (const problem of problems.split('\n').filter(Boolean))
          undeclaredAnswers.add(problem, `the server process at ${url}`);
        await fs.rm(answerLog, { force: true });
      }
      if (!options.database) await database.drop();
    },
  };
}
