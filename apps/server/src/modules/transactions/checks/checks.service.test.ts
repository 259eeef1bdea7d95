import { randomUUID } from 'node:crypto';
import type { CheckReason, WithdrawalCheckBody } from '@backdesk/contract';
import { checksApi } from '@backdesk/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/harness.ts';
import { createTestIntegration } from '../../../test/integration-key.ts';
import { newCustomer, walletTx } from '../../compliance/fraud/engine/test-fixtures.ts';
import { ingestBatch } from '../../platform/ingest/ingest-core.ts';
import { createLimitsRepository, limitsOfTypeJsonSql } from '../limits/limits.repository.ts';
import { walletTransactionsIngest } from '../wallet/wallet-transactions.ingest.ts';
import { buildChecksService } from './checks.module.ts';
import type { CheckActor } from './checks.service.ts';

const t = useTestApp();
const service = () => buildChecksService(t.db, t.clock);
let actor: CheckActor;
beforeAll(async () => {
  const { integrationId } = await createTestIntegration(t.db, {
    scopes: ['checks:withdrawal', 'checks:p2p'],
  });
  actor = { memberId: null, requestId: 'checks-test', integrationId };
});

/** A platform wallet of the test's own, with a USDT-TRC20 withdrawal limit that R14 picks for it. */
async function ownLimit(): Promise<{ wallet: string; lid: number }> {
  const wallet = `TW${randomUUID().replaceAll('-', '').slice(0, 20)}`;
  const { rows } = await t.db.execute<{ lid: number }>(sql`
    INSERT INTO transaction_limits (limit_type, contract_name, wallet_address, min_amount, max_amount, daily_cap, monthly_cap)
    VALUES ('withdrawal', 'USDT-TRC20', ${wallet}, 10, 1000, 1500, 5000) RETURNING lid`);
  return { wallet, lid: Number(rows[0]!.lid) };
}

async function clean() {
  const customer = await newCustomer(t.db, 'checks');
  const limit = await ownLimit();
  const body = (over: Partial<WithdrawalCheckBody> = {}): WithdrawalCheckBody =>
    checksApi.WithdrawalCheckBodySchema.parse({
      withdrawalId: `wd-${randomUUID()}`,
      customer: { externalId: customer.externalId },
      asset: 'USDT',
      network: 'TRC20',
      amount: '100',
      toAddress: `TX${randomUUID().replaceAll('-', '')}`,
      fromAddress: limit.wallet,
      ...over,
    });
  return { customer, limit, body };
}

const codes = (reasons: CheckReason[]) => reasons.map((r) => r.code);
const recorded = async (checkId: string) =>
  (
    await t.db.execute<{
      decision: string;
      reasons: CheckReason[];
      wallet_transaction_id: number | null;
      duration_ms: string;
    }>(
      sql`SELECT decision, reasons, wallet_transaction_id, duration_ms::text FROM realtime_checks WHERE public_id = ${checkId}::uuid`,
    )
  ).rows[0];

