import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fraudApi } from '@backdesk/contract';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { createFraudEngine, type FraudEngine } from '../../modules/compliance/fraud/engine/fraud-engine.ts';
import { parseList } from '../../modules/compliance/fraud/screening/parse.ts';
import { rescreenAll } from '../../modules/compliance/fraud/screening/screen.ts';
import { createScreeningRepository } from '../../modules/compliance/fraud/screening/screening.repository.ts';
import { SERVER_ROOT } from '../../server-root.ts';
import { createDb, type Db } from '../client.ts';
import { DAY_MS } from './timeline.ts';

/**
 * The demo's fraud history (docs/product-rules.md R65), after the bulk load: a few blocklist entries the history hits,
 * then the engine's own rescan over the last days raises the alerts (never alert rows written by
 * hand), which are dated when their event happened, as if raised live, and worked on as analysts
 * would have: the older ones mostly closed, some escalated or under investigation, a few in cases.
 * Not part of the test template (tests raise their own alerts); run by the demo's first start.
 */
export const HISTORY_DAYS = 60;

const quiet = { info() {}, warn() {}, error() {}, debug() {}, trace() {}, fatal() {}, child: () => quiet };

/** Addresses and a sign-in address the history already used, put on the blocklist weeks ago. */
async function seedBlocklist(pool: pg.Pool, now: Date): Promise<number> {
  const since = new Date(now.getTime() - HISTORY_DAYS * DAY_MS);
  const { rowCount } = await pool.query(
    `WITH picked AS (
       SELECT DISTINCT ON (customer_id) bd_fraud_address(to_address) AS value, network, created_at
         FROM wallet_transactions
        WHERE type = 'withdrawal' AND to_address IS NOT NULL AND network <> 'BANK' AND created_at >= $1
        ORDER BY customer_id, id LIMIT 3)
     INSERT INTO fraud_blocklist (kind, value, network, reason, source, created_by, created_at)
     SELECT 'address', value, network, 'Linked to a phishing campaign reported by a partner exchange',
            'Partner exchange report', 1, $1::timestamptz - interval '30 days' FROM picked
     UNION ALL
     SELECT 'ip', '203.0.113.58', NULL, 'Credential-stuffing source seen against several accounts',
            'Internal investigation', 2, $1::timestamptz - interval '30 days'
     ON CONFLICT DO NOTHING`,
    [since],
  );
  return rowCount ?? 0;
}

/**
 * Money moving the way two rules look for, which the generated history rarely does: a customer
 * withdrawing six times within the hour, and one sending most of a deposit straight out again. A
 * few customers each, on days spread over the history.
 */
async function seedSuspiciousMoves(pool: pg.Pool, now: Date): Promise<void> {
  await pool.query(
    `WITH picked AS (
       SELECT c.id, row_number() OVER (ORDER BY c.id) AS n,
              $1::timestamptz - interval '1 day' * (2 + (c.id * 37) % ($2::int - 4)) - interval '1 hour' * (c.id % 20) AS at
         FROM customers c
        WHERE c.id % greatest(1, (SELECT count(*) FROM customers) / 6) = 3
        LIMIT 6),
     moves AS (
       -- Odd ones: six withdrawals ten minutes apart; even ones: a deposit, 92% of it out 20 minutes later.
       SELECT p.id, 'withdrawal' AS type, (2500 + 750 * g)::numeric AS amount, p.at + interval '10 minutes' * g AS at
         FROM picked p, generate_series(0, 5) g WHERE p.n % 2 = 1
       UNION ALL
       SELECT p.id, 'deposit', 185000, p.at FROM picked p WHERE p.n % 2 = 0
       UNION ALL
       SELECT p.id, 'withdrawal', 170200, p.at + interval '20 minutes' FROM picked p WHERE p.n % 2 = 0)
     INSERT INTO wallet_transactions (customer_id, type, asset, network, amount, fee, from_address, to_address,
                                      status, created_at, updated_at, channel, source_check, hold_state)
     SELECT m.id, m.type, 'TRY', 'BANK', m.amount, 0, NULL,
            CASE WHEN m.type = 'withdrawal' THEN 'TR' || lpad((m.id * 7919 % 100000000)::text, 24, '3') END,
            'completed', m.at, m.at,
            CASE WHEN m.type = 'deposit' THEN 'bank_transfer' END,
            CASE WHEN m.type = 'deposit' THEN 'passed' END,
            CASE WHEN m.type = 'deposit' THEN 'none' END
       FROM moves m`,
    [now, HISTORY_DAYS],
  );
}

