import { fraudApi } from '@backdesk/contract';
import type { FraudEvidenceKind, FraudRuleCode, FraudSeverity } from '@backdesk/contract/fraud/keys';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx, Tx } from '../../../../db/client.ts';
import type { Clock } from '../../../../lib/clock.ts';
import type { RunContext } from '../runs/fraud-runs.ts';
import { createEvaluatorLoop } from './evaluator-loop.ts';
import { claimEvents } from './event-queue.ts';
import { candidatesQuery, EVALUATED_RULES, type Scope } from './rule-sql.ts';

/** An alert a rule would raise: what the evaluator, a rescan and a backtest all compute. */
export interface Candidate {
  customerId: number;
  windowKey: string;
  windowStart: Date;
  windowEnd: Date;
  eventAt: Date;
  figures: Record<string, string | number>;
  evidence: { kind: FraudEvidenceKind; refId: number }[];
}

/** A rule's setting: a version's thresholds and severity (the current one, or one proposed). */
export interface RuleSettingInput {
  params: unknown;
  severity: FraudSeverity;
}

export interface CandidateCount {
  alerts: number;
  customers: number;
  /** The customers with the most alerts, most first (at most SAMPLE_SIZE). */
  sample: { customerId: number; userName: string; alerts: number }[];
}

export interface TimeRange {
  from: Date;
  to: Date;
}

/** A rule's current version, as raiseAlerts records it on each alert. */
export interface CurrentRuleVersion {
  code: FraudRuleCode;
  version: number;
  params: Record<string, unknown>;
  severity: FraudSeverity;
  enabled: boolean;
}

/** Customers created or renamed, for screening: called inside the batch's transaction. */
export type CustomerEventsHandler = (tx: Tx, customerIds: number[]) => Promise<void>;

export interface FraudEngineDeps {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Events per transaction (BATCH_SIZE); tests make it small to interleave evaluators. */
  batchSize?: number;
}

/** Events per evaluator transaction: large enough to amortise a rule's query, small enough to commit fast. */
export const BATCH_SIZE = 500;
const SAMPLE_SIZE = 20;
/** A rescan's chunk of history: one transaction each, cancellable between them. */
const RESCAN_CHUNK_MS = 24 * 60 * 60 * 1000;

interface HitRow extends Record<string, unknown> {
  customer_id: number;
  window_key: string;
  window_start: Date | string;
  window_end: Date | string;
  event_at: Date | string;
  figures: Record<string, string | number>;
  evidence: [FraudEvidenceKind, number | string][];
}

const toDate = (v: Date | string) => (v instanceof Date ? v : new Date(v));

/** The alerts `code` would raise under `setting` for the events written in `range`, computed in SQL. */
export async function candidates(
  db: DbOrTx,
  ruleCode: FraudRuleCode,
  setting: RuleSettingInput,
  range: TimeRange,
): Promise<Candidate[]> {
  return candidatesIn(db, ruleCode, setting.params, { kind: 'range', from: range.from, to: range.to });
}

async function candidatesIn(
  db: DbOrTx,
  code: FraudRuleCode,
  params: unknown,
  scope: Scope,
): Promise<Candidate[]> {
  const query = candidatesQuery(code, params, scope);
  if (!query) return [];
  const { rows } = await db.execute<HitRow>(query);
  return rows.map((r) => ({
    customerId: Number(r.customer_id),
    windowKey: r.window_key,
    windowStart: toDate(r.window_start),
    windowEnd: toDate(r.window_end),
    eventAt: toDate(r.event_at),
    figures: r.figures,
    evidence: r.evidence.map(([kind, id]) => ({ kind, refId: Number(id) })),
  }));
}

/** The same as `candidates`, aggregated in the database (no evidence built): a backtest's figures. */
export async function countCandidates(
  db: DbOrTx,
  ruleCode: FraudRuleCode,
  setting: RuleSettingInput,
  range: TimeRange,
): Promise<CandidateCount> {
  const query = candidatesQuery(
    ruleCode,
    setting.params,
    { kind: 'range', from: range.from, to: range.to },
    false,
  );
  if (!query) return { alerts: 0, customers: 0, sample: [] };
  const { rows } = await db.execute<{
    customer_id: number | null;
    user_name: string | null;
    alerts: number;
    customers: number;
    total: number;
  }>(sql`
    WITH c AS (${query}),
    per AS (SELECT customer_id, count(*)::int AS alerts FROM c GROUP BY customer_id),
    totals AS (SELECT coalesce(sum(alerts), 0)::int AS total, count(*)::int AS customers FROM per)
    SELECT s.customer_id, cu.user_name, s.alerts, t.customers, t.total
      FROM totals t
      LEFT JOIN LATERAL (SELECT * FROM per ORDER BY alerts DESC, customer_id LIMIT ${SAMPLE_SIZE}) s ON true
      LEFT JOIN customers cu ON cu.id = s.customer_id
     ORDER BY s.alerts DESC NULLS LAST, s.customer_id`);
  const first = rows[0];
  return {
    alerts: first ? Number(first.total) : 0,
    customers: first ? Number(first.customers) : 0,
    sample: rows
      .filter((r) => r.customer_id !== null)
      .map((r) => ({
        customerId: Number(r.customer_id),
        userName: r.user_name ?? '',
        alerts: Number(r.alerts),
      })),
  };
}

