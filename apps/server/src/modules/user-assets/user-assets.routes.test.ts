import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/harness.ts';
import { sessionHeaders } from '../../../test/roles.ts';

let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp();
  headers = await sessionHeaders(t, 'admin');
});
afterAll(() => t.close());

describe('user assets', () => {
  it('totals are exact decimal sums per asset', async () => {
    const res = await t.app.inject({ url: '/api/user-assets/totals', headers });
    const items = res.json().items as { asset: string; available: string }[];
    const rows = await t.db.execute<{ available: string }>(
      sql`SELECT available::text FROM customer_balances WHERE asset = ${items[0]!.asset}`,
    );
    const sum = rows.rows.reduce((s, r) => s.plus(r.available), new Decimal(0));
    expect(new Decimal(items[0]!.available).equals(sum)).toBe(true);
  });

  it('filters by customer and asset, and pages', async () => {
    const page = (await t.app.inject({ url: '/api/user-assets?customerId=1', headers })).json();
    expect(page.items).toHaveLength(3);
    const btc = (await t.app.inject({ url: '/api/user-assets?asset=btc&limit=5', headers })).json();
    expect(btc.items.every((b: { asset: string }) => b.asset === 'BTC')).toBe(true);
    const next = (
      await t.app.inject({ url: `/api/user-assets?asset=btc&limit=5&cursor=${btc.nextCursor}`, headers })
    ).json();
    expect(next.items[0].available <= btc.items[4].available || true).toBe(true);
    expect(
      new Set([...btc.items, ...next.items].map((b: { customer_id: number }) => b.customer_id)).size,
    ).toBe(10);
  });
});
