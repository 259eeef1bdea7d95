import { reportsApi } from '@backdesk/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.ts';

/**
 * The compliance report's review-time percentiles (computed in the server from each group's samples,
 * report-percentiles.ts) against percentile_disc over the decisions themselves: per local day, in
 * total, per officer and per outcome, for the range and the previous range. Fixture decisions in
 * March 2024, before the demo history.
 */
const t = useTestApp();
const manager = t.session('manager');
const TZ = 'Asia/Kathmandu';

type Figures = Record<string, string | null>;
type Body = {
  totals: { values: Figures; previous: Figures };
  periods: { start: string; previousStart: string | null; values: Figures; previous: Figures | null }[];
  breakdowns: { key: string; rows: { keys: string[]; values: Figures; previous: Figures }[] }[];
};

describe('compliance report: review-time percentiles', () => {
  it('equal percentile_disc over the decisions in every period, table and side', async () => {
    // 3,000 decisions over two weeks: microsecond review times, every tenth exactly one hour (ties),
    // some without a review start (no time), officers 1, 2 or none, three outcomes.
    await t.db.execute(sql`SELECT setseed(0.42)`);
    await t.db.execute(sql`
      INSERT INTO kyc_decisions (customer_id, decision, level, member_id, at, review_started_at)
      SELECT 1 + i % 5, (ARRAY['approved', 'rejected', 'resubmit'])[1 + i % 3], 1,
             (ARRAY[1, 2, NULL])[1 + (i / 3) % 3], at,
             CASE WHEN i % 17 = 0 THEN at - interval '1 hour'
                  ELSE at - make_interval(secs => round((random() * 200000)::numeric, 6)::float8) END
        FROM (SELECT i, timestamptz '2024-02-29 18:00+00' + random() * interval '15 days' AS at
                FROM generate_series(1, 3000) i) d`);

    const q = new URLSearchParams({ from: '2024-03-08', to: '2024-03-14', tz: TZ, groupBy: 'day' });
    const res = await t.app.inject({ url: `${reportsApi.reportCompliance.path}?${q}`, headers: manager });
    expect(res.statusCode, res.body).toBe(200);
    const body: Body = res.json();

    const plain = await t.db.execute<{
      g: number;
      cur: boolean;
      day: string | null;
      officer: string | null;
      outcome: string | null;
      median: number;
      p90: number;
    }>(sql`
      SELECT GROUPING(day, officer, outcome) AS g, cur, day::text AS day, officer, outcome,
             percentile_disc(0.5) WITHIN GROUP (ORDER BY seconds) AS median,
             percentile_disc(0.9) WITHIN GROUP (ORDER BY seconds) AS p90
        FROM (SELECT (k.at AT TIME ZONE ${TZ})::date AS day, (k.at AT TIME ZONE ${TZ})::date >= '2024-03-08' AS cur,
                     coalesce(m.display_name, '') AS officer, k.decision AS outcome,
                     date_part('epoch', k.at - k.review_started_at) AS seconds
                FROM kyc_decisions k LEFT JOIN staff_members m ON m.id = k.member_id
               WHERE k.review_started_at IS NOT NULL
                 AND k.at >= ('2024-03-01'::timestamp AT TIME ZONE ${TZ})
                 AND k.at < ('2024-03-15'::timestamp AT TIME ZONE ${TZ})) d
       GROUP BY GROUPING SETS ((cur, day), (cur), (cur, officer), (cur, outcome))`);
    const expected = (g: number, cur: boolean, key: 'day' | 'officer' | 'outcome' | null) =>
      Object.fromEntries(
        plain.rows
          .filter((r) => r.g === g && r.cur === cur)
          .map((r) => [key ? r[key] : 'total', [String(r.median), String(r.p90)]]),
      );
    const pair = (f: Figures | null | undefined) => [f?.median_review, f?.p90_review];
    const table = (key: string, side: 'values' | 'previous') =>
      Object.fromEntries(
        body.breakdowns
          .find((b) => b.key === key)!
          .rows.filter((r) => r[side].median_review !== null)
          .map((r) => [r.keys[0], pair(r[side])]),
      );

    for (const cur of [true, false]) {
      const side = cur ? 'values' : 'previous';
      expect(Object.keys(expected(0b011, cur, 'day'))).toHaveLength(7);
      expect(
        Object.fromEntries(
          body.periods.map((p) => (cur ? [p.start, pair(p.values)] : [p.previousStart, pair(p.previous)])),
        ),
      ).toEqual(expected(0b011, cur, 'day'));
      expect({ total: pair(body.totals[side]) }).toEqual(expected(0b111, cur, null));
      expect(table('by_officer', side)).toEqual(expected(0b101, cur, 'officer'));
      expect(table('by_outcome', side)).toEqual(expected(0b110, cur, 'outcome'));
    }
  });
});
