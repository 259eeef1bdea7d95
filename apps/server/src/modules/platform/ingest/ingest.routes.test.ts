import { randomUUID } from 'node:crypto';
import { publicApi } from '@backdesk/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/harness.ts';
import { createTestIntegration } from '../../../test/integration-key.ts';

// The public ingestion API over HTTP (decision 0025): what the exchange's client sees.
const t = useTestApp();
let key: string;
let narrow: string;
let customer: string;

beforeAll(async () => {
  key = (await createTestIntegration(t.db, { scopes: ['ingest:wallet', 'ingest:customers'] })).key;
  narrow = (await createTestIntegration(t.db, { scopes: ['ingest:sign-ins'] })).key;
  customer = (
    await t.db.execute<{ external_id: string }>(
      sql`SELECT external_id FROM customers WHERE external_id IS NOT NULL ORDER BY id LIMIT 1`,
    )
  ).rows[0]!.external_id;
});

const tx = (over: Record<string, unknown> = {}) => ({
  externalId: `http_${randomUUID()}`,
  version: 1,
  customerExternalId: customer,
  type: 'withdrawal',
  asset: 'TRY',
  network: 'BANK',
  amount: '100.25',
  status: 'pending',
  createdAt: '2026-12-01T10:00:00Z',
  ...over,
});

const send = (payload: string, type: string, headers: Record<string, string> = {}, bearer = key) =>
  t.app.inject({
    method: 'POST',
    url: publicApi.ingestWalletTransactions.path,
    headers: { authorization: `Bearer ${bearer}`, 'content-type': type, ...headers },
    payload,
  });

const count = async (ids: string[]) =>
  (
    await t.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM wallet_transactions WHERE external_id = ANY(${sql.param(ids)}::text[])`,
    )
  ).rows[0]!.n;

describe('POST /api/v1/ingest/wallet-transactions', () => {
  it('takes one object, a JSON array, or NDJSON, answering each item', async () => {
    const one = await send(JSON.stringify(tx()), 'application/json');
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ received: 1, applied: 1 });
    const items = [tx(), tx({ amount: 5 })];
    const array = await send(JSON.stringify(items), 'application/json');
    expect(array.json().results.map((r: { status: string }) => r.status)).toEqual(['applied', 'refused']);
    const lines = [tx(), tx()];
    const nd = await send(
      `${JSON.stringify(lines[0])}\n{"broken": \n${JSON.stringify(lines[1])}\n`,
      'application/x-ndjson',
    );
    expect(nd.statusCode).toBe(200);
    expect(nd.json().results).toEqual([
      { index: 0, externalId: lines[0]!.externalId, status: 'applied' },
      {
        index: 1,
        externalId: null,
        status: 'refused',
        code: 'INGEST_MALFORMED_LINE',
        message: 'Line 2 is not valid JSON',
      },
      { index: 2, externalId: lines[1]!.externalId, status: 'applied' },
    ]);
  });

  it('refuses more than 10,000 items whole (413) and applies none', async () => {
    const items = Array.from({ length: 10_001 }, () => tx());
    const res = await send(items.map((i) => JSON.stringify(i)).join('\n'), 'application/x-ndjson');
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('BATCH_TOO_LARGE');
    expect(await count([items[0]!.externalId, items[10_000]!.externalId])).toBe(0);
  });

  it('applies nothing twice when a batch is retried with the same Idempotency-Key', async () => {
    const items = [tx(), tx()];
    const body = JSON.stringify(items);
    const idem = { 'idempotency-key': `ingest-${randomUUID()}` };
    const first = await send(body, 'application/json', idem);
    const retry = await send(body, 'application/json', idem);
    expect(retry.json()).toEqual(first.json());
    expect(first.json().applied).toBe(2);
    // The same items again without the key: already there, so unchanged — still nothing twice.
    const again = await send(body, 'application/json');
    expect(again.json()).toMatchObject({ applied: 0, unchanged: 2 });
    expect(await count(items.map((i) => i.externalId))).toBe(2);
  });

  it('refuses a NUL byte, a wrong scope and a body that is not JSON, never a 500', async () => {
    const nul = await send(JSON.stringify([tx({ toAddress: 'x\u0000y' })]), 'application/json');
    expect(nul.statusCode).toBeLessThan(500);
    const refusedNul = nul.statusCode === 200 ? nul.json().results[0].code : nul.json().code;
    expect(refusedNul).toBe('INVALID_TEXT');
    const scope = await send(JSON.stringify(tx()), 'application/json', {}, narrow);
    expect(scope.statusCode).toBe(403);
    expect(scope.json().code).toBe('API_SCOPE_MISSING');
    const broken = await send('[{"a":1}', 'application/json');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().code).toBe('MALFORMED_BODY');
  });
});
