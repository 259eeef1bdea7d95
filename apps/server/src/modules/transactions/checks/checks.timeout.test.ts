import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newCustomer } from '../../compliance/fraud/engine/test-fixtures.ts';
import { useChecksBesideOpenTransaction, withdrawalBody } from './checks-fault-fixtures.ts';

// A check whose work runs past the checks' statement timeout is answered 503 CHECK_OVERLOADED with
// Retry-After, never 500 (decision 0025). The fault is injected: a transaction of this file holds
// what the check must wait for. (A connection not had in time, a deadline passed: checks.deadline.test.ts;
// a batch's rollup rows, which a check never waits on: checks.locks.test.ts.)
const { t, check, holdOpen } = useChecksBesideOpenTransaction();

async function withdrawal() {
  const customer = await newCustomer(t.db, 'checks_timeout');
  return {
    customer,
    body: withdrawalBody(customer.externalId),
  };
}

async function expectOverloaded(res: Awaited<ReturnType<typeof check>>, withdrawalId: string) {
  expect(res.statusCode).toBe(503);
  expect(res.headers['retry-after']).toBe('1');
  expect(res.json()).toMatchObject({ code: 'CHECK_OVERLOADED' });
  const recorded = await t.db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM realtime_checks WHERE external_ref = ${withdrawalId}`,
  );
  expect(recorded.rows[0]!.n).toBe(0);
  const held = await t.db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM wallet_transactions WHERE external_id = ${withdrawalId}`,
  );
  expect(held.rows[0]!.n).toBe(0);
}

describe('a check that cannot be answered in time', () => {
  it("reading past the statement timeout: 503 (the check's one read statement cancelled)", async () => {
    const { body } = await withdrawal();
    await holdOpen('LOCK TABLE customer_restrictions IN ACCESS EXCLUSIVE MODE');
    await expectOverloaded(await check(body), body.withdrawalId);
  });

  it('is documented in the public OpenAPI document: 503 CHECK_OVERLOADED with Retry-After on both checks', async () => {
    const document = (await t.app.inject({ url: '/api/v1/openapi.json' })).json() as {
      paths: Record<string, { post: { responses: Record<string, OpenApiResponse> } }>;
    };
    for (const path of ['/api/v1/checks/withdrawal', '/api/v1/checks/p2p']) {
      const unavailable = document.paths[path]!.post.responses[503]!;
      expect(unavailable.content['application/json'].schema.properties.code.enum).toContain(
        'CHECK_OVERLOADED',
      );
      expect(unavailable.headers).toHaveProperty('Retry-After');
    }
  });
});

type OpenApiResponse = {
  headers?: Record<string, unknown>;
  content: { 'application/json': { schema: { properties: { code: { enum: string[] } } } } };
};
