import { KYC_REVIEW_SLA_HOURS, reportsApi } from '@backdesk/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.ts';

/**
 * The compliance report's fraud alert sections (docs/product-rules.md R64): alerts closed per period by outcome and by
 * rule, with the time from raised to closed, beside the KYC decisions they share the report with.
 * Fixture alerts in May 2024, before the demo history.
 */
const t = useTestApp();
const manager = t.session('manager');

type Row = { keys: string[]; values: Record<string, string | null>; previous: Record<string, string | null> };
type Body = {
  pending: string[];
  totals: { values: Record<string, string | null>; previous: Record<string, string | null> };
  periods: { start: string; values: Record<string, string | null> }[];
  breakdowns: { key: string; rows: Row[] }[];
};

async function closedAlert(
  window: string,
  rule: string,
  raisedAt: string,
  closed: { at: string; outcome: 'confirmed' | 'false_positive' } | null,
) {
  await t.db.execute(sql`
    INSERT INTO fraud_alerts (customer_id, rule_code, rule_version, severity, status, outcome, window_key,
      window_start, window_end, params, event_at, raised_at, closed_at, closed_by, closing_note)
    VALUES (1, ${rule}, 1, 'medium', ${closed ? 'closed' : 'open'}, ${closed?.outcome ?? null}, ${window},
      ${raisedAt}, ${raisedAt}, '{}', ${raisedAt}, ${raisedAt}, ${closed?.at ?? null},
      ${closed ? 1 : null}, ${closed ? 'checked' : null})`);
}

