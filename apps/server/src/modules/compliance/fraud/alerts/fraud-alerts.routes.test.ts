import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../../test/harness.ts';
import type { DbOrTx } from '../../../../db/client.ts';

const t = useTestApp();
const manager = t.session('manager');
const admin = t.session('admin');
const support = t.session('support');

const BASE = '/api/compliance/fraud';
const get = (url: string, headers = manager) => t.app.inject({ url, headers });
const post = (url: string, payload: unknown, headers: Record<string, string> = manager) =>
  t.app.inject({ method: 'POST', url: `${BASE}${url}`, payload: payload as never, headers });

/** A customer of this test alone, so no other test's alerts mix into its filters. */
async function newCustomer(): Promise<{ id: number; userName: string }> {
  const userName = `fa_${randomUUID().slice(0, 8)}`;
  const { rows } = await t.db.execute<{ id: number }>(
    sql`INSERT INTO customers (user_name) VALUES (${userName}) RETURNING id`,
  );
  return { id: Number(rows[0]!.id), userName };
}

let windowSeq = 0;
type AlertOptions = { rule?: string; severity?: string; raisedAt?: string };
/** An alert as the engine would raise it (the fixture stands in for the engine). */
const newAlert = (customerId: number, o: AlertOptions = {}) => newAlertIn(t.db, customerId, o);

async function newAlertIn(
  db: DbOrTx,
  customerId: number,
  o: AlertOptions = {},
): Promise<{ id: number; version: number }> {
  const rule = o.rule ?? 'withdrawal_velocity';
  await db.execute(sql`INSERT INTO fraud_rules (code) VALUES (${rule}) ON CONFLICT DO NOTHING`);
  const { rows } = await db.execute<{ id: number; version: number }>(sql`
    INSERT INTO fraud_alerts (customer_id, rule_code, rule_version, severity, window_key, window_start,
                              window_end, params, figures, event_at, raised_at)
    VALUES (${customerId}, ${rule}, 1, ${o.severity ?? 'high'}, ${`w${windowSeq++}`}, now() - interval '1 hour',
            now(), '{"count": 5, "windowMinutes": 60}', '{"count": 6}', now(),
            coalesce(${o.raisedAt ?? null}::timestamptz, now()))
    RETURNING id, version`);
  return { id: Number(rows[0]!.id), version: Number(rows[0]!.version) };
}

const memberId = async (userName: string) =>
  Number(
    (await t.db.execute<{ id: number }>(sql`SELECT id FROM staff_members WHERE user_name = ${userName}`))
      .rows[0]!.id,
  );

const auditOf = async (entityId: number) =>
  (
    await t.db.execute<{ action: string; before: unknown; after: unknown }>(
      sql`SELECT action, before, after FROM audit_log WHERE entity = 'fraud_alert'
          AND entity_id = ${String(entityId)} ORDER BY id`,
    )
  ).rows;

const workItem = async (alertId: number) =>
  (
    await t.db.execute<{ resolved: boolean; severity: string; assignee_id: number | null }>(
      sql`SELECT resolved_at IS NOT NULL AS resolved, severity, assignee_id FROM work_items
          WHERE kind = 'fraud_alert' AND source_ref = ${`fraud_alert:${alertId}`}`,
    )
  ).rows;

