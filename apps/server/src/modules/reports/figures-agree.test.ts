import { reportsApi } from '@backdesk/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.ts';

const t = useTestApp();
const manager = t.session('manager');
const admin = t.session('admin');

const getJson = async (url: string) => {
  const res = await t.app.inject({ url, headers: manager });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

/**
 * A figure shown on two screens for the same period is one figure: the compliance overview's
 * decisions this week and the compliance report over the same days (R64's rule for fraud figures,
 * applied to KYC decisions).
 */
describe('figures that agree across screens', () => {
  it("counts the week's resubmission requests and level decisions alike in the overview and the report", async () => {
    // Three documents sent back for a new file now, by a member: on top of whatever the demo holds.
    await t.db.execute(sql`
      INSERT INTO kyc_document_decisions (document_id, customer_id, decision, reason_code, member_id, at)
      SELECT d.id, d.customer_id, 'resubmission_requested', 'unreadable',
             (SELECT id FROM staff_members WHERE user_name = 'manager'), now()
        FROM kyc_documents d ORDER BY d.id LIMIT 3`);
    const overview = await getJson('/api/compliance/overview');
    const sum = (key: 'resubmission_requested' | 'levels') =>
      overview.decisions_this_week.reduce((n: number, o: Record<string, number>) => n + o[key]!, 0);
    const from = overview.week_starts_at.slice(0, 10);
    const to = new Date().toISOString().slice(0, 10);
    const report = await getJson(
      `${reportsApi.reportCompliance.path}?${new URLSearchParams({ from, to, tz: 'UTC', groupBy: 'day' })}`,
    );
    expect(sum('resubmission_requested')).toBeGreaterThanOrEqual(3);
    expect(Number(report.totals.values.resubmit)).toBe(sum('resubmission_requested'));
    // A level decision approves or rejects the customer: the two bars are the overview's levels.
    const { approved, rejected } = report.totals.values;
    expect(Number(approved) + Number(rejected)).toBe(sum('levels'));
    // Per day too: the day's bars add up to the total the overview shows.
    const byDay = report.periods.reduce(
      (n: number, p: { values: { resubmit: string } }) => n + Number(p.values.resubmit),
      0,
    );
    expect(byDay).toBe(sum('resubmission_requested'));
  });

  it('shows one count wherever screens show the same thing: dashboard, area overviews, team queues', async () => {
    const [dashboard, crm, transactions, compliance] = await Promise.all([
      getJson('/api/dashboard/kpis'),
      getJson('/api/crm/overview'),
      getJson('/api/transactions/overview'),
      getJson('/api/compliance/overview'),
    ]);
    const queues = (await t.app.inject({ url: '/api/inbox/queues', headers: admin })).json();
    const queue = (kind: string) => queues.queues.find((q: { kind: string }) => q.kind === kind);
    const total = (counts: { count: number }[]) => counts.reduce((n, c) => n + c.count, 0);

    expect(crm.total).toBeGreaterThan(0);
    expect(dashboard.customers.total).toBe(crm.total);
    for (const split of [crm.byStatus, crm.byKycStatus, crm.byKycType]) expect(total(split)).toBe(crm.total);
    expect(dashboard.withdrawalsAwaitingReview).toBe(transactions.withdrawalsAwaitingReview.count);
    // "KYC waiting for a decision" is the customers whose documents wait: the compliance queue's size.
    expect(dashboard.pendingKyc).toBe(compliance.kyc_cases.open);
    expect(dashboard.openFraudAlerts).toBe(compliance.fraud_alerts.open);
    expect(queue('kyc_waiting').unassigned).toBe(compliance.kyc_cases.unassigned);
    expect(queue('fraud_alert').unassigned).toBe(compliance.fraud_alerts.unassigned);
  });

  it("counts the travel rule's open work alike in the queue and the report over every record's days", async () => {
    // Five years back to today: every record of the demo (the report's longest range).
    const to = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - 5 * 365 * 86_400_000).toISOString().slice(0, 10);
    const q = new URLSearchParams({ from, to, tz: 'UTC', groupBy: 'month' });
    for (const direction of [undefined, 'deposit', 'withdrawal']) {
      const filter = direction ? `&direction=${direction}` : '';
      const report = await getJson(`${reportsApi.reportTravelRule.path}?${q}${filter}`);
      const queue = await getJson(`/api/compliance/travel-rule/queue/count?${filter.slice(1)}`);
      const { required_unverified, information_missing, awaiting_counterparty } = report.totals.values;
      expect(queue.total.exact).toBe(true);
      expect(
        Number(required_unverified) + Number(information_missing) + Number(awaiting_counterparty),
        direction,
      ).toBe(queue.total.value);
      if (!direction) expect(queue.total.value).toBeGreaterThan(0);
    }
  });
});
