import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/harness.ts';

const t = useTestApp();
const admin = t.session('admin');
const superMember = t.session('super');
const manager = t.session('manager');

const post = (what: string, who: Record<string, string>, payload: object, key?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/approvals/${what}`,
    payload,
    headers: { ...who, ...(key ? { 'idempotency-key': key } : {}) },
  });
type Asked = { id: number; version: number };
/** A decision on a request at the version it was read, with whatever else the call takes. */
const decide = (
  what: string,
  who: Record<string, string>,
  request: Asked,
  extra: object = {},
  key?: string,
) => post(what, who, { id: request.id, version: request.version, ...extra }, key);
const statusOf = async (id: number) =>
  (await t.db.execute<{ status: string }>(sql`SELECT status FROM wallet_transactions WHERE id = ${id}`))
    .rows[0]!.status;

/** A USDT withdrawal above the four-eyes threshold that admin has approved once: its open request. */
async function askedByAdmin(): Promise<{ withdrawal: number; request: Asked }> {
  const c = await t.db.execute<{ id: number }>(
    sql`INSERT INTO customers (user_name) VALUES (${`ap-${randomUUID().slice(0, 8)}`}) RETURNING id`,
  );
  const w = await t.db.execute<{ id: number; version: number }>(sql`
    INSERT INTO wallet_transactions (customer_id, type, asset, network, amount, to_address, status)
    VALUES (${c.rows[0]!.id}, 'withdrawal', 'USDT', 'TRC20', '12000', 'TXap', 'under_review') RETURNING id, version`);
  const { id, version } = w.rows[0]!;
  const first = await t.app.inject({
    method: 'POST',
    url: '/api/transactions/wallet-transactions/approve',
    payload: { id, version },
    headers: admin,
  });
  expect(first.json().status).toBe('under_review');
  const list = await t.app.inject({
    url: `/api/approvals?entity=wallet_transaction&entity_id=${id}`,
    headers: manager,
  });
  const [request] = list.json().items;
  return { withdrawal: id, request };
}

describe('the approvals endpoints', () => {
  it('list pending requests, oldest first, seeded ones included, for every panel role', async () => {
    const { withdrawal, request } = await askedByAdmin();
    const page = (await t.app.inject({ url: '/api/approvals?limit=200', headers: manager })).json();
    expect(page.items.length).toBeGreaterThan(1);
    expect(page.items.every((r: { status: string }) => r.status === 'pending')).toBe(true);
    const times = page.items.map((r: { requested_at: string }) => r.requested_at);
    expect(times).toEqual([...times].sort());
    expect(page.items.find((r: { id: number }) => r.id === request.id)).toMatchObject({
      kind: 'withdrawal_release',
      entity: 'wallet_transaction',
      entity_id: String(withdrawal),
      payload: { asset: 'USDT', network: 'TRC20', amount: '12000' },
      requested_by: { user_name: 'admin' },
      decided_by: null,
    });
  });

  it("approve a withdrawal's request as a different member, which releases the withdrawal", async () => {
    const { withdrawal, request } = await askedByAdmin();
    const own = await decide('approve', admin, request);
    expect(own.json()).toMatchObject({ statusCode: 409, code: 'APPROVAL_OWN_REQUEST' });
    expect((await decide('approve', manager, request)).statusCode).toBe(403);

    const res = await decide('approve', superMember, request, { reason: 'Verified' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'approved', decided_by: { user_name: 'super' }, version: 2 });
    expect(await statusOf(withdrawal)).toBe('pending');
    const again = await decide('approve', superMember, { ...request, version: 2 });
    expect(again.json()).toMatchObject({ code: 'APPROVAL_ALREADY_DECIDED', params: { status: 'approved' } });
  });

  it('reject a request, which rejects the withdrawal', async () => {
    const { withdrawal, request } = await askedByAdmin();
    expect((await decide('reject', superMember, request)).statusCode).toBe(400);
    const res = await decide('reject', superMember, request, { reason: 'Mule account' });
    expect(res.json()).toMatchObject({ status: 'rejected', decision_reason: 'Mule account' });
    expect(await statusOf(withdrawal)).toBe('rejected');
  });

  it('cancel: only the asker; the withdrawal then needs two approvals afresh', async () => {
    const { withdrawal, request } = await askedByAdmin();
    const foreign = await decide('cancel', superMember, request);
    expect(foreign.json()).toMatchObject({ statusCode: 403, code: 'APPROVAL_NOT_REQUESTER' });
    const res = await decide('cancel', admin, request);
    expect(res.json()).toMatchObject({ status: 'cancelled' });
    expect(await statusOf(withdrawal)).toBe('under_review');
    const detail = (
      await t.app.inject({ url: `/api/transactions/wallet-transaction?id=${withdrawal}`, headers: admin })
    ).json();
    expect(detail).toMatchObject({ reviews: [], pending_approval: null });
  });

  it('a request found expired during an idempotent decision stays expired though the decision fails', async () => {
    const { withdrawal, request } = await askedByAdmin();
    await t.db.execute(
      sql`UPDATE approval_requests SET expires_at = now() - interval '1 second' WHERE id = ${request.id}`,
    );
    const listed = async (status: string) =>
      (
        await t.app.inject({
          url: `/api/approvals?status=${status}&entity=wallet_transaction&entity_id=${withdrawal}`,
          headers: manager,
        })
      )
        .json()
        .items.map((r: { id: number; status: string }) => [r.id, r.status]);
    // Past its expiry it lists as expired even before anything marks it.
    expect(await listed('pending')).toEqual([]);
    expect(await listed('expired')).toEqual([[request.id, 'expired']]);
    const res = await decide('approve', superMember, request, {}, `exp-${randomUUID()}`);
    expect(res.json()).toMatchObject({ statusCode: 409, code: 'APPROVAL_EXPIRED' });
    expect(await statusOf(withdrawal)).toBe('under_review');
    const stored = await t.db.execute<{ status: string }>(
      sql`SELECT status FROM approval_requests WHERE id = ${request.id}`,
    );
    expect(stored.rows[0]!.status).toBe('expired');
    const audit = await t.db.execute<{ action: string; member_id: number | null }>(
      sql`SELECT action, member_id FROM audit_log WHERE entity = 'approval_request' AND entity_id = ${String(request.id)} ORDER BY id`,
    );
    expect(audit.rows).toEqual([
      { action: 'request_approval', member_id: expect.any(Number) },
      { action: 'expire', member_id: null },
    ]);
  });
});
