import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../../test/harness.ts';
import { manualClock } from '../../../../lib/clock.ts';
import { alertsOf, logins, newCustomer } from '../engine/test-fixtures.ts';

// Far past the seeded history, so the last 30 and 90 days hold only this file's rows.
const clock = manualClock('2031-03-01T12:00:00Z');
const t = useTestApp({}, { clock });
const admin = t.session('admin');
const manager = t.session('manager');

const DAY = 24 * 60 * 60 * 1000;
const ago = (ms: number) => new Date(clock.now().getTime() - ms);

const get = (url: string, who = admin) => t.app.inject({ url, headers: who });
const post = (
  url: string,
  payload: unknown,
  who: Record<string, string> = admin,
  extra: Record<string, string> = {},
) => t.app.inject({ method: 'POST', url, payload: payload as never, headers: { ...who, ...extra } });

type Rule = {
  code: string;
  version: number;
  current_version: number;
  params: Record<string, unknown>;
  quality: Record<string, unknown>[];
};
const rule = async (code: string): Promise<Rule & Record<string, unknown>> =>
  (await get('/api/compliance/fraud/rules')).json().items.find((r: Rule) => r.code === code);

let alerts = 0;
/** An alert of `rule` for the customer, raised at `at`, closed with `outcome` when given. */
async function alert(customerId: number, code: string, at: Date, outcome?: 'confirmed' | 'false_positive') {
  await t.db.execute(sql`
    INSERT INTO fraud_alerts (customer_id, rule_code, rule_version, severity, status, outcome, window_key,
      window_start, window_end, params, event_at, raised_at, closed_at)
    VALUES (${customerId}, ${code}, 1, 'medium', ${outcome ? 'closed' : 'open'}, ${outcome ?? null},
      ${`test:${at.getTime()}:${++alerts}`}, ${at.toISOString()}, ${at.toISOString()}, '{}'::jsonb,
      ${at.toISOString()}, ${at.toISOString()}, ${outcome ? at.toISOString() : null})`);
}

