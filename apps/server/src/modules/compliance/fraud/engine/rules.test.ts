// Each rule at its boundaries: just below, at and just above every threshold and window, evaluated
// the way production does (events enqueued by the writing transaction, drained by evaluatePending).
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../../test/harness.ts';
import { after, alertsOf, evidenceOf, logins, newCustomer, p2pTrade, walletTx } from './test-fixtures.ts';

const t = useTestApp();
const T0 = new Date('2026-03-02T10:00:00Z');
const evaluate = () => t.app.fraudEngine.evaluatePending();
/** n customers, in id order. */
async function customers(n: number) {
  const out = [];
  for (let i = 0; i < n; i++) out.push(await newCustomer(t.db));
  return out;
}

beforeAll(async () => {
  // The seed's own events are not these tests' business.
  await t.db.execute(sql`DELETE FROM fraud_event_queue`);
});

/** n withdrawals of one customer, `gapMinutes` apart, the last at `end`. */
const burst = (n: number, end: Date, gapMinutes: number) =>
  Array.from({ length: n }, (_, i) => ({
    type: 'withdrawal' as const,
    at: after(end, -(n - 1 - i) * gapMinutes),
    amount: '10',
    to: 'TAddr1',
  }));

describe('withdrawal_velocity (5 within 60 minutes)', () => {
  it('raises at 5 withdrawals, not at 4, and once at 6', async () => {
    const [four, five, six] = [await newCustomer(t.db), await newCustomer(t.db), await newCustomer(t.db)];
    await walletTx(t.db, four.id, burst(4, after(T0, 40), 10));
    await walletTx(t.db, five.id, burst(5, after(T0, 40), 10));
    await walletTx(t.db, six.id, burst(6, after(T0, 50), 10));
    await evaluate();
    const alerts = await alertsOf(t.db, [four.id, five.id, six.id], 'withdrawal_velocity');
    expect(alerts.map((a) => a.customer_id)).toEqual([five.id, six.id]);
    expect(alerts[0]!.figures).toEqual({ count: 5 });
    expect(alerts[0]!.severity).toBe('high');
    expect(alerts[0]!.params).toEqual({ count: 5, windowMinutes: 60 });
    expect(await evidenceOf(t.db, alerts[0]!.id)).toHaveLength(5);
  });

  it('counts a withdrawal exactly 60 minutes before the fifth, not one a second earlier', async () => {
    const [at, beyond] = [await newCustomer(t.db), await newCustomer(t.db)];
    await walletTx(t.db, at.id, burst(5, after(T0, 50), 15));
    await walletTx(t.db, beyond.id, [
      { type: 'withdrawal', at: after(T0, -10, -1), amount: '10' },
      ...burst(4, after(T0, 50), 15),
    ]);
    await evaluate();
    const alerts = await alertsOf(t.db, [at.id, beyond.id], 'withdrawal_velocity');
    expect(alerts.map((a) => a.customer_id)).toEqual([at.id]);
  });

  it('ignores deposits in the window', async () => {
    const c = await newCustomer(t.db);
    await walletTx(t.db, c.id, [
      ...burst(4, after(T0, 30), 5),
      { type: 'deposit', at: after(T0, 31), amount: '10' },
    ]);
    await evaluate();
    expect(await alertsOf(t.db, [c.id], 'withdrawal_velocity')).toEqual([]);
  });
});

describe('failed_logins (5 within 15 minutes)', () => {
  const fails = (n: number, end: Date, gap: number) =>
    Array.from({ length: n }, (_, i) => ({ at: after(end, -(n - 1 - i) * gap) }));

  it('raises at 5 failures, not at 4 nor with successes between, once at 6', async () => {
    const [four, five, six, mixed] = await customers(4);
    await logins(t.db, four!.id, fails(4, after(T0, 12), 3));
    await logins(t.db, five!.id, fails(5, after(T0, 12), 3));
    await logins(t.db, six!.id, fails(6, after(T0, 14), 2));
    await logins(t.db, mixed!.id, [...fails(4, after(T0, 12), 3), { at: after(T0, 13), outcome: 'success' }]);
    await evaluate();
    const alerts = await alertsOf(t.db, [four!.id, five!.id, six!.id, mixed!.id], 'failed_logins');
    expect(alerts.map((a) => a.customer_id)).toEqual([five!.id, six!.id]);
    expect((await evidenceOf(t.db, alerts[0]!.id)).every((e) => e.kind === 'login')).toBe(true);
  });

  it('holds the window at exactly 15 minutes', async () => {
    const [at, beyond] = [await newCustomer(t.db), await newCustomer(t.db)];
    await logins(t.db, at.id, fails(5, after(T0, 15), 3.75));
    await logins(t.db, beyond.id, [{ at: after(T0, 0, -1) }, ...fails(4, after(T0, 15), 3)]);
    await evaluate();
    expect((await alertsOf(t.db, [at.id, beyond.id], 'failed_logins')).map((a) => a.customer_id)).toEqual([
      at.id,
    ]);
  });
});