/** Every rule's current version (the settings in force). */
export async function currentVersions(db: DbOrTx): Promise<Map<FraudRuleCode, CurrentRuleVersion>> {
  const { rows } = await db.execute<{
    code: FraudRuleCode;
    version: number;
    params: Record<string, unknown>;
    severity: FraudSeverity;
    enabled: boolean;
  }>(sql`${CURRENT_VERSIONS_SQL}`);
  return versionsOf(rows);
}

/** Every rule's current version; also read inside the real-time check's one statement (decision 0025). */
export const CURRENT_VERSIONS_SQL = sql`SELECT r.code, v.version, v.params, v.severity, v.enabled
  FROM fraud_rules r JOIN fraud_rule_versions v ON v.rule_code = r.code AND v.version = r.current_version`;

export const versionsOf = (rows: CurrentRuleVersion[]): Map<FraudRuleCode, CurrentRuleVersion> =>
  new Map(rows.map((r) => [r.code, { ...r, version: Number(r.version) }]));

/**
 * Inserts `candidates` as alerts of `ruleCode` with its current version, severity and params, and
 * their evidence; a key already raised (any status) adds nothing. A disabled rule raises nothing.
 */
export async function raiseAlerts(
  tx: DbOrTx,
  ruleCode: FraudRuleCode,
  list: Candidate[],
  at: Date,
  current?: CurrentRuleVersion,
): Promise<{ raised: number[] }> {
  if (!list.length) return { raised: [] };
  const rule = current ?? (await currentVersions(tx)).get(ruleCode);
  if (!rule?.enabled) return { raised: [] };
  const payload = JSON.stringify(
    list.map((c) => ({
      customer_id: c.customerId,
      window_key: c.windowKey,
      window_start: c.windowStart.toISOString(),
      window_end: c.windowEnd.toISOString(),
      event_at: c.eventAt.toISOString(),
      figures: c.figures,
      evidence: c.evidence.map((e) => [e.kind, e.refId]),
    })),
  );
  const { rows } = await tx.execute<{ id: number }>(sql`
    WITH c AS (
      SELECT DISTINCT ON (customer_id, window_key) *
        FROM jsonb_to_recordset(${payload}::jsonb) AS x(customer_id bigint, window_key text,
             window_start timestamptz, window_end timestamptz, event_at timestamptz, figures jsonb, evidence jsonb)
       ORDER BY customer_id, window_key, event_at),
    ins AS (
      INSERT INTO fraud_alerts (customer_id, rule_code, rule_version, severity, window_key, window_start,
                                window_end, params, figures, event_at, raised_at, updated_at)
      SELECT customer_id, ${ruleCode}, ${rule.version}::int, ${rule.severity}, window_key, window_start,
             window_end, ${JSON.stringify(rule.params)}::jsonb, figures, event_at,
             ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz
        FROM c ORDER BY customer_id, window_key
      ON CONFLICT (customer_id, rule_code, window_key) DO NOTHING
      RETURNING id, customer_id, window_key),
    ev AS (
      INSERT INTO fraud_alert_evidence (alert_id, kind, ref_id)
      SELECT DISTINCT ins.id, e->>0, (e->>1)::bigint
        FROM ins JOIN c USING (customer_id, window_key) CROSS JOIN jsonb_array_elements(c.evidence) e
      ON CONFLICT DO NOTHING)
    SELECT id FROM ins ORDER BY id`);
  return { raised: rows.map((r) => Number(r.id)) };
}

/**
 * The engine: the evaluator that drains the event outbox (all nodes may run it at once: batches are
 * claimed with SKIP LOCKED and alerts deduplicate on their key), and the history scans.
 */
