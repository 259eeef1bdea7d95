import { customerKycStatus, isActiveCustomer } from '@backdesk/contract/rules';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/harness.ts';

const t = useTestApp();
const headers = t.session('manager');

describe('CRM overview and KYC view', () => {
  it('counts by status, KYC status and type from the database, with the customer rules', async () => {
    const stored = await t.db.execute<{
      token_hash: string | null;
      status: string | null;
      user_ky: string | null;
    }>(sql`SELECT token_hash, status, user_ky FROM customers`);
    const o = (await t.app.inject({ url: '/api/crm/overview', headers })).json();
    expect(o.total).toBe(stored.rows.length);
    expect(o.active).toBe(stored.rows.filter(isActiveCustomer).length);
    for (const group of [o.byStatus, o.byKycStatus, o.byKycType]) {
      expect(group.reduce((n: number, g: { count: number }) => n + g.count, 0)).toBe(stored.rows.length);
    }
    const defaulted = stored.rows.filter((r) => customerKycStatus(r.user_ky) === 'kyc').length;
    expect(o.byKycStatus.find((g: { value: string }) => g.value === 'kyc')?.count).toBe(defaulted);
  });

  it('lists KYC state, type, level and last decision with filters', async () => {
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

  it('shows a customer without KYC status or type as "kyc" and Individual', async () => {
    await t.db.execute(sql`INSERT INTO customers (user_name, kyc_type) VALUES ('kyc_defaults', 'kyc')`);
    const page = (await t.app.inject({ url: '/api/customers/kyc?search=kyc_defaults', headers })).json();
    expect(page.items).toEqual([
      expect.objectContaining({ user_name: 'kyc_defaults', kyc_status: 'kyc', kyc_type_label: 'Individual' }),
    ]);
  });
});