describe('withdrawal_after_deposit (80 % within 30 minutes)', () => {
  async function pair(
    withdrawn: string,
    minutesLater: number,
    secondsLater = 0,
    depositStatus = 'completed',
  ) {
    const c = await newCustomer(t.db);
    await walletTx(t.db, c.id, [
      { type: 'deposit', at: T0, amount: '1000', status: depositStatus },
      { type: 'withdrawal', at: after(T0, minutesLater, secondsLater), amount: withdrawn, to: 'TOut' },
    ]);
    return c.id;
  }

  it('raises from 80 % of the deposit on, not at 79.99 %', async () => {
    const ids = [await pair('799.99', 10), await pair('800', 10), await pair('800.01', 10)];
    await evaluate();
    const alerts = await alertsOf(t.db, ids, 'withdrawal_after_deposit');
    expect(alerts.map((a) => a.customer_id)).toEqual(ids.slice(1));
    expect(alerts[0]!.figures).toMatchObject({ percent: '80.00', minutes: 10, depositTry: '1000.00' });
  });

  it('holds the window at exactly 30 minutes and ignores a rejected deposit', async () => {
    const ids = [await pair('900', 30), await pair('900', 30, 1), await pair('900', 5, 0, 'rejected')];
    await evaluate();
    expect((await alertsOf(t.db, ids, 'withdrawal_after_deposit')).map((a) => a.customer_id)).toEqual([
      ids[0],
    ]);
  });

  it('compares in TRY across assets (1165 USDT is 50000 TRY at the 2026 rates)', async () => {
    const c = await newCustomer(t.db);
    await walletTx(t.db, c.id, [
      { type: 'deposit', at: T0, amount: '50000', asset: 'TRY' },
      { type: 'withdrawal', at: after(T0, 1), amount: '932', asset: 'USDT', to: 'T1' },
    ]);
    const d = await newCustomer(t.db);
    await walletTx(t.db, d.id, [
      { type: 'deposit', at: T0, amount: '50000', asset: 'TRY' },
      { type: 'withdrawal', at: after(T0, 1), amount: '931.99', asset: 'USDT', to: 'T1' },
    ]);
    await evaluate();
    // 932 / 1165 = 80 %
    expect(
      (await alertsOf(t.db, [c.id, d.id], 'withdrawal_after_deposit')).map((a) => a.customer_id),
    ).toEqual([c.id]);
  });
});

describe('new_address_withdrawal (50000 TRY)', () => {
  it('raises from 50000 TRY on, in TRY and in USDT, only for a first withdrawal to the address', async () => {
    const cs = await customers(5);
    await walletTx(t.db, cs[0]!.id, [{ type: 'withdrawal', at: T0, amount: '49999.99', to: 'A1' }]);
    await walletTx(t.db, cs[1]!.id, [{ type: 'withdrawal', at: T0, amount: '50000', to: 'A1' }]);
    await walletTx(t.db, cs[2]!.id, [{ type: 'withdrawal', at: T0, amount: '50000.01', to: 'A1' }]);
    await walletTx(t.db, cs[3]!.id, [
      { type: 'withdrawal', at: T0, amount: '1164.99', asset: 'USDT', to: 'A1' },
      { type: 'withdrawal', at: after(T0, 1), amount: '1165', asset: 'USDT', to: 'A2' },
    ]);
    // Known address: an earlier small withdrawal to it, then a large one.
    await walletTx(t.db, cs[4]!.id, [
      { type: 'withdrawal', at: T0, amount: '5', to: 'Known' },
      { type: 'withdrawal', at: after(T0, 5), amount: '90000', to: 'Known' },
    ]);
    await evaluate();
    const alerts = await alertsOf(
      t.db,
      cs.map((c) => c.id),
      'new_address_withdrawal',
    );
    expect(alerts.map((a) => a.customer_id)).toEqual([cs[1]!.id, cs[2]!.id, cs[3]!.id]);
    expect(alerts[2]!.figures).toMatchObject({ amountTry: '50000.00', address: 'A2' });
    expect(alerts[0]!.severity).toBe('medium');
  });
});

