import { spawn } from 'node:child_process';
import path from 'node:path';
import { INTEGRATION_SCOPES } from '@backdesk/contract';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { eventually, until } from '../../../../test/eventually.ts';
import { useTestApp } from '../../../../test/harness.ts';
import { createTestIntegration } from '../../../test/integration-key.ts';

const t = useTestApp();
const manager = t.session('manager');
const REPO = path.resolve(import.meta.dirname, '../../../../../..');

/**
 * `npm run simulate` against a listening app: every kind of object, none refused; travel-rule data with
 * its crypto transfers, each withdrawal checked first; and an officer's request for information,
 * heard on the events feed, answered with the transfer's next version.
 */
it('drives Backdesk through the public API with its key, nothing refused', async () => {
  const { key, integrationId } = await createTestIntegration(t.db, {
    scopes: INTEGRATION_SCOPES,
    requestsPerMinute: 100_000,
  });
  const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const args = ['--import', 'tsx', 'apps/server/scripts/simulate.ts', '--url', url];
  const child = spawn(
    process.execPath,
    // Until told to stop (SIGINT), however slow the machine is to start it.
    [...args, '--seconds', '0', '--rate', '30', '--customers', '40', '--seed', '7'],
    {
      cwd: REPO,
      env: { ...process.env, SIMULATOR_KEY: key },
    },
  );
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));

  // A record of one of its transfers, open, that an officer asks information for while it runs.
  const record = await eventually(
    async () => {
      const { rows } = await t.db.execute<{ id: number; version: number; external_id: string }>(sql`
        SELECT r.id::int, r.version, w.external_id FROM travel_rule_records r
          JOIN wallet_transactions w ON w.id = r.transaction_id
         WHERE w.source_integration_id = ${integrationId} AND r.state = 'required_unverified'
         ORDER BY r.id LIMIT 1`);
      expect(rows[0]).toBeDefined();
      return rows[0]!;
    },
    { timeoutMs: 60_000, everyMs: 100 },
  );
  const asked = await t.app.inject({
    method: 'POST',
    url: '/api/compliance/travel-rule/records/request-information',
    payload: { id: record.id, version: record.version, note: 'Please confirm the beneficiary' },
    headers: manager,
  });
  expect(asked.statusCode, asked.body).toBe(200);
  await until(() => out.includes(`sent ${record.external_id} again`), 'the answer to the request', {
    timeoutMs: 60_000,
    everyMs: 100,
  });
  child.kill('SIGINT');

  const code = await exited;
  expect(code, out).toBe(0);
  expect(out).toMatch(/Done: [1-9]\d* applied, 0 refused; withdrawal checks [1-9]\d* allow/);
  expect(out).toMatch(/travel rule [1-9]\d* complete/);
  expect(out).toContain(`event travel_rule.info_requested ${record.external_id} by member`);
  expect(out).toContain(`sent ${record.external_id} again with the information asked for`);
  const fed = await t.db.execute<{ customers: number; wallet: number; assets: number; records: number }>(sql`
    SELECT (SELECT count(*)::int FROM customers WHERE source_integration_id = ${integrationId}) AS customers,
           (SELECT count(*)::int FROM wallet_transactions WHERE source_integration_id = ${integrationId}) AS wallet,
           (SELECT count(*)::int FROM assets WHERE source_integration_id = ${integrationId}) AS assets,
           (SELECT count(*)::int FROM travel_rule_records r JOIN wallet_transactions w ON w.id = r.transaction_id
             WHERE w.source_integration_id = ${integrationId}) AS records`);
  expect(fed.rows[0]).toMatchObject({ customers: 40, assets: 6 });
  expect(fed.rows[0]!.wallet).toBeGreaterThan(0);
  expect(fed.rows[0]!.records).toBeGreaterThan(0);
  // Every withdrawal it sent was checked first, as its integration.
  const unchecked = await t.db.execute<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM wallet_transactions w
     WHERE w.source_integration_id = ${integrationId} AND w.type = 'withdrawal'
       AND NOT EXISTS (SELECT 1 FROM realtime_checks c
                        WHERE c.integration_id = ${integrationId} AND c.external_ref = w.external_id)`);
  expect(unchecked.rows[0]!.n).toBe(0);
  // The answer came from the exchange: the record's data replaced by the integration after the request.
  const { rows: audit } = await t.db.execute<{ action: string; integration_id: number | null }>(sql`
    SELECT action, integration_id FROM audit_log
     WHERE entity = 'travel_rule_record' AND entity_id = ${String(record.id)} ORDER BY id`);
  expect(audit.map((a) => a.action)).toEqual(['create', 'request_information', 'update']);
  expect(audit[2]!.integration_id).toBe(integrationId);
}, 120_000);
