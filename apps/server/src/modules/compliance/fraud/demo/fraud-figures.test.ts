import { reportsApi } from '@backdesk/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../../test/harness.ts';

/**
 * Fraud check's figures elsewhere in the product (docs/product-rules.md R64): the dashboard's open alerts, the
 * compliance overview's fraud queue and the fraud & security report's sections. Alerts are fixtures
 * here; the engine's own tests cover how they are raised.
 */
const t = useTestApp();
const manager = t.session('manager');
const get = async (url: string) => {
  const res = await t.app.inject({ url, headers: manager });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

/** One alert of customer 1 (a distinct window each), in a status, raised at an instant. */
async function alert(
  window: string,
  status: 'open' | 'investigating' | 'escalated' | 'closed',
  raisedAt: string,
  extra: { outcome?: 'confirmed' | 'false_positive'; severity?: string; assignee?: number } = {},
) {
  const closed = status === 'closed';
  await t.db.execute(sql`
    INSERT INTO fraud_alerts (customer_id, rule_code, rule_version, severity, status, outcome, window_key,
      window_start, window_end, params, event_at, raised_at, assignee_id, closed_at, closed_by, closing_note)
    VALUES (1, 'failed_logins', 1, ${extra.severity ?? 'medium'}, ${status}, ${closed ? (extra.outcome ?? 'false_positive') : null},
      ${window}, ${raisedAt}, ${raisedAt}, '{}', ${raisedAt}, ${raisedAt}, ${extra.assignee ?? null},
      ${closed ? raisedAt : null}, ${closed ? 1 : null}, ${closed ? 'checked' : null})`);
}

describe('fraud figures', () => {
  it('counts alerts not yet closed on the dashboard and in the compliance overview', async () => {
    const before = await get('/api/dashboard/kpis');
    const overviewBefore = (await get('/api/compliance/overview')).fraud_alerts;
    expect(before.openFraudAlerts).toBe(overviewBefore.open);
    await alert('f-1', 'open', '2026-03-02T08:00:00Z', { severity: 'critical' });
    await alert('f-2', 'investigating', '2026-03-03T08:00:00Z', { assignee: 2 });
    await alert('f-3', 'escalated', '2026-03-04T08:00:00Z', { severity: 'high', assignee: 2 });
    await alert('f-4', 'closed', '2020-01-01T08:00:00Z', { outcome: 'confirmed' });
    const after = await get('/api/dashboard/kpis');
    expect(after.openFraudAlerts - before.openFraudAlerts).toBe(3);
    const overview = (await get('/api/compliance/overview')).fraud_alerts;
    expect(overview.open - overviewBefore.open).toBe(3);
    expect(overview.unassigned - overviewBefore.unassigned).toBe(1);
    expect(overview.high - overviewBefore.high).toBe(2);
    // The oldest open one, not the older closed one.
    expect(Date.parse(overview.oldest_since)).toBeLessThanOrEqual(Date.parse('2026-03-02T08:00:00Z'));
    expect(Date.parse(overview.oldest_since)).toBeGreaterThan(Date.parse('2020-01-01T08:00:00Z'));
  });

  it('reports alerts by rule and outcome and customers’ failed sign-ins by reason', async () => {
    await alert('r-1', 'closed', '2025-02-10T10:00:00Z', { outcome: 'confirmed' });
    await alert('r-2', 'closed', '2025-02-11T10:00:00Z', { outcome: 'false_positive' });
    await alert('r-3', 'open', '2025-02-12T10:00:00Z');
    await t.db.execute(sql`
      INSERT INTO customer_login_events (customer_id, at, ip, device_id, outcome, failure_reason)
      VALUES (1, '2025-02-10T10:00:00Z', '203.0.113.9', 'dev-t', 'failure', 'bad_password'),
             (1, '2025-02-10T10:01:00Z', '203.0.113.9', 'dev-t', 'failure', 'bad_password'),
             (1, '2025-02-10T10:02:00Z', '203.0.113.9', 'dev-t', 'failure', 'bad_two_factor'),
             (1, '2025-02-10T10:03:00Z', '203.0.113.9', 'dev-t', 'success', NULL)`);
    const q = new URLSearchParams({ from: '2025-02-10', to: '2025-02-12', tz: 'UTC', groupBy: 'day' });
    const body = await get(`${reportsApi.reportFraudSecurity.path}?${q}`);
    expect(body.pending).toEqual([]);
    const seeded = await t.db.execute<{ failed: number }>(sql`
      SELECT count(*)::int AS failed FROM customer_login_events
       WHERE outcome = 'failure' AND at >= '2025-02-10' AND at < '2025-02-13'`);
    expect(body.totals.values).toMatchObject({
      alerts_raised: '3',
      alerts_confirmed: '1',
      alerts_false_positive: '1',
      sign_ins_failed: String(seeded.rows[0]!.failed),
    });
    const byRule = body.breakdowns.find((b: { key: string }) => b.key === 'by_rule');
    expect(byRule.rows).toEqual([
      expect.objectContaining({
        keys: ['failed_logins'],
        values: { alerts_raised: '3', alerts_confirmed: '1', alerts_false_positive: '1' },
      }),
    ]);
    const byFailure = body.breakdowns.find((b: { key: string }) => b.key === 'by_failure');
    const reasons = Object.fromEntries(
      byFailure.rows.map((r: { keys: string[]; values: { sign_ins_failed: string } }) => [
        r.keys[0],
        Number(r.values.sign_ins_failed),
      ]),
    );
    expect(reasons.bad_password).toBeGreaterThanOrEqual(2);
    expect(reasons.bad_two_factor).toBeGreaterThanOrEqual(1);
  });
});
