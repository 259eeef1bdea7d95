import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config/config.ts';
import { createDb, createPool, type Db } from '../src/db/client.ts';
import { type Clock, systemClock } from '../src/lib/clock.ts';
import { type DemoMember, sessionHeaders } from './roles.ts';
import { createTestDatabase, TEST_ENV } from './test-server.ts';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  /** The app's clock: the manual one the test passed, else the system's. */
  clock: Clock;
  pool: pg.Pool;
  close(): Promise<void>;
}

export interface TestAppOptions {
  clock?: Clock;
  /** Adds routes of the test's own (a public endpoint that exercises the kit) before the app is ready. */
  beforeReady?: (app: FastifyInstance, db: Db) => void;
}

/** The real app (buildApp) on a fresh database, for `app.inject`; pass a `manualClock` to move time. */
export async function buildTestApp(
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = loadConfig({ ...TEST_ENV, ...env, DATABASE_URL: database.appUrl });
  const pool = createPool(database.appUrl, 4);
  const db = createDb(pool);
  const clock = options.clock ?? systemClock;
  const app = await buildApp({ config, db, secret: 'test-secret-'.padEnd(40, 'x'), clock });
  options.beforeReady?.(app, db);
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
export function useTestApp(env: Record<string, string> = {}, options: TestAppOptions = {}): FileTestApp {
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
