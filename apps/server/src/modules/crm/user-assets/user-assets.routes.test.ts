import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/harness.ts';

const t = useTestApp();
const headers = t.session('admin');

type Balance = { customer_id: number; asset: string; available: string };
const get = async (url: string) => (await t.app.inject({ url, headers })).json();

describe('user assets', () => {
  it('totals are exact decimal sums per asset', async () => {
    const items = (await get('/api/user-assets/totals')).items as { asset: string; available: string }[];
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) {
      const rows = await t.db.execute<{ available: string }>(
        sql`SELECT available::text FROM customer_balances WHERE asset = ${item.asset}`,
      );
      const sum = rows.rows.reduce((s, r) => s.plus(r.available), new Decimal(0));
      expect(new Decimal(item.available).equals(sum), item.asset).toBe(true);
    }
  });

  it("filters by customer: exactly that customer's balances", async () => {
    const holder = await t.db.execute<{ customer_id: number; n: number }>(sql`
      SELECT customer_id, count(*)::int AS n FROM customer_balances
      GROUP BY customer_id ORDER BY customer_id LIMIT 1`);
    const { customer_id, n } = holder.rows[0]!;
    const page = await get(`/api/user-assets?customerId=${customer_id}`);
    expect(page.items).toHaveLength(n);
    expect(page.items.every((b: Balance) => b.customer_id === Number(customer_id))).toBe(true);
  });

  it('filters by asset and pages on, largest balance first, without repeating a row', async () => {
    const first = await get('/api/user-assets?asset=btc&limit=5');
    const next = await get(`/api/user-assets?asset=btc&limit=5&cursor=${first.nextCursor}`);
    const rows: Balance[] = [...first.items, ...next.items];
    expect(rows).toHaveLength(10);
    expect(rows.every((b) => b.asset === 'BTC')).toBe(true);
    for (const [i, row] of rows.entries()) {
      if (i > 0) expect(new Decimal(row.available).lte(rows[i - 1]!.available), `row ${i}`).toBe(true);
    }
    expect(new Set(rows.map((b) => b.customer_id)).size).toBe(10);
  });
});