export function createFraudEngine({ db, clock, log, batchSize = BATCH_SIZE }: FraudEngineDeps) {
  let onCustomers: CustomerEventsHandler | null = null;
  const loop = createEvaluatorLoop({ pool: db.$client, log, evaluate: () => evaluatePending() });

  /** One batch in one transaction: claimed, evaluated by every enabled rule, raised, committed. */
  async function evaluateBatch(size: number): Promise<number> {
    return db.transaction(async (tx) => {
      const events = await claimEvents(tx, size);
      if (!events.length) return 0;
      const of = (kind: string) => [
        ...new Set(events.filter((e) => e.kind === kind).map((e) => Number(e.ref_id))),
      ];
      const scope: Scope = {
        kind: 'events',
        wallet: of('wallet_transaction'),
        login: of('login'),
        p2p: of('p2p_trade'),
        customer: of('customer'),
      };
      const versions = await currentVersions(tx);
      const at = clock.now();
      for (const code of EVALUATED_RULES) {
        const rule = versions.get(code);
        if (!rule?.enabled) continue;
        // A stored setting the schema refuses would fail every batch: skip the rule, loudly.
        if (!fraudApi.RULE_PARAMS[code].safeParse(rule.params).success) {
          log.error({ rule: code, version: rule.version }, 'fraud rule version has invalid params; skipped');
          continue;
        }
        const found = await candidatesIn(tx, code, rule.params, scope);
        if (found.length) await raiseAlerts(tx, code, found, at, rule);
      }
      const customers = of('customer');
      if (customers.length && onCustomers) await onCustomers(tx, customers);
      return events.length;
    });
  }

  async function evaluatePending(limit = Number.POSITIVE_INFINITY): Promise<number> {
    let done = 0;
    while (done < limit) {
      const n = await evaluateBatch(Math.min(batchSize, limit - done));
      if (!n) break;
      done += n;
    }
    return done;
  }

  /**
   * Runs the rules over history, rule by rule and day by day (one transaction per chunk), raising
   * what a real run would have; returns early when the run is cancelled.
   */
  async function rescan(
    range: TimeRange,
    rules: readonly FraudRuleCode[] = EVALUATED_RULES,
    progress?: RunContext,
  ): Promise<{ raised: number }> {
    const versions = await currentVersions(db);
    const chosen = rules.filter((c) => EVALUATED_RULES.includes(c) && versions.get(c)?.enabled);
    const chunks: TimeRange[] = [];
    for (let t = range.from.getTime(); t < range.to.getTime(); t += RESCAN_CHUNK_MS)
      chunks.push({ from: new Date(t), to: new Date(Math.min(t + RESCAN_CHUNK_MS, range.to.getTime())) });
    const total = chunks.length * chosen.length;
    let raised = 0;
    let done = 0;
    await progress?.progress(0, total);
    for (const code of chosen) {
      let ofRule = 0;
      for (const chunk of chunks) {
        if (progress && (await progress.cancelled())) return { raised: raised + ofRule };
        ofRule += await db.transaction(async (tx) => {
          const rule = (await currentVersions(tx)).get(code);
          if (!rule?.enabled) return 0;
          const found = await candidatesIn(tx, code, rule.params, { kind: 'range', ...chunk });
          return (await raiseAlerts(tx, code, found, clock.now(), rule)).raised.length;
        });
        done += 1;
        if (progress && (done % 10 === 0 || done === total)) await progress.progress(done, total);
      }
      raised += ofRule;
      await progress?.log('info', 'engine.ruleScanned', { rule: code, raised: ofRule });
    }
    return { raised };
  }

  return {
    evaluatePending,
    candidates,
    countCandidates,
    /** Raises with the rule's current version, stamped with the engine's clock. */
    raiseAlerts: (tx: DbOrTx, ruleCode: FraudRuleCode, list: Candidate[]) =>
      raiseAlerts(tx, ruleCode, list, clock.now()),
    rescan,
    /** Screening's hook for customer events (created, renamed); one handler. */
    onCustomerEvents(handler: CustomerEventsHandler): void {
      onCustomers = handler;
    },
    /** Events queued and not yet evaluated (the metrics gauge). */
    async waiting(): Promise<number> {
      const { rows } = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM fraud_event_queue`);
      return Number(rows[0]?.n ?? 0);
    },
    /** The evaluator loop (LISTEN fraud_events with a poll as fallback); stop waits for its batch. */
    start: loop.start,
    stop: loop.stop,
  };
}
export type FraudEngine = ReturnType<typeof createFraudEngine>;
