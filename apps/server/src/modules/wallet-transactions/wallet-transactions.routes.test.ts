import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/harness.ts';
import { sessionHeaders } from '../../../test/roles.ts';

let t: TestApp;
let admin: Record<string, string>;
let superMember: Record<string, string>;
let customerId: number;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await sessionHeaders(t, 'admin');
  superMember = await sessionHeaders(t, 'super');
  // A customer of our own, so no seeded withdrawal counts against the caps.
  const c = await t.db.execute<{ id: number }>(
    sql`INSERT INTO customers (user_name) VALUES ('wt-test') RETURNING id`,
  );
  customerId = c.rows[0]!.id;
});
afterAll(() => t.close());

/** A USDT-TRC20 withdrawal under review; the selection rule picks limit 11 (max 25,000, daily 100,000). */
async function underReview(
  amount: string,
  reason: string | null = null,
): Promise<{ id: number; version: number }> {
  const r = await t.db.execute<{ id: number; version: number }>(sql`
    INSERT INTO wallet_transactions (customer_id, type, asset, network, amount, to_address, status, review_reason)
    VALUES (${customerId}, 'withdrawal', 'USDT', 'TRC20', ${amount}, 'TXyz', 'under_review', ${reason})
    RETURNING id, version`);
  return r.rows[0]!;
}
const decide = (what: 'approve' | 'reject', who: Record<string, string>, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/transactions/wallet-transactions/${what}`,
    payload,
    headers: who,
  });
const statusOf = async (id: number) =>
  (await t.db.execute<{ status: string }>(sql`SELECT status FROM wallet_transactions WHERE id = ${id}`))
    .rows[0]!.status;

describe('withdrawal review', () => {
  it('above the threshold needs two different members; the first approval changes nothing', async () => {
    const w = await underReview('15000');
    const first = await decide('approve', admin, { id: w.id, version: w.version });
    expect(first.json()).toMatchObject({
      status: 'under_review',
      approvals: 1,
      approvals_required: 2,
      version: w.version,
    });
    expect(await statusOf(w.id)).toBe('under_review');

    const own = await decide('approve', admin, { id: w.id, version: w.version });
    expect(own.statusCode).toBe(409);
    expect(own.json().issues[0].path).toBe('refusal.already_reviewed');

    const detail = (
      await t.app.inject({ url: `/api/transactions/wallet-transaction?id=${w.id}`, headers: superMember })
    ).json();
    expect(detail).toMatchObject({
      approvals_required: 2,
      four_eyes_threshold: '10000',
      reviews: [{ decision: 'approve', member: { user_name: 'admin' } }],
    });

    const second = await decide('approve', superMember, { id: w.id, version: w.version });
    expect(second.json()).toMatchObject({ status: 'pending', approvals: 2, approvals_required: 2 });
    expect(await statusOf(w.id)).toBe('pending');
  });

  it('below the threshold one approval is enough', async () => {
    const w = await underReview('50');
    expect((await decide('approve', admin, { id: w.id, version: w.version })).json()).toMatchObject({
      status: 'pending',
      approvals_required: 1,
    });
  });

  it('refuses while the customer has an active withdrawal restriction, changing nothing', async () => {
    const w = await underReview('60');
    await t.db.execute(
      sql`INSERT INTO customer_restrictions (customer_id, kind, reason) VALUES (${customerId}, 'withdrawal', 'AML check')`,
    );
    const res = await decide('approve', admin, { id: w.id, version: w.version });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'The customer has an active withdrawal restriction',
      issues: [{ path: 'refusal.customer_restricted' }],
    });
    expect(await statusOf(w.id)).toBe('under_review');
    const reviews = await t.db.execute(sql`SELECT 1 FROM withdrawal_reviews WHERE transaction_id = ${w.id}`);
    expect(reviews.rows).toHaveLength(0);
    await t.db.execute(
      sql`UPDATE customer_restrictions SET lifted_at = now() WHERE customer_id = ${customerId}`,
    );
  });

  it('refuses an amount the selected limit forbids (maximum per withdrawal, daily cap)', async () => {
    const big = await underReview('30000');
    const res = await decide('approve', admin, { id: big.id, version: big.version });
    expect(res.json()).toMatchObject({ issues: [{ path: 'refusal.above_maximum' }] });
    expect(res.json().message).toContain('limit #11');
    // 15,000 already approved above + 4 × 24,000 would pass 100,000 in 24 h on the fourth.
    const results: string[] = [];
    for (let i = 0; i < 4; i++) {
      const w = await underReview('24000');
      await decide('approve', admin, { id: w.id, version: w.version });
      const r = await decide('approve', superMember, { id: w.id, version: w.version });
      results.push(r.statusCode === 200 ? r.json().status : r.json().issues[0].path);
    }
    expect(results).toEqual(['pending', 'pending', 'pending', 'refusal.daily_cap']);
  });

  it('rejects with a required reason', async () => {
    const w = await underReview('70');
    expect((await decide('reject', admin, { id: w.id, version: w.version })).statusCode).toBe(400);
    const res = await decide('reject', admin, {
      id: w.id,
      version: w.version,
      reason: 'Address on blocklist',
    });
    expect(res.json()).toMatchObject({ status: 'rejected' });
    const again = await decide('approve', superMember, { id: w.id, version: w.version + 1 });
    expect(again.json().issues[0].path).toBe('refusal.not_under_review');
  });
});

describe('list, filters and export', () => {
  it('filters by customer, type, status, asset and amount range', async () => {
    const page = (
      await t.app.inject({
        url: '/api/transactions/wallet-transactions?customer=wt-test&type=withdrawal&asset=usdt&minAmount=100&maxAmount=20000',
        headers: admin,
      })
    ).json();
    expect(page.items.length).toBeGreaterThan(0);
    for (const i of page.items) {
      expect(i).toMatchObject({ customer_user_name: 'wt-test', type: 'withdrawal', asset: 'USDT' });
      expect(Number(i.amount)).toBeGreaterThanOrEqual(100);
      expect(Number(i.amount)).toBeLessThanOrEqual(20000);
    }
    expect(page.total).toEqual({ value: page.items.length, exact: true });
  });

  it('exports the filtered rows as formula-safe CSV', async () => {
    await underReview('80', '=HYPERLINK("http://evil")');
    const res = await t.app.inject({
      url: '/api/transactions/wallet-transactions/export?format=csv&customer=wt-test&status=under_review',
      headers: admin,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toContain('id,created_at,customer_id');
    expect(res.body).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(lines.slice(1).every((l) => l.includes('wt-test'))).toBe(true);
  });
});
