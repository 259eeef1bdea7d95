import { randomUUID } from 'node:crypto';
import { reportsApi } from '@backdesk/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.ts';

const t = useTestApp();
const manager = t.session('manager');
const admin = t.session('admin');

const REPORTS = [
  reportsApi.reportCompliance,
  reportsApi.reportDepositCsc,
  reportsApi.reportCustomers,
  reportsApi.reportFinancial,
  reportsApi.reportFraudSecurity,
  reportsApi.reportP2p,
  reportsApi.reportTransactions,
  reportsApi.reportTravelRule,
];
const RANGE = { from: '2026-03-01', to: '2026-03-31', tz: 'Europe/Istanbul', groupBy: 'week' };
const qs = (q: Record<string, string>) => new URLSearchParams(q).toString();
const get = (path: string, q: Record<string, string>, headers: Record<string, string> = manager) =>
  t.app.inject({ url: `${path}?${qs(q)}`, headers });

describe('report endpoints', () => {
  it('answer every staff role and refuse anonymous callers', async () => {
    for (const e of [...REPORTS, reportsApi.getDepositReportsConfig]) {
      expect((await t.app.inject({ url: `${e.path}?${qs(RANGE)}` })).statusCode, e.path).toBe(401);
      const res = await get(e.path, RANGE);
      expect(res.statusCode, `${e.path}: ${res.body}`).toBe(200);
    }
  });

  it('refuse a bad range, grouping or zone with their own codes', async () => {
    const path = reportsApi.reportTransactions.path;
    const code = async (q: Record<string, string>) => (await get(path, { ...RANGE, ...q })).json().code;
    expect(await code({ from: '2026-04-01', to: '2026-03-01' })).toBe('REPORT_RANGE_REVERSED');
    expect(await code({ from: '2020-01-01', to: '2026-03-01' })).toBe('REPORT_RANGE_TOO_LONG');
    expect(await code({ groupBy: 'fortnight' })).toBe('REPORT_UNKNOWN_GROUPING');
    expect(await code({ tz: 'Mars/Olympus' })).toBe('REPORT_UNKNOWN_TIME_ZONE');
    expect(await code({ from: '2026-02-30' })).toBe('VALIDATION_FAILED');
  });

  it('returns exact decimal strings, the previous period and deposit facts from the demo data', async () => {
    const body = (await get(reportsApi.reportDepositCsc.path, { ...RANGE, groupBy: 'day' })).json();
    expect(body.periods).toHaveLength(31);
    expect(body.range).toMatchObject({ previousFrom: '2026-01-29', previousTo: '2026-02-28' });
    for (const b of body.breakdowns)
      for (const row of b.rows) for (const v of Object.values(row.values)) expect(typeof v).toBe('string');
    const config = (await get(reportsApi.getDepositReportsConfig.path, {})).json();
    expect(config.channels).toEqual(['bank_transfer', 'instant_payment', 'on_chain']);
    expect(config.assets.length).toBeGreaterThan(0);
  });
});

