import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/harness.ts';
import { ingestBatch } from '../../platform/ingest/ingest-core.ts';
import { walletTransactionsIngest } from './wallet-transactions.ingest.ts';

const t = useTestApp();
const source = () => ({ integrationId: null, receivedAt: new Date() });
let customer: { id: number; externalId: string };

beforeAll(async () => {
  const row = (
    await t.db.execute<{ id: number; external_id: string }>(
      sql`SELECT id, external_id FROM customers WHERE external_id IS NOT NULL ORDER BY id LIMIT 1`,
    )
  ).rows[0]!;
  customer = { id: Number(row.id), externalId: row.external_id };
});

const tx = (over: Record<string, unknown> = {}) => ({
  externalId: `wtx_${randomUUID()}`,
  version: 1,
  customerExternalId: customer.externalId,
  type: 'deposit',
  asset: 'TRY',
  network: 'BANK',
  amount: '1250.50',
  status: 'pending',
  channel: 'bank_transfer',
  createdAt: '2026-12-01T10:00:00Z',
  ...over,
});

const stored = async (externalId: string) =>
  (
    await t.db.execute<{ status: string; amount: string; external_version: number; version: number }>(
      sql`SELECT status, trim_scale(amount)::text AS amount, external_version, version
            FROM wallet_transactions WHERE external_id = ${externalId}`,
    )
  ).rows;

describe('wallet transactions ingestion', () => {
  it('applies good items and refuses bad ones each on its own, with a code per item', async () => {
    const good = tx();
    const answer = await ingestBatch(
      t.db,
      walletTransactionsIngest,
      [
        good,
        tx({ amount: 12.5 }),
        tx({ amount: '1e3' }),
        tx({ status: 'confirmed' }),
        tx({ customerExternalId: 'cus_nobody' }),
        tx({ toAddress: 'a\0b' }),
        tx({ colour: 'red' }),
      ],
      source(),
    );
    expect(answer.results.map((r) => [r.status, r.code])).toEqual([
      ['applied', undefined],
      ['refused', 'INGEST_INVALID_DECIMAL'],
      ['refused', 'INGEST_INVALID_DECIMAL'],
      ['refused', 'INGEST_UNKNOWN_VALUE'],
      ['refused', 'CUSTOMER_UNKNOWN'],
      ['refused', 'INVALID_TEXT'],
      ['refused', 'INGEST_UNKNOWN_FIELD'],
    ]);
    expect(answer).toMatchObject({ received: 7, applied: 1, refused: 6 });
    expect(answer.results[4]!.message).toContain('cus_nobody');
    expect(await stored(good.externalId)).toEqual([
      { status: 'pending', amount: '1250.5', external_version: 1, version: 1 },
    ]);
  });

  it('applies a newer version; an older or equal one changes nothing', async () => {
    const first = tx();
    await ingestBatch(t.db, walletTransactionsIngest, [first], source());
    const newer = { ...first, version: 3, status: 'completed' };
    expect((await ingestBatch(t.db, walletTransactionsIngest, [newer], source())).results[0]!.status).toBe(
      'applied',
    );
    const older = await ingestBatch(
      t.db,
      walletTransactionsIngest,
      [
        { ...first, version: 2, status: 'failed' },
        { ...first, version: 3, status: 'failed' },
      ],
      source(),
    );
    // Two items with one key: the higher version is the one tried, the other answered as older.
    expect(older.results.map((r) => r.status)).toEqual(['stale', 'unchanged']);
    expect(await stored(first.externalId)).toEqual([
      { status: 'completed', amount: '1250.5', external_version: 3, version: 2 },
    ]);
  });

  it('feeds the fraud engine and the report rollups like any other row', async () => {
    const item = tx({ type: 'withdrawal', channel: null, asset: 'TRY', amount: '777.77' });
    const before = await t.db.execute<{ n: string }>(
      sql`SELECT coalesce(sum(amount), 0)::text AS n FROM rpt_wallet_hourly WHERE type = 'withdrawal' AND asset = 'TRY'`,
    );
    await ingestBatch(t.db, walletTransactionsIngest, [item], source());
    const queued = await t.db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM fraud_event_queue q JOIN wallet_transactions w ON w.id = q.ref_id
       WHERE q.kind = 'wallet_transaction' AND w.external_id = ${item.externalId}`);
    expect(queued.rows[0]!.n).toBe(1);
    const after = await t.db.execute<{ n: string }>(
      sql`SELECT coalesce(sum(amount), 0)::text AS n FROM rpt_wallet_hourly WHERE type = 'withdrawal' AND asset = 'TRY'`,
    );
    expect(Number(after.rows[0]!.n) - Number(before.rows[0]!.n)).toBeCloseTo(777.77, 2);
  });

  it('keeps the status of a withdrawal under review in Backdesk', async () => {
    const item = tx({ type: 'withdrawal', channel: null });
    await ingestBatch(t.db, walletTransactionsIngest, [item], source());
    await t.db.execute(
      sql`UPDATE wallet_transactions SET status = 'under_review' WHERE external_id = ${item.externalId}`,
    );
    const answer = await ingestBatch(
      t.db,
      walletTransactionsIngest,
      [{ ...item, version: 2, status: 'completed' }],
      source(),
    );
    expect(answer.results[0]).toMatchObject({ status: 'refused', code: 'WITHDRAWAL_UNDER_REVIEW' });
    expect((await stored(item.externalId))[0]!.status).toBe('under_review');
  });
});
