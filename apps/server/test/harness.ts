import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config/config.ts';
import { urlAs } from '../src/db/app-role.ts';
import { createDb, createPool, type Db } from '../src/db/client.ts';
import { type Clock, systemClock } from '../src/lib/clock.ts';
import { TEST_DATA_DIR, withDatabase } from './global-setup.ts';
import { type DemoMember, sessionHeaders } from './roles.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../..');

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

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  /** The app's clock: the manual one the test passed, else the system's. */
  clock: Clock;
  pool: pg.Pool;
  close(): Promise<void>;
}

/** The real app (buildApp) on a fresh database, for `app.inject`; pass a `manualClock` to move time. */
export async function buildTestApp(
  env: Record<string, string> = {},
  options: { clock?: Clock } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = loadConfig({ ...TEST_ENV, ...env, DATABASE_URL: database.appUrl });
  const pool = createPool(database.appUrl, 4);
  const db = createDb(pool);
  const clock = options.clock ?? systemClock;
  const app = await buildApp({ config, db, secret: 'test-secret-'.padEnd(40, 'x'), clock });
  await app.ready();
  return {
    app,
    db,
    clock,
    pool,
    async close() {
      await app.close();
      await pool.end();
      await database.drop();
    },
  };
}

/** One test file's app: what `buildTestApp` gives, plus the sessions the file asked for. */
export interface FileTestApp extends Omit<TestApp, 'close'> {
  /**
   * A demo member's authorization headers, for requests in the file's tests. Ask at the top of the
   * file: the object is filled once the app is up, before the first test runs.
   */
  session(member: DemoMember): Record<string, string>;
}

/**
 * The real app for the tests of one file: built in `beforeAll`, closed in `afterAll`. Its fields
 * read the built app, so they are for use inside tests and hooks.
 */
export function useTestApp(env: Record<string, string> = {}, options: { clock?: Clock } = {}): FileTestApp {
  let built: TestApp | undefined;
  const sessions = new Map<DemoMember, Record<string, string>>();
  beforeAll(async () => {
    built = await buildTestApp(env, options);
    for (const [member, headers] of sessions) Object.assign(headers, await sessionHeaders(built, member));
  });
  afterAll(() => built?.close());
  const current = (): TestApp => {
    if (!built) throw new Error('useTestApp: the app exists only inside tests and hooks');
    return built;
  };
  return {
    get app() {
      return current().app;
    },
    get db() {
      return current().db;
    },
    get clock() {
      return current().clock;
    },
    get pool() {
      return current().pool;
    },
    session(member) {
      if (built)
        throw new Error('useTestApp: ask for sessions at the top of the file, before the app is built');
      const headers = sessions.get(member) ?? {};
      sessions.set(member, headers);
      return headers;
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

/** The real server process, serving the built web app, on a fresh database and a free port. */
/** The built web app the browser tests serve; E2E_WEB_DIST points elsewhere (a build of one's own). */
export const testWebDist = () => process.env.E2E_WEB_DIST ?? path.join(repoRoot, 'apps/web/dist');

export async function startTestServer(
  options: {
    env?: Record<string, string>;
    /** A database shared with other nodes: not dropped at stop. */
    database?: TestDatabase;
  } = {},
): Promise<TestServer> {
  const database = options.database ?? (await createTestDatabase());
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
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
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 30_000);
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
      if (!options.database) await database.drop();
    },
  };
}
