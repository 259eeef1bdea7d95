import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../../test/harness.ts';
import { manualClock } from '../../../../lib/clock.ts';
import { createFollowUps } from './follow-up.ts';

const clock = manualClock('2026-03-02T09:00:00Z');
const t = useTestApp({}, { clock });
const manager = t.session('manager');
const admin = t.session('admin');

const get = (url: string, headers = manager) => t.app.inject({ url, headers });
const post = (url: string, payload: unknown, headers: Record<string, string> = manager) =>
  t.app.inject({
    method: 'POST',
    url: `/api/compliance/fraud/cases/${url}`,
    payload: payload as never,
    headers,
  });

let seq = 0;
async function newCustomer(): Promise<number> {
  const { rows } = await t.db.execute<{ id: number }>(
    sql`INSERT INTO customers (user_name, alias_name, alias_surname)
        VALUES (${`case_test_${Date.now()}_${seq++}`}, 'Işıl', 'Şahin') RETURNING id`,
  );
  return rows[0]!.id;
}

/** An alert as the engine would raise it, with a withdrawal as its evidence. */
async function newAlert(customerId: number, severity = 'high'): Promise<number> {
  const { rows: tx } = await t.db.execute<{ id: number }>(sql`
    INSERT INTO wallet_transactions (customer_id, type, asset, network, amount, to_address, status)
    VALUES (${customerId}, 'withdrawal', 'USDT', 'TRON', '12500.50', 'TXyzğüş', 'completed') RETURNING id`);
  const { rows } = await t.db.execute<{ id: number }>(sql`
    INSERT INTO fraud_alerts (customer_id, rule_code, rule_version, severity, window_key, window_start,
                              window_end, params, figures, event_at, raised_at)
    VALUES (${customerId}, 'withdrawal_velocity', 1, ${severity}, ${`w${seq++}`}, now(), now(), '{}',
            '{"count": 6}', now(), ${clock.now().toISOString()}) RETURNING id`);
  await t.db.execute(
    sql`INSERT INTO fraud_alert_evidence (alert_id, kind, ref_id) VALUES (${rows[0]!.id}, 'wallet_transaction', ${tx[0]!.id})`,
  );
  return rows[0]!.id;
}

const memberId = async (userName: string) =>
  (await t.db.execute<{ id: number }>(sql`SELECT id FROM staff_members WHERE user_name = ${userName}`))
    .rows[0]!.id;

const auditOf = async (caseId: number) =>
  (
    await t.db.execute<{ action: string; customer_id: number | null; after: Record<string, unknown> | null }>(
      sql`SELECT action, customer_id, after FROM audit_log WHERE entity = 'fraud_case' AND entity_id = ${String(caseId)} ORDER BY id`,
    )
  ).rows;

