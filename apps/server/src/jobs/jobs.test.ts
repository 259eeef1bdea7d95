import { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import type { WorkerEvents } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eventually, until } from '../../test/eventually.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-server.ts';
import { createDb, createPool, type Db } from '../db/client.ts';
import { createJobs, type Jobs } from './index.ts';

const quiet = { info() {}, warn() {} };

/** Three runners over one database, each with its own pool: three nodes, as far as PostgreSQL sees. */
let database: TestDatabase;
let db: Db;
const nodes: Jobs[] = [];
const runs: Array<{ node: number; task: string; payload: unknown }> = [];

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDb(createPool(database.appUrl, 4));
  for (let node = 0; node < 3; node++) {
    const jobs = createJobs({ pool: createPool(database.appUrl, 2), log: quiet });
    jobs.task('probe.count', async (payload) => {
      runs.push({ node, task: 'probe.count', payload });
    });
    nodes.push(jobs);
  }
  // As the app's restricted role: the queue's schema is the owner's, its rows and functions granted.
  await Promise.all(nodes.map((n) => n.start()));
});

afterAll(async () => {
  await Promise.all(nodes.map((n) => n.stop()));
  await db.$client.end();
  await database.drop();
});

describe('the job queue over several nodes', () => {
  it('runs each enqueued job once, whichever node takes it', async () => {
    for (let i = 0; i < 30; i++) await nodes[0]!.enqueue(db, 'probe.count', { i });
    await until(() => runs.filter((r) => r.task === 'probe.count').length >= 30, '30 runs', {
      timeoutMs: 15_000,
    });
    // An empty queue has no job left to run a second time.
    await eventually(async () => expect(await nodes[1]!.depth()).toBe(0), { timeoutMs: 15_000 });
    const done = runs.filter((r) => r.task === 'probe.count').map((r) => (r.payload as { i: number }).i);
    expect(done.sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i));
    expect(await nodes[1]!.depth()).toBe(0);
  });

  it("enqueues inside the caller's transaction: rolled back, nothing runs", async () => {
    await db
      .transaction(async (tx) => {
        await nodes[0]!.enqueue(tx, 'probe.count', { i: 'rolled back' });
        throw new Error('the change failed');
      })
      .catch(() => {});
    const { rows } = await db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM graphile_worker._private_jobs`,
    );
    // No row, so no runner can take it.
    expect(rows[0]!.n).toBe(0);
    expect(runs.some((r) => (r.payload as { i: unknown }).i === 'rolled back')).toBe(false);
  });

  it('refuses names that are not area.verb and schedules of unknown tasks', () => {
    const jobs = createJobs({ pool: db.$client, log: quiet });
    expect(() => jobs.task('Probe', async () => {})).toThrow(/area\.verb/);
    expect(() => jobs.schedule('probe.none', '* * * * *')).toThrow(/register the task first/);
  });

  it('runs a schedule once per period, however many nodes run it', async () => {
    // Cron fires on the minute by the node's clock: three fresh runners start with Date held just
    // before one (timers stay real), then the clock moves past it, and each runner fires that minute.
    const minute = new Date('2026-03-01T10:00:00Z');
    const ticks: unknown[] = [];
    const fired: number[] = [];
    const schedulers: Jobs[] = [];
    vi.useFakeTimers({ toFake: ['Date'], now: minute.getTime() - 100 });
    try {
      for (let node = 0; node < 3; node++) {
        const events: WorkerEvents = new EventEmitter();
        events.on('cron:scheduled', ({ timestamp }) => fired.push(timestamp));
        const jobs = createJobs({ pool: createPool(database.appUrl, 2), log: quiet, events });
        jobs.task('probe.tick', async (payload) => {
          ticks.push(payload);
        });
        jobs.schedule('probe.tick', '* * * * *');
        schedulers.push(jobs);
      }
      await Promise.all(schedulers.map((n) => n.start()));
      vi.setSystemTime(minute.getTime() + 1);
      // All three have fired the minute, so every job it could make exists; then the one made has run.
      await until(() => fired.filter((t) => t === minute.getTime()).length === 3, 'three schedulers', {
        timeoutMs: 15_000,
      });
      await eventually(
        async () => {
          const { rows } = await db.execute<{ n: number }>(sql`
            SELECT count(*)::int AS n FROM graphile_worker._private_jobs j
              JOIN graphile_worker._private_tasks t ON t.id = j.task_id
             WHERE t.identifier = 'probe.tick'`);
          expect(rows[0]!.n).toBe(0);
          expect(ticks.length).toBeGreaterThan(0);
        },
        { timeoutMs: 15_000 },
      );
      expect(ticks).toHaveLength(1);
      expect(ticks[0]).toMatchObject({ _cron: { ts: minute.toISOString() } });
    } finally {
      await Promise.all(schedulers.map((n) => n.stop()));
      vi.useRealTimers();
    }
  });
});
