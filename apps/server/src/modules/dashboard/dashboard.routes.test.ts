import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.ts';
import { sessionHeaders } from '../../../test/roles.ts';
import { manualClock } from '../../lib/clock.ts';

const clock = manualClock('2026-06-15T12:00:00Z');
const DAY_MS = 86_400_000;
const t = useTestApp({}, { clock });

/** Moves customers' sign-up `days` before the app's clock. */
const signedUpDaysAgo = (days: number, ids?: number[]) =>
  t.db.execute(sql`UPDATE customers SET create_date = ${new Date(clock.now().getTime() - days * DAY_MS)}
    ${
      ids
        ? sql`WHERE id IN (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`
        : sql``
    }`);

const count = async (query: ReturnType<typeof sql>) => (await t.db.execute<{ n: number }>(query)).rows[0]!.n;

const kpis = async () => {
  const res = await t.app.inject({ url: '/api/dashboard/kpis', headers: await sessionHeaders(t, 'manager') });
  expect(res.statusCode).toBe(200);
  return res.json();
};

describe('GET /api/dashboard/kpis', () => {
  it('needs a session', async () => {
    expect((await t.app.inject({ url: '/api/dashboard/kpis' })).statusCode).toBe(401);
  });

  it('reports the figures of the database, with a growth counted from the clock', async () => {
    const ids = (
      await t.db.execute<{ id: number }>(sql`SELECT id::int AS id FROM customers ORDER BY id LIMIT 5`)
    ).rows.map((r) => r.id);
    // A known sign-up pattern: 3 in the last 30 days against 2 in the 30 before → +50.0 %.
    await signedUpDaysAgo(200);
    await signedUpDaysAgo(5, ids.slice(0, 3));
    await signedUpDaysAgo(45, ids.slice(3));
    const body = await kpis();
    expect(body.generatedAt).toBe('2026-06-15T12:00:00.000Z');
    expect(body.customers).toEqual({
      total: await count(sql`SELECT count(*)::int AS n FROM customers`),
      newLast30Days: 3,
      newPrevious30Days: 2,
      growthPercent: '50.0',
    });
    expect(body.pendingTrades).toBe(
      await count(sql`SELECT count(*)::int AS n FROM p2p_trades WHERE status = 'pending'`),
    );
    expect(body.activeOffers).toBe(
      await count(sql`SELECT count(*)::int AS n FROM p2p_offers WHERE status = 'active'`),
    );
    expect(body.transactionLimits).toBe(await count(sql`SELECT count(*)::int AS n FROM transaction_limits`));
    expect(body.withdrawalsAwaitingReview).toBe(
      await count(
        sql`SELECT count(*)::int AS n FROM wallet_transactions WHERE type = 'withdrawal' AND status = 'under_review'`,
      ),
    );

    // Twenty days later the three are 25 days old and the two have left the 60-day span.
    clock.advance(20 * DAY_MS);
    expect((await kpis()).customers).toMatchObject({
      newLast30Days: 3,
      newPrevious30Days: 0,
      growthPercent: null,
    });
    clock.advance(10 * DAY_MS);
    expect((await kpis()).customers).toMatchObject({
      newLast30Days: 0,
      newPrevious30Days: 3,
      growthPercent: '-100.0',
    });
  });

  it('has no growth figure when there is nothing to compare with', async () => {
    await signedUpDaysAgo(200);
    expect((await kpis()).customers.growthPercent).toBeNull();
  });
});

describe('24-hour volume and pending KYC', () => {
  it('adds exactly the completed deposits and withdrawals of the last 24 hours, valued at their rate', async () => {
    const before = await kpis();
    await t.db.execute(
      sql`INSERT INTO report_rates (asset, valid_from, rate) VALUES ('VOLX', '2026-01-01', '2.5')`,
    );
    const tx = (type: string, amount: string, at: string, status = 'completed') =>
      t.db.execute(sql`INSERT INTO wallet_transactions (customer_id, type, asset, network, amount, status, created_at)
        VALUES ((SELECT min(id) FROM customers), ${type}, 'VOLX', 'TEST', ${amount}, ${status}, ${at})`);
    // The clock stands on a whole hour (earlier tests move it by whole days).
    const ago = (ms: number) => new Date(clock.now().getTime() - ms).toISOString();
    const HOUR = 3_600_000;
    await tx('deposit', '10.000000000000000001', ago(HOUR / 2)); // in the current, partial hour
    await tx('deposit', '1', ago(23.5 * HOUR)); // in the first hour
    await tx('deposit', '100', ago(24 * HOUR + 1000)); // 24 h and a second ago: out
    await tx('deposit', '7', ago(11 * HOUR), 'pending'); // not completed: out
    await tx('withdrawal', '4', ago(8.75 * HOUR));
    await tx('withdrawal', '1', ago(27 * HOUR));
    await t.db.execute(
      sql`UPDATE customers SET user_ky = 'pending' WHERE id = (SELECT max(id) FROM customers)`,
    );
    const after = await kpis();
    const Decimal = (await import('decimal.js')).default.clone({ precision: 60 });
    expect(new Decimal(after.volume24h.deposits).minus(before.volume24h.deposits).toFixed()).toBe(
      '27.5000000000000000025',
    );
    expect(new Decimal(after.volume24h.withdrawals).minus(before.volume24h.withdrawals).toFixed()).toBe('10');
    expect(after.volume24h.currency).toBe('USD');
    // Customers whose documents wait, whatever their level: a customer at level 1 sending more is one.
    expect(after.pendingKyc).toBe(await count(sql`SELECT count(*)::int AS n FROM kyc_cases`));
  });
});
