import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/harness.ts';

const t = useTestApp();
const headers = t.session('manager');
const admin = t.session('admin');

const history = async (entity: string, entityId: string | number) => {
  const res = await t.app.inject({
    url: `/api/audit/history?entity=${entity}&entityId=${entityId}`,
    headers,
  });
  expect(res.statusCode).toBe(200);
  return res.json().items;
};

describe('GET /api/audit/history', () => {
  it("lists a customer's trail newest first: its own changes and its restrictions, one row each", async () => {
    const inserted = await t.db.execute<{ id: number }>(
      sql`INSERT INTO customers (user_name, alias_name) VALUES ('audited_1', 'Ece') RETURNING id`,
    );
    const customerId = Number(inserted.rows[0]!.id);
    const manager = await t.db.execute<{ id: number; display_name: string }>(
      sql`SELECT id, display_name FROM staff_members WHERE user_name = 'manager'`,
    );
    const member = {
      id: manager.rows[0]!.id,
      user_name: 'manager',
      display_name: manager.rows[0]!.display_name,
    };

    const update = await t.app.inject({
      method: 'POST',
      url: '/api/customers/update',
      payload: { user_name: 'audited_1', alias_name: 'Eda' },
      headers,
    });
    expect(update.statusCode).toBe(200);
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/customers/restrictions/add',
      payload: { customerId, kind: 'trade', reason: 'Unusual trading' },
      headers,
    });
    const restrictionId = added.json().restriction.id;

    const items = await history('customer', customerId);
    expect(items).toEqual([
      {
        id: expect.any(Number),
        at: expect.stringMatching(/Z$/),
        entity: 'customer_restriction',
        entity_id: String(restrictionId),
        action: 'add',
        member,
        request_id: expect.any(String),
        before: null,
        after: expect.objectContaining({ kind: 'trade', reason: 'Unusual trading' }),
      },
      {
        id: expect.any(Number),
        at: expect.stringMatching(/Z$/),
        entity: 'customer',
        entity_id: String(customerId),
        action: 'update',
        member,
        request_id: expect.any(String),
        before: { alias_name: 'Ece' },
        after: { alias_name: 'Eda' },
      },
    ]);
    expect(items[0].request_id).not.toBe(items[1].request_id);
    expect(await history('customer_restriction', restrictionId)).toEqual([items[0]]);
  });

  it('answers an empty trail for a record nobody changed, and refuses an unknown entity', async () => {
    expect(await history('customer_type', 'gold')).toEqual([]);
    const res = await t.app.inject({ url: '/api/audit/history?entity=planet&entityId=1', headers });
    expect([res.statusCode, res.json().code]).toEqual([400, 'VALIDATION_FAILED']);
  });
});

describe('members in a history', () => {
  it('reads a member id of an audited field back as the member, in the record trail and the audit log', async () => {
    const manager = await t.db.execute<{ id: number; display_name: string }>(
      sql`SELECT id, display_name FROM staff_members WHERE user_name = 'manager'`,
    );
    const { id, display_name } = manager.rows[0]!;
    // As a case's change writes it: the owner's id; an id nobody has stays as written.
    await t.db.execute(sql`INSERT INTO audit_log (member_id, action, entity, entity_id, before, after)
      VALUES (${id}, 'update', 'fraud_case', 'named-1', ${JSON.stringify({ owner: null, status: 'open' })}::jsonb,
              ${JSON.stringify({ owner: id, status: 'open', alert_ids: [2067] })}::jsonb),
             (${id}, 'update', 'fraud_case', 'named-1', ${JSON.stringify({ owner: 999_999 })}::jsonb, NULL)`);
    const [gone, named] = await history('fraud_case', 'named-1');
    expect(named.before).toEqual({ owner: null, status: 'open' });
    expect(named.after).toEqual({ owner: { id, display_name }, status: 'open', alert_ids: [2067] });
    expect(gone.before).toEqual({ owner: 999_999 });

    const log = await t.app.inject({ url: '/api/logs/audit?entity=fraud_case&limit=200', headers: admin });
    expect(log.statusCode).toBe(200);
    const row = log
      .json()
      .items.find((r: { entity_id: string; after: unknown }) => r.entity_id === 'named-1' && r.after);
    expect(row.after.owner).toEqual({ id, display_name });
  });
});
