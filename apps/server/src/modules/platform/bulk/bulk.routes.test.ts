import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/harness.ts';

const t = useTestApp();
const manager = t.session('manager');
const admin = t.session('admin');
const superUser = t.session('super');

const post = (url: string, payload: unknown, headers: Record<string, string> = manager) =>
  t.app.inject({ method: 'POST', url, payload: payload as never, headers });
const bulk = (payload: object, headers = manager) =>
  post('/api/compliance/fraud/alerts/bulk', payload, headers);
const approval = async (id: number) =>
  (await t.app.inject({ url: `/api/approvals?status=${'approved'}&kind=fraud_alerts_bulk`, headers: admin }))
    .json()
    .items.find((r: { id: number }) => r.id === id);
const pending = async (id: number) =>
  (await t.app.inject({ url: '/api/approvals?kind=fraud_alerts_bulk', headers: superUser }))
    .json()
    .items.find((r: { id: number }) => r.id === id);

/** A customer of this test alone with `n` open alerts, so no other test's alerts mix into its filter. */
async function customerWithAlerts(n: number): Promise<{ userName: string; ids: number[] }> {
  const userName = `bk_${randomUUID().slice(0, 8)}`;
  const { rows } = await t.db.execute<{ id: number }>(
    sql`INSERT INTO customers (user_name) VALUES (${userName}) RETURNING id`,
  );
  const customerId = Number(rows[0]!.id);
  await t.db.execute(
    sql`INSERT INTO fraud_rules (code) VALUES ('withdrawal_velocity') ON CONFLICT DO NOTHING`,
  );
  const ids: number[] = [];
  for (let i = 0; i < n; i++) ids.push(await addAlert(customerId));
  return { userName, ids };
}

let seq = 0;
async function addAlert(customerId: number): Promise<number> {
  const { rows } = await t.db.execute<{ id: number }>(sql`
    INSERT INTO fraud_alerts (customer_id, rule_code, rule_version, severity, window_key, window_start,
                              window_end, params, figures, event_at, raised_at)
    VALUES (${customerId}, 'withdrawal_velocity', 1, 'high', ${`bk${seq++}`}, now() - interval '1 hour',
            now(), '{}', '{}', now(), now())
    RETURNING id`);
  return Number(rows[0]!.id);
}

const statuses = async (ids: number[]) =>
  (
    await t.db.execute<{ id: string; status: string; outcome: string | null }>(
      sql`SELECT id, status, outcome FROM fraud_alerts WHERE id = ANY(${`{${ids.join(',')}}`}::bigint[]) ORDER BY id`,
    )
  ).rows.map((r) => `${r.status}/${r.outcome}`);

const closeBody = (userName: string) => ({
  filter: { customer: userName },
  action: 'close_false_positive',
  note: 'Known market maker',
});

describe('the bulk approval threshold setting', () => {
  it('defaults to 100, is changed by admin with the version loaded (audited), never by a manager', async () => {
    const read = await t.app.inject({ url: '/api/settings/bulk', headers: manager });
    expect(read.json()).toEqual({ threshold: 100, version: 0 });
    expect((await post('/api/settings/bulk', { threshold: 3, version: 0 })).statusCode).toBe(403);
    for (const threshold of [0, -1, 1e9, 2.5, '3'])
      expect((await post('/api/settings/bulk', { threshold, version: 0 }, admin)).statusCode).toBe(400);
    const saved = await post('/api/settings/bulk', { threshold: 3, version: 0 }, admin);
    expect(saved.json()).toEqual({ success: true, settings: { threshold: 3, version: 1 } });
    const stale = await post('/api/settings/bulk', { threshold: 4, version: 0 }, admin);
    expect([stale.statusCode, stale.json().code]).toEqual([409, 'STALE_EDIT']);
    const audit = await t.db.execute<{ after: unknown }>(
      sql`SELECT after FROM audit_log WHERE entity = 'app_setting' AND entity_id = 'bulk_approval_threshold'`,
    );
    expect(audit.rows.map((r) => r.after)).toEqual([{ bulk_approval_threshold: 3 }]);
  });
});

