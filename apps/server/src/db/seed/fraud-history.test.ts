import { FRAUD_FIGURE_KEYS } from '@backdesk/contract/fraud/keys';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-server.ts';
import { createPool } from '../client.ts';
import { fraudHistoryPending, seedFraudHistory } from './fraud-history.ts';

let database: TestDatabase;
let pool: pg.Pool;
let raised: number;
let pendingBefore: boolean;

beforeAll(async () => {
  database = await createTestDatabase();
  pool = createPool(database.url, 2);
  pendingBefore = await fraudHistoryPending(pool);
  raised = await seedFraudHistory(pool);
}, 120_000);

afterAll(async () => {
  await pool.end();
  await database.drop();
});

const rows = async <T extends pg.QueryResultRow>(text: string) =>
  (await pool.query<T>(text)).rows as [T, ...T[]];

describe('seeded fraud history', () => {
  it('is pending on a fresh demo database and done once raised, so a start stopped half-way raises it again', async () => {
    expect(pendingBefore).toBe(true);
    expect(await fraudHistoryPending(pool)).toBe(false);
  });

  it('raises its alerts through the engine from the seeded sign-ins and transactions', async () => {
    const [{ n }] = await rows<{ n: number }>('SELECT count(*)::int AS n FROM fraud_alerts');
    expect(raised).toBeGreaterThan(0);
    expect(n).toBe(raised);
    const rules = (await rows<{ rule_code: string }>('SELECT DISTINCT rule_code FROM fraud_alerts')).map(
      (r) => r.rule_code,
    );
    expect(rules.sort()).toEqual([
      'blocklisted_address',
      'failed_logins',
      'new_address_withdrawal',
      'p2p_amount',
      'screening_hit',
      'travel_rule_failures',
      'withdrawal_after_deposit',
      'withdrawal_velocity',
    ]);
    const [{ missing }] = await rows<{ missing: number }>(
      `SELECT count(*)::int AS missing FROM fraud_alerts a
        WHERE NOT EXISTS (SELECT 1 FROM fraud_alert_evidence e WHERE e.alert_id = a.id)`,
    );
    expect(missing).toBe(0);
  });

  it('records only figures the web app can name, for every rule', async () => {
    const keys = await rows<{ key: string }>(
      'SELECT DISTINCT jsonb_object_keys(figures) AS key FROM fraud_alerts',
    );
    expect(FRAUD_FIGURE_KEYS).toEqual(expect.arrayContaining(keys.map((k) => k.key)));
  });

  it('has alerts in every status and outcome, dated when their event happened', async () => {
    const states = await rows<{ status: string; outcome: string | null }>(
      'SELECT DISTINCT status, outcome FROM fraud_alerts',
    );
    expect(states.map((s) => `${s.status}/${s.outcome ?? ''}`).sort()).toEqual(
      expect.arrayContaining(['closed/confirmed', 'closed/false_positive', 'investigating/', 'open/']),
    );
    const [{ late }] = await rows<{ late: number }>(
      `SELECT count(*)::int AS late FROM fraud_alerts WHERE raised_at < event_at OR raised_at > now()`,
    );
    expect(late).toBe(0);
  });

  it('groups a few customers’ alerts into cases', async () => {
    const cases = await rows<{ status: string; alerts: number }>(
      `SELECT c.status, count(a.id)::int AS alerts FROM fraud_cases c JOIN fraud_alerts a ON a.case_id = c.id
        GROUP BY c.id, c.status`,
    );
    expect(cases.length).toBeGreaterThanOrEqual(1);
    expect(cases.every((c) => c.alerts > 0)).toBe(true);
  });

  it('gives each case the timeline its opening, its alerts and its closing would have written', async () => {
    const events = await rows<{ status: string; kinds: string[]; attached: string; alerts: string }>(
      `SELECT c.status, array_agg(e.kind ORDER BY e.id) AS kinds,
              min(e.params ->> 'alerts') AS attached,
              (SELECT string_agg(a.id::text, ', ' ORDER BY a.id) FROM fraud_alerts a WHERE a.case_id = c.id) AS alerts
         FROM fraud_cases c LEFT JOIN fraud_case_events e ON e.case_id = c.id
        GROUP BY c.id, c.status`,
    );
    for (const c of events) {
      expect(c.kinds).toEqual(
        c.status === 'closed' ? ['opened', 'alerts_attached', 'closed'] : ['opened', 'alerts_attached'],
      );
      expect(c.attached).toBe(c.alerts);
    }
    expect(events.some((c) => c.status === 'closed')).toBe(true);
  });

  it('restricts the withdrawals of a customer whose case closed with "restrict"', async () => {
    const unrestricted = await rows<{ id: number }>(
      `SELECT c.id FROM fraud_cases c WHERE c.decision = 'restrict'
          AND NOT EXISTS (SELECT 1 FROM customer_restrictions r WHERE r.customer_id = c.customer_id
                             AND r.kind = 'withdrawal' AND r.lifted_at IS NULL
                             AND (r.ends_at IS NULL OR r.ends_at > now()))`,
    );
    const restricting = await rows<{ n: number }>(
      `SELECT count(*)::int AS n FROM fraud_cases WHERE decision = 'restrict'`,
    );
    expect(restricting[0]!.n).toBeGreaterThanOrEqual(1);
    expect(unrestricted).toEqual([]);
  });
});
