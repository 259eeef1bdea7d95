import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/harness.ts';

const t = useTestApp();
const manager = t.session('manager');

describe('GET /api/transactions/overview', () => {
  it('sums 24 h volumes per type, status and asset exactly, from the database', async () => {
    const c = await t.db.execute<{ id: number }>(
      sql`INSERT INTO customers (user_name) VALUES ('ov') RETURNING id`,
    );
    await t.db.execute(
      sql`UPDATE wallet_transactions SET created_at = now() - interval '3 days' WHERE asset = 'ETH'`,
    );
    for (const amount of ['0.1', '0.2', '0.000000000000000001'])
      await t.db.execute(sql`INSERT INTO wallet_transactions (customer_id, type, asset, network, amount, status)
        VALUES (${c.rows[0]!.id}, 'deposit', 'ETH', 'ETHEREUM', ${amount}, 'completed')`);
    const body = (await t.app.inject({ url: '/api/transactions/overview', headers: manager })).json();
    expect(body.last24h.filter((r: { asset: string }) => r.asset === 'ETH')).toEqual([
      { type: 'deposit', status: 'completed', asset: 'ETH', count: 3, volume: '0.300000000000000001' },
    ]);
    const waiting = await t.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM wallet_transactions WHERE type = 'withdrawal' AND status = 'under_review'`,
    );
    expect(body.withdrawalsAwaitingReview.count).toBe(waiting.rows[0]!.n);
  });
});