async function openCase(customerId: number, alertIds: number[], headers = manager) {
  const res = await post('open', { customerId, alertIds }, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { case: { id: number; version: number; alert_count: number }; joined: boolean };
}

describe('opening, joining, attaching and detaching', () => {
  it('opens a case with alerts, and a second open for the customer joins it', async () => {
    const customer = await newCustomer();
    const [a1, a2] = [await newAlert(customer, 'medium'), await newAlert(customer, 'critical')];
    const first = await openCase(customer, [a1]);
    expect(first.joined).toBe(false);
    expect(first.case).toMatchObject({ status: 'open', alert_count: 1, top_severity: 'medium' });
    const second = await openCase(customer, [a2, a1]);
    expect(second).toMatchObject({
      joined: true,
      case: { id: first.case.id, alert_count: 2, top_severity: 'critical' },
    });
    // Joining with nothing new changes nothing and writes nothing.
    await openCase(customer, [a1]);
    expect((await auditOf(first.case.id)).map((r) => r.action)).toEqual(['create', 'attach_alerts']);
    expect((await auditOf(first.case.id))[1]).toMatchObject({
      customer_id: customer,
      after: { alert_ids: [a2] },
    });
  });

  it("refuses another customer's alert and leaves no case behind", async () => {
    const [mine, theirs] = [await newCustomer(), await newCustomer()];
    const alert = await newAlert(theirs);
    const res = await post('open', { customerId: mine, alertIds: [alert] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'FRAUD_CASE_ALERT_INVALID', params: { id: alert } });
    const { rows } = await t.db.execute(sql`SELECT 1 FROM fraud_cases WHERE customer_id = ${mine}`);
    expect(rows).toHaveLength(0);
    expect((await post('open', { customerId: 999_999_999, alertIds: [] })).json().code).toBe(
      'CUSTOMER_NOT_FOUND',
    );
  });

  it('an alert in one case cannot be attached to another; detach frees it', async () => {
    const customer = await newCustomer();
    const alert = await newAlert(customer);
    const old = await openCase(customer, [alert]);
    const closed = await post('close', {
      id: old.case.id,
      version: old.case.version,
      decision: 'monitor',
      note: 'Watched.',
      alert_outcome: 'confirmed',
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const fresh = await openCase(customer, []);
    expect(fresh.case.id).not.toBe(old.case.id);
    const res = await post('attach', { caseId: fresh.case.id, alertIds: [alert] });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'FRAUD_CASE_ALERT_IN_OTHER_CASE',
      params: { id: alert, caseId: old.case.id },
    });
    // The closed case refuses changes.
    expect((await post('detach', { caseId: old.case.id, alertIds: [alert] })).json().code).toBe(
      'FRAUD_CASE_CLOSED',
    );

    const other = await newAlert(customer);
    expect((await post('detach', { caseId: fresh.case.id, alertIds: [other] })).json().code).toBe(
      'FRAUD_CASE_ALERT_NOT_IN_CASE',
    );
    const attached = await post('attach', { caseId: fresh.case.id, alertIds: [other] });
    expect(attached.json()).toMatchObject({ attached: 1, case: { alert_count: 1 } });
    const detached = await post('detach', { caseId: fresh.case.id, alertIds: [other] });
    expect(detached.json()).toMatchObject({ detached: 1, case: { alert_count: 0 } });
    expect((await auditOf(fresh.case.id)).map((r) => r.action)).toEqual([
      'create',
      'attach_alerts',
      'detach_alerts',
    ]);
  });

  it('answers a retried open once (Idempotency-Key)', async () => {
    const customer = await newCustomer();
    const alert = await newAlert(customer);
    const send = () =>
      post(
        'open',
        { customerId: customer, alertIds: [alert] },
        { ...manager, 'idempotency-key': `open-${customer}` },
      );
    const [a, b] = [await send(), await send()];
    expect(b.json()).toEqual(a.json());
    expect(await auditOf(a.json().case.id)).toHaveLength(1);
  });

  it('refuses bad input with 400 and never a server error', async () => {
    for (const body of [
      { customerId: 'x', alertIds: [] },
      { customerId: 1, alertIds: Array.from({ length: 501 }, (_, i) => i + 1) },
      { customerId: 1, alertIds: [], title: 'a\u0000b' },
      { customerId: 1e30, alertIds: [] },
    ])
      expect((await post('open', body)).statusCode).toBe(400);
    expect((await get('/api/compliance/fraud/cases?cursor=not-a-cursor')).statusCode).toBe(400);
    expect((await get('/api/compliance/fraud/cases/detail?id=99999999999')).json().code).toBe(
      'FRAUD_CASE_NOT_FOUND',
    );
  });
});

describe('owner, follow-up and closing', () => {
  it('refuses a stale version, an unknown owner and a follow-up not in the future', async () => {
    const customer = await newCustomer();
    const { case: c } = await openCase(customer, []);
    const update = (body: object) => post('update', { id: c.id, version: c.version, ...body });
    expect((await update({ version: c.version + 1, title: 'x' })).json().code).toBe('STALE_EDIT');
    expect((await update({ ownerId: 2_000_000 })).json().code).toBe('FRAUD_CASE_OWNER_INVALID');
    const now = clock.now().getTime();
    expect((await update({ followUpAt: new Date(now - 1).toISOString() })).json().code).toBe(
      'FRAUD_CASE_FOLLOW_UP_PAST',
    );
    expect((await update({ followUpAt: new Date(now).toISOString() })).json().code).toBe(
      'FRAUD_CASE_FOLLOW_UP_PAST',
    );
    const ok = await update({ followUpAt: new Date(now + 60_000).toISOString(), title: 'Velocity' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().case).toMatchObject({ title: 'Velocity', version: c.version + 1 });
    // The same values again: no change, no new version, no audit row.
    const again = await post('update', { id: c.id, version: c.version + 1, title: 'Velocity' });
    expect(again.json().case.version).toBe(c.version + 1);
    expect((await auditOf(c.id)).map((r) => r.action)).toEqual(['create', 'update']);
  });

  it("puts the case in its owner's inbox on the follow-up date, and resolves it on close", async () => {
    const customer = await newCustomer();
    const { case: c } = await openCase(customer, [await newAlert(customer)]);
    const adminId = await memberId('admin');
    const due = new Date(clock.now().getTime() + 600_000);
    const set = await post('update', {
      id: c.id,
      version: c.version,
      ownerId: adminId,
      followUpAt: due.toISOString(),
    });
    expect(set.statusCode, set.body).toBe(200);
    const { rows: jobs } = await t.db.execute<{ run_at: Date }>(
      sql`SELECT run_at FROM graphile_worker.jobs WHERE key = ${`fraud.case-follow-up:${c.id}`}`,
    );
    expect(new Date(jobs[0]!.run_at).toISOString()).toBe(due.toISOString());

    const followUps = createFollowUps({ db: t.db, clock });
    const workItem = async () =>
      (
        await t.db.execute<{ audience: number[]; resolved_at: Date | null }>(
          sql`SELECT audience, resolved_at FROM work_items WHERE kind = 'case_follow_up' AND source_ref = ${`fraud_case:${c.id}`} ORDER BY id DESC LIMIT 1`,
        )
      ).rows[0];
    clock.advance(600_000 - 1);
    expect(await followUps.due(c.id)).toBe(false);
    expect(await workItem()).toBeUndefined();
    clock.advance(1);
    expect(await followUps.due(c.id)).toBe(true);
    expect(await followUps.due(c.id)).toBe(false); // a retried job opens nothing twice
    expect(await workItem()).toMatchObject({ audience: [adminId], resolved_at: null });
    const inbox = await get('/api/inbox?kind=case_follow_up', admin);
    expect(inbox.statusCode, inbox.body).toBe(200);
    expect(inbox.json().items[0]).toMatchObject({
      kind: 'case_follow_up',
      source: { type: 'fraud_case', id: String(c.id) },
    });
    expect((await get('/api/inbox?kind=case_follow_up')).json().items).toEqual([]);

    const version = (await get(`/api/compliance/fraud/cases/detail?id=${c.id}`)).json().case.version;
    const short = await post('close', { id: c.id, version, decision: 'report', note: 'no' });
    expect(short.statusCode).toBe(400);
    const closed = await post('close', {
      id: c.id,
      version,
      decision: 'report',
      note: 'Reported to MASAK.',
      alert_outcome: 'confirmed',
    });
    expect(closed.json().case).toMatchObject({
      status: 'closed',
      decision: 'report',
      closing_note: 'Reported to MASAK.',
    });
    expect((await workItem())?.resolved_at).not.toBeNull();
    expect((await post('update', { id: c.id, version: version + 1, title: 'x' })).json().code).toBe(
      'FRAUD_CASE_CLOSED',
    );
    expect((await auditOf(c.id)).at(-1)).toMatchObject({
      action: 'close',
      after: { status: 'closed', decision: 'report' },
    });
  });

  it('clearing the date resolves the item', async () => {
    const customer = await newCustomer();
    const { case: c } = await openCase(customer, []);
    const set = await post('update', {
      id: c.id,
      version: c.version,
      followUpAt: new Date(clock.now().getTime() + 1000).toISOString(),
    });
    clock.advance(1000);
    await createFollowUps({ db: t.db, clock }).due(c.id);
    const cleared = await post('update', { id: c.id, version: set.json().case.version, followUpAt: null });
    expect(cleared.json().case.follow_up_at).toBeNull();
    const { rows } = await t.db.execute(
      sql`SELECT 1 FROM work_items WHERE source_ref = ${`fraud_case:${c.id}`} AND resolved_at IS NULL`,
    );
    expect(rows).toHaveLength(0);
  });
});

describe('list, timeline, linked customers', () => {
  it('filters by owner, status and customer, and pages with cursors', async () => {
    const customer = await newCustomer();
    const { case: c } = await openCase(customer, [await newAlert(customer)]);
    const list = (q: string, headers = manager) => get(`/api/compliance/fraud/cases?${q}`, headers);
    const mine = (await list(`owner=me&customerId=${customer}`)).json();
    expect(mine.items.map((i: { id: number }) => i.id)).toEqual([c.id]);
    expect((await list(`owner=me&customerId=${customer}`, admin)).json().items).toEqual([]);
    expect((await list(`status=closed&customerId=${customer}`)).json().items).toEqual([]);
    const userName = mine.items[0].user_name as string;
    expect((await list(`customer=${userName}`)).json().items[0].id).toBe(c.id);

    const first = (await list('limit=1&status=open')).json();
    expect(first.items).toHaveLength(1);
    const second = (await list(`limit=1&status=open&cursor=${first.nextCursor}`)).json();
    expect(second.items[0].id).not.toBe(first.items[0].id);
  });

  it('tells the story in time order: alerts, comments, restrictions, transactions, case events', async () => {
    const customer = await newCustomer();
    const alert = await newAlert(customer);
    const { case: c } = await openCase(customer, [alert]);
    expect((await post('comment', { id: c.id, body: 'Called the customer.' })).statusCode).toBe(200);
    expect((await post('comment', { id: c.id, body: '   ' })).statusCode).toBe(400);
    await t.app.inject({
      method: 'POST',
      url: '/api/customers/restrictions/add',
      headers: manager,
      payload: { customerId: customer, kind: 'withdrawal', reason: 'Fraud review' },
    });
    const res = await get(`/api/compliance/fraud/cases/timeline?id=${c.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const kinds = res.json().items.map((i: { kind: string }) => i.kind);
    expect(kinds).toEqual(
      expect.arrayContaining(['alert_raised', 'wallet_transaction', 'comment', 'case_event', 'restriction']),
    );
    const ats = res.json().items.map((i: { at: string }) => i.at);
    expect([...ats].sort()).toEqual(ats);
    const tx = res.json().items.find((i: { kind: string }) => i.kind === 'wallet_transaction');
    expect(tx.params).toMatchObject({ amount: '12500.5', asset: 'USDT' });
    const cut = (await get(`/api/compliance/fraud/cases/timeline?id=${c.id}&limit=1`)).json();
    expect(cut).toMatchObject({ truncated: true, items: [expect.anything()] });

    const linked = await get(`/api/compliance/fraud/cases/linked?id=${c.id}`);
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json().available).toBe(true);
  });
});

describe('suspicious-activity report drafts', () => {
  it('renders a PDF with Turkish letters, stores it, audits it, and serves it to who may export', async () => {
    const customer = await newCustomer();
    const { case: c } = await openCase(customer, [await newAlert(customer)]);
    await post('update', {
      id: c.id,
      version: c.version,
      narrative: 'Müşteri kısa sürede çok sayıda çekim yaptı; İğdır şubesi.',
    });
    const res = await post('report', { id: c.id, lang: 'tr' });
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json().report;
    expect(report.file_name).toMatch(/^sar-draft-case-\d+-\d{8}-\d{4}\.pdf$/);

    expect((await get(`/api/compliance/fraud/cases/report/download?id=${report.id}`)).statusCode).toBe(403);
    const file = await get(`/api/compliance/fraud/cases/report/download?id=${report.id}`, admin);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="sar-draft-case-/);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(file.rawPayload.length).toBe(report.size_bytes);

    const text = await pdfText(file.rawPayload);
    expect(text).toContain('Şüpheli işlem bildirimi');
    expect(text).toContain('Işıl Şahin');
    expect(text).toContain('İğdır şubesi');
    expect(text).toContain('12.500,5 USDT');
    expect((await auditOf(c.id)).map((r) => r.action).slice(-2)).toEqual(['draft_report', 'download']);
    expect((await get(`/api/compliance/fraud/cases/report/download?id=99999999`, admin)).json().code).toBe(
      'FRAUD_CASE_REPORT_NOT_FOUND',
    );
    const detail = (await get(`/api/compliance/fraud/cases/detail?id=${c.id}`)).json();
    expect(detail.reports[0]).toMatchObject({ id: report.id, sha256: report.sha256 });
  });
});

describe('suspicious-activity report evidence', () => {
  it('carries the sign-in addresses, blocklist hits, linked customers and comments the case holds', async () => {
    const customer = await newCustomer();
    const other = await newCustomer();
    const { case: c } = await openCase(customer, [await newAlert(customer)]);
    const device = `sar-device-${seq++}`;
    await t.db.execute(sql`INSERT INTO customer_login_events (customer_id, at, ip, device_id, outcome)
      VALUES (${customer}, '2026-03-01T08:00:00Z', '203.0.113.77', ${device}, 'success'),
             (${customer}, '2026-03-01T09:00:00Z', '203.0.113.77', ${device}, 'failure'),
             (${other}, '2026-03-01T10:00:00Z', '198.51.100.4', ${device}, 'success')`);
    await t.db.execute(sql`INSERT INTO fraud_blocklist (kind, value, reason, source)
      VALUES ('ip', '203.0.113.77', 'Known mule network', 'manual'),
             ('ip', '203.0.113.78', 'Someone else', 'manual')`);
    await t.db.execute(sql`INSERT INTO fraud_case_comments (case_id, author_id, body)
      VALUES (${c.id}, ${await memberId('manager')}, 'Called the customer; no answer.')`);
    const otherName = (
      await t.db.execute<{ user_name: string }>(sql`SELECT user_name FROM customers WHERE id = ${other}`)
    ).rows[0]!.user_name;

    const res = await post('report', { id: c.id, lang: 'en' });
    expect(res.statusCode, res.body).toBe(200);
    const file = await get(`/api/compliance/fraud/cases/report/download?id=${res.json().report.id}`, admin);
    const text = (await pdfText(file.rawPayload)).replace(/\n/g, ' ');
    expect(text).toContain('Sign-in addresses (1)');
    expect(text).toContain('203.0.113.77');
    expect(text).toContain('2 sign-ins, 1 failed, from 1 device(s)');
    expect(text).toContain('Blocklist hits (1)');
    expect(text).toContain('Known mule network');
    expect(text).not.toContain('Someone else');
    // Every test alert's withdrawal goes to one address, so the file's other customers link too.
    expect(text).toMatch(/Linked customers \(\d+\)/);
    expect(text).toContain(`${otherName} · shared device`);
    expect(text).toContain('Comments (1)');
    expect(text).toContain('Called the customer; no answer.');

    const tr = await post('report', { id: c.id, lang: 'tr' });
    const trFile = await get(`/api/compliance/fraud/cases/report/download?id=${tr.json().report.id}`, admin);
    const trText = (await pdfText(trFile.rawPayload)).replace(/\n/g, ' ');
    expect(trText).toContain('Giriş adresleri (1)');
    expect(trText).toContain('2 giriş, 1 başarısız, 1 cihazdan');
    expect(trText).toContain('Engel listesi eşleşmeleri (1)');
    expect(trText).toContain(`${otherName} · ortak cihaz`);
  });
});

/** The text of every page, as a PDF reader extracts it (the embedded font must map back to Unicode). */
async function pdfText(bytes: Buffer): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), useSystemFonts: false }).promise;
  const parts: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    parts.push(content.items.map((item) => ('str' in item ? item.str : '')).join('\n'));
  }
  return parts.join('\n');
}

describe('closing a case closes its work', () => {
  const alertsOf = async (ids: number[]) =>
    (
      await t.db.execute<{
        id: number;
        status: string;
        outcome: string | null;
        closing_note: string | null;
      }>(sql`
        SELECT id::int, status, outcome, closing_note FROM fraud_alerts
        WHERE id = ANY (${`{${ids.join(',')}}`}::bigint[]) ORDER BY id`)
    ).rows;

  it('asks an outcome for each open alert (one for all, or its own), applies it, resolves their work and audits each', async () => {
    const customer = await newCustomer();
    const [a1, a2, a3] = [await newAlert(customer), await newAlert(customer), await newAlert(customer)];
    const c = await openCase(customer, [a1, a2, a3]);
    const base = { id: c.case.id, version: c.case.version, decision: 'restrict', note: 'Mule account.' };
    // Before: the case closed and its alerts stayed open, counted again by the alert queue.
    const missing = await post('close', base);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'FRAUD_CASE_ALERT_OUTCOMES', params: { count: 3 } });
    const partial = await post('close', { ...base, alert_outcomes: [{ id: a1, outcome: 'false_positive' }] });
    expect(partial.json().code).toBe('FRAUD_CASE_ALERT_OUTCOMES');
    const foreign = await post('close', {
      ...base,
      alert_outcome: 'confirmed',
      alert_outcomes: [{ id: await newAlert(await newCustomer()), outcome: 'confirmed' }],
    });
    expect(foreign.json().code).toBe('FRAUD_CASE_ALERT_OUTCOMES');

    const closed = await post('close', {
      ...base,
      alert_outcome: 'confirmed',
      alert_outcomes: [{ id: a2, outcome: 'false_positive' }],
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().case).toMatchObject({ status: 'closed', open_alert_count: 0 });
    expect(await alertsOf([a1, a2, a3])).toEqual([
      { id: a1, status: 'closed', outcome: 'confirmed', closing_note: 'Mule account.' },
      { id: a2, status: 'closed', outcome: 'false_positive', closing_note: 'Mule account.' },
      { id: a3, status: 'closed', outcome: 'confirmed', closing_note: 'Mule account.' },
    ]);
    const work = await t.db.execute<{ open: number }>(sql`
      SELECT count(*)::int AS open FROM work_items
      WHERE source_ref = ANY (${`{${[a1, a2, a3].map((a) => `fraud_alert:${a}`).join(',')}}`}::text[])
        AND resolved_at IS NULL`);
    expect(work.rows[0]!.open).toBe(0);
    const open = await get(`/api/compliance/fraud/alerts?status=open&customer=${customer}&limit=50`);
    expect(open.statusCode, open.body).toBe(200);
    expect(open.json().items).toEqual([]);
    const audit = await t.db.execute<{ entity_id: string; after: Record<string, unknown> }>(sql`
      SELECT entity_id, after FROM audit_log WHERE entity = 'fraud_alert' AND action = 'close'
        AND entity_id = ANY (${`{${[a1, a2, a3].join(',')}}`}::text[]) ORDER BY entity_id::bigint`);
    expect(audit.rows.map((r) => r.after.outcome)).toEqual(['confirmed', 'false_positive', 'confirmed']);
  });
});

describe('reopening a case', () => {
  it('reopens a closed case with a reason, audited and on its timeline; its alerts keep their outcomes', async () => {
    const customer = await newCustomer();
    const alert = await newAlert(customer);
    const c = await openCase(customer, [alert]);
    const open = await post('reopen', { id: c.case.id, version: c.case.version, reason: 'Not closed yet' });
    expect(open.json()).toMatchObject({ code: 'FRAUD_CASE_NOT_CLOSED' });
    const closed = await post('close', {
      id: c.case.id,
      version: c.case.version,
      decision: 'no_action',
      note: 'Nothing found.',
      alert_outcome: 'false_positive',
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const version = closed.json().case.version;
    for (const bad of [{ reason: 'no' }, { reason: '   ' }, { reason: 'a\u0000b' }, {}])
      expect((await post('reopen', { id: c.case.id, version, ...bad })).statusCode).toBe(400);
    expect(
      (await post('reopen', { id: c.case.id, version: version - 1, reason: 'New evidence' })).json().code,
    ).toBe('STALE_EDIT');
    expect((await post('reopen', { id: 2_000_000_000, version, reason: 'New evidence' })).statusCode).toBe(
      404,
    );

    const reopened = await post('reopen', { id: c.case.id, version, reason: 'New evidence from the bank' });
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json().case).toMatchObject({ status: 'open', decision: null, closing_note: null });
    const audit = await t.db.execute<{ before: Record<string, unknown>; after: Record<string, unknown> }>(sql`
      SELECT before, after FROM audit_log WHERE entity = 'fraud_case' AND action = 'reopen' AND entity_id = ${String(c.case.id)}`);
    expect(audit.rows).toEqual([
      {
        before: expect.objectContaining({ status: 'closed', decision: 'no_action' }),
        after: expect.objectContaining({
          status: 'open',
          decision: null,
          reason: 'New evidence from the bank',
        }),
      },
    ]);
    const timeline = await get(`/api/compliance/fraud/cases/timeline?id=${c.case.id}`);
    expect(timeline.json().items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          params: expect.objectContaining({ event: 'reopened', reason: 'New evidence from the bank' }),
        }),
      ]),
    );
    const alertRow = await t.db.execute<{ status: string; outcome: string }>(
      sql`SELECT status, outcome FROM fraud_alerts WHERE id = ${alert}`,
    );
    expect(alertRow.rows[0]).toEqual({ status: 'closed', outcome: 'false_positive' });
    // One open case per customer: a closed one cannot come back beside another.
    const again = await post('close', {
      id: c.case.id,
      version: reopened.json().case.version,
      decision: 'no_action',
      note: 'Still nothing.',
    });
    expect(again.statusCode, again.body).toBe(200);
    const other = await openCase(customer, [await newAlert(customer)]);
    const beside = await post('reopen', {
      id: c.case.id,
      version: again.json().case.version,
      reason: 'Again',
    });
    expect(beside.json()).toMatchObject({ code: 'FRAUD_CASE_OTHER_OPEN', params: { id: other.case.id } });
  });
});

describe('comments reach the case owner and whom they mention', () => {
  it("puts a notice in the owner's and the mentioned members' inboxes, never the author's", async () => {
    const customer = await newCustomer();
    const c = await openCase(customer, [await newAlert(customer)]);
    await t.db.execute(
      sql`UPDATE fraud_cases SET owner_id = ${await memberId('manager')} WHERE id = ${c.case.id}`,
    );
    const res = await post('comment', { id: c.case.id, body: 'Looks odd, @super please check.' }, admin);
    expect(res.statusCode, res.body).toBe(200);
    const notices = await t.db.execute<{
      audience: number[];
      notice: string;
      params: Record<string, unknown>;
    }>(sql`
      SELECT audience, notice, params FROM work_items
      WHERE kind = 'system_notice' AND source_ref LIKE ${`fraud_case:${c.case.id}:comment:%`}`);
    expect(notices.rows).toHaveLength(1);
    expect(notices.rows[0]).toMatchObject({ notice: 'case_comment', params: { case: c.case.id } });
    expect([...notices.rows[0]!.audience].sort()).toEqual(
      [await memberId('manager'), await memberId('super')].sort(),
    );
    const inbox = (await get('/api/inbox?kind=system_notice&limit=200', manager)).json();
    expect(inbox.items.find((i: { notice: string }) => i.notice === 'case_comment')).toMatchObject({
      source: { type: 'fraud_case', id: String(c.case.id) },
    });
    // The owner commenting tells nobody but whom they mention.
    const own = await post('comment', { id: c.case.id, body: 'Called the customer.' }, manager);
    expect(own.statusCode).toBe(200);
    const after = await t.db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM work_items WHERE source_ref LIKE ${`fraud_case:${c.case.id}:comment:%`}`);
    expect(after.rows[0]!.n).toBe(1);
  });
});