describe('alert list', () => {
  it('filters by customer, status, severity, rule, assignee and date, and pages on the server', async () => {
    const c = await newCustomer();
    const ids = [];
    for (let i = 0; i < 5; i++)
      ids.push(
        (await newAlert(c.id, { severity: i < 2 ? 'low' : 'high', raisedAt: `2026-03-0${i + 1}T10:00:00Z` }))
          .id,
      );
    await newAlert(c.id, { rule: 'failed_logins', raisedAt: '2026-03-09T10:00:00Z' });

    const page = async (query: string) =>
      (await get(`${BASE}/alerts?customer=${c.userName}&${query}`)).json();
    const first = await page('limit=2&rule=withdrawal_velocity');
    expect(first.items.map((a: { id: number }) => a.id)).toEqual([ids[4], ids[3]]);
    expect(first.total).toEqual({ value: 5, exact: true });
    const second = await page(`limit=2&rule=withdrawal_velocity&cursor=${first.nextCursor}`);
    expect(second.items.map((a: { id: number }) => a.id)).toEqual([ids[2], ids[1]]);

    expect((await page('severity=low')).total.value).toBe(2);
    expect((await page('rule=failed_logins')).total.value).toBe(1);
    // Date range: the day before, at and after each boundary.
    expect((await page('raised_from=2026-03-02&raised_to=2026-03-03')).total.value).toBe(2);
    expect((await page('raised_from=2026-03-06')).total.value).toBe(1);
    expect((await get(`${BASE}/alerts?customer=${c.id}`)).json().total.value).toBe(6);

    await post('/alerts/assign', { id: ids[0], version: 1, assignee_id: await memberId('manager') });
    expect((await page('assignee=me')).items.map((a: { id: number }) => a.id)).toEqual([ids[0]]);
    expect((await page('assignee=none')).total.value).toBe(5);
    expect((await page('status=investigating')).total.value).toBe(0);
  });

  it('refuses malformed filters and cursors with a 400, never a 500', async () => {
    for (const query of [
      'status=reopened',
      'severity=extreme',
      'rule=nope',
      'raised_from=2026-13-40',
      'assignee=-1',
      'assignee=99999999999999999999',
      'limit=100000',
      'cursor=%00%00',
      `cursor=${Buffer.from('{"k":["x",1e300],"d":"next"}').toString('base64url')}`,
    ]) {
      const res = await get(`${BASE}/alerts?${query}`);
      expect(res.statusCode, query).toBe(400);
    }
    const detail = await get(`${BASE}/alerts/detail?id=1e30`);
    expect(detail.statusCode).toBe(400);
    expect((await get(`${BASE}/alerts/detail?id=9007199254740991`)).json().code).toBe(
      'FRAUD_ALERT_NOT_FOUND',
    );
  });

  it('exports every filtered row for admins, not for managers', async () => {
    const c = await newCustomer();
    await newAlert(c.id);
    await newAlert(c.id);
    const res = await get(`${BASE}/alerts/export?customer=${c.userName}&format=csv`, admin);
    expect(res.statusCode).toBe(200);
    const lines = res.body.trim().split(/\r?\n/);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toContain('Rule');
    expect((await get(`${BASE}/alerts/export?format=csv`, manager)).statusCode).toBe(403);
  });
});

describe('alert detail', () => {
  it('resolves the evidence with exact amounts and shows the thresholds in force beside the current ones', async () => {
    const c = await newCustomer();
    const alert = await newAlert(c.id);
    const tx = await t.db.execute<{ id: number }>(sql`
      INSERT INTO wallet_transactions (customer_id, type, asset, network, amount, to_address, status)
      VALUES (${c.id}, 'withdrawal', 'BTC', 'BTC', '0.123456789012345678', 'bc1qexample', 'completed') RETURNING id`);
    const txId = Number(tx.rows[0]!.id);
    await t.db.execute(
      sql`INSERT INTO fraud_alert_evidence (alert_id, kind, ref_id) VALUES (${alert.id}, 'wallet_transaction', ${txId})`,
    );
    const detail = (await get(`${BASE}/alerts/detail?id=${alert.id}`)).json();
    expect(detail.alert.user_name).toBe(c.userName);
    expect(detail.params).toEqual({ count: 5, windowMinutes: 60 });
    expect(detail.figures).toEqual({ count: 6 });
    expect(detail.evidence).toEqual([
      expect.objectContaining({
        kind: 'wallet_transaction',
        ref_id: txId,
        fields: expect.objectContaining({ amount: '0.123456789012345678', to_address: 'bc1qexample' }),
      }),
    ]);
  });
});

