import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/harness.ts';
import { parseServerTiming } from '../../../lib/server-timing.ts';
import { createTestIntegration, type TestIntegration } from '../../../test/integration-key.ts';
import { newCustomer } from '../../compliance/fraud/engine/test-fixtures.ts';
import { withdrawalBody } from './checks-fault-fixtures.ts';

// The checks over HTTP with an integration's key, as the exchange calls them.
const t = useTestApp();
let exchange: TestIntegration;
let ingestOnly: TestIntegration;
beforeAll(async () => {
  exchange = await createTestIntegration(t.db, { scopes: ['checks:withdrawal', 'checks:p2p'] });
  ingestOnly = await createTestIntegration(t.db, { scopes: ['ingest:wallet'] });
});

const post = (path: string, key: string, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/checks/${path}`,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });

async function limitedWithdrawal(over: Record<string, unknown> = {}) {
  const customer = await newCustomer(t.db, 'checks_http');
  const wallet = `TW${randomUUID().replaceAll('-', '').slice(0, 20)}`;
  await t.db.execute(sql`
    INSERT INTO transaction_limits (limit_type, contract_name, wallet_address, min_amount, max_amount)
    VALUES ('withdrawal', 'USDT-TRC20', ${wallet}, 1, 1000)`);
  return {
    customer,
    body: withdrawalBody(customer.externalId, { fromAddress: wallet, ...over }),
  };
}

describe('POST /api/v1/checks/withdrawal', () => {
  it('answers allow for a clean withdrawal, recorded under the integration', async () => {
    const { body } = await limitedWithdrawal();
    const res = await post('withdrawal', exchange.key, body);
    expect(res.statusCode).toBe(200);
    const answer = res.json();
    expect(answer).toEqual({
      checkId: expect.any(String),
      decision: 'allow',
      reasons: [],
      evaluatedAt: expect.any(String),
      reviewId: null,
    });
    const { rows } = await t.db.execute<{ integration_id: number; external_ref: string }>(
      sql`SELECT integration_id, external_ref FROM realtime_checks WHERE public_id = ${answer.checkId}::uuid`,
    );
    expect(rows).toEqual([{ integration_id: exchange.integrationId, external_ref: body.withdrawalId }]);
  });

  it("runs on connections PostgreSQL names as the checks' and the counter's own", async () => {
    const { body } = await limitedWithdrawal();
    expect((await post('withdrawal', exchange.key, body)).statusCode).toBe(200);
    const { rows } = await t.db.execute<{ name: string }>(
      sql`SELECT DISTINCT application_name AS name FROM pg_stat_activity WHERE datname = current_database()`,
    );
    expect(rows.map((r) => r.name)).toEqual(expect.arrayContaining(['backdesk-checks', 'backdesk-counter']));
  });

  it("says in Server-Timing what the check took inside the server, the travel rule's judgement apart", async () => {
    const { body } = await limitedWithdrawal();
    const res = await post('withdrawal', exchange.key, body);
    expect(res.statusCode).toBe(200);
    const timing = parseServerTiming(res.headers['server-timing'] as string);
    expect([...timing.keys()]).toEqual(['travel-rule', 'check']);
    expect(timing.get('travel-rule')).toBeGreaterThan(0);
    expect(timing.get('check')).toBeGreaterThan(timing.get('travel-rule')!);
  });

  it('holds for review with the withdrawal it puts under review, audited with the integration as actor', async () => {
    const { customer, body } = await limitedWithdrawal();
    await t.db.execute(sql`
      INSERT INTO fraud_alerts (customer_id, rule_code, rule_version, severity, window_key, window_start, window_end, params, event_at)
      VALUES (${customer.id}, 'screening_hit', 1, 'high', ${`entry:${randomUUID()}`}, now(), now(), '{}'::jsonb, now())`);
    const answer = (await post('withdrawal', exchange.key, body)).json();
    expect(answer.decision).toBe('review');
    const audit = await t.db.execute(sql`
      SELECT member_id, integration_id, customer_id, request_id IS NOT NULL AS has_request, before, after
        FROM audit_log
       WHERE entity = 'wallet_transaction' AND action = 'create' AND entity_id = ${String(answer.reviewId)}`);
    expect(audit.rows).toEqual([
      {
        member_id: null,
        integration_id: exchange.integrationId,
        customer_id: customer.id,
        has_request: true,
        before: null,
        after: {
          status: 'under_review',
          review_reason: expect.stringMatching(/^Real-time check: .*sanctions or PEP match/),
        },
      },
    ]);
    const status = await t.db.execute<{ status: string }>(
      sql`SELECT status FROM wallet_transactions WHERE id = ${answer.reviewId}`,
    );
    expect(status.rows[0]?.status).toBe('under_review');
  });

  it('refuses a key without the scope (403), a bad amount (400), NUL (400) and an unknown customer (404)', async () => {
    const { body } = await limitedWithdrawal();
    const scope = await post('withdrawal', ingestOnly.key, body);
    expect(scope.statusCode).toBe(403);
    expect(scope.json()).toMatchObject({ code: 'API_SCOPE_MISSING', params: { scope: 'checks:withdrawal' } });
    expect((await post('p2p', ingestOnly.key, {})).json().code).toBe('API_SCOPE_MISSING');

    for (const amount of ['1e3', '-5', '0', '0.0000001', ' 12', 12, '1,5', ''])
      expect((await post('withdrawal', exchange.key, { ...body, amount })).json().code, String(amount)).toBe(
        'VALIDATION_FAILED',
      );
    expect((await post('withdrawal', exchange.key, { ...body, asset: 'DOGE' })).json().code).toBe(
      'VALIDATION_FAILED',
    );
    expect((await post('withdrawal', exchange.key, { ...body, extra: 1 })).json().code).toBe(
      'VALIDATION_FAILED',
    );
    const nul = await post('withdrawal', exchange.key, { ...body, toAddress: 'TX\u0000evil' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().code).toBe('INVALID_TEXT');
    expect((await post('withdrawal', exchange.key, '{"withdrawalId":')).statusCode).toBe(400);

    const unknown = await post('withdrawal', exchange.key, {
      ...body,
      customer: { externalId: `nobody-${randomUUID()}` },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('CUSTOMER_NOT_FOUND');
    const byId = await post('withdrawal', exchange.key, { ...body, customer: { id: 9_007_199_254_740_991 } });
    expect(byId.json().code).toBe('CUSTOMER_NOT_FOUND');
    expect((await post('withdrawal', exchange.key, { ...body, customer: { id: -1 } })).json().code).toBe(
      'VALIDATION_FAILED',
    );
  });

  it('refuses a request without a key', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/checks/withdrawal', payload: {} });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('API_KEY_INVALID');
  });
});

describe('POST /api/v1/checks/p2p', () => {
  it('answers a trade on an offer, and 404 for an unknown offer', async () => {
    const buyer = await newCustomer(t.db, 'checks_http_buyer');
    const seller = await newCustomer(t.db, 'checks_http_seller');
    const { rows } = await t.db.execute<{ guid: string }>(sql`
      INSERT INTO p2p_offers (trade_market_guid, seller_user_name, selling_contract_name, unit_price, status)
      VALUES (gen_random_uuid(), ${seller.userName}, 'USDT-TRC20', 43, 'suspended') RETURNING trade_market_guid::text AS guid`);
    const body = {
      tradeId: `tr-${randomUUID()}`,
      customer: { id: buyer.id },
      offerId: rows[0]!.guid,
      amount: '25',
    };
    const res = await post('p2p', exchange.key, body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      decision: 'block',
      reasons: [expect.objectContaining({ code: 'OFFER_SUSPENDED' })],
    });
    const unknown = await post('p2p', exchange.key, { ...body, offerId: randomUUID() });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('OFFER_NOT_FOUND');
    expect((await post('p2p', exchange.key, { ...body, offerId: 'not an id' })).json().code).toBe(
      'VALIDATION_FAILED',
    );
  });
});

describe('the public OpenAPI document', () => {
  it('describes both checks with their scope, their refusals and the fail-closed rule', async () => {
    const doc = (await t.app.inject({ url: '/api/v1/openapi.json' })).json();
    const op = doc.paths['/api/v1/checks/withdrawal'].post;
    expect(op['x-scopes']).toEqual(['checks:withdrawal']);
    expect(op.description).toContain('Fail closed');
    expect(Object.keys(op.responses)).toEqual(
      expect.arrayContaining(['200', '400', '401', '403', '404', '429']),
    );
    expect(doc.paths['/api/v1/checks/p2p'].post.description).toContain('OFFER_NOT_FOUND');
  });
});
