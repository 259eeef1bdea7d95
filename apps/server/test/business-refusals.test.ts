import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './harness.ts';

/**
 * Refusals of inputs that are well-formed but make no sense (docs/product-rules.md R11, R13, R33,
 * R34): each is a clear code, and nothing changes.
 */
const t = useTestApp();
const manager = t.session('manager');
const admin = t.session('admin');

const post = (url: string, payload: object, headers = admin) =>
  t.app.inject({ method: 'POST', url, payload, headers });
const count = async (table: string) =>
  Number((await t.db.execute<{ n: number }>(sql.raw(`SELECT count(*)::int AS n FROM ${table}`))).rows[0]!.n);
const ruleOf = (res: { json(): { issues?: { path: string; params?: { rule?: string } }[] } }) =>
  (res.json().issues ?? []).map((i) => `${i.path} ${i.params?.rule}`);

async function newCustomer(): Promise<{ id: number; user_name: string; version: number }> {
  const name = `br-${randomUUID().slice(0, 8)}`;
  const row = await t.db.execute<{ id: number; version: number }>(
    sql`INSERT INTO customers (user_name, alias_name, alias_surname, alias_email, mobile)
        VALUES (${name}, 'Ada', 'Lovelace', ${`${name}@example.com`}, '+90 532 123 45 67') RETURNING id, version`,
  );
  return { id: Number(row.rows[0]!.id), user_name: name, version: row.rows[0]!.version };
}

describe('limits and commissions', () => {
  it('refuses a limit that bounds nothing, and a daily cap above the monthly one', async () => {
    const before = await count('transaction_limits');
    const empty = await post('/api/transactions/transaction-limit-create', { limit_type: 'withdrawal' });
    expect([empty.statusCode, ruleOf(empty)]).toEqual([400, ['min_amount bounds_nothing']]);
    const blanks = await post('/api/transactions/transaction-limit-create', {
      limit_type: 'withdrawal',
      min_amount: ' ',
      max_amount: '',
      daily_cap: null,
    });
    expect(ruleOf(blanks)).toEqual(['min_amount bounds_nothing']);
    const caps = await post('/api/transactions/transaction-limit-create', {
      limit_type: 'withdrawal',
      daily_cap: '100',
      monthly_cap: '99.99',
    });
    expect([caps.statusCode, ruleOf(caps)]).toEqual([400, ['monthly_cap daily_above_monthly']]);
    expect(await count('transaction_limits')).toBe(before);
    const fine = await post('/api/transactions/transaction-limit-create', {
      limit_type: 'withdrawal',
      daily_cap: '100',
      monthly_cap: '100',
    });
    expect(fine.statusCode).toBe(200);
  });

  it('refuses a commission for an asset the exchange does not hold', async () => {
    const before = await count('commission_rules');
    const res = await post('/api/transactions/commissions/create', {
      operation: 'withdrawal',
      asset: 'zzz',
      kind: 'flat',
      value: '1',
    });
    expect([res.statusCode, ruleOf(res)]).toEqual([400, ['asset unknown_asset']]);
    expect(await count('commission_rules')).toBe(before);
  });
});

describe('restrictions', () => {
  const add = (customerId: number, extra: object = {}) =>
    post(
      '/api/customers/restrictions/add',
      { customerId, kind: 'withdrawal', reason: 'AML review', ...extra },
      manager,
    );
  const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

  it('refuses a second live restriction of the same kind, naming the first', async () => {
    const { id } = await newCustomer();
    const first = await add(id);
    expect(first.statusCode).toBe(200);
    const second = await add(id);
    expect([second.statusCode, second.json().code, second.json().params]).toEqual([
      409,
      'RESTRICTION_OVERLAPS',
      { kind: 'withdrawal', id: first.json().restriction.id },
    ]);
    const scheduled = await add(id, { startsAt: inDays(10), endsAt: inDays(20) });
    expect(scheduled.json().code).toBe('RESTRICTION_OVERLAPS');
    expect((await add(id, { kind: 'deposit' })).statusCode).toBe(200);
    const { restriction } = first.json();
    const lift = await post(
      '/api/customers/restrictions/lift',
      { id: restriction.id, version: restriction.version, reason: 'Cleared' },
      manager,
    );
    expect(lift.statusCode).toBe(200);
    expect((await add(id)).statusCode).toBe(200);
  });

  it('allows one that starts after the other ends, and refuses an end before the start', async () => {
    const { id } = await newCustomer();
    expect((await add(id, { endsAt: inDays(5) })).statusCode).toBe(200);
    expect((await add(id, { startsAt: inDays(5), endsAt: inDays(9) })).statusCode).toBe(200);
    expect((await add(id, { startsAt: inDays(8) })).json().code).toBe('RESTRICTION_OVERLAPS');
    const backwards = await add(id, { startsAt: inDays(30), endsAt: inDays(25) });
    expect([backwards.statusCode, ruleOf(backwards)]).toEqual([400, ['endsAt end_before_start']]);
  });
});