describe('p2p_amount (250000 TRY)', () => {
  it('raises for buyer and seller from 5825 USDT (250000 TRY) on, not at 5824.99', async () => {
    const people = await customers(6);
    const [b1, s1, b2, s2, b3, s3] = people;
    await p2pTrade(t.db, { buyer: b1!.userName, seller: s1!.userName, amount: '5824.99', at: T0 });
    await p2pTrade(t.db, { buyer: b2!.userName, seller: s2!.userName, amount: '5825', at: T0 });
    await p2pTrade(t.db, { buyer: b3!.userName, seller: s3!.userName, amount: '5825.01', at: T0 });
    await evaluate();
    const alerts = await alertsOf(
      t.db,
      people.map((p) => p!.id),
      'p2p_amount',
    );
    expect(alerts.map((a) => a.customer_id).sort((x, y) => x - y)).toEqual(
      [b2!.id, s2!.id, b3!.id, s3!.id].sort((x, y) => x - y),
    );
    const roles = alerts.map((a) => a.figures.role).sort();
    expect(roles).toEqual(['buyer', 'buyer', 'seller', 'seller']);
  });

  it('raises for the buyer alone when the seller is no customer', async () => {
    const b = await newCustomer(t.db);
    await p2pTrade(t.db, { buyer: b.userName, seller: 'nobody_we_know', amount: '9000', at: T0 });
    await evaluate();
    expect(await alertsOf(t.db, [b.id], 'p2p_amount')).toHaveLength(1);
  });
});

describe('blocklisted_address', () => {
  const evm = '0xAbCdEf0123456789abcdef0123456789ABCDEF01';

  it('matches an address as the blocklist stores it, on its network or any, never a removed entry', async () => {
    const { rows } = await t.db.execute<{ id: number }>(sql`
      INSERT INTO fraud_blocklist (kind, value, network, reason, source)
      VALUES ('address', ${evm.toLowerCase()}, 'ETH', 'test', 'test'),
             ('address', 'TAnyNetwork', NULL, 'test', 'test'),
             ('address', 'TRemoved', NULL, 'test', 'test')
      RETURNING id`);
    await t.db.execute(sql`UPDATE fraud_blocklist SET removed_at = now() WHERE value = 'TRemoved'`);
    const cs = await customers(4);
    await walletTx(t.db, cs[0]!.id, [{ type: 'withdrawal', at: T0, amount: '1', to: evm, network: 'ETH' }]);
    await walletTx(t.db, cs[1]!.id, [{ type: 'withdrawal', at: T0, amount: '1', to: evm, network: 'BSC' }]);
    await walletTx(t.db, cs[2]!.id, [
      { type: 'deposit', at: T0, amount: '1', from: 'TAnyNetwork', network: 'TRON' },
    ]);
    await walletTx(t.db, cs[3]!.id, [
      { type: 'deposit', at: T0, amount: '1', from: 'TRemoved', network: 'TRON' },
    ]);
    await evaluate();
    const alerts = await alertsOf(
      t.db,
      cs.map((c) => c.id),
      'blocklisted_address',
    );
    expect(alerts.map((a) => a.customer_id)).toEqual([cs[0]!.id, cs[2]!.id]);
    expect(alerts[0]!.severity).toBe('critical');
    expect(alerts[0]!.figures).toMatchObject({ direction: 'to' });
    const ev = await evidenceOf(t.db, alerts[0]!.id);
    expect(ev.map((e) => e.kind)).toEqual(['blocklist_entry', 'wallet_transaction']);
    expect(ev[0]!.ref_id).toBe(Number(rows[0]!.id));
  });

  it('matches a sign-in from a listed IP or device', async () => {
    await t.db.execute(sql`
      INSERT INTO fraud_blocklist (kind, value, reason, source)
      VALUES ('ip', '203.0.113.66', 'test', 'test'), ('device', 'evil-device', 'test', 'test')`);
    const cs = await customers(3);
    await logins(t.db, cs[0]!.id, [{ at: T0, outcome: 'success', ip: '203.0.113.66' }]);
    await logins(t.db, cs[1]!.id, [{ at: T0, outcome: 'success', device: 'evil-device' }]);
    await logins(t.db, cs[2]!.id, [{ at: T0, outcome: 'success', ip: '203.0.113.67' }]);
    await evaluate();
    const alerts = await alertsOf(
      t.db,
      cs.map((c) => c.id),
      'blocklisted_address',
    );
    expect(alerts.map((a) => a.customer_id)).toEqual([cs[0]!.id, cs[1]!.id]);
  });
});