describe('day boundaries in the display zone', () => {
  const insert = (at: string, amount: string) =>
    t.db.execute(sql`INSERT INTO wallet_transactions (customer_id, type, asset, network, amount, status, created_at)
      VALUES ((SELECT min(id) FROM customers), 'deposit', 'DSTX', 'TEST', ${amount}, 'completed', ${at})`);
  const days = async (tz: string, from: string, to: string) => {
    const res = await get(reportsApi.reportTransactions.path, {
      from,
      to,
      tz,
      groupBy: 'day',
      asset: 'DSTX',
    });
    expect(res.statusCode, res.body).toBe(200);
    return Object.fromEntries(
      res
        .json()
        .periods.map((p: { start: string; values: { deposits: string } }) => [p.start, p.values.deposits]),
    );
  };

  it('follows New York across the switch to summer time', async () => {
    // 8 March 2026: clocks go from 02:00 EST to 03:00 EDT, so that day lasts 23 hours.
    await insert('2026-03-08T04:30:00Z', '1'); // 23:30 EST on the 7th
    await insert('2026-03-08T05:30:00Z', '2'); // 00:30 EST on the 8th
    await insert('2026-03-09T03:30:00Z', '3'); // 23:30 EDT on the 8th
    await insert('2026-03-09T04:30:00Z', '4'); // 00:30 EDT on the 9th
    expect(await days('America/New_York', '2026-03-07', '2026-03-09')).toEqual({
      '2026-03-07': '1',
      '2026-03-08': '2',
      '2026-03-09': '1',
    });
    // The same rows seen from UTC fall on other days.
    expect(await days('UTC', '2026-03-08', '2026-03-09')).toEqual({ '2026-03-08': '2', '2026-03-09': '2' });
  });

  it('splits an hour where a zone at a quarter-hour offset starts its day', async () => {
    // Kathmandu is UTC+05:45: its 11 March starts at 18:15 UTC on the 10th.
    await insert('2026-03-10T18:10:00Z', '1.000000000000000001');
    await insert('2026-03-10T18:20:00Z', '2');
    const res = await get(reportsApi.reportTransactions.path, {
      from: '2026-03-10',
      to: '2026-03-11',
      tz: 'Asia/Kathmandu',
      groupBy: 'day',
      asset: 'DSTX',
    });
    const byAsset = res.json().breakdowns.find((b: { key: string }) => b.key === 'by_asset');
    expect(res.json().periods.map((p: { values: { deposits: string } }) => p.values.deposits)).toEqual([
      '1',
      '1',
    ]);
    expect(byAsset.rows[0].values.amount).toBe('3.000000000000000001');
  });
});

describe('report rates', () => {
  const set = (body: Record<string, unknown>, headers = admin) =>
    t.app.inject({
      method: 'POST',
      url: reportsApi.setReportRate.path,
      payload: body,
      headers: { ...headers, 'idempotency-key': `rate-${randomUUID()}` },
    });

  it('adds and edits a dated rate with its audit row, refusing stale edits and managers', async () => {
    expect((await set({ asset: 'SOL', valid_from: '2026-01-01', rate: '150' }, manager)).statusCode).toBe(
      403,
    );
    const added = await set({ asset: 'SOL', valid_from: '2026-01-01', rate: '150.5' });
    expect(added.statusCode, added.body).toBe(200);
    const rate = added.json().rate;
    expect(rate).toMatchObject({ asset: 'SOL', valid_from: '2026-01-01', rate: '150.500000000000000000' });
    expect((await set({ asset: 'SOL', valid_from: '2026-01-01', rate: '1' })).json().code).toBe(
      'REPORT_RATE_EXISTS',
    );
    const edited = await set({ ...rate, rate: '151', id: rate.id, version: rate.version });
    expect(edited.json().rate.version).toBe(rate.version + 1);
    expect((await set({ ...rate, rate: '152', id: rate.id, version: rate.version })).json().code).toBe(
      'STALE_EDIT',
    );
    const audit = await t.db.execute<{ action: string }>(
      sql`SELECT action FROM audit_log WHERE entity = 'report_rate' AND entity_id = ${String(rate.id)} ORDER BY id`,
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['create', 'update']);
    const list = (await get(reportsApi.listReportRates.path, {})).json();
    expect(list.currency).toBe('USD');
    expect(list.items.some((r: { asset: string }) => r.asset === 'SOL')).toBe(true);
  });
});

describe('the display time zone, a member preference', () => {
  it('is kept on the server and refused when unknown', async () => {
    const post = (time_zone: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/settings/preferences',
        payload: { time_zone },
        headers: manager,
      });
    const kept = await post('Asia/Kolkata');
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().profile.time_zone).toBe('Asia/Kolkata');
    expect((await post('Mars/Olympus')).json().code).toBe('REPORT_UNKNOWN_TIME_ZONE');
    expect((await get('/api/settings/profile', {})).json().time_zone).toBe('Asia/Kolkata');
  });
});