describe('withdrawal check', () => {
  it('allows a clean withdrawal and records the check', async () => {
    const { body } = await clean();
    const answer = await service().withdrawal(actor, body());
    expect(answer).toMatchObject({ decision: 'allow', reasons: [], reviewId: null });
    const row = await recorded(answer.checkId);
    expect(row).toMatchObject({ decision: 'allow', reasons: [], wallet_transaction_id: null });
    expect(Number(row!.duration_ms)).toBeGreaterThan(0);
  });

  it('blocks above the limit R14 picks, and past its daily cap counted with earlier withdrawals', async () => {
    const { customer, limit, body } = await clean();
    const above = await service().withdrawal(actor, body({ amount: '1000.5' }));
    expect(above.decision).toBe('block');
    expect(above.reasons).toEqual([
      expect.objectContaining({
        code: 'ABOVE_LIMIT_MAXIMUM',
        effect: 'block',
        params: { amount: '1000', asset: 'USDT', lid: limit.lid },
      }),
      // Above 15,000 TRY with no travel-rule data: the rule holds it too (the block outweighs it).
      expect.objectContaining({ code: 'TRAVEL_RULE_MISSING', effect: 'review' }),
    ]);
    await walletTx(t.db, customer.id, [
      {
        type: 'withdrawal',
        at: new Date(),
        amount: '900',
        asset: 'USDT',
        network: 'TRC20',
        from: limit.wallet,
      },
    ]);
    const daily = await service().withdrawal(actor, body({ amount: '700' }));
    expect(codes(daily.reasons)).toEqual(['DAILY_CAP_EXCEEDED', 'TRAVEL_RULE_MISSING']);
    expect((await service().withdrawal(actor, body({ amount: '5' }))).reasons[0]?.code).toBe(
      'BELOW_LIMIT_MINIMUM',
    );
  });

  it('blocks a customer with an active withdrawal restriction', async () => {
    const { customer, body } = await clean();
    await t.db.execute(
      sql`INSERT INTO customer_restrictions (customer_id, kind, reason) VALUES (${customer.id}, 'withdrawal', 'Fraud hold')`,
    );
    const answer = await service().withdrawal(actor, body());
    expect(answer.decision).toBe('block');
    expect(answer.reasons).toEqual([
      expect.objectContaining({ code: 'CUSTOMER_RESTRICTED', params: { kind: 'withdrawal' } }),
    ]);
  });

  it('blocks a destination on the blocklist (an EVM address whatever its case) and a listed sign-in address', async () => {
    const { body } = await clean();
    const address = `0x${randomUUID().replaceAll('-', '')}abcdef01`;
    const { rows } = await t.db.execute<{ id: number }>(sql`
      INSERT INTO fraud_blocklist (kind, value, network, reason, source)
      VALUES ('address', ${address}, 'ERC20', 'Mixer', 'manual'), ('ip', '203.0.113.77', NULL, 'Botnet', 'manual')
      RETURNING id`);
    const answer = await service().withdrawal(
      actor,
      body({
        network: 'ERC20',
        toAddress: address.toUpperCase().replace('0X', '0x'),
        ip: '203.0.113.77',
        fromAddress: undefined,
      }),
    );
    expect(answer.decision).toBe('block');
    expect(answer.reasons.filter((r) => r.code === 'BLOCKLISTED').map((r) => r.params.entryId)).toEqual(
      rows.map((r) => Number(r.id)),
    );
    // On another network the address entry does not apply.
    const other = await service().withdrawal(
      actor,
      body({ network: 'BEP20', toAddress: address, fromAddress: undefined }),
    );
    expect(codes(other.reasons)).not.toContain('BLOCKLISTED');
  });

  it('holds a customer with an open screening hit for review, creating the withdrawal under review once', async () => {
    const { customer, body } = await clean();
    const alert = await screeningAlert(customer.id, null);
    const b = body();
    const answer = await service().withdrawal(actor, b);
    expect(answer.decision).toBe('review');
    expect(answer.reasons).toEqual([
      expect.objectContaining({
        code: 'SCREENING_OPEN',
        effect: 'review',
        params: { role: 'customer', alertIds: [alert] },
      }),
    ]);
    expect(answer.reviewId).toEqual(expect.any(Number));
    const { rows } = await t.db.execute<{
      status: string;
      customer_id: number;
      amount: string;
      review_reason: string;
    }>(
      sql`SELECT status, customer_id, trim_scale(amount)::text AS amount, review_reason FROM wallet_transactions WHERE id = ${answer.reviewId}`,
    );
    expect(rows[0]).toMatchObject({ status: 'under_review', customer_id: customer.id, amount: '100' });
    expect(rows[0]!.review_reason).toContain('Real-time check');
    expect((await recorded(answer.checkId))?.wallet_transaction_id).toBe(answer.reviewId);
    // Its audit row names no member (the integration is the actor).
    const audit = await t.db.execute<{ member_id: number | null; action: string }>(
      sql`SELECT member_id, action FROM audit_log WHERE entity = 'wallet_transaction' AND entity_id = ${String(answer.reviewId)}`,
    );
    expect(audit.rows).toEqual([{ member_id: null, action: 'create' }]);
    // The same withdrawal asked again (a client's retry) holds the same row.
    const again = await service().withdrawal(actor, b);
    expect(again.reviewId).toBe(answer.reviewId);
    expect(again.checkId).not.toBe(answer.checkId);
    // The approval flow decides it: an approval releases it.
    const version = (
      await t.db.execute<{ version: number }>(
        sql`SELECT version FROM wallet_transactions WHERE id = ${answer.reviewId}`,
      )
    ).rows[0]!.version;
    expect(version).toBe(1);
  });

  it('holds one row for checks of the same withdrawal asked at the same time', async () => {
    const { customer, body } = await clean();
    await screeningAlert(customer.id, null);
    const b = body();
    const answers = await Promise.all([1, 2, 3].map(() => service().withdrawal(actor, b)));
    expect(answers.map((a) => a.decision)).toEqual(['review', 'review', 'review']);
    expect(new Set(answers.map((a) => a.reviewId)).size).toBe(1);
    const rows = await t.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM wallet_transactions WHERE external_id = ${b.withdrawalId}`,
    );
    expect(rows.rows).toEqual([{ n: 1 }]);
    const audit = await t.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM audit_log WHERE entity = 'wallet_transaction' AND entity_id = ${String(answers[0]!.reviewId)}`,
    );
    expect(audit.rows).toEqual([{ n: 1 }]);
  });

  it("holds the withdrawal under the exchange's id: its later message updates that row once decided", async () => {
    const { customer, body } = await clean();
    await screeningAlert(customer.id, null);
    const b = body();
    const answer = await service().withdrawal(actor, b);
    expect(answer.decision).toBe('review');
    const held = async () =>
      (
        await t.db.execute<{ id: number; status: string; source_integration_id: number }>(
          sql`SELECT id, status, source_integration_id FROM wallet_transactions WHERE external_id = ${b.withdrawalId}`,
        )
      ).rows;
    expect(await held()).toEqual([
      { id: answer.reviewId, status: 'under_review', source_integration_id: actor.integrationId },
    ]);
    const message = (version: number, status: string) => ({
      externalId: b.withdrawalId,
      version,
      customerExternalId: customer.externalId,
      type: 'withdrawal',
      asset: b.asset,
      network: b.network,
      amount: b.amount,
      toAddress: b.toAddress,
      status,
      createdAt: new Date().toISOString(),
    });
    const source = { integrationId: actor.integrationId, receivedAt: new Date() };
    // While the review is open the exchange's message cannot decide it.
    const early = await ingestBatch(t.db, walletTransactionsIngest, [message(1, 'pending')], source);
    expect(early.results[0]).toMatchObject({ status: 'refused', code: 'WITHDRAWAL_UNDER_REVIEW' });
    // Decided (released), the exchange's next message lands on the same row, not a second one.
    await t.db.execute(sql`UPDATE wallet_transactions SET status = 'pending' WHERE id = ${answer.reviewId}`);
    const later = await ingestBatch(t.db, walletTransactionsIngest, [message(2, 'completed')], source);
    expect(later.results[0]).toMatchObject({ status: 'applied' });
    expect(await held()).toEqual([
      { id: answer.reviewId, status: 'completed', source_integration_id: actor.integrationId },
    ]);
    // A withdrawal already past pending cannot be held any more.
    await expect(service().withdrawal(actor, b)).resolves.toMatchObject({ reviewId: answer.reviewId });
    const sent = body();
    await ingestBatch(
      t.db,
      walletTransactionsIngest,
      [{ ...message(1, 'completed'), externalId: sent.withdrawalId }],
      source,
    );
    await expect(service().withdrawal(actor, sent)).rejects.toMatchObject({ code: 'WITHDRAWAL_NOT_PENDING' });
  });

  it("names the customer by the exchange's id, not by the user name", async () => {
    const { customer, body } = await clean();
    await expect(
      service().withdrawal(actor, body({ customer: { externalId: customer.userName } })),
    ).rejects.toMatchObject({ code: 'CUSTOMER_NOT_FOUND' });
    await expect(service().withdrawal(actor, body({ customer: { id: customer.id } }))).resolves.toMatchObject(
      {
        decision: 'allow',
      },
    );
  });

  it('blocks a confirmed screening match', async () => {
    const { customer, body } = await clean();
    await screeningAlert(customer.id, 'confirmed');
    const answer = await service().withdrawal(actor, body());
    expect(answer.decision).toBe('block');
    expect(codes(answer.reasons)).toEqual(['SCREENING_CONFIRMED']);
  });

  it('holds for review the withdrawal a velocity rule would alert on', async () => {
    const { customer, limit, body } = await clean();
    const now = Date.now();
    await walletTx(
      t.db,
      customer.id,
      [1, 2, 3, 4].map((m) => ({
        type: 'withdrawal' as const,
        at: new Date(now - m * 60_000),
        amount: '20',
        asset: 'USDT',
        network: 'TRC20',
        from: limit.wallet,
        status: 'failed',
      })),
    );
    const answer = await service().withdrawal(actor, body({ amount: '20' }));
    expect(answer.decision).toBe('review');
    expect(answer.reasons).toEqual([
      expect.objectContaining({
        code: 'FRAUD_RULE',
        effect: 'review',
        params: expect.objectContaining({ rule: 'withdrawal_velocity', severity: 'high', count: 5 }),
      }),
    ]);
  });

  it("answers at the rules' versions in force when a rule changed since the last check", async () => {
    // One service, as one node keeps it: its guess of the rules' versions must not outlive an edit.
    const checks = service();
    const { customer, limit, body } = await clean();
    const now = Date.now();
    await walletTx(
      t.db,
      customer.id,
      [1, 2, 3, 4].map((m) => ({
        type: 'withdrawal' as const,
        at: new Date(now - m * 60_000),
        amount: '20',
        asset: 'USDT',
        network: 'TRC20',
        from: limit.wallet,
        status: 'failed',
      })),
    );
    expect((await checks.withdrawal(actor, body({ amount: '20' }))).decision).toBe('review');
    const { rows } = await t.db.execute<{ current_version: number }>(
      sql`SELECT current_version FROM fraud_rules WHERE code = 'withdrawal_velocity'`,
    );
    const before = Number(rows[0]!.current_version);
    await t.db.execute(sql`
      INSERT INTO fraud_rule_versions (rule_code, version, params, severity, enabled, reason)
      VALUES ('withdrawal_velocity', ${before + 1}, '{"count": 50, "windowMinutes": 60}', 'high', true, 'test')`);
    await t.db.execute(
      sql`UPDATE fraud_rules SET current_version = ${before + 1} WHERE code = 'withdrawal_velocity'`,
    );
    try {
      expect(await checks.withdrawal(actor, body({ amount: '20' }))).toMatchObject({
        decision: 'allow',
        reasons: [],
      });
    } finally {
      await t.db.execute(
        sql`UPDATE fraud_rules SET current_version = ${before} WHERE code = 'withdrawal_velocity'`,
      );
    }
    expect((await checks.withdrawal(actor, body({ amount: '20' }))).decision).toBe('review');
    // Unchanged since: the probes built from the guess, run in the one statement, answer alike.
    expect((await checks.withdrawal(actor, body({ amount: '20' }))).decision).toBe('review');
  });

  it('reads the limits in its one statement exactly as the limits repository answers them', async () => {
    await ownLimit();
    const { rows } = await t.db.execute<{ limits: unknown }>(
      sql`SELECT ${limitsOfTypeJsonSql('withdrawal')} AS limits`,
    );
    expect(rows[0]!.limits).toEqual(await createLimitsRepository().ofType(t.db, 'withdrawal'));
  });

  it('refuses an unknown customer with CUSTOMER_NOT_FOUND and records nothing', async () => {
    const { body } = await clean();
    const b = body({ customer: { externalId: `nobody-${randomUUID()}` } });
    await expect(service().withdrawal(actor, b)).rejects.toMatchObject({ code: 'CUSTOMER_NOT_FOUND' });
    const { rows } = await t.db.execute(
      sql`SELECT 1 FROM realtime_checks WHERE external_ref = ${b.withdrawalId}`,
    );
    expect(rows).toEqual([]);
  });
});