describe("blocklisted_address: a customer's email or phone", () => {
  it('matches as the blocklist stores them, on creation and on a change', async () => {
    await t.db.execute(sql`
      INSERT INTO fraud_blocklist (kind, value, reason, source)
      VALUES ('email', 'mule@example.test', 'test', 'test'), ('phone', '905551112233', 'test', 'test')`);
    const [byEmail, byPhone, clean, later] = await customers(4);
    await t.db.execute(
      sql`UPDATE customers SET alias_email = ' Mule@Example.test' WHERE id = ${byEmail!.id}`,
    );
    await t.db.execute(sql`UPDATE customers SET mobile = '+90 (555) 111-22-33' WHERE id = ${byPhone!.id}`);
    await t.db.execute(sql`UPDATE customers SET alias_email = 'fine@example.test', mobile = '905551112234'
                           WHERE id = ${clean!.id}`);
    await evaluate();
    await t.db.execute(sql`UPDATE customers SET alias_email = 'mule@example.test' WHERE id = ${later!.id}`);
    await evaluate();
    const alerts = await alertsOf(
      t.db,
      [byEmail!.id, byPhone!.id, clean!.id, later!.id],
      'blocklisted_address',
    );
    expect(alerts.map((a) => [a.customer_id, a.figures.kind])).toEqual([
      [byEmail!.id, 'email'],
      [byPhone!.id, 'phone'],
      [later!.id, 'email'],
    ]);
    expect((await evidenceOf(t.db, alerts[0]!.id)).map((e) => e.kind)).toEqual(['blocklist_entry']);
  });
});

describe('settings in force', () => {
  it('records the current version, and a disabled rule raises nothing', async () => {
    await t.db.execute(sql`
      INSERT INTO fraud_rule_versions (rule_code, version, params, severity, enabled, reason)
      VALUES ('new_address_withdrawal', 2, '{"minAmount": "100"}', 'critical', true, 'test'),
             ('new_address_withdrawal', 3, '{"minAmount": "100"}', 'critical', false, 'test')`);
    await t.db.execute(sql`UPDATE fraud_rules SET current_version = 2 WHERE code = 'new_address_withdrawal'`);
    const c = await newCustomer(t.db);
    await walletTx(t.db, c.id, [{ type: 'withdrawal', at: T0, amount: '100', to: 'V2' }]);
    await evaluate();
    const [alert] = await alertsOf(t.db, [c.id], 'new_address_withdrawal');
    expect(alert).toMatchObject({ rule_version: 2, severity: 'critical', params: { minAmount: '100' } });

    await t.db.execute(sql`UPDATE fraud_rules SET current_version = 3 WHERE code = 'new_address_withdrawal'`);
    const d = await newCustomer(t.db);
    await walletTx(t.db, d.id, [{ type: 'withdrawal', at: T0, amount: '100000', to: 'V3' }]);
    await evaluate();
    expect(await alertsOf(t.db, [d.id], 'new_address_withdrawal')).toEqual([]);
    await t.db.execute(sql`UPDATE fraud_rules SET current_version = 1 WHERE code = 'new_address_withdrawal'`);
  });

  it('skips a rule whose stored params the schema refuses, and still evaluates the others', async () => {
    await t.db.execute(sql`
      INSERT INTO fraud_rule_versions (rule_code, version, params, severity, enabled, reason)
      VALUES ('failed_logins', 2, '{"count": 0, "windowMinutes": 15}', 'medium', true, 'broken on purpose')`);
    await t.db.execute(sql`UPDATE fraud_rules SET current_version = 2 WHERE code = 'failed_logins'`);
    try {
      const c = await newCustomer(t.db);
      await logins(
        t.db,
        c.id,
        Array.from({ length: 6 }, (_, i) => ({ at: after(T0, i) })),
      );
      await walletTx(t.db, c.id, [{ type: 'withdrawal', at: T0, amount: '60000', to: 'Skip' }]);
      await evaluate();
      const alerts = await alertsOf(t.db, [c.id]);
      expect(alerts.map((a) => a.rule_code)).toEqual(['new_address_withdrawal']);
      expect((await t.db.execute(sql`SELECT 1 FROM fraud_event_queue`)).rows).toEqual([]);
    } finally {
      await t.db.execute(sql`UPDATE fraud_rules SET current_version = 1 WHERE code = 'failed_logins'`);
    }
  });
});
