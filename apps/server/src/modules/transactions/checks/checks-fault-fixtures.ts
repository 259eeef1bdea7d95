import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterEach, beforeAll } from 'vitest';
import { useTestApp } from '../../../../test/harness.ts';
import { createTestIntegration, type TestIntegration } from '../../../test/integration-key.ts';

/**
 * The checks' fault tests' setting: an app whose checks time out at 300 ms, a `checks:withdrawal`
 * key and its call, and a transaction of the test's own left open (as a batch still writing holds
 * its rows) that is rolled back after each test unless the test ended it.
 */
export function useChecksBesideOpenTransaction() {
  const t = useTestApp({ CHECKS_STATEMENT_TIMEOUT_MS: '300' });
  let exchange: TestIntegration;
  beforeAll(async () => {
    exchange = await createTestIntegration(t.db, { scopes: ['checks:withdrawal'] });
  });

  let open: pg.PoolClient | undefined;
  const end = async (command: 'COMMIT' | 'ROLLBACK') => {
    const client = open;
    open = undefined;
    if (!client) return;
    try {
      await client.query(command);
    } finally {
      client.release();
    }
  };
  afterEach(() => end('ROLLBACK'));

  return {
    t,
    check: (body: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/checks/withdrawal',
        headers: { authorization: `Bearer ${exchange.key}`, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      }),
    /** Opens the transaction and runs `statements` in it; it stays open until `end` or the test's end. */
    async holdOpen(...statements: string[]): Promise<pg.PoolClient> {
      open = await t.pool.connect();
      await open.query('BEGIN');
      for (const statement of statements) await open.query(statement);
      return open;
    },
    end,
  };
}

/** A withdrawal check's body for the customer of `externalId`: 12.5 USDT on TRC20 to a fresh address. */
export const withdrawalBody = (externalId: string, over: Record<string, unknown> = {}) => ({
  withdrawalId: `wd-${randomUUID()}`,
  customer: { externalId },
  asset: 'USDT',
  network: 'TRC20',
  amount: '12.5',
  toAddress: `TX${randomUUID().replaceAll('-', '')}`,
  ...over,
});
