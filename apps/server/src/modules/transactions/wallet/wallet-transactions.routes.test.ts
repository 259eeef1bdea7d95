import { randomUUID } from 'node:crypto';
import { selectLimit } from '@backdesk/contract/rules';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/harness.ts';
import { auditHistory } from '../../platform/audit/audit.repository.ts';

const t = useTestApp();
const admin = t.session('admin');
const superMember = t.session('super');

/** A customer of the test's own, so no other withdrawal counts against its caps. */
async function newCustomer(): Promise<{ id: number; userName: string }> {
  const userName = `wt-${randomUUID().slice(0, 8)}`;
  const c = await t.db.execute<{ id: number }>(
    sql`INSERT INTO customers (user_name) VALUES (${userName}) RETURNING id`,
  );
  return { id: c.rows[0]!.id, userName };
}

/** A USDT-TRC20 withdrawal under review (four-eyes above 10,000 USDT). */
async function underReview(
  customerId: number,
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
const detailOf = async (id: number) =>
  (await t.app.inject({ url: `/api/transactions/wallet-transaction?id=${id}`, headers: superMember })).json();
const approvalRequestsOf = async (id: number) =>
  (
    await t.db.execute<{ status: string; requested_by: string; decided_by: string | null }>(sql`
      SELECT a.status, r.user_name AS requested_by, d.user_name AS decided_by
      FROM approval_requests a JOIN staff_members r ON r.id = a.requested_by
      LEFT JOIN staff_members d ON d.id = a.decided_by
      WHERE a.kind = 'withdrawal_release' AND a.entity_id = ${String(id)} ORDER BY a.id`)
  ).rows;
/** Every audit row about the withdrawal: its own and those of its four-eyes requests. */
const auditOf = async (id: number) =>
  (
    await t.db.execute<{ entity: string; action: string; user_name: string; customer_id: number | null }>(sql`
      SELECT l.entity, l.action, m.user_name, l.customer_id FROM audit_log l JOIN staff_members m ON m.id = l.member_id
      WHERE (l.entity = 'wallet_transaction' AND l.entity_id = ${String(id)})
         OR (l.entity = 'approval_request' AND l.entity_id IN
              (SELECT id::text FROM approval_requests WHERE entity = 'wallet_transaction' AND entity_id = ${String(id)}))
      ORDER BY l.id`)
  ).rows;

describe('withdrawal review', () => {
  it('above the threshold the first approval asks, a different member releases; one audit row each', async () => {
    const customer = await newCustomer();
    const w = await underReview(customer.id, '15000');
    const first = await decide('approve', admin, { id: w.id, version: w.version, reason: 'Known address' });
    expect(first.json()).toEqual({
      success: true,
      message: 'Approval 1 of 2 recorded; a second member must approve',
      status: 'under_review',
      approvals: 1,
      approvals_required: 2,
      version: w.version,
    });
    expect(await statusOf(w.id)).toBe('under_review');
    expect(await approvalRequestsOf(w.id)).toEqual([
      { status: 'pending', requested_by: 'admin', decided_by: null },
    ]);

    const own = await decide('approve', admin, { id: w.id, version: w.version });
    expect(own.statusCode).toBe(409);
    expect(own.json().code).toBe('ALREADY_REVIEWED');

    const detail = await detailOf(w.id);
    expect(detail).toMatchObject({
      approvals_required: 2,
      four_eyes_threshold: '10000',
      reviews: [{ decision: 'approve', reason: 'Known address', member: { user_name: 'admin' } }],
      pending_approval: { kind: 'withdrawal_release', status: 'pending', entity_id: String(w.id) },
    });

    const second = await decide('approve', superMember, { id: w.id, version: w.version });
    expect(second.json()).toMatchObject({
      status: 'pending',
      approvals: 2,
      approvals_required: 2,
      version: w.version + 1,
    });
    expect(await statusOf(w.id)).toBe('pending');
    expect(await approvalRequestsOf(w.id)).toEqual([
      { status: 'approved', requested_by: 'admin', decided_by: 'super' },
    ]);
    expect(await auditOf(w.id)).toEqual([
      {
        entity: 'approval_request',
        action: 'request_approval',
        user_name: 'admin',
        customer_id: customer.id,
      },
      { entity: 'approval_request', action: 'approve', user_name: 'super', customer_id: customer.id },
    ]);
    expect((await detailOf(w.id)).reviews.map((r: { decision: string }) => r.decision)).toEqual([
      'approve',
      'approve',
    ]);
    // The withdrawal's own trail shows its four-eyes steps.
    const trail = await auditHistory(t.db, 'wallet_transaction', String(w.id), 10);
    expect(trail.map((r) => [r.entity, r.action, r.memberUserName])).toEqual([
      ['approval_request', 'approve', 'super'],
      ['approval_request', 'request_approval', 'admin'],
    ]);
  });

  it('at or below the threshold one approval releases it', async () => {
    const customer = await newCustomer();
    const w = await underReview(customer.id, '50');
    expect((await decide('approve', admin, { id: w.id, version: w.version })).json()).toMatchObject({
      status: 'pending',
      approvals: 1,
      approvals_required: 1,
      version: w.version + 1,
    });
    expect(await approvalRequestsOf(w.id)).toEqual([]);
    expect(await auditOf(w.id)).toEqual([
      { entity: 'wallet_transaction', action: 'approve', user_name: 'admin', customer_id: customer.id },
    ]);
    // Released by its review, it reads released in the list and the detail, unlike a pending one never held.
    const rows = (
      await t.app.inject({
        url: `/api/transactions/wallet-transactions?customer=${customer.id}&limit=50`,
        headers: admin,
      })
    ).json().items;
    expect(
      rows.map((r: { id: number; status: string; released: boolean }) => [r.id, r.status, r.released]),
    ).toEqual([[w.id, 'pending', true]]);
    await t.db.execute(
      sql`INSERT INTO wallet_transactions (customer_id, type, asset, network, amount, status) VALUES (${customer.id}, 'withdrawal', 'USDT', 'TRC20', 5, 'pending')`,
    );
    const both = (
      await t.app.inject({
        url: `/api/transactions/wallet-transactions?customer=${customer.id}&limit=50`,
        headers: admin,
      })
    ).json().items;
    expect(both.map((r: { released: boolean }) => r.released).sort()).toEqual([false, true]);
  });

  it('refuses a stale version', async () => {
    const customer = await newCustomer();
    const w = await underReview(customer.id, '40');
    const res = await decide('approve', admin, { id: w.id, version: w.version + 1 });
    expect(res.json()).toMatchObject({ statusCode: 409, code: 'STALE_EDIT' });
    expect(await statusOf(w.id)).toBe('under_review');
  });

  it('refuses while the customer has an active withdrawal restriction, changing nothing', async () => {
    const customer = await newCustomer();
    const w = await underReview(customer.id, '15000');
    await t.db.execute(
      sql`INSERT INTO customer_restrictions (customer_id, kind, reason) VALUES (${customer.id}, 'withdrawal', 'AML check')`,
    );
    const res = await decide('approve', admin, { id: w.id, version: w.version });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'CUSTOMER_RESTRICTED',
      params: { kind: 'withdrawal' },
      message: 'The customer has an active withdrawal restriction',
    });
    expect(await statusOf(w.id)).toBe('under_review');
    expect(await approvalRequestsOf(w.id)).toEqual([]);
    expect(await auditOf(w.id)).toEqual([]);
  });

  it('refuses an amount the selected limit forbids: the maximum per withdrawal, then the daily cap', async () => {
    const limits = (
      await t.app.inject({ url: '/api/transactions/transaction-limits', headers: admin })
    ).json().limits;
    const limit = selectLimit(limits, { limit_type: 'withdrawal', contract_name: 'USDT-TRC20' }).winner!;
    expect(limit).toMatchObject({ max_amount: '25000', daily_cap: '100000' });

    const customer = await newCustomer();
    const big = await underReview(customer.id, '30000');
    const res = await decide('approve', admin, { id: big.id, version: big.version });
    expect(res.json()).toMatchObject({
      code: 'ABOVE_LIMIT_MAXIMUM',
      params: { amount: '25000', asset: 'USDT', lid: limit.lid },
      message: `Above the maximum of 25000 USDT per withdrawal (limit #${limit.lid})`,
    });
    // Four of 24,000 make 96,000 in 24 h; a fifth would reach 120,000, above the daily cap of 100,000.
    const outcomes: string[] = [];
    for (let i = 0; i < 5; i++) {
      const w = await underReview(customer.id, '24000');
      const asked = await decide('approve', admin, { id: w.id, version: w.version });
      const released =
        asked.statusCode === 200
          ? await decide('approve', superMember, { id: w.id, version: w.version })
          : asked;
      outcomes.push(released.statusCode === 200 ? released.json().status : released.json().code);
    }
    expect(outcomes).toEqual(['pending', 'pending', 'pending', 'pending', 'DAILY_CAP_EXCEEDED']);
  });

  it('rejects with a required reason; a decided withdrawal cannot be decided again', async () => {
    const customer = await newCustomer();
    const w = await underReview(customer.id, '70');
    expect((await decide('reject', admin, { id: w.id, version: w.version })).statusCode).toBe(400);
    const res = await decide('reject', admin, {
      id: w.id,
      version: w.version,
      reason: 'Address on blocklist',
    });
    expect(res.json()).toMatchObject({ status: 'rejected', approvals: 0, version: w.version + 1 });
    const again = await decide('approve', superMember, { id: w.id, version: w.version + 1 });
    expect(again.json()).toMatchObject({
      statusCode: 409,
      code: 'INVALID_TRANSITION',
      params: { status: 'rejected' },
    });
    expect(await auditOf(w.id)).toEqual([
      { entity: 'wallet_transaction', action: 'reject', user_name: 'admin', customer_id: customer.id },
    ]);
  });

  it('a rejection after a first approval decides the four-eyes request; the asker cannot reject it', async () => {
    const customer = await newCustomer();
    const w = await underReview(customer.id, '12000');
    await decide('approve', admin, { id: w.id, version: w.version });
    const ownReject = await decide('reject', admin, {
      id: w.id,
      version: w.version,
      reason: 'Changed my mind',
    });
    expect(ownReject.json().code).toBe('ALREADY_REVIEWED');
    const res = await decide('reject', superMember, {
      id: w.id,
      version: w.version,
      reason: 'Sanctions hit',
    });
    expect(res.json()).toMatchObject({ status: 'rejected', approvals: 1, approvals_required: 2 });
    expect(await statusOf(w.id)).toBe('rejected');
    expect(await approvalRequestsOf(w.id)).toEqual([
      { status: 'rejected', requested_by: 'admin', decided_by: 'super' },
    ]);
    expect((await auditOf(w.id)).map((r) => [r.entity, r.action, r.user_name])).toEqual([
      ['approval_request', 'request_approval', 'admin'],
      ['approval_request', 'reject', 'super'],
    ]);
  });

  it('answers a retried approval (same Idempotency-Key) once, with one request and one audit row', async () => {
    const customer = await newCustomer();
    const w = await underReview(customer.id, '11000');
    const key = { 'idempotency-key': `approve-${randomUUID()}` };
    const first = await decide('approve', { ...admin, ...key }, { id: w.id, version: w.version });
    const retry = await decide('approve', { ...admin, ...key }, { id: w.id, version: w.version });
    expect(retry.json()).toEqual(first.json());
    expect(await approvalRequestsOf(w.id)).toHaveLength(1);
    expect(await auditOf(w.id)).toHaveLength(1);
  });
});