describe('alert workflow', () => {
  it('moves along the workflow, refuses invalid and stale moves, audits each, and keeps the inbox in step', async () => {
    const c = await newCustomer();
    const a = await newAlert(c.id, { severity: 'critical' });
    expect(await workItem(a.id)).toEqual([{ resolved: false, severity: 'critical', assignee_id: null }]);
    const events = async () =>
      Number(
        (await t.db.execute<{ n: string }>(sql`SELECT count(*) AS n FROM live_events WHERE topic = 'fraud'`))
          .rows[0]!.n,
      );
    const published = await events();

    // open → escalated skips a step; open → open is no move.
    for (const status of ['escalated', 'open']) {
      const res = await post('/alerts/move', { id: a.id, version: 1, status });
      expect([res.statusCode, res.json().code], status).toEqual([409, 'FRAUD_ALERT_TRANSITION']);
    }
    // A refused move changes no row and publishes nothing; a move refreshes the open lists once.
    expect(await events()).toBe(published);
    const investigating = await post('/alerts/move', { id: a.id, version: 1, status: 'investigating' });
    expect(investigating.json().alert).toMatchObject({ status: 'investigating', version: 2 });
    expect(await events()).toBe(published + 1);
    // The version seen before that move is stale now.
    const stale = await post('/alerts/move', { id: a.id, version: 1, status: 'escalated' });
    expect([stale.statusCode, stale.json().code]).toEqual([409, 'STALE_EDIT']);
    const back = await post('/alerts/move', { id: a.id, version: 2, status: 'open' });
    expect(back.json().code).toBe('FRAUD_ALERT_TRANSITION');
    expect((await post('/alerts/move', { id: a.id, version: 2, status: 'escalated' })).statusCode).toBe(200);

    // Closing needs an outcome and a note of at least 3 characters; an outcome alone is refused.
    for (const body of [
      { status: 'closed', outcome: 'confirmed' },
      { status: 'closed', note: 'Checked the addresses' },
      { status: 'closed', outcome: 'confirmed', note: 'ab' },
      { status: 'closed', outcome: 'maybe', note: 'Checked the addresses' },
      { status: 'escalated', note: 'A note without closing' },
    ]) {
      const res = await post('/alerts/move', { id: a.id, version: 3, ...body });
      expect([res.statusCode, res.json().code], JSON.stringify(body)).toEqual([400, 'VALIDATION_FAILED']);
    }
    expect(await workItem(a.id)).toEqual([expect.objectContaining({ resolved: false })]);
    const closed = await post('/alerts/move', {
      id: a.id,
      version: 3,
      status: 'closed',
      outcome: 'confirmed',
      note: 'Mule account',
    });
    expect(closed.json().alert).toMatchObject({
      status: 'closed',
      outcome: 'confirmed',
      closing_note: 'Mule account',
      closed_by: { display_name: expect.any(String) },
    });
    expect(await workItem(a.id)).toEqual([expect.objectContaining({ resolved: true })]);
    const again = await post('/alerts/move', { id: a.id, version: 4, status: 'investigating' });
    expect(again.json().code).toBe('FRAUD_ALERT_TRANSITION');

    expect((await auditOf(a.id)).map((r) => r.action)).toEqual(['move_status', 'move_status', 'close']);
    expect((await auditOf(a.id))[2]).toMatchObject({
      before: { status: 'escalated', outcome: null, closing_note: null },
      after: { status: 'closed', outcome: 'confirmed', closing_note: 'Mule account' },
    });
  });

  it('gives alerts loaded with the inbox paused their items on the rebuild', async () => {
    const c = await newCustomer();
    let paused = { id: 0, version: 0 };
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT set_config('backdesk.inbox', 'off', true)`);
      paused = await newAlertIn(tx, c.id);
    });
    expect(await workItem(paused.id)).toEqual([]);
    await t.db.execute(sql`SELECT bd_inbox_rebuild()`);
    expect(await workItem(paused.id)).toEqual([{ resolved: false, severity: 'high', assignee_id: null }]);
  });

  it('assigns to a member who handles alerts, copies it to the inbox, and refuses others', async () => {
    const c = await newCustomer();
    const a = await newAlert(c.id);
    const adminId = await memberId('admin');
    const res = await post('/alerts/assign', { id: a.id, version: 1, assignee_id: adminId });
    expect(res.json().alert).toMatchObject({ assignee: { id: adminId }, version: 2 });
    expect((await workItem(a.id))[0]!.assignee_id).toBe(adminId);
    // The same assignee again changes nothing: no version, no audit row.
    const same = await post('/alerts/assign', { id: a.id, version: 2, assignee_id: adminId });
    expect(same.json().alert.version).toBe(2);
    const supportId = await memberId('support');
    const refused = await post('/alerts/assign', { id: a.id, version: 2, assignee_id: supportId });
    expect([refused.statusCode, refused.json().code]).toEqual([400, 'FRAUD_ASSIGNEE_INVALID']);
    const nobody = await post('/alerts/assign', { id: a.id, version: 2, assignee_id: null });
    expect(nobody.json().alert.assignee).toBeNull();
    expect((await auditOf(a.id)).map((r) => r.action)).toEqual(['assign', 'unassign']);

    await post('/alerts/move', {
      id: a.id,
      version: 3,
      status: 'closed',
      outcome: 'false_positive',
      note: 'Known',
    });
    const closed = await post('/alerts/assign', { id: a.id, version: 4, assignee_id: adminId });
    expect([closed.statusCode, closed.json().code]).toEqual([409, 'FRAUD_ALERT_CLOSED']);
  });

  it('adds a comment once per key, and refuses empty or unstorable text', async () => {
    const c = await newCustomer();
    const a = await newAlert(c.id);
    const send = (body: string, key: string) =>
      post('/alerts/comment', { id: a.id, body }, { ...manager, 'idempotency-key': key });
    const first = await send('Called the customer', `fa-comment-${a.id}`);
    expect(first.statusCode).toBe(200);
    expect((await send('Called the customer', `fa-comment-${a.id}`)).json()).toEqual(first.json());
    expect((await send('   ', `fa-comment-${a.id}-2`)).statusCode).toBe(400);
    const nul = await send('bad\u0000text', `fa-comment-${a.id}-3`);
    expect([nul.statusCode, nul.json().code]).toEqual([400, 'INVALID_TEXT']);
    const detail = (await get(`${BASE}/alerts/detail?id=${a.id}`)).json();
    expect(detail.comments.map((k: { body: string }) => k.body)).toEqual(['Called the customer']);
    expect(detail.alert.version).toBe(1);
  });

  it('restricts the customer from the alert, both recorded in one transaction', async () => {
    const c = await newCustomer();
    const a = await newAlert(c.id);
    const body = { id: a.id, kind: 'withdrawal', reason: 'Velocity alert under review' };
    const res = await post('/alerts/restrict', body, {
      ...manager,
      'idempotency-key': `fa-restrict-${a.id}`,
    });
    expect(res.statusCode).toBe(200);
    const restriction = await t.db.execute<{ kind: string; customer_id: string }>(
      sql`SELECT kind, customer_id FROM customer_restrictions WHERE id = ${res.json().restriction_id}`,
    );
    expect(restriction.rows[0]).toMatchObject({ kind: 'withdrawal' });
    expect(Number(restriction.rows[0]!.customer_id)).toBe(c.id);
    // A second withdrawal restriction overlaps: refused, and the alert's history gains nothing.
    const overlap = await post('/alerts/restrict', body, {
      ...manager,
      'idempotency-key': `fa-restrict-${a.id}-2`,
    });
    expect([overlap.statusCode, overlap.json().code]).toEqual([409, 'RESTRICTION_OVERLAPS']);
    expect(await auditOf(a.id)).toEqual([
      expect.objectContaining({
        action: 'restrict_customer',
        after: expect.objectContaining({ restriction_kind: 'withdrawal' }),
      }),
    ]);
    const bad = await post('/alerts/restrict', { ...body, kind: 'everything' });
    expect(bad.statusCode).toBe(400);
  });

  it('lets every panel role handle alerts and refuses a session without one', async () => {
    const c = await newCustomer();
    const a = await newAlert(c.id);
    expect(
      (await post('/alerts/move', { id: a.id, version: 1, status: 'investigating' }, support)).statusCode,
    ).toBe(401);
    expect(
      (await post('/alerts/move', { id: a.id, version: 1, status: 'investigating' }, manager)).statusCode,
    ).toBe(200);
    expect(
      (await post('/alerts/move', { id: a.id, version: 2, status: 'escalated' }, admin)).statusCode,
    ).toBe(200);
  });
});

describe('linked customers', () => {
  it('finds customers sharing a device, a sign-in address, a wallet address or a P2P counterparty', async () => {
    const [me, device, ip, wallet, p2p, stranger, counterparty, source, payer] = await Promise.all(
      Array.from({ length: 9 }, () => newCustomer()),
    );
    const login = (customerId: number, ipAddress: string, deviceId: string) =>
      t.db.execute(sql`INSERT INTO customer_login_events (customer_id, ip, device_id, outcome)
                       VALUES (${customerId}, ${ipAddress}, ${deviceId}, 'success')`);
    await login(me!.id, '198.51.100.7', `dev-${me!.userName}`);
    await login(device!.id, '203.0.113.1', `dev-${me!.userName}`);
    await login(ip!.id, '198.51.100.7', `dev-${ip!.userName}`);
    await login(stranger!.id, '203.0.113.99', `dev-${stranger!.userName}`);
    const address = `bc1q${me!.userName}`;
    const transfer = (customerId: number, type: string, from: string, to: string) =>
      t.db.execute(sql`INSERT INTO wallet_transactions (customer_id, type, asset, network, amount, from_address, to_address, status)
                       VALUES (${customerId}, ${type}, 'BTC', 'BTC', '1', ${from}, ${to}, 'completed')`);
    // Withdrawals leave the exchange's own hot wallet, which the stranger shares with everyone.
    const hotWallet = `bc1qhot${me!.userName}`;
    for (const id of [me!.id, wallet!.id]) await transfer(id, 'withdrawal', hotWallet, address);
    await transfer(stranger!.id, 'withdrawal', hotWallet, `bc1qelsewhere${me!.userName}`);
    // The same source paid me and `source`; `payer` paid into my deposit address.
    const mine = `bc1qdeposit${me!.userName}`;
    await transfer(me!.id, 'deposit', `bc1qsource${me!.userName}`, mine);
    await transfer(source!.id, 'deposit', `bc1qsource${me!.userName}`, `bc1qdeposit${source!.userName}`);
    await transfer(payer!.id, 'withdrawal', hotWallet, mine);
    const offer = randomUUID();
    await t.db.execute(sql`INSERT INTO p2p_offers (trade_market_guid, seller_user_name, unit_price)
                           VALUES (${offer}, ${counterparty!.userName}, '1')`);
    for (const buyer of [me!, p2p!])
      await t.db.execute(sql`INSERT INTO p2p_trades (trade_market_guid, buyer_user_name, trade_amount, status)
                             VALUES (${offer}, ${buyer.userName}, '10', 'completed')`);

    const res = (await get(`${BASE}/customers/linked?id=${me!.id}`)).json();
    const kinds = Object.fromEntries(
      res.items.map((i: { customer_id: number; links: { kind: string }[] }) => [
        i.customer_id,
        i.links.map((l) => l.kind),
      ]),
    );
    expect(kinds[device!.id]).toEqual(['device']);
    expect(kinds[ip!.id]).toEqual(['ip']);
    expect(kinds[wallet!.id]).toEqual(['wallet_address']);
    expect(kinds[source!.id]).toEqual(['wallet_address']);
    expect(kinds[payer!.id]).toEqual(['wallet_address']);
    expect(kinds[p2p!.id]).toEqual(['p2p_counterparty']);
    expect(kinds[stranger!.id]).toBeUndefined();
    expect(kinds[me!.id]).toBeUndefined();
    expect((await get(`${BASE}/customers/linked?id=9007199254740991`)).json().code).toBe(
      'CUSTOMER_NOT_FOUND',
    );
  });
});

describe('bulk actions over a whole filter', () => {
  it('counts every page first, refuses a changed count, then closes all open alerts with one audit row each', async () => {
    const c = await newCustomer();
    const ids: number[] = [];
    for (let i = 0; i < 60; i++) ids.push((await newAlert(c.id, { rule: 'p2p_amount' })).id);
    const done = await newAlert(c.id, { rule: 'p2p_amount' });
    await post('/alerts/move', {
      id: done.id,
      version: 1,
      status: 'closed',
      outcome: 'confirmed',
      note: 'Earlier',
    });

    const filter = { customer: c.userName, rule: 'p2p_amount' };
    const bulk = (extra: object, key?: string) =>
      post(
        '/alerts/bulk',
        { filter, action: 'close_false_positive', note: 'Known market maker', ...extra },
        key ? { ...manager, 'idempotency-key': key } : manager,
      );
    // More alerts than a page of the list (50): the count covers the filter, closed ones left out.
    expect((await bulk({ dry_run: true })).json()).toEqual({
      success: true,
      count: 60,
      applied: false,
      needs_approval: false,
      approval_id: null,
    });
    expect((await bulk({ dry_run: false })).statusCode).toBe(400);
    const changed = await bulk({ dry_run: false, expected: 59 });
    expect([changed.statusCode, changed.json().code]).toEqual([409, 'FRAUD_BULK_CHANGED']);
    expect((await get(`${BASE}/alerts?customer=${c.userName}&status=closed`)).json().total.value).toBe(1);

    const key = `fa-bulk-${c.id}`;
    const applied = await bulk({ dry_run: false, expected: 60 }, key);
    expect(applied.json()).toEqual({
      success: true,
      count: 60,
      applied: true,
      needs_approval: false,
      approval_id: null,
    });
    expect((await bulk({ dry_run: false, expected: 60 }, key)).json()).toEqual(applied.json());
    const closed = await t.db.execute<{ n: string }>(
      sql`SELECT count(*) AS n FROM fraud_alerts WHERE customer_id = ${c.id} AND status = 'closed'
          AND outcome = 'false_positive' AND closing_note = 'Known market maker'`,
    );
    expect(Number(closed.rows[0]!.n)).toBe(60);
    expect((await auditOf(ids[59]!)).map((r) => r.action)).toEqual(['close']);
    const audits = await t.db.execute<{ n: string }>(
      sql`SELECT count(*) AS n FROM audit_log WHERE entity = 'fraud_alert' AND action = 'close'
          AND entity_id = ANY(${`{${ids.join(',')}}`}::text[])`,
    );
    expect(Number(audits.rows[0]!.n)).toBe(60);
    expect(await workItem(ids[0]!)).toEqual([expect.objectContaining({ resolved: true })]);
    expect((await bulk({ dry_run: true })).json().count).toBe(0);
  });

  it('attaches every open alert of a filter to a case through the cases part', async () => {
    const c = await newCustomer();
    await newAlert(c.id);
    await newAlert(c.id);
    const opened = await post(
      '/cases/open',
      { customerId: c.id, alertIds: [] },
      { ...manager, 'idempotency-key': `fa-case-${c.id}` },
    );
    expect(opened.statusCode).toBe(200);
    const caseId = opened.json().case.id;
    const body = { filter: { customer: c.userName }, action: 'attach_case', case_id: caseId };
    expect((await post('/alerts/bulk', { ...body, dry_run: true })).json().count).toBe(2);
    expect((await post('/alerts/bulk', { ...body, dry_run: false, expected: 2 })).json().applied).toBe(true);
    const inCase = await t.db.execute<{ n: string }>(
      sql`SELECT count(*) AS n FROM fraud_alerts WHERE customer_id = ${c.id} AND case_id = ${caseId}`,
    );
    expect(Number(inCase.rows[0]!.n)).toBe(2);
    expect((await post('/alerts/bulk', { ...body, dry_run: true })).json().count).toBe(0);
  });

  it('assigns a whole filter, skipping alerts already with that member, and refuses a bad assignee', async () => {
    const c = await newCustomer();
    const adminId = await memberId('admin');
    const a = await newAlert(c.id);
    await newAlert(c.id);
    await newAlert(c.id);
    await post('/alerts/assign', { id: a.id, version: 1, assignee_id: adminId });
    const body = { filter: { customer: String(c.id) }, action: 'assign', assignee_id: adminId };
    expect((await post('/alerts/bulk', { ...body, dry_run: true })).json().count).toBe(2);
    expect((await post('/alerts/bulk', { ...body, dry_run: false, expected: 2 })).json().applied).toBe(true);
    expect((await get(`${BASE}/alerts?customer=${c.id}&assignee=${adminId}`)).json().total.value).toBe(3);
    const bad = await post('/alerts/bulk', {
      ...body,
      assignee_id: await memberId('support'),
      dry_run: true,
    });
    expect(bad.json().code).toBe('FRAUD_ASSIGNEE_INVALID');
    for (const invalid of [
      { ...body, action: 'delete', dry_run: true },
      { filter: {}, action: 'close_false_positive', dry_run: true },
      { filter: { status: 'nope' }, action: 'assign', assignee_id: adminId, dry_run: true },
      { ...body, dry_run: false, expected: 1e9 },
    ])
      expect((await post('/alerts/bulk', invalid)).statusCode, JSON.stringify(invalid)).toBe(400);
  });
});
