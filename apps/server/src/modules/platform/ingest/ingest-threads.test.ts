import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/harness.ts';
import { INGEST_THREAD_ENTRY } from '../../../ingest-routes.ts';
import { AppError } from '../../../lib/app-error.ts';
import { createTestIntegration } from '../../../test/integration-key.ts';
import type { IngestJob } from './ingest-job.ts';
import { createIngestThreads, type IngestThreads } from './ingest-threads.ts';

// The ingestion thread (decision 0025): a batch decoded, applied and answered off the main thread.
const t = useTestApp();
let threads: IngestThreads;
let integrationId: number;
let customer: string;

beforeAll(async () => {
  integrationId = (await createTestIntegration(t.db, { scopes: ['ingest:wallet'] })).integrationId;
  customer = (
    await t.db.execute<{ external_id: string }>(
      sql`SELECT external_id FROM customers WHERE external_id IS NOT NULL ORDER BY id LIMIT 1`,
    )
  ).rows[0]!.external_id;
  const connectionString = t.db.$client.options.connectionString!;
  threads = createIngestThreads({
    entry: INGEST_THREAD_ENTRY,
    threads: 1,
    data: { connectionString, connections: 2, niceness: 10 },
  });
});
afterAll(() => threads.close());

const encode = (text: string) => new TextEncoder().encode(text);
const job = (items: unknown[], over: Partial<IngestJob> = {}): IngestJob => ({
  kind: 'wallet-transactions',
  route: '/api/v1/ingest/wallet-transactions',
  body: encode(items.map((item) => JSON.stringify(item)).join('\n')),
  format: 'ndjson',
  integrationId,
  receivedAt: Date.now(),
  idempotencyKey: null,
  ...over,
});
const withdrawal = () => ({
  externalId: `thread_${randomUUID()}`,
  version: 1,
  customerExternalId: customer,
  type: 'withdrawal',
  asset: 'TRY',
  network: 'BANK',
  amount: '12.50',
  status: 'pending',
  createdAt: '2026-12-01T10:00:00Z',
});
const answerOf = (json: Uint8Array) => JSON.parse(new TextDecoder().decode(json));

describe('ingestion threads', () => {
  it('apply a batch and hand back its answer as JSON, with the counts the call log keeps', async () => {
    const items = [withdrawal(), withdrawal(), { externalId: 'bad' }];
    const { json, counts } = await threads.run(job(items));
    expect(counts).toEqual({ received: 3, applied: 2, refused: 1 });
    const answer = answerOf(json);
    expect(answer.results.map((r: { status: string }) => r.status)).toEqual([
      'applied',
      'applied',
      'refused',
    ]);
    const stored = await t.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM wallet_transactions WHERE external_id IN (${items[0]!.externalId}, ${items[1]!.externalId})`,
    );
    expect(stored.rows[0]!.n).toBe(2);
  });

  it('answer an Idempotency-Key once: the retry gets the first answer, nothing applied twice', async () => {
    const items = [withdrawal()];
    const keyed = { idempotencyKey: `thread-${randomUUID()}` };
    const first = answerOf((await threads.run(job(items, keyed))).json);
    const retry = answerOf((await threads.run(job(items, keyed))).json);
    expect(retry).toEqual(first);
    expect(first.applied).toBe(1);
    const changed = job([{ ...items[0], amount: '13.00' }], keyed);
    await expect(threads.run(changed)).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
  });

  it('send a refusal back as the AppError it was, with its status', async () => {
    const blank = threads.run(job([], { body: encode(' \n ') }));
    await expect(blank).rejects.toBeInstanceOf(AppError);
    await expect(blank).rejects.toMatchObject({ code: 'MALFORMED_BODY', statusCode: 400 });
  });

  it('fail the batches of a thread that stops, and start a new thread for the next', async () => {
    const inFlight = threads.run(job([withdrawal()]));
    await threads.close();
    await expect(inFlight).rejects.toMatchObject({ code: 'SHUTTING_DOWN', statusCode: 503 });
    const after = await threads.run(job([withdrawal()]));
    expect(after.counts.applied).toBe(1);
  });
});
