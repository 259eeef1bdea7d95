import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/harness.ts';

const t = useTestApp();
const admin = t.session('admin');

const post = (url: string, payload: object, key?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/transactions/commissions/${url}`,
    payload,
    headers: { ...admin, ...(key ? { 'idempotency-key': key } : {}) },
  });
const rules = async () =>
  (await t.app.inject({ url: '/api/transactions/commissions', headers: admin })).json().items;

describe('commissions', () => {
  it('lists the seeded schedule with wildcards', async () => {
    const items = await rules();
    expect(items.length).toBeGreaterThan(10);
    expect(
      items.some(
        (r: { asset: string | null; customer_type: string | null }) =>
          r.asset === null && r.customer_type === null,
      ),
    ).toBe(true);
  });

  it('creates once per key, edits with the current version only, deletes, all audited', async () => {
    const input = {
      operation: 'trade',
      asset: 'eth',
      customer_type: 'gold',
      kind: 'percent',
      value: '0.12',
      min_fee: '0.0001',
      max_fee: null,
    };
    const created = await post('create', input, 'commission-create-1');
    const retried = await post('create', input, 'commission-create-1');
    expect(retried.json()).toEqual(created.json());
    const { id, version } = created.json();
    expect((await rules()).filter((r: { id: number }) => r.id === id)).toHaveLength(1);
    expect((await rules()).find((r: { id: number }) => r.id === id)).toMatchObject({
      asset: 'ETH',
      value: '0.12',
    });

    const edited = await post('update', { ...input, id, version, value: '0.11' });
    expect(edited.json()).toMatchObject({ success: true, version: version + 1 });
    const stale = await post('update', { ...input, id, version, value: '0.5' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'STALE_EDIT' });
    expect((await rules()).find((r: { id: number }) => r.id === id).value).toBe('0.11');

    expect((await post('delete', { id, version })).statusCode).toBe(409);
    expect((await post('delete', { id, version: version + 1 })).statusCode).toBe(200);
    const audit = await t.db.execute<{ action: string; before: unknown; after: unknown }>(
      sql`SELECT action, before, after FROM audit_log WHERE entity = 'commission_rule' AND entity_id = ${String(id)} ORDER BY id`,
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['create', 'update', 'delete']);
    // The update's row holds only what changed.
    expect(audit.rows[1]).toMatchObject({ before: { value: '0.12' }, after: { value: '0.11' } });
    expect(Object.keys(audit.rows[1]!.after as object)).toEqual(['value']);
    expect((await post('update', { ...input, id, version: version + 1 })).json()).toMatchObject({
      code: 'COMMISSION_RULE_NOT_FOUND',
    });
  });

  it('saves an edit that changes nothing without an audit row or a new version', async () => {
    const rule = (await rules()).find((r: { asset: string | null }) => r.asset === 'TRY');
    const audited = async () =>
      (
        await t.db.execute<{ n: number }>(
          sql`SELECT count(*)::int AS n FROM audit_log WHERE entity = 'commission_rule' AND entity_id = ${String(rule.id)}`,
        )
      ).rows[0]!.n;
    const { id, version, updated_at: _, ...fields } = rule;
    // The same values, one amount written with a trailing zero: still no change.
    const res = await post('update', { ...fields, id, version, value: `${fields.value}0` });
    expect(res.json()).toMatchObject({ success: true, version });
    expect(await audited()).toBe(0);
    expect((await rules()).find((r: { id: number }) => r.id === id).version).toBe(version);
  });

  it('refuses an unknown customer type on the field, by code', async () => {
    const res = await post('create', {
      operation: 'trade',
      asset: null,
      customer_type: 'diamond',
      kind: 'percent',
      value: '0.1',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      issues: [{ path: 'customer_type', code: 'UNKNOWN_CUSTOMER_TYPE', params: { code: 'diamond' } }],
    });
  });

  it.each([
    [{ value: 'abc' }, 'value'],
    [{ value: '-0.1' }, 'value'],
    [{ value: '101' }, 'value'],
    [{ min_fee: '5', max_fee: '1' }, 'max_fee'],
    [{ kind: 'flat', asset: 'TRY', value: '1.005' }, 'value'],
  ])('refuses %o', async (change, path) => {
    const res = await post('create', {
      operation: 'trade',
      asset: null,
      customer_type: null,
      kind: 'percent',
      value: '0.1',
      ...change,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues[0].path).toBe(path);
  });

  it('previews the fee with the shared calculation: most specific rule, clamps, asset decimals', async () => {
    const preview = async (q: string) =>
      (await t.app.inject({ url: `/api/transactions/commissions/preview?${q}`, headers: admin })).json();
    // Seeded: trade TRY 0.25 % with min 1 and max 5000.
    expect((await preview('operation=trade&asset=TRY&amount=100')).fee).toBe('1');
    expect((await preview('operation=trade&asset=TRY&amount=1234.56')).fee).toBe('3.09');
    expect((await preview('operation=trade&asset=TRY&amount=99999999')).fee).toBe('5000');
    // Seeded: withdrawal BTC flat 0.0005, platinum 0.0002.
    expect((await preview('operation=withdrawal&asset=BTC&amount=2&customer_type=platinum')).fee).toBe(
      '0.0002',
    );
    expect((await preview('operation=withdrawal&asset=BTC&amount=2')).fee).toBe('0.0005');
  });

  it("takes the customer type's discount off the general schedule, not off a type's own rule", async () => {
    const preview = async (q: string) =>
      (await t.app.inject({ url: `/api/transactions/commissions/preview?${q}`, headers: admin })).json();
    // Seeded: gold 10 % discount; trade TRY 0.25 % (min 1, max 5000): 1234.56 → 3.0864 × 0.9.
    expect(await preview('operation=trade&asset=TRY&amount=1234.56&customer_type=gold')).toMatchObject({
      fee: '2.78',
      discount: '10.00',
    });
    expect(await preview('operation=trade&asset=TRY&amount=1234.56&customer_type=bronze')).toMatchObject({
      fee: '3.09',
      discount: null,
    });
    // platinum has its own BTC withdrawal rule: its price, not discounted again.
    expect(await preview('operation=withdrawal&asset=BTC&amount=2&customer_type=platinum')).toMatchObject({
      fee: '0.0002',
      discount: null,
    });
    const list = (await t.app.inject({ url: '/api/transactions/commissions', headers: admin })).json();
    expect(list.customer_types).toContainEqual({ code: 'gold', name: 'Gold', commission_discount: '10.00' });
  });
});
