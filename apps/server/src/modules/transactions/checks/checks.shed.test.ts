import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/harness.ts';
import { createTestIntegration, type TestIntegration } from '../../../test/integration-key.ts';
import { newCustomer } from '../../compliance/fraud/engine/test-fixtures.ts';

// A check that waited past CHECKS_SHED_AFTER_MS in the node is shed (decision 0025): 1 ms here, so
// every check has waited longer than that by the time its handler starts.
const t = useTestApp({ CHECKS_SHED_AFTER_MS: '1' });
let exchange: TestIntegration;
beforeAll(async () => {
  exchange = await createTestIntegration(t.db, { scopes: ['checks:withdrawal', 'checks:p2p'] });
});

describe('a check past its budget', () => {
  it('is answered 503 CHECK_OVERLOADED with Retry-After, and nothing is recorded or held', async () => {
    const customer = await newCustomer(t.db, 'checks_shed');
    const withdrawalId = `wd-${randomUUID()}`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/checks/withdrawal',
      headers: { authorization: `Bearer ${exchange.key}`, 'content-type': 'application/json' },
      payload: JSON.stringify({
        withdrawalId,
        customer: { externalId: customer.externalId },
        asset: 'USDT',
        network: 'TRC20',
        amount: '12.5',
        toAddress: `TX${randomUUID().replaceAll('-', '')}`,
      }),
    });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('1');
    expect(res.json()).toMatchObject({ code: 'CHECK_OVERLOADED' });
    const { rows } = await t.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM realtime_checks WHERE external_ref = ${withdrawalId}`,
    );
    expect(rows[0]!.n).toBe(0);
    const held = await t.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM wallet_transactions WHERE external_id = ${withdrawalId}`,
    );
    expect(held.rows[0]!.n).toBe(0);
  });
});