describe('moving customers by id', () => {
  const tierOf = async (id: number) =>
    (await t.db.execute<{ t: string | null }>(sql`SELECT customer_type AS t FROM customers WHERE id = ${id}`))
      .rows[0]!.t;

  it('names the ids that do not exist and moves nobody', async () => {
    const { id } = await newCustomer();
    const audit = await count('audit_log');
    const res = await post('/api/customer-types/move', {
      to: 'gold',
      customerIds: [999_999_992, id, 999_999_991],
    });
    expect([res.statusCode, res.json().code, res.json().params]).toEqual([
      404,
      'CUSTOMERS_NOT_FOUND',
      { ids: '999999991, 999999992' },
    ]);
    expect(await tierOf(id)).toBeNull();
    expect(await count('audit_log')).toBe(audit);
  });

  it('moves every listed customer in one audited decision', async () => {
    const [a, b] = [await newCustomer(), await newCustomer()];
    const audit = await count('audit_log');
    const res = await post('/api/customer-types/move', { to: 'gold', customerIds: [a.id, b.id, a.id] });
    expect(res.json()).toMatchObject({ success: true, moved: 2, count: 2, applied: true });
    expect([await tierOf(a.id), await tierOf(b.id)]).toEqual(['gold', 'gold']);
    expect(await count('audit_log')).toBe(audit + 1);
  });
});

describe('clearing a field of a customer', () => {
  const update = (c: { user_name: string; version: number }, fields: object) =>
    post('/api/customers/update', { user_name: c.user_name, version: c.version, ...fields }, manager);

  it('refuses a blank name, surname or email as required, and changes nothing', async () => {
    const c = await newCustomer();
    for (const field of ['alias_name', 'alias_surname', 'alias_email']) {
      const res = await update(c, { [field]: '  ' });
      expect([res.statusCode, res.json().issues?.[0]?.path, res.json().issues?.[0]?.code]).toEqual([
        400,
        field,
        'too_small',
      ]);
    }
    const row = await t.db.execute(
      sql`SELECT alias_name, alias_email, version FROM customers WHERE id = ${c.id}`,
    );
    expect(row.rows[0]).toEqual({
      alias_name: 'Ada',
      alias_email: `${c.user_name}@example.com`,
      version: c.version,
    });
  });

  it('clears the phone when it is sent blank', async () => {
    const c = await newCustomer();
    const res = await update(c, { alias_mobile: '' });
    expect(res.json()).toMatchObject({ success: true, version: c.version + 1 });
    const row = await t.db.execute(sql`SELECT mobile FROM customers WHERE id = ${c.id}`);
    expect(row.rows[0]).toEqual({ mobile: null });
    const audit = await t.app.inject({
      url: `/api/audit/history?entity=customer&entityId=${c.id}`,
      headers: manager,
    });
    expect(audit.json().items[0]).toMatchObject({
      action: 'update',
      before: { mobile: '+90 532 123 45 67' },
      after: { mobile: null },
    });
  });
});

describe('the checks of a withdrawal under review, before anyone decides', () => {
  async function withdrawal(amount: string) {
    const c = await newCustomer();
    const w = await t.db.execute<{ id: number; version: number }>(sql`
      INSERT INTO wallet_transactions (customer_id, type, asset, network, amount, to_address, status)
      VALUES (${c.id}, 'withdrawal', 'USDT', 'TRC20', ${amount}, 'TXbr', 'under_review') RETURNING id, version`);
    return { customer: c.id, id: Number(w.rows[0]!.id), version: w.rows[0]!.version };
  }
  const checks = (id: number) =>
    t.app.inject({ url: `/api/transactions/wallet-transactions/checks?id=${id}`, headers: manager });
  const approve = (w: { id: number; version: number }) =>
    post('/api/transactions/wallet-transactions/approve', { id: w.id, version: w.version });

  it('shows each check an approval runs, and the approval refuses with the first failing one', async () => {
    const w = await withdrawal('0.5');
    const limit = await post('/api/transactions/transaction-limit-create', {
      limit_type: 'withdrawal',
      contract_name: 'USDT-TRC20',
      min_amount: '1',
    });
    expect(limit.statusCode).toBe(200);
    const audit = await count('audit_log');
    const seen = (await checks(w.id)).json();
    expect(seen.allowed).toBe(false);
    expect(seen.checks.map((c: { check: string; passed: boolean }) => `${c.check} ${c.passed}`)).toEqual([
      'restriction true',
      'minimum false',
      'maximum true',
      'daily_cap true',
      'monthly_cap true',
    ]);
    const minimum = seen.checks[1];
    expect(minimum).toMatchObject({
      bound: '1',
      refusal: { code: 'BELOW_LIMIT_MINIMUM', params: { amount: '1', asset: 'USDT', lid: seen.lid } },
    });
    expect(await count('audit_log')).toBe(audit);
    const refused = await approve(w);
    expect([refused.json().code, refused.json().params]).toEqual([
      minimum.refusal.code,
      minimum.refusal.params,
    ]);
  });

  it('shows a restriction, and the same refusal at approval', async () => {
    const w = await withdrawal('2');
    await post(
      '/api/customers/restrictions/add',
      { customerId: w.customer, kind: 'withdrawal', reason: 'Fraud check' },
      manager,
    );
    const seen = (await checks(w.id)).json();
    expect(seen.checks[0]).toEqual({
      check: 'restriction',
      passed: false,
      bound: null,
      refusal: { code: 'CUSTOMER_RESTRICTED', params: { kind: 'withdrawal' } },
    });
    expect((await approve(w)).json().code).toBe('CUSTOMER_RESTRICTED');
  });

  it('says when a transaction is not a withdrawal under review', async () => {
    const w = await withdrawal('2');
    await t.db.execute(sql`UPDATE wallet_transactions SET status = 'rejected' WHERE id = ${w.id}`);
    const res = await checks(w.id);
    expect([res.statusCode, res.json().code]).toEqual([409, 'INVALID_TRANSITION']);
    expect((await checks(999_999_999)).json().code).toBe('WALLET_TRANSACTION_NOT_FOUND');
  });
});
