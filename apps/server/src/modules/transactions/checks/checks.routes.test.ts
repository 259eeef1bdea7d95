import { randomUUID } from 'node:crypto';
import { checksApi } from '@backdesk/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/harness.ts';
import { createTestIntegration } from '../../../test/integration-key.ts';
import { newCustomer } from '../../compliance/fraud/engine/test-fixtures.ts';
import { buildChecksService } from './checks.module.ts';

const t = useTestApp();
const manager = t.session('manager');
const list = (query: string) => t.app.inject({ url: `/api/transactions/checks?${query}`, headers: manager });

async function checkOf(customer: { userName: string; externalId: string }, held: boolean) {
  const c = await t.db.execute<{ id: number }>(
    sql`SELECT id FROM customers WHERE user_name = ${customer.userName}`,
  );
  if (held)
    await t.db.execute(sql`
      INSERT INTO fraud_alerts (customer_id, rule_code, rule_version, severity, window_key, window_start, window_end, params, event_at)
      VALUES (${c.rows[0]!.id}, 'screening_hit', 1, 'high', ${`entry:${randomUUID()}`}, now(), now(), '{}'::jsonb, now())`);
  // A platform wallet of the test's own, whose limit allows the amount (R14 picks it).
  const wallet = `bc1w${randomUUID().replaceAll('-', '')}`;
  await t.db.execute(sql`
    INSERT INTO transaction_limits (limit_type, contract_name, wallet_address, min_amount, max_amount)
    VALUES ('withdrawal', 'BTC', ${wallet}, 0.00001, 10)`);
  const { integrationId } = await createTestIntegration(t.db, { scopes: ['checks:withdrawal'] });
  return buildChecksService(t.db, t.clock).withdrawal(
    { memberId: null, requestId: 'routes-test', integrationId },
    checksApi.WithdrawalCheckBodySchema.parse({
      withdrawalId: `wd-${randomUUID()}`,
      customer: { externalId: customer.externalId },
      asset: 'BTC',
      network: 'BITCOIN',
      amount: '0.0001',
      toAddress: `bc1q${randomUUID().replaceAll('-', '')}`,
      fromAddress: wallet,
    }),
  );
}

describe('real-time checks list (staff)', () => {
  it("lists a customer's checks newest first, by decision and by the withdrawal a review held", async () => {
    const customer = await newCustomer(t.db, 'checks_list');
    const allowed = await checkOf(customer, false);
    const held = await checkOf(customer, true);
    const mine = await list(
      `customerId=${(await t.db.execute<{ id: number }>(sql`SELECT id FROM customers WHERE user_name = ${customer.userName}`)).rows[0]!.id}`,
    );
    expect(mine.statusCode).toBe(200);
    const body = mine.json();
    expect(body.items.map((c: { check_id: string }) => c.check_id)).toEqual([held.checkId, allowed.checkId]);
    expect(body.items[0]).toMatchObject({
      kind: 'withdrawal',
      decision: 'review',
      customer_user_name: customer.userName,
      wallet_transaction_id: held.reviewId,
      reasons: [expect.objectContaining({ code: 'SCREENING_OPEN' })],
      input: expect.objectContaining({ asset: 'BTC', amount: '0.0001' }),
    });
    const ofWithdrawal = (await list(`walletTransactionId=${held.reviewId}`)).json();
    expect(ofWithdrawal.items.map((c: { check_id: string }) => c.check_id)).toEqual([held.checkId]);
    const reviews = (await list('decision=review&limit=100')).json();
    expect(reviews.items.every((c: { decision: string }) => c.decision === 'review')).toBe(true);
  });

  it('refuses a filter it does not know, a broken cursor and an impossible date', async () => {
    expect((await list('decision=maybe')).json().code).toBe('VALIDATION_FAILED');
    expect((await list('cursor=%00abc')).statusCode).toBe(400);
    expect((await list('from=2026-13-45')).json().code).toBe('VALIDATION_FAILED');
  });
});