async function report(): Promise<Body> {
  const q = new URLSearchParams({ from: '2024-05-01', to: '2024-05-07', tz: 'UTC', groupBy: 'day' });
  const res = await t.app.inject({ url: `${reportsApi.reportCompliance.path}?${q}`, headers: manager });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const table = (body: Body, key: string) => body.breakdowns.find((b) => b.key === key)!.rows;

describe('compliance report: fraud alerts closed', () => {
  it('counts alerts when closed, by outcome and rule, with how long they stayed open', async () => {
    await closedAlert('c-1', 'failed_logins', '2024-05-02T10:00:00Z', {
      at: '2024-05-02T11:00:00Z',
      outcome: 'confirmed',
    });
    await closedAlert('c-2', 'failed_logins', '2024-05-01T10:00:00Z', {
      at: '2024-05-03T10:00:00Z',
      outcome: 'false_positive',
    });
    await closedAlert('c-3', 'p2p_amount', '2024-05-03T00:00:00Z', {
      at: '2024-05-03T02:00:00Z',
      outcome: 'confirmed',
    });
    // Still open: not counted. Closed in the previous range (24–30 April): its figures.
    await closedAlert('c-4', 'p2p_amount', '2024-05-04T00:00:00Z', null);
    await closedAlert('c-5', 'failed_logins', '2024-04-28T09:50:00Z', {
      at: '2024-04-28T10:00:00Z',
      outcome: 'confirmed',
    });
    // One KYC decision without an officer: the KYC tables keep its blank-keyed row.
    await t.db.execute(sql`
      INSERT INTO kyc_decisions (customer_id, decision, level, member_id, at)
      VALUES (1, 'approved', 1, NULL, '2024-05-05T10:00:00Z')`);

    const body = await report();
    expect(body.pending).toEqual([]);
    expect(body.totals.values).toMatchObject({
      alerts_confirmed: '2',
      alerts_false_positive: '1',
      median_alert_open: '7200',
      approved: '1',
    });
    expect(body.totals.previous).toMatchObject({ alerts_confirmed: '1', median_alert_open: '600' });
    const day = (start: string) => body.periods.find((p) => p.start === start)!.values;
    expect(day('2024-05-02')).toMatchObject({ alerts_confirmed: '1', alerts_false_positive: '0' });
    expect(day('2024-05-03')).toMatchObject({ alerts_confirmed: '1', alerts_false_positive: '1' });
    expect(day('2024-05-04')).toMatchObject({ alerts_confirmed: '0', median_alert_open: null });

    expect(table(body, 'alerts_by_outcome')).toEqual([
      {
        keys: ['confirmed'],
        values: { alerts_closed: '2', median_alert_open: '3600', p90_alert_open: '7200' },
        previous: { alerts_closed: '1', median_alert_open: '600', p90_alert_open: '600' },
      },
      {
        keys: ['false_positive'],
        values: { alerts_closed: '1', median_alert_open: '172800', p90_alert_open: '172800' },
        previous: { alerts_closed: '0', median_alert_open: null, p90_alert_open: null },
      },
    ]);
    expect(
      table(body, 'alerts_by_rule').map((r) => [
        ...r.keys,
        r.values.alerts_closed,
        r.values.median_alert_open,
      ]),
    ).toEqual([
      ['failed_logins', 'confirmed', '1', '3600'],
      ['failed_logins', 'false_positive', '1', '172800'],
      ['p2p_amount', 'confirmed', '1', '7200'],
    ]);

    // Each table reads its own facts: no alert row among the decisions, no decision among the alerts.
    expect(table(body, 'by_outcome').map((r) => r.keys)).toEqual([['approved']]);
    expect(table(body, 'by_officer')).toEqual([
      expect.objectContaining({ keys: [''], values: expect.objectContaining({ decisions: '1' }) }),
    ]);
    expect(table(body, 'by_reason').map((r) => r.keys)).toEqual([['approved', '']]);
  });

  it("times a decision's review from the first document sent after the customer's previous decision", async () => {
    const sent = (at: string) =>
      t.db.execute(sql`
      INSERT INTO kyc_documents (customer_id, kind, status, file_name, mime_type, size_bytes, uploaded_at)
      VALUES (2, 'passport', 'pending', 'id.jpg', 'image/jpeg', 1000, ${at})`);
    const decided = (at: string) =>
      t.db.execute(sql`
      INSERT INTO kyc_decisions (customer_id, decision, level, member_id, at)
      VALUES (2, 'approved', 1, 1, ${at}) RETURNING review_started_at`);
    await sent('2024-05-01T07:00:00Z');
    await sent('2024-05-01T08:00:00Z');
    await decided('2024-05-01T10:00:00Z');
    // Sent before the first decision: not part of the second review.
    await sent('2024-05-04T09:00:00Z');
    const second = await decided('2024-05-04T09:30:00Z');
    expect(new Date(second.rows[0]!.review_started_at as string).toISOString()).toBe(
      '2024-05-04T09:00:00.000Z',
    );

    const body = await report();
    // 3 h and 30 min; customer 1's decision (above) had no document before it and counts no time.
    expect(body.totals.values).toMatchObject({ median_review: '1800', p90_review: '10800' });
    // Per officer and per outcome, each equal to percentile_disc over the decisions themselves.
    const plain = await t.db.execute<{
      g: number;
      officer: string;
      outcome: string;
      median: number;
      p90: number;
    }>(sql`
      SELECT GROUPING(m.display_name, k.decision) AS g, coalesce(m.display_name, '') AS officer, k.decision AS outcome,
             percentile_disc(0.5) WITHIN GROUP (ORDER BY date_part('epoch', k.at - k.review_started_at)) AS median,
             percentile_disc(0.9) WITHIN GROUP (ORDER BY date_part('epoch', k.at - k.review_started_at)) AS p90
        FROM kyc_decisions k LEFT JOIN staff_members m ON m.id = k.member_id
       WHERE k.at >= '2024-05-01' AND k.at < '2024-05-08' AND k.review_started_at IS NOT NULL
       GROUP BY GROUPING SETS ((m.display_name), (k.decision))`);
    const figures = (key: string) =>
      Object.fromEntries(
        table(body, key)
          .filter((r) => r.values.median_review !== null)
          .map((r) => [r.keys[0], [r.values.median_review, r.values.p90_review]]),
      );
    for (const [key, dimension] of [
      ['by_officer', 'officer'],
      ['by_outcome', 'outcome'],
    ] as const)
      expect(figures(key)).toEqual(
        Object.fromEntries(
          plain.rows
            .filter((r) => r.g === (dimension === 'officer' ? 1 : 2))
            .map((r) => [r[dimension], [String(r.median), String(r.p90)]]),
        ),
      );
  });

  it('counts an SLA breach past KYC_REVIEW_SLA_HOURS, in the rollup and the raw rows alike', async () => {
    const sla = KYC_REVIEW_SLA_HOURS * 3600;
    const breached = await t.db.execute<{ at: boolean; over: boolean }>(sql`
      SELECT public.bd_kyc_sla_breached(now(), now() - make_interval(secs => ${sla})) AS at,
             public.bd_kyc_sla_breached(now(), now() - make_interval(secs => ${sla + 0.001})) AS over`);
    expect(breached.rows[0]).toEqual({ at: false, over: true });

    await t.db.execute(sql`
      INSERT INTO kyc_decisions (customer_id, decision, level, member_id, at, review_started_at) VALUES
        (3, 'rejected', 0, 1, '2024-05-02T12:00:00Z', '2024-05-01T11:59:59Z'),
        (3, 'approved', 1, 1, '2024-05-03T12:00:00Z', '2024-05-02T12:00:00Z')`);
    const body = await report();
    expect(table(body, 'by_outcome').find((r) => r.keys[0] === 'rejected')?.values).toMatchObject({
      sla_breaches: '1',
    });
    const rollup = await t.db.execute<{ n: number }>(sql`
      SELECT sum(sla_breaches)::int AS n FROM rpt_kyc_hourly WHERE hour >= '2024-05-02' AND hour < '2024-05-04'`);
    expect(rollup.rows[0]!.n).toBe(1);
  });
});