describe('fraud rules', () => {
  it('lists the eight rules with their version in force', async () => {
    const res = await get('/api/compliance/fraud/rules', manager);
    expect(res.statusCode).toBe(200);
    const items = res.json().items as Rule[];
    expect(items.map((r) => r.code).sort()).toEqual([
      'blocklisted_address',
      'failed_logins',
      'new_address_withdrawal',
      'p2p_amount',
      'screening_hit',
      'travel_rule_failures',
      'withdrawal_after_deposit',
      'withdrawal_velocity',
    ]);
    expect(items.find((r) => r.code === 'p2p_amount')).toMatchObject({
      current_version: 1,
      params: { minAmount: '250000' },
      severity: 'medium',
      enabled: true,
      reason: null,
    });
  });

  it('counts quality over 30 and 90 days: below, at and past each boundary', async () => {
    const c = await newCustomer(t.db, 'rules_quality');
    const code = 'withdrawal_after_deposit';
    await alert(c.id, code, ago(30 * DAY - 1000), 'confirmed'); // inside 30
    await alert(c.id, code, ago(30 * DAY), 'confirmed'); // at 30: inside
    await alert(c.id, code, ago(30 * DAY + 1000), 'false_positive'); // past 30, inside 90
    await alert(c.id, code, ago(90 * DAY), 'confirmed'); // at 90: inside
    await alert(c.id, code, ago(90 * DAY + 1000), 'confirmed'); // past 90: neither
    await alert(c.id, code, ago(DAY)); // open: raised, not closed
    const quality = (await rule(code)).quality;
    expect(quality).toEqual([
      {
        days: 30,
        raised: 3,
        closed: 2,
        confirmed: 2,
        false_positive: 0,
        precision: 1,
        false_positive_rate: 0,
      },
      {
        days: 90,
        raised: 5,
        closed: 4,
        confirmed: 3,
        false_positive: 1,
        precision: 0.75,
        false_positive_rate: 0.25,
      },
    ]);
    // A rule with nothing closed has no precision yet, rather than 0 %.
    expect((await rule('screening_hit')).quality[0]).toMatchObject({ closed: 0, precision: null });
  });

  it('changes a setting as a new version with a reason, audited, version-checked, retried once', async () => {
    const before = await rule('withdrawal_velocity');
    const body = {
      code: 'withdrawal_velocity',
      version: before.version,
      params: { count: 3, windowMinutes: 30 },
      severity: 'critical',
      enabled: true,
      reason: 'Tighter after the March incident',
    };
    const forbidden = await post('/api/compliance/fraud/rules/update', body, manager);
    expect(forbidden.statusCode).toBe(403);

    const first = await post('/api/compliance/fraud/rules/update', body, admin, {
      'idempotency-key': 'rule-edit-1',
    });
    expect(first.statusCode).toBe(200);
    const again = await post('/api/compliance/fraud/rules/update', body, admin, {
      'idempotency-key': 'rule-edit-1',
    });
    expect(again.json()).toEqual(first.json());
    const changed = first.json();
    expect(changed.rule).toMatchObject({
      current_version: before.current_version + 1,
      version: before.version + 1,
      params: { count: 3, windowMinutes: 30 },
      severity: 'critical',
      reason: 'Tighter after the March incident',
      changed_by: expect.any(String),
    });
    expect(changed.rescanRunId).toEqual(expect.any(Number));
    const run = (await get(`/api/compliance/fraud/runs/detail?id=${changed.rescanRunId}`)).json().run;
    expect(run).toMatchObject({
      kind: 'rescan',
      status: 'queued',
      params: { rules: ['withdrawal_velocity'] },
    });
    expect(new Date(run.params.to).getTime() - new Date(run.params.from).getTime()).toBe(30 * DAY);

    const stale = await post('/api/compliance/fraud/rules/update', body);
    expect([stale.statusCode, stale.json().code]).toEqual([409, 'STALE_EDIT']);
    const same = await post('/api/compliance/fraud/rules/update', { ...body, version: changed.rule.version });
    expect([same.statusCode, same.json().code]).toEqual([400, 'FRAUD_RULE_UNCHANGED']);

    const versions = (
      await get('/api/compliance/fraud/rules/versions?code=withdrawal_velocity', manager)
    ).json();
    expect(versions.items.map((v: { version: number; reason: string }) => [v.version, v.reason])).toEqual([
      [2, 'Tighter after the March incident'],
      [1, null],
    ]);
    expect(versions.total).toEqual({ value: 2, exact: true });

    const audit = await t.db.execute<{ action: string; before: unknown; after: unknown }>(
      sql`SELECT action, before, after FROM audit_log WHERE entity = 'fraud_rule' AND entity_id = 'withdrawal_velocity'`,
    );
    expect(audit.rows).toEqual([
      {
        action: 'update',
        before: {
          rule_version: 1,
          params: { count: 5, windowMinutes: 60 },
          severity: 'high',
          reason: null,
        },
        after: {
          rule_version: 2,
          params: { count: 3, windowMinutes: 30 },
          severity: 'critical',
          reason: 'Tighter after the March incident',
        },
      },
    ]);

    // Switched off: a new version, and no rescan.
    const off = await post('/api/compliance/fraud/rules/update', {
      ...body,
      version: changed.rule.version,
      enabled: false,
      reason: 'Paused for review',
    });
    expect(off.json()).toMatchObject({ rule: { enabled: false, current_version: 3 }, rescanRunId: null });
  });

  it("refuses thresholds outside the rule's ranges, at each boundary, naming the field", async () => {
    const current = await rule('failed_logins');
    const edit = (params: unknown, extra: object = {}) =>
      post('/api/compliance/fraud/rules/update', {
        code: 'failed_logins',
        version: current.version,
        params,
        severity: 'medium',
        enabled: true,
        reason: 'Boundary check',
        ...extra,
      });
    for (const [params, field] of [
      [{ count: 1, windowMinutes: 15 }, 'params.count'],
      [{ count: 1001, windowMinutes: 15 }, 'params.count'],
      [{ count: 5, windowMinutes: 0 }, 'params.windowMinutes'],
      [{ count: 5, windowMinutes: 43_201 }, 'params.windowMinutes'],
      [{ count: 5.5, windowMinutes: 15 }, 'params.count'],
      [{ count: 5 }, 'params.windowMinutes'],
      [{ count: 5, windowMinutes: 15, extra: 1 }, 'params'],
      [{ count: 1e300, windowMinutes: 15 }, 'params.count'],
    ] as const) {
      const res = await edit(params);
      expect([res.statusCode, res.json().code], JSON.stringify(params)).toEqual([400, 'VALIDATION_FAILED']);
      expect(res.json().issues.map((i: { path: string }) => i.path)).toContain(field);
    }
    expect((await edit({ count: 5 }, { reason: 'no' })).statusCode).toBe(400);
    expect((await edit({ count: 5, windowMinutes: 15 }, { severity: 'extreme' })).statusCode).toBe(400);
    expect((await edit({ count: 5, windowMinutes: 15 }, { code: 'nope' })).statusCode).toBe(400);
    expect((await edit({ count: 5, windowMinutes: 15 }, { reason: 'bad\u0000reason' })).json().code).toBe(
      'INVALID_TEXT',
    );
    // The boundaries themselves are settings.
    const low = await edit({ count: 2, windowMinutes: 1 });
    expect(low.statusCode).toBe(200);
    const high = await post('/api/compliance/fraud/rules/update', {
      code: 'failed_logins',
      version: low.json().rule.version,
      params: { count: 1000, windowMinutes: 43_200 },
      severity: 'medium',
      enabled: true,
      reason: 'Boundary check, upper',
    });
    expect(high.statusCode).toBe(200);
  });

  it('backtests current against proposed over 30 days, and the saved change then raises exactly that', async () => {
    const a = await newCustomer(t.db, 'rules_bt_a');
    const b = await newCustomer(t.db, 'rules_bt_b');
    const c = await newCustomer(t.db, 'rules_bt_c');
    const burst = (at: Date, n: number) =>
      Array.from({ length: n }, (_, i) => ({ at: new Date(at.getTime() + i * 60_000) }));
    await logins(t.db, a.id, burst(ago(2 * DAY), 4)); // 4 within 4 minutes
    await logins(t.db, b.id, burst(ago(10 * DAY), 3)); // 3 within 3 minutes
    await logins(t.db, c.id, burst(ago(31 * DAY), 4)); // outside the 30 days

    const fl = await rule('failed_logins');
    const proposed = {
      code: 'failed_logins',
      params: { count: 4, windowMinutes: 10 },
      severity: 'high',
      enabled: true,
    };
    expect((await post('/api/compliance/fraud/rules/backtest', proposed, manager)).statusCode).toBe(403);
    const started = await post('/api/compliance/fraud/rules/backtest', proposed);
    expect(started.statusCode).toBe(200);
    const runId = started.json().runId as number;
    await t.app.fraudRuns.execute(runId);
    const done = (await get(`/api/compliance/fraud/runs/detail?id=${runId}`)).json();
    expect(done.run.status).toBe('done');
    const result = done.run.result;
    const mine = (s: { customerId: number }[]) => s.filter((x) => [a.id, b.id, c.id].includes(x.customerId));
    // The setting in force (count 1000 from the boundary test, or 5) raises none of these; the proposed one raises a's.
    expect(mine(result.current.sample)).toEqual([]);
    expect(mine(result.proposed.sample)).toEqual([{ customerId: a.id, userName: a.userName, alerts: 1 }]);
    expect(done.log.map((l: { message: string }) => l.message)).toEqual([
      'started',
      'backtestCurrent',
      'backtestProposed',
      'done',
    ]);

    // Saved: the rescan it starts raises what the backtest counted.
    const saved = await post('/api/compliance/fraud/rules/update', {
      ...proposed,
      version: fl.version,
      reason: 'Backtested: one more customer',
    });
    expect(saved.statusCode).toBe(200);
    await t.app.fraudRuns.execute(saved.json().rescanRunId);
    const raised = await alertsOf(t.db, [a.id, b.id, c.id], 'failed_logins');
    expect(raised.map((r) => r.customer_id)).toEqual([a.id]);
    expect(raised[0]).toMatchObject({ rule_version: saved.json().rule.current_version, severity: 'high' });
    // All of them, not only this test's customers: the run raised as many as the backtest counted.
    const all = await t.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM fraud_alerts WHERE rule_code = 'failed_logins'
          AND event_at >= ${result.from}::timestamptz AND event_at <= ${result.to}::timestamptz`,
    );
    expect(all.rows[0]!.n).toBe(result.proposed.alerts);
  });

  it('backtests over the period chosen, 7 to 90 days', async () => {
    const a = await newCustomer(t.db, 'rules_bp_a');
    const b = await newCustomer(t.db, 'rules_bp_b');
    const burst = (at: Date) =>
      Array.from({ length: 3 }, (_, i) => ({ at: new Date(at.getTime() + i * 60_000) }));
    await logins(t.db, a.id, burst(ago(3 * DAY)));
    await logins(t.db, b.id, burst(ago(45 * DAY)));
    const proposed = {
      code: 'failed_logins',
      params: { count: 3, windowMinutes: 10 },
      severity: 'high',
      enabled: true,
    };
    const over = async (days?: number) => {
      const started = await post('/api/compliance/fraud/rules/backtest', {
        ...proposed,
        ...(days ? { days } : {}),
      });
      expect(started.statusCode, started.body).toBe(200);
      const runId = started.json().runId as number;
      await t.app.fraudRuns.execute(runId);
      const { run } = (await get(`/api/compliance/fraud/runs/detail?id=${runId}`)).json();
      const spanDays = Math.round((Date.parse(run.result.to) - Date.parse(run.result.from)) / DAY);
      const who = run.result.proposed.sample
        .map((x: { customerId: number }) => x.customerId)
        .filter((id: number) => id === a.id || id === b.id);
      return { spanDays, who };
    };
    expect(await over()).toEqual({ spanDays: 30, who: [a.id] });
    expect(await over(7)).toEqual({ spanDays: 7, who: [a.id] });
    expect((await over(60)).who.sort()).toEqual([a.id, b.id].sort());
    for (const days of [6, 91, 30.5, -30, '30'])
      expect((await post('/api/compliance/fraud/rules/backtest', { ...proposed, days })).statusCode).toBe(
        400,
      );
  });

  it('refuses a backtest of thresholds out of range and a broken versions query', async () => {
    const bad = await post('/api/compliance/fraud/rules/backtest', {
      code: 'p2p_amount',
      params: { minAmount: '0' },
      severity: 'medium',
      enabled: true,
    });
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'VALIDATION_FAILED']);
    for (const url of [
      '/api/compliance/fraud/rules/versions?code=nope',
      '/api/compliance/fraud/rules/versions?code=p2p_amount&cursor=zzz',
      '/api/compliance/fraud/rules/versions?code=p2p_amount&limit=100000',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
    }
  });
});
