import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, login } from '../../../test/auth-client.ts';
import { buildTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('GET /api/dashboard/kpis', () => {
  it('needs a session', async () => {
    expect((await t.app.inject({ url: '/api/dashboard/kpis' })).statusCode).toBe(401);
  });

  it('reports the figures of the database, with a computed growth', async () => {
    // A known sign-up pattern: 3 in the last 30 days against 2 in the 30 before → +50.0 %.
    await t.db.execute(sql`UPDATE customers SET create_date = now() - interval '200 days'`);
    await t.db.execute(
      sql`UPDATE customers SET create_date = now() - interval '5 days' WHERE id IN (1, 2, 3)`,
    );
    await t.db.execute(sql`UPDATE customers SET create_date = now() - interval '45 days' WHERE id IN (4, 5)`);
    const cookie = cookieHeader(await login(t.app, 'manager'));
    const res = await t.app.inject({ url: '/api/dashboard/kpis', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const kpis = res.json();
    const count = async (q: ReturnType<typeof sql>) => (await t.db.execute<{ n: number }>(q)).rows[0]!.n;
    expect(kpis.customers).toEqual({
      total: await count(sql`SELECT count(*)::int AS n FROM customers`),
      newLast30Days: 3,
      newPrevious30Days: 2,
      growthPercent: '50.0',
    });
    expect(kpis.pendingTrades).toBe(
      await count(sql`SELECT count(*)::int AS n FROM p2p_trades WHERE status = 'pending'`),
    );
    expect(kpis.activeOffers).toBe(
      await count(sql`SELECT count(*)::int AS n FROM p2p_offers WHERE status = 'active'`),
    );
    expect(kpis.transactionLimits).toBe(await count(sql`SELECT count(*)::int AS n FROM transaction_limits`));
  });

  it('has no growth figure when there is nothing to compare with', async () => {
    await t.db.execute(sql`UPDATE customers SET create_date = now() - interval '200 days'`);
    const cookie = cookieHeader(await login(t.app, 'admin'));
    const kpis = (await t.app.inject({ url: '/api/dashboard/kpis', headers: { cookie } })).json();
    expect(kpis.customers.growthPercent).toBeNull();
  });
});
