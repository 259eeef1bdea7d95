import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/harness.ts';
import { createFraudEngine } from '../../compliance/fraud/engine/fraud-engine.ts';
import { alertsOf } from '../../compliance/fraud/engine/test-fixtures.ts';
import { balancesIngest, customersIngest, signInsIngest } from '../../crm/index.ts';
import {
  assetsIngest,
  p2pOffersIngest,
  p2pTradesIngest,
  ratesIngest,
  walletTransactionsIngest,
} from '../../transactions/index.ts';
import { ingestBatch } from './ingest-core.ts';

// Every kind the exchange sends, through the core: what each writes, and that what arrives feeds the
// same machinery as any row (the fraud engine's queue and alerts, the inbox, the report rollups).
const t = useTestApp();
const source = () => ({ integrationId: null, receivedAt: new Date() });
const uid = () => randomUUID().slice(0, 8);
// After the seeded history (which ends today), so the windows hold this file's rows only.
const T0 = new Date('2027-06-01T09:00:00Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000).toISOString();

async function newCustomer() {
  const id = uid();
  const c = {
    externalId: `kinds_${id}`,
    version: 1,
    userName: `kinds_${id}`,
    email: `kinds.${id}@example.com`,
    status: 'active',
    kycType: 'kyc',
  };
  expect((await ingestBatch(t.db, customersIngest, [c], source())).applied).toBe(1);
  const row = await t.db.execute<{ id: number; user_name: string }>(
    sql`SELECT id, user_name FROM customers WHERE external_id = ${c.externalId}`,
  );
  return { externalId: c.externalId, id: Number(row.rows[0]!.id), userName: row.rows[0]!.user_name };
}

const statuses = (answer: { results: Array<{ status: string; code?: string }> }) =>
  answer.results.map((r) => (r.code ? `${r.status}:${r.code}` : r.status));

describe('the kinds of object the exchange sends', () => {
  it('sign-ins reach the fraud engine, which raises its alert for them', async () => {
    const c = await newCustomer();
    const failures = Array.from({ length: 6 }, (_, i) => ({
      externalId: `si_${uid()}`,
      version: 1,
      customerExternalId: c.externalId,
      at: at(i),
      ip: '203.0.113.9',
      deviceId: 'dev-1',
      outcome: 'failure',
      failureReason: 'bad_password',
    }));
    const answer = await ingestBatch(
      t.db,
      signInsIngest,
      [
        ...failures,
        { ...failures[0], externalId: `si_${uid()}`, outcome: 'success' },
        { ...failures[0], externalId: `si_${uid()}`, customerExternalId: 'nobody' },
      ],
      source(),
    );
    expect(statuses(answer)).toEqual([
      ...failures.map(() => 'applied'),
      'refused:INGEST_INVALID_ITEM',
      'refused:CUSTOMER_UNKNOWN',
    ]);
    await createFraudEngine({ db: t.db, clock: t.clock, log: t.app.log }).evaluatePending();
    expect((await alertsOf(t.db, [c.id], 'failed_logins')).length).toBe(1);
  });

  it('wallet transactions raise the velocity alert and land in the report rollups', async () => {
    const c = await newCustomer();
    const withdrawals = Array.from({ length: 6 }, (_, i) => ({
      externalId: `wv_${uid()}`,
      version: 1,
      customerExternalId: c.externalId,
      type: 'withdrawal',
      asset: 'TRY',
      network: 'BANK',
      amount: '10.00',
      status: 'pending',
      createdAt: at(i * 5),
    }));
    expect((await ingestBatch(t.db, walletTransactionsIngest, withdrawals, source())).applied).toBe(6);
    await createFraudEngine({ db: t.db, clock: t.clock, log: t.app.log }).evaluatePending();
    expect((await alertsOf(t.db, [c.id], 'withdrawal_velocity')).length).toBe(1);
    const rollup = await t.db.execute<{ n: number }>(sql`
      SELECT coalesce(sum(n), 0)::int AS n FROM rpt_wallet_hourly
       WHERE hour = date_trunc('hour', ${T0.toISOString()}::timestamptz) AND type = 'withdrawal' AND status = 'pending'`);
    expect(rollup.rows[0]!.n).toBeGreaterThanOrEqual(6);
  });

  it('P2P offers and trades: a dispute reaches the inbox; an unknown offer or buyer is refused', async () => {
    const seller = await newCustomer();
    const buyer = await newCustomer();
    const offer = {
      externalId: `off_${uid()}`,
      version: 1,
      sellerExternalId: seller.externalId,
      contract: 'USDT-TRC20',
      unitPrice: '35.10',
      status: 'active',
      createdAt: at(0),
    };
    expect(statuses(await ingestBatch(t.db, p2pOffersIngest, [offer], source()))).toEqual(['applied']);
    const trade = {
      externalId: `trd_${uid()}`,
      version: 1,
      offerExternalId: offer.externalId,
      buyerExternalId: buyer.externalId,
      amount: '120.50',
      status: 'pending',
      createdAt: at(1),
    };
    const answer = await ingestBatch(
      t.db,
      p2pTradesIngest,
      [
        trade,
        { ...trade, externalId: `trd_${uid()}`, offerExternalId: 'no-offer' },
        { ...trade, externalId: `trd_${uid()}`, buyerExternalId: 'nobody' },
      ],
      source(),
    );
    expect(statuses(answer)).toEqual(['applied', 'refused:P2P_OFFER_UNKNOWN', 'refused:CUSTOMER_UNKNOWN']);
    const disputed = await ingestBatch(
      t.db,
      p2pTradesIngest,
      [{ ...trade, version: 2, status: 'disputed', disputeReason: 'Payment not received' }],
      source(),
    );
    expect(statuses(disputed)).toEqual(['applied']);
    const row = await t.db.execute<{ status: string; offer_seller_user_name: string; inbox: number }>(sql`
      SELECT t.status, t.offer_seller_user_name,
             (SELECT count(*)::int FROM work_items w WHERE w.kind = 'p2p_dispute' AND w.source_ref = 'p2p_trade:' || t.id AND w.resolved_at IS NULL) AS inbox
        FROM p2p_trades t WHERE t.external_id = ${trade.externalId}`);
    expect(row.rows[0]).toEqual({ status: 'disputed', offer_seller_user_name: seller.userName, inbox: 1 });
  });

  it('balances replace the snapshot only with a newer version', async () => {
    const c = await newCustomer();
    const snap = {
      customerExternalId: c.externalId,
      asset: 'BTC',
      version: 5,
      available: '0.5',
      locked: '0',
      asOf: at(0),
    };
    expect(statuses(await ingestBatch(t.db, balancesIngest, [snap], source()))).toEqual(['applied']);
    const answer = await ingestBatch(
      t.db,
      balancesIngest,
      [
        { ...snap, version: 4, available: '9' },
        { ...snap, asset: 'ETH', customerExternalId: 'nobody' },
      ],
      source(),
    );
    expect(statuses(answer)).toEqual(['stale', 'refused:CUSTOMER_UNKNOWN']);
    expect(answer.results[0]!.externalId).toBe(`${c.externalId}/BTC`);
    const row = await t.db.execute<{ available: string }>(
      sql`SELECT trim_scale(available)::text AS available FROM customer_balances WHERE customer_id = ${c.id} AND asset = 'BTC'`,
    );
    expect(row.rows[0]!.available).toBe('0.5');
  });

  it('the asset catalogue bounds an amount by its precision; rates are stored as sent', async () => {
    const code = `Q${uid()
      .toUpperCase()
      .replace(/[^A-Z0-9]/g, '')
      .slice(0, 6)}`;
    const asset = {
      externalId: `asset_${code}`,
      version: 1,
      asset: code,
      network: 'NET',
      precision: 2,
      isFiat: false,
    };
    expect(statuses(await ingestBatch(t.db, assetsIngest, [asset], source()))).toEqual(['applied']);
    const c = await newCustomer();
    const tx = {
      externalId: `prec_${uid()}`,
      version: 1,
      customerExternalId: c.externalId,
      type: 'deposit',
      asset: code,
      network: 'NET',
      status: 'completed',
      createdAt: at(0),
    };
    const answer = await ingestBatch(
      t.db,
      walletTransactionsIngest,
      [
        { ...tx, amount: '1.234' },
        { ...tx, externalId: `prec_${uid()}`, amount: '1.23' },
      ],
      source(),
    );
    expect(statuses(answer)).toEqual(['refused:INGEST_AMOUNT_PRECISION', 'applied']);
    const rate = {
      externalId: `rate_${uid()}`,
      version: 1,
      asset: code,
      quote: 'TRY',
      rate: '12.5',
      at: at(0),
    };
    const rates = await ingestBatch(
      t.db,
      ratesIngest,
      [rate, { ...rate, externalId: `rate_${uid()}`, quote: 'GBP' }],
      source(),
    );
    expect(statuses(rates)).toEqual(['applied', 'refused:INGEST_UNKNOWN_VALUE']);
  });
});