describe('list, filters and export', () => {
  it('filters by customer, type, status, asset and amount range', async () => {
    const customer = await newCustomer();
    for (const amount of ['50', '150', '19999.5', '25000']) await underReview(customer.id, amount);
    const page = (
      await t.app.inject({
        url: `/api/transactions/wallet-transactions?customer=${customer.userName}&type=withdrawal&asset=usdt&minAmount=100&maxAmount=20000&sort=amount&dir=asc`,
        headers: admin,
      })
    ).json();
    expect(page.items.map((i: { amount: string }) => i.amount)).toEqual(['150', '19999.5']);
    for (const i of page.items)
      expect(i).toMatchObject({ customer_user_name: customer.userName, type: 'withdrawal', asset: 'USDT' });
    expect(page.total).toEqual({ value: 2, exact: true });
  });

  it('finds a customer by id, and digits no id can reach name nobody instead of failing', async () => {
    const customer = await newCustomer();
    await underReview(customer.id, '70');
    const list = (query: string) =>
      t.app.inject({ url: `/api/transactions/wallet-transactions?customer=${query}`, headers: admin });
    const byId = await list(String(customer.id));
    expect(byId.json().items.map((i: { customer_id: number }) => i.customer_id)).toEqual([customer.id]);
    for (const digits of ['2147483648', '9223372036854775808', '99999999999999999999999']) {
      const res = await list(digits);
      expect(res.statusCode, digits).toBe(200);
      expect(res.json().items, digits).toEqual([]);
      const exported = await t.app.inject({
        url: `/api/transactions/wallet-transactions/export?format=csv&customer=${digits}`,
        headers: admin,
      });
      expect(exported.statusCode, digits).toBe(200);
    }
  });

  it('exports the filtered rows as formula-safe CSV', async () => {
    const customer = await newCustomer();
    await underReview(customer.id, '80', '=HYPERLINK("http://evil")');
    await underReview(customer.id, '90');
    const res = await t.app.inject({
      url: `/api/transactions/wallet-transactions/export?format=csv&customer=${customer.userName}&status=under_review`,
      headers: admin,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toContain('ID,Created at,Customer ID');
    expect(lines).toHaveLength(3);
    expect(res.body).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(lines.slice(1).every((l) => l.includes(customer.userName))).toBe(true);
  });
});
