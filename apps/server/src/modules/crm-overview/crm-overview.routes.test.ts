import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/harness.ts';
import { sessionHeaders } from '../../../test/roles.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('CRM overview and KYC view', () => {
  it('counts by status, KYC status and type from the database', async () => {
    const headers = await sessionHeaders(t, 'manager');
    const o = (await t.app.inject({ url: '/api/crm/overview', headers })).json();
    expect(o.total).toBe(1000);
    for (const group of [o.byStatus, o.byKycStatus, o.byKycType]) {
      expect(group.reduce((n: number, g: { count: number }) => n + g.count, 0)).toBe(1000);
    }
    expect(o.byKycStatus.map((g: { value: string }) => g.value)).toContain('kyc');
  });

  it('lists KYC state, type, level and last decision with filters', async () => {
    const headers = await sessionHeaders(t, 'manager');
    const page = (
      await t.app.inject({ url: '/api/customers/kyc?kyc_type=kyb&kyc_status=approved', headers })
    ).json();
    expect(page.items.length).toBeGreaterThan(0);
    for (const row of page.items)
      expect(row).toMatchObject({ kyc_type_label: 'Business', kyc_status: 'approved' });
    expect(page.items.some((r: { last_decision: string | null }) => r.last_decision === 'approved')).toBe(
      true,
    );
  });
});
