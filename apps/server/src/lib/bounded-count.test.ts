import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/harness.ts';
import { boundedCount, EXACT_COUNT_LIMIT } from './bounded-count.ts';

let t: TestApp;
// 5,000 rows the planner knows the number of (generate_series states its row count).
const table = sql`generate_series(1, 5000) AS g(n)`;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('boundedCount', () => {
  it('counts exactly up to the limit', async () => {
    expect(await boundedCount(t.db, sql`${table} WHERE n <= 40`)).toEqual({ value: 40, exact: true });
    expect(await boundedCount(t.db, sql`${table}`)).toEqual({ value: 5000, exact: true });
    expect(await boundedCount(t.db, sql`${table}`, { limit: 5000 })).toEqual({ value: 5000, exact: true });
    expect(await boundedCount(t.db, sql`${table} WHERE n < 0`)).toEqual({ value: 0, exact: true });
    expect(EXACT_COUNT_LIMIT).toBeGreaterThanOrEqual(100_000);
  });

  it('estimates past the limit from the planner', async () => {
    expect(await boundedCount(t.db, sql`${table}`, { limit: 100 })).toEqual({ value: 5000, exact: false });
    const filtered = await boundedCount(t.db, sql`${table} WHERE n > 1000`, { limit: 100 });
    expect(filtered.exact).toBe(false);
    // The planner's guess, but never below what was seen to match.
    expect(filtered.value).toBeGreaterThan(100);
    expect(filtered.value).toBeLessThanOrEqual(5000);
  });

  it('estimates when counting would take longer than its budget', async () => {
    const slow = sql`(SELECT n FROM ${table}, pg_sleep(0.5)) AS s`;
    const started = Date.now();
    const total = await boundedCount(t.db, slow, { budgetMs: 50 });
    expect(Date.now() - started).toBeLessThan(400);
    expect(total.exact).toBe(false);
    // Inside a transaction too (a savepoint); the transaction stays usable afterwards.
    await t.db.transaction(async (tx) => {
      expect((await boundedCount(tx, slow, { budgetMs: 50 })).exact).toBe(false);
      expect(await boundedCount(tx, sql`${table} WHERE n <= 3`, { budgetMs: 1000 })).toEqual({
        value: 3,
        exact: true,
      });
    });
  });
});
