import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../../../../test/eventually.ts';
import { useTestApp } from '../../../../test/harness.ts';
import { createTestIntegration, type TestIntegration } from '../../../test/integration-key.ts';
import { newCustomer } from '../../compliance/fraud/engine/test-fixtures.ts';

// A check's deadlines (decision 0025): no connection of the checks' pool within CHECKS_SHED_AFTER_MS,
// or its work ending past the exchange client's 2 s (CHECK_CLIENT_TIMEOUT_MS), is answered 503
// CHECK_OVERLOADED and not recorded. The pool has one connection and the statement timeout is long,
// so a check's read stays held by this file's lock until the test lets it go.
const t = useTestApp({
  CHECKS_POOL_SIZE: '1',
  CHECKS_STATEMENT_TIMEOUT_MS: '10000',
  CHECKS_SHED_AFTER_MS: '300',
});
let exchange: TestIntegration;
beforeAll(async () => {
  exchange = await createTestIntegration(t.db, { scopes: ['checks:withdrawal'] });
});

let blocker: pg.PoolClient | undefined;
afterEach(async () => {
  await blocker?.query('ROLLBACK');
  blocker?.release();
  blocker = undefined;
});

/** Locks what every withdrawal check reads, in a transaction left open. */
async function lockReads() {
  blocker = await t.pool.connect();
  await blocker.query('BEGIN');
  await blocker.query('LOCK TABLE customer_restrictions IN ACCESS EXCLUSIVE MODE');
}
const release = () => blocker!.query('COMMIT');

/** Whether a check's statement on `table` waits on a lock, for longer than `ms`. */
async function waiting(ms = 0, table = 'customer_restrictions'): Promise<boolean> {
  const { rows } = await t.pool.query<{ yes: boolean }>(
    `SELECT coalesce(bool_or(now() - query_start > make_interval(secs => $1 / 1000.0)), false) AS yes
       FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%' || $2 || '%'`,
    [ms, table],
  );
  return rows[0]!.yes;
}

/** A withdrawal check of `customer` (made before the lock: a customer's insert reads what it locks). */
function check(customer: { externalId: string }) {
  const withdrawalId = `wd-${randomUUID()}`;
  const answer = t.app.inject({
    method: 'POST',
    url: '/api/v1/checks/withdrawal',
    headers: { authorization: `Bearer ${exchange.key}`, 'content-type': 'application/json' },
    payload: JSON.stringify({
      withdrawalId,
      customer: { externalId: customer.externalId },
      asset: 'USDT',
      network: 'TRC20',
      amount: '12.5',
      toAddress: `TX${randomUUID().replaceAll('-', '')}`,
    }),
  });
  return { withdrawalId, answer };
}

async function expectOverloaded(res: Awaited<ReturnType<typeof check>['answer']>, withdrawalId: string) {
  expect(res.statusCode).toBe(503);
  expect(res.headers['retry-after']).toBe('1');
  expect(res.json()).toMatchObject({ code: 'CHECK_OVERLOADED' });
  const { rows } = await t.db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM realtime_checks WHERE external_ref = ${withdrawalId}`,
  );
  expect(rows[0]!.n).toBe(0);
}

describe('a check past its deadline', () => {
  it("waiting past CHECKS_SHED_AFTER_MS for the checks' one connection: 503 at once, while the other still works", async () => {
    const [a, b] = [await newCustomer(t.db, 'checks_deadline'), await newCustomer(t.db, 'checks_deadline')];
    await lockReads();
    const first = check(a);
    await until(() => waiting(), 'the first check to hold the connection', { timeoutMs: 4_000 });
    const second = check(b);
    await expectOverloaded(await second.answer, second.withdrawalId);
    // Not answered by the first's end: that one still waits on the lock, on the one connection.
    expect(await waiting()).toBe(true);
    await release();
    // The first is answered once the lock goes: 200, or 503 when that was past its 2 s on a slow day.
    expect([200, 503]).toContain((await first.answer).statusCode);
  });

  it('its work ending past the client’s 2 s: 503, no record of an answer the client never had', async () => {
    const customer = await newCustomer(t.db, 'checks_deadline');
    await lockReads();
    const late = check(customer);
    // The read has waited past 2 s, so the request has too (it began before its read).
    await until(() => waiting(2_100), 'the check to wait past its deadline', {
      timeoutMs: 4_500,
      everyMs: 50,
    });
    await release();
    await expectOverloaded(await late.answer, late.withdrawalId);
  });

  it('holding a withdrawal that waited past the client’s 2 s: 503, the hold rolled back', async () => {
    const customer = await newCustomer(t.db, 'checks_deadline');
    // An open screening hit holds the withdrawal for review: the check writes a wallet transaction.
    await t.db.execute(sql`
      INSERT INTO fraud_alerts (customer_id, rule_code, rule_version, severity, window_key, window_start, window_end, params, event_at)
      VALUES (${customer.id}, 'screening_hit', 1, 'high', ${`entry:${randomUUID()}`}, now(), now(), '{}'::jsonb, now())`);
    // A lock the hold's insert waits on (reads still go through). An ingestion batch's rows no longer
    // hold it up: checks.locks.test.ts.
    blocker = await t.pool.connect();
    await blocker.query('BEGIN');
    await blocker.query('LOCK TABLE wallet_transactions IN SHARE ROW EXCLUSIVE MODE');
    const late = check(customer);
    await until(() => waiting(2_100, 'wallet_transactions'), 'the hold to wait past the deadline', {
      timeoutMs: 4_500,
      everyMs: 50,
    });
    await release();
    await expectOverloaded(await late.answer, late.withdrawalId);
    const held = await t.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM wallet_transactions WHERE external_id = ${late.withdrawalId}`,
    );
    expect(held.rows[0]!.n).toBe(0);
  });
});
