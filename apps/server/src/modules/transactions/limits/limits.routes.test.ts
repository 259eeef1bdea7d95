import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/harness.ts';

const t = useTestApp();
const admin = t.session('admin');
const manager = t.session('manager');

const count = async () =>
  (await t.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM transaction_limits`)).rows[0]!.n;
const list = async () =>
  (await t.app.inject({ url: '/api/transactions/transaction-limits', headers: admin })).json();
const create = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/transactions/transaction-limit-create',
    payload: payload as object,
    headers: { ...admin, ...headers },
  });

const valid = {
  limit_type: 'withdrawal',
  contract_name: 'BTC',
  wallet_address: 'bc1qexample',
  wallet_name: 'Cold storage',
  min_amount: '0.001',
  max_amount: '2.5',
  daily_cap: '5',
  monthly_cap: '50',
};

describe('limits', () => {
  it('lists limits in their original shape, in lid order, with exact amounts', async () => {
    const stored = await t.db.execute<{ lid: number }>(
      sql`INSERT INTO transaction_limits (limit_type, contract_name, min_amount, max_amount)
          VALUES ('deposit', 'ETH-ERC20', '0.000000000000000001', '1500.250000') RETURNING lid`,
    );
    const body = await list();
    expect(body.success).toBe(true);
    expect(body.limits).toHaveLength(await count());
    const lids = body.limits.map((l: { lid: number }) => l.lid);
    expect(lids).toEqual([...lids].sort((a, b) => a - b));
    expect(body.limits.find((l: { lid: number }) => l.lid === stored.rows[0]!.lid)).toMatchObject({
      limit_type: 'deposit',
      contract_name: 'ETH-ERC20',
      wallet_address: null,
      min_amount: '0.000000000000000001',
      max_amount: '1500.25',
      daily_cap: null,
    });
  });

  it('creates a limit once even when the request is retried with the same Idempotency-Key', async () => {
    const before = await count();
    const key = { 'idempotency-key': 'limit-create-0001' };
    const [first, second] = [await create(valid, key), await create(valid, key)];
    expect(first.json()).toEqual({ success: true, message: 'Limit created successfully' });
    expect(second.json()).toEqual(first.json());
    expect(await count()).toBe(before + 1);
    const created = (await list()).limits.at(-1);
    expect(created).toMatchObject({ ...valid, max_amount: '2.5' });
    const audit = await t.db.execute<{ action: string; user_name: string; request_id: string | null }>(
      sql`SELECT a.action, m.user_name, a.request_id FROM audit_log a JOIN staff_members m ON m.id = a.member_id
          WHERE a.entity = 'transaction_limit' AND a.entity_id = ${String(created.lid)}`,
    );
    expect(audit.rows).toEqual([{ action: 'create', user_name: 'admin', request_id: expect.any(String) }]);
  });

  it.each([
    ['a non-numeric amount', { max_amount: 'ten' }, 'max_amount', 'Enter a number such as 1250.50'],
    ['a negative amount', { min_amount: '-1' }, 'min_amount', 'The amount cannot be negative'],
    [
      'too many decimals for BTC',
      { daily_cap: '1.123456789' },
      'daily_cap',
      'At most 8 decimal places for this asset',
    ],
    ['a minimum above the maximum', { min_amount: '3' }, 'max_amount', 'The minimum is above the maximum'],
    [
      'an unknown limit_type',
      { limit_type: 'lending' },
      'limit_type',
      'Unknown limit_type; use one of deposit, withdrawal, transfer, p2p',
    ],
  ])('refuses %s with a clear error and changes nothing', async (_, change, path, message) => {
    const before = await count();
    const res = await create({ ...valid, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'VALIDATION_FAILED',
      issues: [{ path, message }],
    });
    expect(await count()).toBe(before);
  });

  it('names the broken rule and its bound in the issue, so the web app words it in Turkish too', async () => {
    const res = await create({ ...valid, daily_cap: '1.123456789' });
    expect(res.json().issues).toEqual([
      expect.objectContaining({ path: 'daily_cap', params: { rule: 'too_many_decimals', decimals: 8 } }),
    ]);
  });

  it('deletes by lid, audited with what was deleted; a missing or unknown lid is refused', async () => {
    const victim = await t.db.execute<{ lid: number }>(
      sql`INSERT INTO transaction_limits (limit_type, contract_name, max_amount) VALUES ('p2p', 'BTC', '3') RETURNING lid`,
    );
    const lid = victim.rows[0]!.lid;
    const before = await count();
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/transactions/transaction-limit-delete',
      payload: {},
      headers: admin,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().issues[0]).toMatchObject({ path: 'lid', message: 'lid is required' });
    const unknownLid = lid + 1000;
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/transactions/transaction-limit-delete',
      payload: { lid: unknownLid },
      headers: admin,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({
      code: 'LIMIT_NOT_FOUND',
      params: { lid: unknownLid },
      message: `No limit with lid ${unknownLid}`,
    });
    expect(await count()).toBe(before);

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/transactions/transaction-limit-delete',
      payload: { lid },
      headers: admin,
    });
    expect(res.json()).toEqual({ success: true, message: 'Limit deleted successfully' });
    expect(await count()).toBe(before - 1);
    const audit = await t.db.execute<{ action: string; before: { max_amount: string }; after: unknown }>(
      sql`SELECT action, before, after FROM audit_log WHERE entity = 'transaction_limit' AND entity_id = ${String(lid)}`,
    );
    expect(audit.rows).toEqual([
      {
        action: 'delete',
        before: expect.objectContaining({ lid, limit_type: 'p2p', max_amount: '3' }),
        after: null,
      },
    ]);
  });

  it('edits a limit in place: its lid kept, version-checked, audited; bad input refused', async () => {
    const { rows } = await t.db.execute<{ lid: number }>(
      sql`INSERT INTO transaction_limits (limit_type, contract_name, max_amount) VALUES ('withdrawal', 'BTC', 1) RETURNING lid`,
    );
    const lid = rows[0]!.lid;
    const update = (payload: unknown, headers: Record<string, string> = admin) =>
      t.app.inject({
        method: 'POST',
        url: '/api/transactions/transaction-limit-update',
        payload: payload as object,
        headers,
      });
    const edited = await update({ ...valid, lid, version: 1, max_amount: '3.25' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toEqual({ success: true, message: 'Limit updated successfully' });
    const after = (await list()).limits.find((l: { lid: number }) => l.lid === lid);
    expect(after).toMatchObject({ lid, version: 2, max_amount: '3.25', wallet_name: 'Cold storage' });
    // The same edit again was read at version 1: stale, not applied twice.
    expect((await update({ ...valid, lid, version: 1, max_amount: '9' })).json().code).toBe('STALE_EDIT');
    expect((await update({ ...valid, lid: 2_000_000_000, version: 1 })).json().code).toBe('LIMIT_NOT_FOUND');
    for (const bad of [
      { ...valid, lid, version: 2, min_amount: '5', max_amount: '1' },
      { ...valid, lid: -1, version: 2 },
      { ...valid, lid, version: 0 },
      { ...valid, lid, version: 2, wallet_name: 'a\u0000b' },
      { lid, version: 2 },
    ])
      expect((await update(bad)).statusCode).toBe(400);
    expect((await update({ ...valid, lid, version: 2 }, manager)).statusCode).toBe(403);
    const audit = await t.db.execute<{ before: Record<string, unknown>; after: Record<string, unknown> }>(
      sql`SELECT before, after FROM audit_log WHERE entity = 'transaction_limit' AND action = 'update' AND entity_id = ${String(lid)}`,
    );
    expect(audit.rows).toEqual([
      {
        before: expect.objectContaining({ max_amount: '1', wallet_name: null }),
        after: expect.objectContaining({ max_amount: '3.25', wallet_name: 'Cold storage' }),
      },
    ]);
  });

  it('lists the asset catalogue with the contract name limits use', async () => {
    const res = await t.app.inject({ url: '/api/transactions/assets', headers: manager });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().assets).toEqual(
      expect.arrayContaining([
        {
          asset: 'USDT',
          network: 'TRC20',
          name: null,
          precision: 6,
          is_fiat: false,
          contract_name: 'USDT-TRC20',
        },
        { asset: 'TRY', network: 'BANK', name: null, precision: 2, is_fiat: true, contract_name: 'TRY' },
        {
          asset: 'ETH',
          network: 'ETHEREUM',
          name: null,
          precision: 18,
          is_fiat: false,
          contract_name: 'ETH-ERC20',
        },
      ]),
    );
  });
});
