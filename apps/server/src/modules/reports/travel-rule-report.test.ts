import { complianceApi, type Report, reportsApi, TRAVEL_RULE_STATES } from '@backdesk/contract';
import DecimalJs from 'decimal.js';
import { sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.ts';
import { announcePassedDeadlines } from '../compliance/travel-rule/travel-rule-deadlines.ts';

// Enough digits for sums of numeric(36, 18) amounts (the default 20 would round them).
const Decimal = DecimalJs.clone({ precision: 80 });
const t = useTestApp();
const manager = t.session('manager');
const admin = t.session('admin');
const zuper = t.session('super');

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
/** The report's default: the last 30 days and today, in UTC here. */
const RANGE = { from: day(-30), to: day(0), tz: 'UTC', groupBy: 'day' };
const qs = (q: Record<string, string>) => new URLSearchParams(q).toString();
const report = async (q: Record<string, string> = {}, headers = manager): Promise<Report> => {
  const res = await t.app.inject({
    url: `${reportsApi.reportTravelRule.path}?${qs({ ...RANGE, ...q })}`,
    headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const table = (r: Report, key: string) => r.breakdowns.find((b) => b.key === key)!;

/** The records opened in the range, counted straight from the rows. */
async function plain(direction?: string) {
  const { rows } = await t.db.execute<{
    state: string;
    direction: string;
    vasp: string;
    wallet_kind: string;
    overdue: boolean;
    jurisdiction: string;
    currency: string;
    amount: string | null;
  }>(sql`
    SELECT r.state, r.direction, coalesce(v.name, '') AS vasp, r.wallet_kind, r.deadline_raised IS NOT NULL AS overdue,
           r.jurisdiction, r.currency, r.amount_in_currency::text AS amount
      FROM travel_rule_records r LEFT JOIN vasps v ON v.id = r.counterparty_vasp_id
     WHERE r.created_at >= ${RANGE.from}::timestamptz AND r.created_at < (${RANGE.to}::date + 1)::timestamptz
       AND (${direction ?? null}::text IS NULL OR r.direction = ${direction ?? null})`);
  return rows;
}

const count = (rows: { state: string }[], state?: string) =>
  String(rows.filter((r) => (state ? r.state === state : true)).length);

describe('the travel-rule report', () => {
  it('reads the demo records, spread over its default period, in every state', async () => {
    const rows = await plain();
    expect(new Set(rows.map((r) => r.state))).toEqual(new Set(TRAVEL_RULE_STATES));
    const days = await t.db.execute<{ n: number }>(sql`
      SELECT count(DISTINCT created_at::date)::int AS n FROM travel_rule_records
       WHERE created_at >= ${RANGE.from}::timestamptz`);
    expect(days.rows[0]!.n).toBeGreaterThanOrEqual(10);
    const body = await report();
    expect(body.periods).toHaveLength(31);
    const inScope = rows.filter((r) => r.state !== 'not_in_scope');
    expect(Number(body.totals.values.deposits) + Number(body.totals.values.withdrawals)).toBe(inScope.length);
    expect(body.totals.values.deposits).toBe(count(inScope.filter((r) => r.direction === 'deposit')));
    // A day with records in scope but none complete shares 0 %, a day without any has no share.
    for (const p of body.periods) {
      const inScopeThatDay = Number(p.values.deposits) + Number(p.values.withdrawals);
      if (inScopeThatDay === 0) expect(p.values.share_complete, p.start).toBeNull();
      else if (p.values.complete === '0') expect(p.values.share_complete, p.start).toBe('0');
    }
    // The periods add up to the totals.
    const byDay = body.periods.reduce((n, p) => n + Number(p.values.complete), 0);
    expect(String(byDay)).toBe(body.totals.values.complete);
  });

  it('gives figures equal to the raw records: states, shares, counterparties, jurisdictions', async () => {
    const rows = await plain();
    const inScope = rows.filter((r) => r.state !== 'not_in_scope');
    const body = await report();
    const totals = body.totals.values;
    expect(totals).toMatchObject({
      complete: count(rows, 'complete'),
      required_unverified: count(rows, 'required_unverified'),
      information_missing: count(rows, 'information_missing'),
      awaiting_counterparty: count(rows, 'awaiting_counterparty'),
      returned: count(rows, 'returned'),
      rejected: count(rows, 'rejected'),
      overdue: String(rows.filter((r) => r.overdue).length),
    });
    const share = (state: string) =>
      new Decimal(100).times(count(rows, state)).div(inScope.length).toDecimalPlaces(1).toFixed();
    expect(totals.share_complete).toBe(share('complete'));
    expect(table(body, 'by_state').rows.map((r) => [r.keys[0], r.values.records])).toEqual(
      TRAVEL_RULE_STATES.filter((s) => rows.some((r) => r.state === s))
        .sort()
        .map((s) => [s, count(rows, s)]),
    );
    const shares = Object.fromEntries(
      table(body, 'completeness').rows.map((r) => [r.keys[0], r.values.share]),
    );
    expect(shares).toMatchObject({
      share_rejected: share('rejected'),
      share_information_missing: share('information_missing'),
    });

    // Each counterparty (a VASP by its name, or a wallet without one) with its own counts.
    for (const row of table(body, 'by_vasp').rows) {
      const [vasp, kind] = row.keys;
      const own = inScope.filter((r) => r.vasp === vasp && r.wallet_kind === kind);
      expect(row.values.in_scope, `${vasp} ${kind}`).toBe(String(own.length));
      expect(row.values.returned, `${vasp} ${kind}`).toBe(count(own, 'returned'));
    }
    // Amounts only summed within one currency, exact.
    for (const row of table(body, 'by_jurisdiction').rows) {
      const [jurisdiction, currency] = row.keys;
      const own = inScope.filter((r) => r.jurisdiction === jurisdiction && r.currency === currency);
      const sum = own.reduce((s, r) => s.plus(r.amount ?? 0), new Decimal(0));
      expect(row.values.amount).toBe(sum.toFixed());
    }
  });

  it('follows a state change and a passed deadline at once, and shows what is overdue now', async () => {
    const before = await report();
    const { rows } = await t.db.execute<{ id: number }>(sql`
      UPDATE travel_rule_records SET state = 'rejected', version = version + 1
       WHERE id = (SELECT id FROM travel_rule_records WHERE state = 'required_unverified'
                     AND created_at >= ${RANGE.from}::timestamptz ORDER BY id LIMIT 1) RETURNING id`);
    expect(rows).toHaveLength(1);
    const after = await report();
    expect(Number(after.totals.values.rejected)).toBe(Number(before.totals.values.rejected) + 1);
    expect(Number(after.totals.values.required_unverified)).toBe(
      Number(before.totals.values.required_unverified) - 1,
    );

    // The deadline job marks what passed its deadline with information missing: "deadline passed".
    await announcePassedDeadlines(t.db, new Date());
    const marked = await report();
    expect(marked.totals.values.overdue).toBe(String((await plain()).filter((r) => r.overdue).length));
    expect(Number(marked.totals.values.overdue)).toBeGreaterThan(0);
    // Overdue now: open work past its deadline, whatever the range, as the queue marks it.
    const open = await t.db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM travel_rule_records
       WHERE state IN ('required_unverified', 'information_missing', 'awaiting_counterparty') AND deadline < now()`);
    const overdueNow = table(marked, 'overdue_now').rows.reduce(
      (n, r) => n + Number(r.values.overdue_now),
      0,
    );
    expect(overdueNow).toBe(open.rows[0]!.n);
    expect(overdueNow).toBeGreaterThan(0);
  });

  it('narrows to one direction, and refuses an unknown one or a bad range with its field', async () => {
    const rows = await plain('withdrawal');
    const body = await report({ direction: 'withdrawal' });
    expect(body.totals.values.deposits).toBe('0');
    expect(body.totals.values.withdrawals).toBe(
      String(rows.filter((r) => r.state !== 'not_in_scope').length),
    );
    expect(table(body, 'by_direction').rows.map((r) => r.keys[0])).toEqual(rows.length ? ['withdrawal'] : []);

    const bad = await t.app.inject({
      url: `${reportsApi.reportTravelRule.path}?${qs({ ...RANGE, direction: 'sideways' })}`,
      headers: manager,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED', issues: [{ path: 'direction' }] });
    const reversed = await t.app.inject({
      url: `${reportsApi.reportTravelRule.path}?${qs({ ...RANGE, from: day(0), to: day(-3) })}`,
      headers: manager,
    });
    expect(reversed.json().code).toBe('REPORT_RANGE_REVERSED');
  });
});

describe('the export of the travel-rule records', () => {
  const path = complianceApi.exportTravelRuleRecords.path;
  const exportOf = (q: Record<string, string>, headers: Record<string, string>) =>
    t.app.inject({ url: `${path}?${qs({ from: RANGE.from, to: RANGE.to, tz: 'UTC', ...q })}`, headers });

  it('is personal data: a manager is refused, an admin gets every record in clear, and the ask is audited', async () => {
    expect((await exportOf({}, {})).statusCode).toBe(401);
    const refused = await exportOf({}, manager);
    expect(refused.statusCode, refused.body).toBe(403);

    const res = await exportOf({}, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/travel-rule-records-\d{4}-\d{2}-\d{2}\.csv/);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toContain('Originator national identifier');
    expect(lines.length - 1).toBe((await plain()).length);
    // The identity numbers the queue masks are in the file whole: it is the file's purpose.
    const { rows } = await t.db.execute<{ id: string; identifier: string }>(sql`
      SELECT id::text, jsonb_path_query_first(originator, '$.originatorPersons[0].*.nationalIdentification.nationalIdentifier') #>> '{}' AS identifier
        FROM travel_rule_records
       WHERE created_at >= ${RANGE.from}::timestamptz AND originator IS NOT NULL
         AND jsonb_path_exists(originator, '$.originatorPersons[0].*.nationalIdentification')
       ORDER BY id LIMIT 1`);
    expect(res.body).toContain(rows[0]!.identifier);

    const audit = await t.db.execute<{ member: string; after: Record<string, string> }>(sql`
      SELECT m.user_name AS member, a.after FROM audit_log a JOIN staff_members m ON m.id = a.member_id
       WHERE a.entity = 'travel_rule_export' AND a.action = 'export' ORDER BY a.id`);
    expect(audit.rows).toEqual([
      { member: 'admin', after: { from: RANGE.from, to: RANGE.to, tz: 'UTC', format: 'csv' } },
    ]);
  });

  it('in Turkish headers and as XLSX, narrowed by direction and state; bad input refused', async () => {
    const tr = await exportOf({ state: 'rejected', lang: 'tr' }, zuper);
    expect(tr.statusCode, tr.body).toBe(200);
    const lines = tr.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toContain('Gönderen kimlik numarası');
    expect(lines.length - 1).toBe((await plain()).filter((r) => r.state === 'rejected').length);

    const xlsx = await exportOf({ format: 'xlsx', direction: 'deposit' }, admin);
    expect(xlsx.statusCode).toBe(200);
    const files = unzipSync(new Uint8Array(xlsx.rawPayload));
    const sheet = strFromU8(files['xl/worksheets/sheet1.xml']!);
    expect(sheet).toContain('Beneficiary national identifier');

    const code = async (q: Record<string, string>) => (await exportOf(q, admin)).json();
    expect((await code({ from: day(0), to: day(-1) })).code).toBe('REPORT_RANGE_REVERSED');
    expect((await code({ tz: 'Mars/Olympus' })).code).toBe('REPORT_UNKNOWN_TIME_ZONE');
    expect(await code({ state: 'lost' })).toMatchObject({
      code: 'VALIDATION_FAILED',
      issues: [{ path: 'state' }],
    });
  });
});