/** Works on the raised alerts as a team would have: spread by id, so the same seed gives the same. */
async function workAlerts(pool: pg.Pool, now: Date): Promise<void> {
  await pool.query(
    `UPDATE fraud_alerts SET raised_at = least(event_at + interval '40 seconds', $1), updated_at = least(event_at + interval '40 seconds', $1)`,
    [now],
  );
  // Older than a week: seven in ten closed (two of them confirmed), the rest under way; newer ones
  // mostly open, a few picked up.
  await pool.query(
    `WITH shaped AS (
       SELECT id, raised_at, (id * 7919) % 100 AS r, raised_at < $1::timestamptz - interval '7 days' AS old
         FROM fraud_alerts)
     UPDATE fraud_alerts a SET
       status = CASE WHEN s.old AND s.r < 70 THEN 'closed' WHEN s.r >= 90 THEN 'escalated'
                     WHEN s.r >= 75 OR (s.old AND s.r >= 70) THEN 'investigating' ELSE 'open' END,
       outcome = CASE WHEN s.old AND s.r < 70 THEN (CASE WHEN s.r < 20 THEN 'confirmed' ELSE 'false_positive' END) END,
       assignee_id = CASE WHEN s.old OR s.r >= 75 THEN 1 + s.r % 3 END,
       closed_at = CASE WHEN s.old AND s.r < 70 THEN s.raised_at + interval '1 hour' * (2 + s.r % 30) END,
       closed_by = CASE WHEN s.old AND s.r < 70 THEN 1 + s.r % 3 END,
       closing_note = CASE WHEN s.old AND s.r < 70 THEN (CASE WHEN s.r < 20
           THEN 'Customer could not explain the pattern; activity confirmed as suspicious.'
           ELSE 'Checked with the customer: expected activity, documents on file.' END) END,
       updated_at = CASE WHEN s.old THEN s.raised_at + interval '1 hour' * (2 + s.r % 30) ELSE a.updated_at END,
       version = CASE WHEN s.old OR s.r >= 75 THEN 2 ELSE 1 END
     FROM shaped s WHERE s.id = a.id`,
    [now],
  );
  // A few cases: the customers with the most confirmed or escalated alerts; the first one closed.
  await pool.query(
    `WITH top AS (
       SELECT customer_id, min(raised_at) AS first_at, row_number() OVER (ORDER BY count(*) DESC, customer_id) AS n
         FROM fraud_alerts WHERE outcome = 'confirmed' OR status = 'escalated'
        GROUP BY customer_id ORDER BY count(*) DESC, customer_id LIMIT 3),
     opened AS (
       INSERT INTO fraud_cases (customer_id, status, owner_id, opened_at, opened_by, title, narrative,
                                decision, closed_at, closed_by, closing_note, updated_at)
       SELECT customer_id, CASE WHEN n = 1 THEN 'closed' ELSE 'open' END, 1 + n % 3, first_at, 1,
              'Repeated suspicious activity', 'Alerts of this customer grouped for a joint review.',
              CASE WHEN n = 1 THEN 'restrict' END, CASE WHEN n = 1 THEN first_at + interval '3 days' END,
              CASE WHEN n = 1 THEN 2 END,
              CASE WHEN n = 1 THEN 'Withdrawals restricted until the source of funds is documented.' END,
              first_at
         FROM top
       RETURNING id, customer_id)
     UPDATE fraud_alerts a SET case_id = o.id FROM opened o WHERE a.customer_id = o.customer_id`,
  );
  // Their timelines say what the product's own actions would have: opened by the demo admin with the
  // customer's alerts attached, and the closed one's decision.
  await pool.query(
    `INSERT INTO fraud_case_events (case_id, at, member_id, kind, params)
     SELECT c.id, c.opened_at, c.opened_by, e.kind, e.params
       FROM fraud_cases c
      CROSS JOIN LATERAL (
        VALUES ('opened', '{}'::jsonb),
               ('alerts_attached', jsonb_build_object('alerts',
                  (SELECT string_agg(a.id::text, ', ' ORDER BY a.id) FROM fraud_alerts a WHERE a.case_id = c.id)))
      ) AS e(kind, params)
     UNION ALL
     SELECT id, closed_at, closed_by, 'closed', jsonb_build_object('decision', decision)
       FROM fraud_cases WHERE status = 'closed'`,
  );
  // A case closed with "restrict" restricted its customer's withdrawals, as the decision does in the
  // product; the customer's page shows it (unless one was already running).
  await pool.query(
    `INSERT INTO customer_restrictions (customer_id, kind, reason, created_by, starts_at, created_at)
     SELECT c.customer_id, 'withdrawal', c.closing_note, c.closed_by, c.closed_at, c.closed_at
       FROM fraud_cases c
      WHERE c.status = 'closed' AND c.decision = 'restrict'
        AND NOT EXISTS (SELECT 1 FROM customer_restrictions r
                         WHERE r.customer_id = c.customer_id AND r.kind = 'withdrawal' AND r.lifted_at IS NULL
                           AND (r.ends_at IS NULL OR r.ends_at > now()))`,
  );
}

