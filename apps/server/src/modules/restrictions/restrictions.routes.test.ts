import { CRM_MESSAGES } from '@backdesk/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/harness.ts';
import { sessionHeaders } from '../../../test/roles.ts';

let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp();
  headers = await sessionHeaders(t, 'manager');
});
afterAll(() => t.close());

const list = async (query: string) =>
  (await t.app.inject({ url: `/api/customers/restrictions?limit=200&${query}`, headers })).json();

describe('customer restrictions', () => {
  it('derives each state from the dates and the lift', async () => {
    for (const state of ['active', 'expired', 'lifted'] as const) {
      const page = await list(`state=${state}`);
      expect(page.items.length, state).toBeGreaterThan(0);
      expect(page.items.every((r: { state: string }) => r.state === state)).toBe(true);
    }
  });

  it('adds once per key, lifts with a reason, refuses a stale or second lift, audits all', async () => {
    const add = (key: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/customers/restrictions/add',
        payload: { customerId: 7, kind: 'withdrawal', reason: 'Manual review of withdrawals' },
        headers: { ...headers, 'idempotency-key': key },
      });
    const first = await add('restriction-key-1');
    expect(first.statusCode).toBe(200);
    expect((await add('restriction-key-1')).json()).toEqual(first.json());
    const r = first.json().restriction;
    expect(r).toMatchObject({
      customer_id: 7,
      kind: 'withdrawal',
      state: 'active',
      created_by: expect.any(String),
    });

    const lift = (version: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/customers/restrictions/lift',
        payload: { id: r.id, reason: 'Documents received', version },
        headers,
      });
    const lifted = await lift(r.version);
    expect(lifted.json().restriction).toMatchObject({ state: 'lifted', lift_reason: 'Documents received' });
    expect((await lift(r.version)).json().message).toBe(CRM_MESSAGES.staleEdit);
    expect((await lift(r.version + 1)).json().message).toBe(CRM_MESSAGES.restrictionAlreadyLifted);

    const audit = await t.db.execute<{ action: string }>(
      sql`SELECT action FROM audit_log WHERE entity = 'customer_restriction' AND entity_id = ${String(r.id)} ORDER BY id`,
    );
    expect(audit.rows.map((a) => a.action)).toEqual(['restriction.add', 'restriction.lift']);
    expect((await list('customerId=7')).items.some((x: { id: number }) => x.id === r.id)).toBe(true);
  });
});
