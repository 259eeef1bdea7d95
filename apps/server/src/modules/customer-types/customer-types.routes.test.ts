import { CRM_MESSAGES } from '@backdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/harness.ts';
import { sessionHeaders } from '../../../test/roles.ts';

let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp();
  headers = await sessionHeaders(t, 'admin');
});
afterAll(() => t.close());

const tiers = async () => (await t.app.inject({ url: '/api/customer-types', headers })).json().items;
const post = (url: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url, payload: payload as never, headers });

describe('customer types', () => {
  it('counts customers per tier, untiered ones as bronze', async () => {
    const items = await tiers();
    expect(items.map((x: { code: string }) => x.code)).toEqual(['bronze', 'silver', 'gold', 'platinum']);
    expect(items.reduce((n: number, x: { customers: number }) => n + x.customers, 0)).toBe(1000);
  });

  it('edits a tier with version protection', async () => {
    const gold = (await tiers()).find((x: { code: string }) => x.code === 'gold');
    const body = {
      code: 'gold',
      name: 'Gold+',
      description: 'Better',
      required_kyc_level: 2,
      commission_discount: '12.5',
      version: gold.version,
    };
    const res = await post('/api/customer-types/update', body);
    expect(res.json().item).toMatchObject({ name: 'Gold+', commission_discount: '12.50' });
    expect((await post('/api/customer-types/update', body)).json().message).toBe(CRM_MESSAGES.staleEdit);
  });

  it('moves one customer, then a filtered set', async () => {
    expect((await post('/api/customer-types/move', { to: 'platinum', customerId: 3 })).json().moved).toBe(1);
    const moved = (
      await post('/api/customer-types/move', { to: 'silver', filters: { status: 'suspended' } })
    ).json().moved;
    const left = await t.app.inject({ url: '/api/customers/get-users?status=suspended&limit=200', headers });
    expect(left.json().users.every((u: { customer_type: string }) => u.customer_type === 'silver')).toBe(
      true,
    );
    expect(moved).toBeGreaterThan(0);
  });
});
