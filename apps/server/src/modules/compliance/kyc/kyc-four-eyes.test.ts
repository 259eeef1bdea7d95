import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/harness.ts';
import { manualClock } from '../../../lib/clock.ts';
import { isFraudFlagged } from './kyc-four-eyes.ts';

const clock = manualClock('2030-05-01T12:00:00Z');
const t = useTestApp({}, { clock });
const admin = t.session('admin');
const superMember = t.session('super');

let picked = 0;
/**
 * A customer at KYC level 0 whose tier needs none, for a level to be raised on: the next one in id
 * order each call (picks a test changed drop out of the set, the others stay before the offset), so
 * every run picks the same ones.
 */
async function freshCustomer(): Promise<number> {
  const { rows } = await t.db.execute<{ id: number }>(sql`
    SELECT c.id FROM customers c LEFT JOIN customer_types ct ON ct.code = c.customer_type
     WHERE c.kyc_level = 0 AND coalesce(ct.required_kyc_level, 0) = 0
       AND NOT EXISTS (SELECT 1 FROM fraud_alerts a WHERE a.customer_id = c.id)
       AND NOT EXISTS (SELECT 1 FROM approval_requests r WHERE r.entity_id = c.id::text)
     ORDER BY c.id LIMIT 1 OFFSET ${picked++}`);
  return Number(rows[0]!.id);
}

let window = 0;
async function alert(customerId: number, status: string, closedAt?: Date) {
  const outcome = status === 'closed' ? 'confirmed' : null;
  await t.db.execute(sql`
    INSERT INTO fraud_alerts (customer_id, rule_code, rule_version, severity, status, outcome, window_key,
      window_start, window_end, params, event_at, raised_at, closed_at, closed_by, closing_note)
    VALUES (${customerId}, 'withdrawal_velocity', 1, 'high', ${status}, ${outcome}, ${`kyc-${++window}`},
      '2030-01-01', '2030-01-01', '{}', '2030-01-01', '2030-01-01', ${closedAt ?? null},
      ${closedAt ? 1 : null}, ${closedAt ? 'confirmed' : null})`);
}

const kycOf = async (customerId: number) =>
  (
    await t.app.inject({ url: `/api/compliance/kyc/customer?customer_id=${customerId}`, headers: admin })
  ).json();
const setLevel = (headers: Record<string, string>, body: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/compliance/kyc/level',
    headers: { ...headers, 'idempotency-key': crypto.randomUUID() },
    payload: body,
  });

describe('KYC four-eyes for fraud-flagged customers', () => {
  it('raises an unflagged customer’s level at once', async () => {
    const id = await freshCustomer();
    const kyc = await kycOf(id);
    const res = await setLevel(admin, { customer_id: id, level: 1, version: kyc.customer.version });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().approval).toBeUndefined();
    expect(res.json().kyc.customer.kyc_level).toBe(1);
  });

  it('needs a second member to raise the level of a customer with an open alert', async () => {
    const id = await freshCustomer();
    await alert(id, 'investigating');
    const { version } = (await kycOf(id)).customer;
    const first = await setLevel(admin, { customer_id: id, level: 2, version, comment: 'Documents fine' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().approval).toMatchObject({ approvals: 1, required: 2 });
    expect(first.json().kyc.customer.kyc_level).toBe(0);
    // Unchanged record: the same version still applies.
    expect(first.json().kyc.customer.version).toBe(version);

    const again = await setLevel(admin, { customer_id: id, level: 2, version });
    expect([again.statusCode, again.json().code]).toEqual([409, 'KYC_SECOND_APPROVAL_SAME_MEMBER']);
    const other = await setLevel(superMember, { customer_id: id, level: 1, version });
    expect([other.statusCode, other.json().code]).toEqual([409, 'KYC_SECOND_APPROVAL_DIFFERS']);

    const second = await setLevel(superMember, { customer_id: id, level: 2, version });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().approval).toBeUndefined();
    expect(second.json().kyc.customer.kyc_level).toBe(2);
    const { rows } = await t.db.execute<{ status: string; decided_by: number; requested_by: number }>(sql`
      SELECT status, decided_by, requested_by FROM approval_requests
       WHERE kind = 'kyc_level_approval' AND entity_id = ${String(id)}`);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.status).toBe('approved');
    expect(rows[0]!.decided_by).not.toBe(rows[0]!.requested_by);
  });

  it('lowers a flagged customer’s level with one member', async () => {
    const id = await freshCustomer();
    const { version } = (await kycOf(id)).customer;
    expect((await setLevel(admin, { customer_id: id, level: 2, version })).statusCode).toBe(200);
    await alert(id, 'open');
    const down = await setLevel(admin, { customer_id: id, level: 1, version: version + 1 });
    expect(down.statusCode, down.body).toBe(200);
    expect(down.json().kyc.customer.kyc_level).toBe(1);
  });

  it('counts a confirmed alert for 90 days after it was closed, and a false positive not at all', async () => {
    const id = await freshCustomer();
    const now = clock.now().getTime();
    const day = 86_400_000;
    expect(await isFraudFlagged(t.db, id, clock.now())).toBe(false);
    await alert(id, 'closed', new Date(now - 90 * day));
    expect(await isFraudFlagged(t.db, id, clock.now())).toBe(false);
    expect(await isFraudFlagged(t.db, id, new Date(now - 1))).toBe(true);
    const other = await freshCustomer();
    await alert(other, 'closed', new Date(now - 89 * day));
    expect(await isFraudFlagged(t.db, other, clock.now())).toBe(true);
    expect(await isFraudFlagged(t.db, other, new Date(now + 2 * day))).toBe(false);
    await t.db.execute(sql`UPDATE fraud_alerts SET outcome = 'false_positive' WHERE customer_id = ${other}`);
    expect(await isFraudFlagged(t.db, other, clock.now())).toBe(false);
  });
});