/** The synthetic lists the repository ships (apps/server/data/screening), as a member would import them. */
const SHIPPED_LISTS = [
  { file: 'ofac-sdn-sample.csv', format: 'ofac_sdn', name: 'OFAC SDN (demo sample)' },
  { file: 'un-consolidated-sample.xml', format: 'un_xml', name: 'UN consolidated (demo sample)' },
  {
    file: 'opensanctions-sample.csv',
    format: 'opensanctions',
    name: 'OpenSanctions PEPs and sanctions (demo sample)',
  },
] as const;
const LISTS_DIR = path.join(SERVER_ROOT, 'data/screening');

/** Imports the shipped lists (by the demo admin), then screens every customer against them. */
async function seedScreening(db: Db, engine: FraudEngine, now: Date): Promise<void> {
  const repo = createScreeningRepository();
  for (const list of SHIPPED_LISTS) {
    const bytes = await readFile(path.join(LISTS_DIR, list.file));
    const parsed = await parseList(
      list.format,
      (async function* () {
        yield new Uint8Array(bytes);
      })(),
      fraudApi.SCREENING_MAX_FILE_BYTES,
    );
    await db.transaction(async (tx) => {
      const id = await repo.insertList(tx, { name: list.name, format: list.format, at: now, memberId: 1 });
      await repo.replaceEntries(tx, id, parsed.entries, now);
      await repo.touchList(tx, id, {
        format: list.format,
        fileName: list.file,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        count: parsed.entries.length,
        at: now,
        memberId: 1,
      });
    });
  }
  await rescreenAll({ db, clock: { now: () => now }, repo, raiseAlerts: engine.raiseAlerts });
}

/** The tables the history fills (alerts and their evidence, cases, lists, work items). */
const HISTORY_TABLES = [
  'wallet_transactions',
  'customer_restrictions',
  'fraud_blocklist',
  'fraud_alerts',
  'fraud_alert_evidence',
  'fraud_cases',
  'fraud_case_events',
  'screening_customer_keys',
  'screening_matches',
  'work_items',
  'inbox_items',
];

/** Raises the demo's alerts from its history and the shipped lists; returns how many there are. */
export async function seedFraudHistory(pool: pg.Pool, options: { now?: Date } = {}): Promise<number> {
  const now = options.now ?? new Date();
  await seedBlocklist(pool, now);
  await seedSuspiciousMoves(pool, now);
  const db = createDb(pool);
  const engine = createFraudEngine({
    db,
    clock: { now: () => now },
    log: quiet as unknown as FastifyBaseLogger,
  });
  await engine.rescan({ from: new Date(now.getTime() - HISTORY_DAYS * DAY_MS), to: now });
  await seedScreening(db, engine, now);
  await workAlerts(pool, now);
  // Fresh statistics for the records the history wrote, so a case's first report draft is not planned
  // on empty-table estimates before autovacuum gets to them (at 1M customers its evidence queries
  // took 0.2-1.3 s; 2 ms after). Not the queues: analyzed drained, they would be planned as empty.
  await pool.query(`ANALYZE ${HISTORY_TABLES.join(', ')}`);
  // Said once it is whole, so a start stopped half-way raises the history again at the next one.
  await pool.query(`INSERT INTO app_settings (key, value) VALUES ($1, 'true') ON CONFLICT (key) DO NOTHING`, [
    FRAUD_HISTORY_DONE,
  ]);
  const { rows } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM fraud_alerts');
  return rows[0]!.n;
}

/** The app_settings key saying the demo's fraud history was raised. */
const FRAUD_HISTORY_DONE = 'demo_fraud_history_raised';

/** Whether a demo database still waits for its fraud history (a fresh one, or a start stopped half-way). */
export async function fraudHistoryPending(pool: pg.Pool): Promise<boolean> {
  const { rows } = await pool.query('SELECT 1 FROM app_settings WHERE key = $1', [FRAUD_HISTORY_DONE]);
  return rows.length === 0;
}
