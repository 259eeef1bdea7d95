import { spawn } from 'node:child_process';
import path from 'node:path';
import { INTEGRATION_SCOPES } from '@backdesk/contract';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { useTestApp } from '../../../../test/harness.ts';
import { createTestIntegration } from '../../../test/integration-key.ts';

const t = useTestApp();
const REPO = path.resolve(import.meta.dirname, '../../../../../..');

/** `npm run simulate` against a listening app: every kind of object, none refused. */
it('drives Backdesk through the public API with its key, nothing refused', async () => {
  const { key, integrationId } = await createTestIntegration(t.db, {
    scopes: INTEGRATION_SCOPES,
    requestsPerMinute: 100_000,
  });
  const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const args = ['--import', 'tsx', 'apps/server/scripts/simulate.ts', '--url', url];
  const child = spawn(
    process.execPath,
    [...args, '--seconds', '3', '--rate', '30', '--customers', '40', '--seed', '7'],
    {
      cwd: REPO,
      env: { ...process.env, SIMULATOR_KEY: key },
    },
  );
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  expect(code, out).toBe(0);
  expect(out).toMatch(/Done: [1-9]\d* applied, 0 refused/);
  const fed = await t.db.execute<{ customers: number; wallet: number; assets: number }>(sql`
    SELECT (SELECT count(*)::int FROM customers WHERE source_integration_id = ${integrationId}) AS customers,
           (SELECT count(*)::int FROM wallet_transactions WHERE source_integration_id = ${integrationId}) AS wallet,
           (SELECT count(*)::int FROM assets WHERE source_integration_id = ${integrationId}) AS assets`);
  expect(fed.rows[0]).toMatchObject({ customers: 40, assets: 6 });
  expect(fed.rows[0]!.wallet).toBeGreaterThan(0);
}, 120_000);
