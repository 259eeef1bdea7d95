import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../../test/harness.ts';
import { createFraudRuns, type RunHandler } from './fraud-runs.ts';

const t = useTestApp();
const manager = t.session('manager');
const admin = t.session('admin');

const system = { memberId: null, requestId: 'fraud-runs-test' };

/** A runs instance of this test's own, so its handlers do not meet the parts' real ones. */
function ownRuns(handlers: Partial<Record<'rescan' | 'backtest' | 'rescreen', RunHandler>>) {
  const runs = createFraudRuns({
    db: t.db,
    jobs: { enqueue: t.app.jobs.enqueue, task: () => {} },
    clock: t.clock,
  });
  for (const [kind, fn] of Object.entries(handlers)) runs.handle(kind as 'rescan', fn);
  return runs;
}

const detail = async (id: number, afterSeq = 0, who = manager) =>
  (
    await t.app.inject({
      url: `/api/compliance/fraud/runs/detail?id=${id}&afterSeq=${afterSeq}`,
      headers: who,
    })
  ).json();
const cancel = (id: number, who = manager) =>
  t.app.inject({ method: 'POST', url: '/api/compliance/fraud/runs/cancel', payload: { id }, headers: who });
const auditRows = async (id: number) =>
  (
    await t.db.execute<{ action: string }>(
      sql`SELECT action FROM audit_log WHERE entity = 'fraud_run' AND entity_id = ${String(id)} ORDER BY id`,
    )
  ).rows;

describe('fraud runs', () => {
  it('starts nothing when the starting transaction rolls back', async () => {
    const runs = ownRuns({});
    const before = (await t.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM fraud_runs`))
      .rows[0]!.n;
    await expect(
      t.db.transaction(async (tx) => {
        await runs.start(tx, 'rescan', { rule: 'p2p_amount' }, system);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const after = (await t.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM fraud_runs`)).rows[0]!
      .n;
    expect(after).toBe(before);
  });

  it('runs a handler to done with its params, progress, log and result, readable by another member', async () => {
    const seen: unknown[] = [];
    const runs = ownRuns({
      backtest: async (params, ctx) => {
        seen.push(params);
        await ctx.progress(0, 3);
        for (let i = 1; i <= 3; i += 1) {
          await ctx.log('info', 'progress', { done: i, total: 3 });
          await ctx.progress(i);
        }
        return { alerts: 7 };
      },
    });
    const { id } = await runs.start(t.db, 'backtest', { rule: 'failed_logins' }, system);
    expect((await detail(id)).run).toMatchObject({ status: 'queued', progress_done: 0, kind: 'backtest' });
    await runs.execute(id);
    expect(seen).toEqual([{ rule: 'failed_logins' }]);
    const done = await detail(id, 0, admin);
    expect(done.run).toMatchObject({
      status: 'done',
      progress_done: 3,
      progress_total: 3,
      result: { alerts: 7 },
      started_at: expect.any(String),
      finished_at: expect.any(String),
    });
    expect(done.log.map((l: { seq: number; message: string }) => [l.seq, l.message])).toEqual([
      [1, 'started'],
      [2, 'progress'],
      [3, 'progress'],
      [4, 'progress'],
      [5, 'done'],
    ]);
    // Polling asks only for what is new.
    expect((await detail(id, 4)).log.map((l: { seq: number }) => l.seq)).toEqual([5]);
    // A second execution (a retried job) finds it finished and does nothing.
    await runs.execute(id);
    expect((await detail(id)).log).toHaveLength(5);
  });

  it('stops a run between chunks once cancelled, audits the ask once, refuses a finished run', async () => {
    let chunks = 0;
    let runId = 0;
    const runs = ownRuns({
      rescan: async (_params, ctx) => {
        for (let i = 0; i < 10; i += 1) {
          if (await ctx.cancelled()) break;
          chunks += 1;
          // A member cancels while the second chunk is under way.
          if (i === 1) expect((await cancel(runId)).statusCode).toBe(200);
        }
        return { raised: chunks };
      },
    });
    runId = (await runs.start(t.db, 'rescan', {}, system)).id;
    await runs.execute(runId);
    expect(chunks).toBe(2);
    const ended = await detail(runId);
    expect(ended.run).toMatchObject({ status: 'cancelled', cancel_requested: true, result: { raised: 2 } });
    expect(ended.log.at(-1)).toMatchObject({ level: 'warn', message: 'cancelled' });
    expect(await auditRows(runId)).toEqual([{ action: 'cancel' }]);

    const finished = await cancel(runId);
    expect([finished.statusCode, finished.json().code]).toEqual([409, 'FRAUD_RUN_FINISHED']);
    const missing = await cancel(987654321);
    expect([missing.statusCode, missing.json().code]).toEqual([404, 'FRAUD_RUN_NOT_FOUND']);
  });

  it('cancels a queued run before it starts; a second ask writes no second audit row', async () => {
    let called = false;
    const runs = ownRuns({
      rescan: async () => {
        called = true;
        return {};
      },
    });
    const { id } = await runs.start(t.db, 'rescan', {}, system);
    expect((await cancel(id)).statusCode).toBe(200);
    expect((await cancel(id)).statusCode).toBe(200);
    expect(await auditRows(id)).toEqual([{ action: 'cancel' }]);
    await runs.execute(id);
    expect(called).toBe(false);
    expect((await detail(id)).run.status).toBe('cancelled');
  });

  it('ends failed with the error in its log, and failed when no part handles its kind', async () => {
    const runs = ownRuns({
      rescan: async (_p, ctx) => {
        await ctx.progress(1, 5);
        throw new Error('the database went away');
      },
    });
    const failing = await runs.start(t.db, 'rescan', {}, system);
    await runs.execute(failing.id);
    const failed = await detail(failing.id);
    expect(failed.run.status).toBe('failed');
    expect(failed.log.at(-1)).toMatchObject({
      level: 'error',
      message: 'failed',
      params: { error: 'the database went away' },
    });

    const orphan = await runs.start(t.db, 'rescreen', {}, system);
    await runs.execute(orphan.id);
    const unhandled = await detail(orphan.id);
    expect(unhandled.run.status).toBe('failed');
    expect(unhandled.log).toMatchObject([{ message: 'noHandler', params: { kind: 'rescreen' } }]);
  });

  it('lists runs newest first with filters and refuses broken input with a code', async () => {
    const res = await t.app.inject({
      url: '/api/compliance/fraud/runs?status=failed&limit=200',
      headers: manager,
    });
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page.items.length).toBeGreaterThanOrEqual(2);
    expect(page.items.every((r: { status: string }) => r.status === 'failed')).toBe(true);
    const ids = page.items.map((r: { id: number }) => r.id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));

    for (const url of [
      '/api/compliance/fraud/runs?cursor=broken',
      '/api/compliance/fraud/runs/detail?id=0',
      '/api/compliance/fraud/runs/detail?id=1e3',
      '/api/compliance/fraud/runs/detail?id=99999999999999999999',
    ]) {
      const r = await t.app.inject({ url, headers: manager });
      expect(r.statusCode, url).toBe(400);
      expect(['INVALID_CURSOR', 'VALIDATION_FAILED'], url).toContain(r.json().code);
    }
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/compliance/fraud/runs/cancel',
      payload: { id: 2 ** 60 },
      headers: manager,
    });
    expect(bad.statusCode).toBe(400);
  });
});
