import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
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

describe('a move of many customers is a bulk action', () => {
  const superUser = t.session('super');
  const newCustomers = async (n: number) => {
    const ids: number[] = [];
    for (let i = 0; i < n; i++) {
      const { rows } = await t.db.execute<{ id: number }>(
        sql`INSERT INTO customers (user_name) VALUES (${`tb_${randomUUID().slice(0, 8)}`}) RETURNING id`,
      );
      ids.push(Number(rows[0]!.id));
    }
    return ids;
  };
  const tiersOf = async (ids: number[]) =>
    (
      await t.db.execute<{ tier: string }>(
        sql`SELECT coalesce(customer_type, 'bronze') AS tier FROM customers
            WHERE id = ANY(${`{${ids.join(',')}}`}::bigint[]) ORDER BY id`,
      )
    ).rows.map((r) => r.tier);
  const events = async (ids: number[]) =>
    (
      await t.db.execute<{ customer_id: number; changes: unknown; actor: string }>(
        sql`SELECT customer_id, payload->'changes' AS changes, payload->'actor'->>'name' AS actor
            FROM outbox_events WHERE type = 'customer.type_changed'
              AND customer_id = ANY(${`{${ids.join(',')}}`}::int[]) ORDER BY customer_id`,
      )
    ).rows;

  beforeAll(async () => {
    const current = (await t.app.inject({ url: '/api/settings/bulk', headers })).json();
    await post('/api/settings/bulk', { threshold: 2, version: current.version });
  });

  it('at or below the threshold moves at once, each moved customer an event for the exchange', async () => {
    const ids = await newCustomers(2);
    const dry = await post('/api/customer-types/move', { to: 'gold', customerIds: ids, dry_run: true });
    expect(dry.json()).toMatchObject({ count: 2, needs_approval: false, applied: false, moved: 0 });
    expect(await tiersOf(ids)).toEqual(['bronze', 'bronze']);
    const moved = await post('/api/customer-types/move', { to: 'gold', customerIds: ids, expected: 2 });
    expect(moved.json()).toEqual({
      success: true,
      moved: 2,
      count: 2,
      applied: true,
      needs_approval: false,
      approval_id: null,
    });
    expect(await tiersOf(ids)).toEqual(['gold', 'gold']);
    const sent = await events(ids);
    expect(sent.map((e) => e.customer_id)).toEqual(ids);
    expect(sent[0]).toMatchObject({ changes: { customer_type: { before: 'bronze', after: 'gold' } } });
  });

  it('above it asks for the count and a reason, waits for a second member, then moves the frozen set', async () => {
    const ids = await newCustomers(3);
    const body = { to: 'platinum', customerIds: ids };
    const dry = await post('/api/customer-types/move', { ...body, dry_run: true });
    expect(dry.json()).toMatchObject({ count: 3, needs_approval: true });
    const untyped = await post('/api/customer-types/move', { ...body, expected: 3 });
    expect([untyped.statusCode, untyped.json().code]).toEqual([400, 'BULK_COUNT_MISMATCH']);
    const noReason = await post('/api/customer-types/move', { ...body, expected: 3, typed_count: 3 });
    expect([noReason.statusCode, noReason.json().code]).toEqual([400, 'BULK_REASON_REQUIRED']);
    const changed = await post('/api/customer-types/move', {
      ...body,
      expected: 4,
      typed_count: 4,
      reason: 'Q4 review',
    });
    expect([changed.statusCode, changed.json().code]).toEqual([409, 'CUSTOMERS_MOVE_CHANGED']);

    const held = await post('/api/customer-types/move', {
      ...body,
      expected: 3,
      typed_count: 3,
      reason: 'Q4 review',
    });
    expect(held.json()).toMatchObject({ moved: 0, count: 3, applied: false, needs_approval: true });
    const approvalId = held.json().approval_id as number;
    expect(await tiersOf(ids)).toEqual(['bronze', 'bronze', 'bronze']);
    expect(await events(ids)).toEqual([]);

    // Meanwhile one of them is moved on its own: the approval skips it.
    await post('/api/customer-types/move', { to: 'platinum', customerId: ids[0] });
    const request = (
      await t.app.inject({ url: '/api/approvals?kind=customer_types_move', headers: superUser })
    )
      .json()
      .items.find((r: { id: number }) => r.id === approvalId);
    expect(request).toMatchObject({ status: 'pending', payload: { count: 3, ids } });
    const decide = (who: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/approvals/approve',
        payload: { id: approvalId, version: request.version },
        headers: { ...who, 'idempotency-key': randomUUID() },
      });
    expect((await decide(headers)).json().code).toBe('APPROVAL_OWN_REQUEST');
    const approved = await decide(superUser);
    expect(approved.json()).toMatchObject({
      status: 'approved',
      payload: { applied_count: 2, skipped_ids: [ids[0]] },
    });
    expect(await tiersOf(ids)).toEqual(['platinum', 'platinum', 'platinum']);
    const sent = await events(ids);
    expect(sent.map((e) => e.customer_id)).toEqual(ids);
    const superName = (
      await t.db.execute<{ name: string }>(
        sql`SELECT display_name AS name FROM staff_members WHERE user_name = 'super'`,
      )
    ).rows[0]!.name;
    expect(sent.slice(1).map((e) => e.actor)).toEqual([superName, superName]);
    const trail = await t.db.execute<{ after: unknown; who: string }>(
      sql`SELECT l.after, m.user_name AS who FROM audit_log l JOIN staff_members m ON m.id = l.member_id
          WHERE l.entity = 'customer_type' AND l.entity_id = 'platinum' AND l.action = 'move_matching'`,
    );
    expect(trail.rows).toEqual([{ after: { customer_ids: ids, count: 2 }, who: 'super' }]);
  });

  it('refuses a wrong tier before counting, and bad bulk fields as any bad input', async () => {
    const ids = await newCustomers(1);
    const missing = await post('/api/customer-types/move', { to: 'nope', customerIds: ids, dry_run: true });
    expect([missing.statusCode, missing.json().code]).toEqual([404, 'CUSTOMER_TYPE_NOT_FOUND']);
    for (const bad of [
      { expected: -1 },
      { expected: 1e9 },
      { typed_count: 'x' },
      { reason: 'bad\u0000text' },
    ])
      expect(
        (await post('/api/customer-types/move', { to: 'gold', customerIds: ids, ...bad })).statusCode,
      ).toBe(400);
  });
});