describe('a bulk action above the threshold', () => {
  beforeAll(async () => {
    const current = (await t.app.inject({ url: '/api/settings/bulk', headers: admin })).json();
    if (current.threshold !== 3)
      await post('/api/settings/bulk', { threshold: 3, version: current.version }, admin);
  });

  it('at or below the threshold applies at once, as before', async () => {
    const c = await customerWithAlerts(3);
    const dry = await bulk({ ...closeBody(c.userName), dry_run: true });
    expect(dry.json()).toMatchObject({ count: 3, needs_approval: false });
    const applied = await bulk({ ...closeBody(c.userName), dry_run: false, expected: 3 });
    expect(applied.json()).toEqual({
      success: true,
      count: 3,
      applied: true,
      needs_approval: false,
      approval_id: null,
    });
    expect(await statuses(c.ids)).toEqual(Array(3).fill('closed/false_positive'));
  });

  it('needs the count typed back and a reason, and then waits for a second member', async () => {
    const c = await customerWithAlerts(5);
    const body = { ...closeBody(c.userName), dry_run: false, expected: 5 };
    expect((await bulk({ ...closeBody(c.userName), dry_run: true })).json()).toMatchObject({
      count: 5,
      needs_approval: true,
    });
    for (const typed of [undefined, 4, 50]) {
      const refused = await bulk({ ...body, typed_count: typed, reason: 'Cleaning up a rule misfire' });
      expect([refused.statusCode, refused.json().code]).toEqual([400, 'BULK_COUNT_MISMATCH']);
    }
    const noReason = await bulk({ ...body, typed_count: 5 });
    expect([noReason.statusCode, noReason.json().code]).toEqual([400, 'BULK_REASON_REQUIRED']);
    expect((await bulk({ ...body, typed_count: 5, reason: 'x' })).statusCode).toBe(400);
    expect((await bulk({ ...body, typed_count: 5, reason: 'bad\u0000text' })).statusCode).toBe(400);

    const held = await bulk({ ...body, typed_count: 5, reason: 'Cleaning up a rule misfire' });
    expect(held.json()).toMatchObject({ count: 5, applied: false, needs_approval: true });
    const id = held.json().approval_id as number;
    expect(id).toBeGreaterThan(0);
    expect(await statuses(c.ids)).toEqual(Array(5).fill('open/null'));
    const request = await pending(id);
    expect(request).toMatchObject({
      status: 'pending',
      request_reason: 'Cleaning up a rule misfire',
      payload: { action: 'close_false_positive', count: 5, ids: c.ids },
    });
    // It reaches the inbox of those who may decide it, as every four-eyes request does.
    const item = await t.db.execute(
      sql`SELECT 1 FROM work_items WHERE kind = 'four_eyes_request' AND source_ref = ${`approval_request:${id}`}
          AND resolved_at IS NULL`,
    );
    expect(item.rows).toHaveLength(1);
    const trail = await t.db.execute<{ action: string }>(
      sql`SELECT action FROM audit_log WHERE entity = 'approval_request' AND entity_id = ${String(id)}`,
    );
    expect(trail.rows.map((r) => r.action)).toEqual(['request_approval']);
  });

  it('an approval by a second member acts on exactly the frozen ids and reports those that changed since', async () => {
    const c = await customerWithAlerts(5);
    const held = await bulk(
      { ...closeBody(c.userName), dry_run: false, expected: 5, typed_count: 5, reason: 'Rule misfire' },
      admin,
    );
    const id = held.json().approval_id as number;
    // Meanwhile one frozen alert is closed by hand and a new one matches the filter.
    const [changedId] = c.ids;
    await t.db.execute(
      sql`UPDATE fraud_alerts SET status = 'closed', outcome = 'confirmed' WHERE id = ${changedId}`,
    );
    const { rows } = await t.db.execute<{ customer_id: string }>(
      sql`SELECT customer_id FROM fraud_alerts WHERE id = ${changedId}`,
    );
    const newcomer = await addAlert(Number(rows[0]!.customer_id));

    const request = await pending(id);
    // With an idempotency key, as the web app sends it: the answer is read in the request's transaction.
    const decide = (headers: Record<string, string>) =>
      post(
        '/api/approvals/approve',
        { id, version: request.version },
        { ...headers, 'idempotency-key': randomUUID() },
      );
    expect((await decide(manager)).statusCode).toBe(403);
    const own = await decide(admin);
    expect([own.statusCode, own.json().code]).toEqual([409, 'APPROVAL_OWN_REQUEST']);
    const approved = await decide(superUser);
    expect(approved.statusCode).toBe(200);
    // The approver's answer already says what was done.
    expect(approved.json()).toMatchObject({
      status: 'approved',
      payload: { applied_count: 4, skipped_ids: [changedId] },
    });

    expect(await statuses(c.ids)).toEqual(['closed/confirmed', ...Array(4).fill('closed/false_positive')]);
    expect(await statuses([newcomer])).toEqual(['open/null']);
    expect((await approval(id)).payload).toMatchObject({ applied_count: 4, skipped_ids: [changedId] });
    const closers = await t.db.execute<{ user_name: string }>(
      sql`SELECT DISTINCT m.user_name FROM audit_log l JOIN staff_members m ON m.id = l.member_id
          WHERE l.entity = 'fraud_alert' AND l.action = 'close'
            AND l.entity_id = ANY(${`{${c.ids.join(',')}}`}::text[])`,
    );
    expect(closers.rows).toEqual([{ user_name: 'super' }]);
  });

  it('a rejection changes nothing', async () => {
    const c = await customerWithAlerts(4);
    const held = await bulk({
      ...closeBody(c.userName),
      dry_run: false,
      expected: 4,
      typed_count: 4,
      reason: 'Rule misfire',
    });
    const id = held.json().approval_id as number;
    const request = await pending(id);
    const rejected = await post(
      '/api/approvals/reject',
      { id, version: request.version, reason: 'Not all' },
      admin,
    );
    expect(rejected.json()).toMatchObject({ status: 'rejected' });
    expect(await statuses(c.ids)).toEqual(Array(4).fill('open/null'));
  });
});
