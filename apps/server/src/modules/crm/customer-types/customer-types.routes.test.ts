import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/harness.ts';

const t = useTestApp();
const headers = t.session('admin');

type Tier = { code: string; name: string; version: number; customers: number };
const tiers = async (): Promise<Tier[]> =>
  (await t.app.inject({ url: '/api/customer-types', headers })).json().items;
const post = (url: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url, payload: payload as never, headers });

const auditRows = async (entity: string, entityId: string) =>
  (
    await t.db.execute<{ action: string; before: unknown; after: unknown }>(
      sql`SELECT action, before, after FROM audit_log WHERE entity = ${entity} AND entity_id = ${entityId} ORDER BY id`,
    )
  ).rows;

const count = async (where: ReturnType<typeof sql>) =>
  (await t.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM customers WHERE ${where}`)).rows[0]!
    .n;

describe('customer types', () => {
  it('counts customers per tier, untiered ones as bronze', async () => {
    const items = await tiers();
    expect(items.map((x) => x.code)).toEqual(['bronze', 'silver', 'gold', 'platinum']);
    expect(items.reduce((n, x) => n + x.customers, 0)).toBe(await count(sql`true`));
    expect(items[0]!.customers).toBe(await count(sql`customer_type IS NULL OR customer_type = 'bronze'`));
  });

  it('edits a tier with version protection, auditing only what changed', async () => {
    const gold = (await tiers()).find((x) => x.code === 'gold')!;
    const body = {
      code: 'gold',
      name: 'Gold+',
      description: 'Better',
      required_kyc_level: 2,
      commission_discount: '12.5',
      version: gold.version,
    };
    const res = await post('/api/customer-types/update', body);
    expect(res.json().item).toMatchObject({
      name: 'Gold+',
      commission_discount: '12.50',
      version: gold.version + 1,
    });
    const stale = await post('/api/customer-types/update', body);
    expect([stale.statusCode, stale.json().code]).toEqual([409, 'STALE_EDIT']);

    // The same values again ("12.50" is "12.5"): nothing written, the version kept.
    const same = await post('/api/customer-types/update', {
      ...body,
      commission_discount: '12.50',
      version: gold.version + 1,
    });
    expect(same.json().item.version).toBe(gold.version + 1);
    const audit = await auditRows('customer_type', 'gold');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'update', after: { name: 'Gold+', description: 'Better' } });
    expect(Object.keys(audit[0]!.after as object)).not.toContain('version');
  });

  it('refuses an unknown tier', async () => {
    const edit = await post('/api/customer-types/update', {
      code: 'diamond',
      name: 'Diamond',
      description: '',
      required_kyc_level: 3,
      commission_discount: '50',
      version: 1,
    });
    expect([edit.statusCode, edit.json().code]).toEqual([404, 'CUSTOMER_TYPE_NOT_FOUND']);
    const move = await post('/api/customer-types/move', { to: 'diamond', filters: {} });
    expect([move.statusCode, move.json().code]).toEqual([404, 'CUSTOMER_TYPE_NOT_FOUND']);
  });

  it('moves one customer with one audit row, and writes nothing when it is already there', async () => {
    const inserted = await t.db.execute<{ id: number }>(
      sql`INSERT INTO customers (user_name) VALUES ('tier_mover') RETURNING id`,
    );
    const customerId = Number(inserted.rows[0]!.id);
    expect((await post('/api/customer-types/move', { to: 'platinum', customerId })).json().moved).toBe(1);
    expect((await post('/api/customer-types/move', { to: 'platinum', customerId })).json().moved).toBe(0);
    expect(await auditRows('customer', String(customerId))).toEqual([
      { action: 'move_tier', before: { customer_type: 'bronze' }, after: { customer_type: 'platinum' } },
    ]);
    const missing = await post('/api/customer-types/move', {
      to: 'gold',
      customerId: customerId + 1_000_000,
    });
    expect([missing.statusCode, missing.json().code]).toEqual([404, 'CUSTOMER_NOT_FOUND']);
  });

  it('moves every filtered customer as one decision: one audit row on the tier', async () => {
    const expected = await count(sql`status = 'suspended' AND coalesce(customer_type, 'bronze') <> 'silver'`);
    expect(expected).toBeGreaterThan(0);
    const res = await post('/api/customer-types/move', { to: 'silver', filters: { status: 'suspended' } });
    expect(res.json().moved).toBe(expected);
    const left = await t.app.inject({ url: '/api/customers/get-users?status=suspended&limit=200', headers });
    expect(left.json().users.every((u: { customer_type: string }) => u.customer_type === 'silver')).toBe(
      true,
    );
    expect(await auditRows('customer_type', 'silver')).toEqual([
      { action: 'move_matching', before: null, after: { filters: { status: 'suspended' }, count: expected } },
    ]);
    // Nobody left to move: nothing written.
    expect(
      (await post('/api/customer-types/move', { to: 'silver', filters: { status: 'suspended' } })).json()
        .moved,
    ).toBe(0);
    expect(await auditRows('customer_type', 'silver')).toHaveLength(1);
  });
});