describe('P2P check', () => {
  async function offer(status = 'active', contract = 'USDT-TRC20') {
    const seller = await newCustomer(t.db, 'checks_seller');
    // The offer's own account, with a P2P limit R14 picks for it (contract and account match).
    const account = `TA${randomUUID().replaceAll('-', '').slice(0, 20)}`;
    await t.db.execute(sql`
      INSERT INTO transaction_limits (limit_type, contract_name, wallet_address, min_amount, max_amount)
      VALUES ('p2p', ${contract}, ${account}, 1, 1000000)`);
    const externalId = `offer-${randomUUID()}`;
    const { rows } = await t.db.execute<{ guid: string }>(sql`
      INSERT INTO p2p_offers (trade_market_guid, seller_user_name, selling_contract_name, selling_account_address, unit_price, status, external_id)
      VALUES (gen_random_uuid(), ${seller.userName}, ${contract}, ${account}, 43, ${status}, ${externalId})
      RETURNING trade_market_guid::text AS guid`);
    return { seller, offerId: rows[0]!.guid, externalId };
  }
  const p2pBody = (buyer: string, offerId: string, amount: string) =>
    checksApi.P2pCheckBodySchema.parse({
      tradeId: `tr-${randomUUID()}`,
      customer: { externalId: buyer },
      offerId,
      amount,
    });

  it('allows a small trade on an active offer', async () => {
    const buyer = await newCustomer(t.db, 'checks_buyer');
    const { offerId } = await offer();
    const answer = await service().p2p(actor, p2pBody(buyer.externalId, offerId, '10'));
    expect(answer).toMatchObject({ decision: 'allow', reasons: [], reviewId: null });
  });

  it("names the offer by the exchange's id as well as by its trade market GUID", async () => {
    const buyer = await newCustomer(t.db, 'checks_buyer');
    const suspended = await offer('suspended');
    const byExchangeId = await service().p2p(actor, p2pBody(buyer.externalId, suspended.externalId, '10'));
    expect(codes(byExchangeId.reasons)).toEqual(
      codes((await service().p2p(actor, p2pBody(buyer.externalId, suspended.offerId, '10'))).reasons),
    );
    expect(byExchangeId.decision).toBe('block');
  });

  it('blocks a suspended offer and a restricted seller; holds a large trade the P2P rule would alert on', async () => {
    const buyer = await newCustomer(t.db, 'checks_buyer');
    const suspended = await offer('suspended');
    await t.db.execute(
      sql`INSERT INTO customer_restrictions (customer_id, kind, reason) VALUES (${suspended.seller.id}, 'p2p', 'Dispute')`,
    );
    const blocked = await service().p2p(actor, p2pBody(buyer.externalId, suspended.offerId, '10'));
    expect(blocked.decision).toBe('block');
    expect(codes(blocked.reasons)).toEqual(['OFFER_SUSPENDED', 'COUNTERPARTY_RESTRICTED']);
    const { offerId } = await offer();
    const large = await service().p2p(actor, p2pBody(buyer.externalId, offerId, '100000'));
    expect(large.decision).toBe('review');
    expect(large.reasons).toEqual([
      expect.objectContaining({
        code: 'FRAUD_RULE',
        params: expect.objectContaining({ rule: 'p2p_amount', role: 'buyer' }),
      }),
    ]);
    expect(large.reviewId).toBeNull();
    const tooLarge = await service().p2p(actor, p2pBody(buyer.externalId, offerId, '1000001'));
    expect(tooLarge.reasons[0]).toMatchObject({
      code: 'ABOVE_LIMIT_MAXIMUM',
      message: expect.stringMatching(/^Above the maximum of 1000000 USDT per operation \(limit #\d+\)$/),
    });
  });

  it('refuses an unknown offer with OFFER_NOT_FOUND', async () => {
    const buyer = await newCustomer(t.db, 'checks_buyer');
    await expect(service().p2p(actor, p2pBody(buyer.externalId, randomUUID(), '10'))).rejects.toMatchObject({
      code: 'OFFER_NOT_FOUND',
    });
  });
});

/** A screening_hit alert of the customer: open, or closed with `outcome`. */
async function screeningAlert(customerId: number, outcome: 'confirmed' | null): Promise<number> {
  const { rows } = await t.db.execute<{ id: number }>(sql`
    INSERT INTO fraud_alerts (customer_id, rule_code, rule_version, severity, window_key, window_start, window_end,
                              params, event_at, status, outcome)
    VALUES (${customerId}, 'screening_hit', 1, 'high', ${`entry:${randomUUID()}`}, now(), now(), '{}'::jsonb, now(),
            ${outcome ? 'closed' : 'open'}, ${outcome})
    RETURNING id`);
  return Number(rows[0]!.id);
}
