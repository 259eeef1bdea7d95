import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/harness.ts';

const t = useTestApp();
const headers = t.session('manager');

const list = async (query: string) =>
  (await t.app.inject({ url: `/api/customers/restrictions?limit=200&${query}`, headers })).json();
const post = (url: string, payload: unknown, extra: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as never, headers: { ...headers, ...extra } });

/** A customer of this test alone, so no other test's restrictions or audit rows mix in. */
async function newCustomer(userName: string): Promise<number> {
  const result = await t.db.execute<{ id: number }>(
    sql`INSERT INTO customers (user_name) VALUES (${userName}) RETURNING id`,
  );
  return Number(result.rows[0]!.id);
}

describe('customer restrictions', () => {
  it('derives each state from the dates and the lift', async () => {
    for (const state of ['active', 'expired', 'lifted'] as const) {
      const page = await list(`state=${state}`);
      expect(page.items.length, state).toBeGreaterThan(0);
      expect(page.items.every((r: { state: string }) => r.state === state)).toBe(true);
    }
  });

  it('adds once per key, lifts with a reason, refuses a stale or second lift, one audit row each', async () => {
    const customerId = await newCustomer('restricted_1');
    const add = (key: string) =>
      post(
        '/api/customers/restrictions/add',
        { customerId, kind: 'withdrawal', reason: 'Manual review of withdrawals' },
        { 'idempotency-key': key },
      );
    const first = await add('restriction-key-1');
    expect(first.statusCode).toBe(200);
    expect((await add('restriction-key-1')).json()).toEqual(first.json());
    const r = first.json().restriction;
    expect(r).toMatchObject({
      customer_id: customerId,
      kind: 'withdrawal',
      state: 'active',
      created_by: expect.any(String),
    });

    const lift = (version: number) =>
      post('/api/customers/restrictions/lift', { id: r.id, reason: 'Documents received', version });
    const lifted = await lift(r.version);
    expect(lifted.json().restriction).toMatchObject({ state: 'lifted', lift_reason: 'Documents received' });
    const stale = await lift(r.version);
    expect([stale.statusCode, stale.json().code]).toEqual([409, 'STALE_EDIT']);
    const again = await lift(r.version + 1);
    expect([again.statusCode, again.json().code]).toEqual([409, 'RESTRICTION_ALREADY_LIFTED']);

    // One row per member action, on the restriction, naming the customer: none on the customer itself.
    const audit = await t.db.execute<{
      entity: string;
      entity_id: string;
      action: string;
      before: unknown;
      after: unknown;
    }>(
      sql`SELECT entity, entity_id, action, before, after FROM audit_log WHERE customer_id = ${customerId}
          OR (entity = 'customer' AND entity_id = ${String(customerId)}) ORDER BY id`,
    );
    expect(audit.rows).toEqual([
      {
        entity: 'customer_restriction',
        entity_id: String(r.id),
        action: 'add',
        before: null,
        after: expect.objectContaining({ kind: 'withdrawal', reason: 'Manual review of withdrawals' }),
      },
      {
        entity: 'customer_restriction',
        entity_id: String(r.id),
        action: 'lift',
        before: { state: 'active', lifted_at: null, lift_reason: null },
        after: { state: 'lifted', lifted_at: expect.any(String), lift_reason: 'Documents received' },
      },
    ]);
    expect((await list(`customerId=${customerId}`)).items.map((x: { id: number }) => x.id)).toEqual([r.id]);
  });

  it('refuses an unknown customer or restriction', async () => {
    const next = await t.db.execute<{ id: number }>(
      sql`SELECT coalesce(max(id), 0) + 1 AS id FROM customers`,
    );
    const unknown = Number(next.rows[0]!.id);
    const add = await post('/api/customers/restrictions/add', {
      customerId: unknown,
      kind: 'login',
      reason: 'No such customer',
    });
    expect([add.statusCode, add.json().code]).toEqual([404, 'CUSTOMER_NOT_FOUND']);
    const nextRestriction = await t.db.execute<{ id: number }>(
      sql`SELECT coalesce(max(id), 0) + 1 AS id FROM customer_restrictions`,
    );
    const lift = await post('/api/customers/restrictions/lift', {
      id: Number(nextRestriction.rows[0]!.id),
      reason: 'Nothing',
      version: 1,
    });
    expect([lift.statusCode, lift.json().code]).toEqual([404, 'RESTRICTION_NOT_FOUND']);
  });
});
