// Each rule as one set-based query over the events that trigger it. The same query serves the
// evaluator (the batch's events), a rescan and a backtest (the events in a time range): only the
// trigger set differs, so a backtest says exactly what a real run raises.

import { fraudApi } from '@backdesk/contract';
import type { FraudRuleCode } from '@backdesk/contract/fraud/keys';
import { type Placeholder, type SQL, sql } from 'drizzle-orm';

/**
 * A withdrawal the exchange is about to send, evaluated before it exists (a real-time check). Its
 * values may be placeholders: the check's statement is built once per shape and binds them per
 * request (checks.repository.ts, docs/decisions/0029-request-cost.md).
 */
export interface WithdrawalProbe {
  /** The customer's id, or the subquery that finds it (the real-time check's one statement). */
  customerId: number | SQL;
  asset: string | Placeholder;
  network: string | Placeholder;
  amount: string | Placeholder;
  toAddress: string | null | Placeholder;
  fromAddress: string | null | Placeholder;
  /** A placeholder stands for the time as ISO text. */
  at: Date | Placeholder;
}

/** A P2P trade about to open; the offer's contract and seller as the trade would copy them. */
export interface TradeProbe {
  tradeMarketGuid: string;
  buyerUserName: string;
  amount: string;
  contractName: string | null;
  sellerUserName: string | null;
  at: Date;
}

/**
 * Which events trigger evaluation: a batch's source rows by id, every row written in [from, to), or
 * one event not written yet (a probe), standing in for its table's row beside the rows that are.
 */
export type Scope =
  | { kind: 'events'; wallet: number[]; login: number[]; p2p: number[]; customer: number[] }
  | { kind: 'range'; from: Date; to: Date }
  | { kind: 'probe'; wallet?: WithdrawalProbe; p2p?: TradeProbe };

/** A probe's id: above every real row's, so "earlier than the trigger" takes in every row there is. */
const PROBE_ID = sql.raw('9223372036854775807::bigint');

/**
 * A rule's hits: one row per (customer, triggering event) with the columns `candidatesQuery` reads:
 * customer_id, window_key, window_start, window_end, event_at, ord (tie-break), figures, evidence
 * (a jsonb array of [kind, id] pairs; '[]' when only counted).
 */
type HitsBuilder = (scope: Scope, params: never, evidence: boolean) => SQL | null;

const ids = (list: number[]) => sql`${`{${list.join(',')}}`}::bigint[]`;

/** The trigger filter on a source table: its ids in the batch, or its time column in the range. */
function inScope(
  scope: Scope,
  source: 'wallet' | 'login' | 'p2p' | 'customer',
  alias: SQL,
  time: SQL,
): SQL | null {
  if (scope.kind === 'range')
    return sql`${time} >= ${scope.from.toISOString()}::timestamptz AND ${time} < ${scope.to.toISOString()}::timestamptz`;
  if (scope.kind === 'probe')
    return (source === 'wallet' || source === 'p2p') && scope[source] ? sql`true` : null;
  const list = scope[source];
  return list.length ? sql`${alias}.id = ANY(${ids(list)})` : null;
}

/**
 * The relation a rule reads its triggering rows `t` from: the source table, or a probe's one row with
 * the table's columns the rules read.
 */
function triggers(scope: Scope, table: 'wallet' | 'p2p'): SQL {
  if (scope.kind !== 'probe')
    return table === 'wallet' ? sql.raw('wallet_transactions') : sql.raw('p2p_trades');
  if (table === 'wallet') {
    const w = scope.wallet!;
    return sql`(SELECT ${PROBE_ID} AS id, ${w.customerId}::bigint AS customer_id, 'withdrawal'::text AS type,
      ${w.asset}::text AS asset, ${w.network}::text AS network, ${w.amount}::numeric AS amount,
      ${w.fromAddress}::text AS from_address, ${w.toAddress}::text AS to_address, 'pending'::text AS status,
      ${w.at instanceof Date ? w.at.toISOString() : w.at}::timestamptz AS created_at)`;
  }
  const p = scope.p2p!;
  return sql`(SELECT ${PROBE_ID} AS id, ${p.tradeMarketGuid}::uuid AS trade_market_guid,
    ${p.buyerUserName}::text AS buyer_user_name, ${p.amount}::numeric AS trade_amount, 'pending'::text AS status,
    ${p.at.toISOString()}::timestamptz AS created_at, ${p.contractName}::text AS offer_contract_name,
    ${p.sellerUserName}::text AS offer_seller_user_name)`;
}

const minutes = (n: number) => sql`make_interval(mins => ${n}::int)`;
/** The tumbling bucket a sliding-window rule's alert is keyed by: one alert per customer per bucket. */
const bucketKey = (prefix: string, windowMinutes: number, at: SQL) =>
  sql`${`${prefix}${windowMinutes}:`} || floor(extract(epoch FROM ${at}) / ${windowMinutes * 60}::int)::bigint`;
/** amount (in asset, at time) ≥ threshold TRY, compared exactly in the reporting currency. */
const atLeastTry = (asset: SQL, amount: SQL, at: SQL, minTry: string) =>
  sql`${amount} * bd_fraud_rate(${asset}, ${at}) >= ${minTry}::numeric * bd_fraud_rate('TRY', ${at})`;
const tryValue = (asset: SQL, amount: SQL, at: SQL) =>
  sql`bd_fraud_try_value(${asset}, ${amount}, ${at})::text`;

/** `count` or more events of the same kind within `windowMinutes` up to and including the trigger. */
function slidingCount(
  o: {
    table: SQL;
    time: SQL;
    kindFilter: (alias: SQL) => SQL;
    source: 'wallet' | 'login';
    evidenceKind: string;
    prefix: string;
  },
  scope: Scope,
  p: { count: number; windowMinutes: number },
  evidence: boolean,
): SQL | null {
  const where = inScope(scope, o.source, sql`t`, sql`t.${o.time}`);
  if (!where) return null;
  // Every event of the kind at the trigger's instant or up to the window before it (peers included).
  const inWindow = sql`w.customer_id = t.customer_id AND ${o.kindFilter(sql`w`)}
    AND w.${o.time} BETWEEN t.${o.time} - ${minutes(p.windowMinutes)} AND t.${o.time}`;
  const evidenceSql = evidence
    ? sql`(SELECT jsonb_agg(jsonb_build_array(${o.evidenceKind}::text, w.id) ORDER BY w.${o.time}, w.id)
             FROM ${o.table} w WHERE ${inWindow})`
    : sql`'[]'::jsonb`;
  const select = sql`
    SELECT t.customer_id, ${bucketKey(o.prefix, p.windowMinutes, sql`t.${o.time}`)} AS window_key,
           t.${o.time} - ${minutes(p.windowMinutes)} AS window_start, t.${o.time} AS window_end,
           t.${o.time} AS event_at, t.id AS ord, jsonb_build_object('count', t.n) AS figures,
           ${evidenceSql} AS evidence`;
  if (scope.kind !== 'range') {
    // A batch: each triggering event counts its own window through the (customer, time) index. A
    // probe is not in the table: it counts itself.
    const probe = scope.kind === 'probe';
    const from = probe && o.source === 'wallet' ? triggers(scope, 'wallet') : o.table;
    return sql`${select}
      FROM (SELECT t.*, c.n FROM ${from} t
             CROSS JOIN LATERAL (SELECT count(*)::int + ${probe ? 1 : 0}::int AS n FROM ${o.table} w WHERE ${inWindow}) c
             WHERE ${where} AND ${o.kindFilter(sql`t`)}) t
     WHERE t.n >= ${p.count}::int`;
  }
  // History: one pass in (customer, time) order over the range and the window before it; RANGE …
  // CURRENT ROW takes the row's peers as the lateral count's BETWEEN does, so both agree.
  const from = scope.from.toISOString();
  return sql`${select}
      FROM (SELECT w.*, count(*) OVER (PARTITION BY w.customer_id ORDER BY w.${o.time}
                   RANGE BETWEEN ${minutes(p.windowMinutes)} PRECEDING AND CURRENT ROW)::int AS n
              FROM ${o.table} w
             WHERE ${o.kindFilter(sql`w`)}
               AND w.${o.time} >= ${from}::timestamptz - ${minutes(p.windowMinutes)}
               AND w.${o.time} < ${scope.to.toISOString()}::timestamptz) t
     WHERE t.${o.time} >= ${from}::timestamptz AND t.n >= ${p.count}::int`;
}

const walletTx = sql.raw('wallet_transactions');
const logins = sql.raw('customer_login_events');
const createdAt = sql.raw('created_at');

const HITS: Record<FraudRuleCode, HitsBuilder> = {
  withdrawal_velocity: ((scope, p: fraudApi.RuleParams<'withdrawal_velocity'>, evidence) =>
    slidingCount(
      {
        table: walletTx,
        time: createdAt,
        kindFilter: (a) => sql`${a}.type = 'withdrawal'`,
        source: 'wallet',
        evidenceKind: 'wallet_transaction',
        prefix: 'w',
      },
      scope,
      p,
      evidence,
    )) as HitsBuilder,

  failed_logins: ((scope, p: fraudApi.RuleParams<'failed_logins'>, evidence) =>
    slidingCount(
      {
        table: logins,
        time: sql.raw('at'),
        kindFilter: (a) => sql`${a}.outcome = 'failure'`,
        source: 'login',
        evidenceKind: 'login',
        prefix: 'f',
      },
      scope,
      p,
      evidence,
    )) as HitsBuilder,

  // The latest qualifying deposit before the withdrawal is its evidence; one alert per withdrawal.
  withdrawal_after_deposit: ((scope, p: fraudApi.RuleParams<'withdrawal_after_deposit'>, evidence) => {
    const where = inScope(scope, 'wallet', sql`t`, sql`t.created_at`);
    if (!where) return null;
    // Each side valued once (in the reporting currency), then compared: value × 100 ≥ deposit × P.
    return sql`
      SELECT DISTINCT ON (t.id) t.customer_id, 'tx:' || t.id AS window_key, d.created_at AS window_start,
             t.created_at AS window_end, t.created_at AS event_at, t.id AS ord,
             jsonb_build_object(
               'withdrawalTry', ${tryValue(sql`t.asset`, sql`t.amount`, sql`t.created_at`)},
               'depositTry', ${tryValue(sql`d.asset`, sql`d.amount`, sql`d.created_at`)},
               'percent', round(100 * t.value / d.value, 2)::text,
               'minutes', floor(extract(epoch FROM t.created_at - d.created_at) / 60)::int) AS figures,
             ${evidence ? sql`jsonb_build_array(jsonb_build_array('wallet_transaction', d.id), jsonb_build_array('wallet_transaction', t.id))` : sql`'[]'::jsonb`} AS evidence
        FROM (SELECT t.*, t.amount * bd_fraud_rate(t.asset, t.created_at) AS value
                FROM ${triggers(scope, 'wallet')} t WHERE ${where} AND t.type = 'withdrawal' OFFSET 0) t
       CROSS JOIN LATERAL (
         SELECT d.*, d.amount * bd_fraud_rate(d.asset, d.created_at) AS value
           FROM wallet_transactions d
          WHERE d.customer_id = t.customer_id AND d.type = 'deposit' AND d.status NOT IN ('rejected', 'failed')
            AND d.amount > 0 AND d.created_at BETWEEN t.created_at - ${minutes(p.withinMinutes)} AND t.created_at
         OFFSET 0) d
       WHERE t.value * 100 >= d.value * ${p.minPercent}::int
       ORDER BY t.id, d.created_at DESC, d.id DESC`;
  }) as HitsBuilder,

  // The first withdrawal to an address: none earlier (whatever its status) by the same customer.
  new_address_withdrawal: ((scope, p: fraudApi.RuleParams<'new_address_withdrawal'>, evidence) => {
    const where = inScope(scope, 'wallet', sql`t`, sql`t.created_at`);
    if (!where) return null;
    return sql`
      SELECT t.customer_id, 'tx:' || t.id AS window_key, t.created_at AS window_start,
             t.created_at AS window_end, t.created_at AS event_at, t.id AS ord,
             jsonb_build_object('amountTry', ${tryValue(sql`t.asset`, sql`t.amount`, sql`t.created_at`)},
                                'address', t.to_address, 'network', t.network) AS figures,
             ${evidence ? sql`jsonb_build_array(jsonb_build_array('wallet_transaction', t.id))` : sql`'[]'::jsonb`} AS evidence
        FROM ${triggers(scope, 'wallet')} t
       WHERE ${where} AND t.type = 'withdrawal' AND t.to_address IS NOT NULL
         AND ${atLeastTry(sql`t.asset`, sql`t.amount`, sql`t.created_at`, p.minAmount)}
         AND NOT EXISTS (
           SELECT 1 FROM wallet_transactions e
            WHERE e.customer_id = t.customer_id AND e.type = 'withdrawal' AND e.to_address = t.to_address
              AND (e.created_at, e.id) < (t.created_at, t.id))`;
  }) as HitsBuilder,

  // Buyer and seller (when the offer names a known customer) each get the alert.
  p2p_amount: ((scope, p: fraudApi.RuleParams<'p2p_amount'>, evidence) => {
    const where = inScope(scope, 'p2p', sql`t`, sql`t.created_at`);
    if (!where) return null;
    return sql`
      SELECT c.id AS customer_id, 'trade:' || t.id AS window_key, t.created_at AS window_start,
             t.created_at AS window_end, t.created_at AS event_at, t.id AS ord,
             jsonb_build_object(
               'amountTry', ${tryValue(sql`t.offer_contract_name`, sql`t.trade_amount`, sql`t.created_at`)},
               'asset', t.offer_contract_name,
               'role', CASE WHEN c.user_name = t.buyer_user_name THEN 'buyer' ELSE 'seller' END) AS figures,
             ${evidence ? sql`jsonb_build_array(jsonb_build_array('p2p_trade', t.id))` : sql`'[]'::jsonb`} AS evidence
        FROM ${triggers(scope, 'p2p')} t
        JOIN customers c ON c.user_name IN (t.buyer_user_name, t.offer_seller_user_name)
       WHERE ${where}
         AND ${atLeastTry(sql`t.offer_contract_name`, sql`t.trade_amount`, sql`t.created_at`, p.minAmount)}`;
  }) as HitsBuilder,

  // A transaction from or to a listed address (its network, or any when the entry names none), a
  // sign-in from a listed IP or device, or a customer with a listed email or phone. One alert per customer and entry: the first hit is its evidence.
  blocklisted_address: ((scope, _p: fraudApi.RuleParams<'blocklisted_address'>, evidence) => {
    const walletWhere = inScope(scope, 'wallet', sql`t`, sql`t.created_at`);
    const loginWhere = inScope(scope, 'login', sql`t`, sql`t.at`);
    const parts: SQL[] = [];
    const ev = (kind: string) =>
      evidence
        ? sql`jsonb_build_array(jsonb_build_array(${kind}::text, t.id), jsonb_build_array('blocklist_entry', b.id))`
        : sql`'[]'::jsonb`;
    if (walletWhere)
      parts.push(sql`
        SELECT t.customer_id, 'entry:' || b.id AS window_key, t.created_at AS window_start,
               t.created_at AS window_end, t.created_at AS event_at, t.id AS ord,
               jsonb_build_object('value', b.value, 'network', t.network,
                 'direction', CASE WHEN b.value = bd_fraud_address(t.to_address) THEN 'to' ELSE 'from' END) AS figures,
               ${ev('wallet_transaction')} AS evidence
          FROM ${triggers(scope, 'wallet')} t
          JOIN fraud_blocklist b
            ON b.kind = 'address' AND b.removed_at IS NULL
           AND b.value IN (bd_fraud_address(t.from_address), bd_fraud_address(t.to_address))
           AND (b.network IS NULL OR b.network = upper(t.network))
         WHERE ${walletWhere}`);
    if (loginWhere)
      parts.push(sql`
        SELECT t.customer_id, 'entry:' || b.id AS window_key, t.at AS window_start, t.at AS window_end,
               t.at AS event_at, t.id AS ord,
               jsonb_build_object('value', b.value, 'kind', b.kind) AS figures,
               ${ev('login')} AS evidence
          FROM customer_login_events t
          JOIN fraud_blocklist b
            ON b.removed_at IS NULL
           AND ((b.kind = 'ip' AND b.value = host(t.ip)) OR (b.kind = 'device' AND b.value = t.device_id))
         WHERE ${loginWhere}`);
    // A customer's email or phone, as the blocklist stores them (lower-cased; digits only).
    const customerWhere = inScope(scope, 'customer', sql`t`, sql`t.create_date`);
    if (customerWhere)
      parts.push(sql`
        SELECT t.id AS customer_id, 'entry:' || b.id AS window_key, t.create_date AS window_start,
               t.create_date AS window_end, t.create_date AS event_at, t.id AS ord,
               jsonb_build_object('value', b.value, 'kind', b.kind) AS figures,
               ${evidence ? sql`jsonb_build_array(jsonb_build_array('blocklist_entry', b.id))` : sql`'[]'::jsonb`} AS evidence
          FROM customers t
          JOIN fraud_blocklist b
            ON b.removed_at IS NULL
           AND ((b.kind = 'email' AND b.value = lower(btrim(t.alias_email)))
             OR (b.kind = 'phone' AND b.value = regexp_replace(t.mobile, '\\D', '', 'g')))
         WHERE ${customerWhere}`);
    return parts.length ? sql.join(parts, sql` UNION ALL `) : null;
  }) as HitsBuilder,

  // Raised by screening through raiseAlerts; nothing here to scan.
  screening_hit: (() => null) as HitsBuilder,

  // Travel-rule failures (decision 0026): a transfer returned or rejected, or its information still
  // missing at its deadline, counted with the same counterparty VASP and for the same customer within
  // the window up to the failure. A failing record enqueues its transfer (migration 0054), a passed
  // deadline by the deadline job (travel-rule-deadlines.ts); a range takes the deadlines that passed
  // in it, so a backtest sees what time alone made a failure.
  travel_rule_failures: ((scope, p: fraudApi.RuleParams<'travel_rule_failures'>, evidence) => {
    if (scope.kind === 'probe') return null;
    const failedAt = (a: SQL) =>
      sql`(CASE WHEN ${a}.state = 'information_missing' THEN ${a}.deadline ELSE ${a}.state_changed_at END)`;
    const failed = (a: SQL) =>
      sql`(${a}.state IN ('returned', 'rejected') OR (${a}.state = 'information_missing' AND ${a}.deadline IS NOT NULL))`;
    let trigger: SQL;
    if (scope.kind === 'range') {
      const at = failedAt(sql`r`);
      trigger = sql`SELECT r.*, ${at} AS failed_at FROM travel_rule_records r
        WHERE ${failed(sql`r`)} AND ${at} >= ${scope.from.toISOString()}::timestamptz
          AND ${at} < ${scope.to.toISOString()}::timestamptz`;
    } else {
      if (!scope.wallet.length) return null;
      // A deadline the deadline job announced is a trigger of its own (decision 0030): time alone fails it.
      trigger = sql`SELECT r.*, ${failedAt(sql`r`)} AS failed_at FROM travel_rule_records r
        WHERE r.transaction_id = ANY(${ids(scope.wallet)})
          AND (r.state IN ('returned', 'rejected')
            OR (r.state = 'information_missing' AND r.deadline_raised = r.deadline))`;
    }
    const inWindow = sql`${failed(sql`f`)} AND ${failedAt(sql`f`)} BETWEEN t.failed_at - ${minutes(p.windowMinutes)} AND t.failed_at`;
    const evidenceSql = evidence
      ? sql`jsonb_agg(jsonb_build_array('wallet_transaction', f.transaction_id) ORDER BY f.transaction_id)`
      : sql`'[]'::jsonb`;
    const bucket = bucketKey('tr', p.windowMinutes, sql`t.failed_at`);
    return sql`
      SELECT w.customer_id, g.window_key, t.failed_at - ${minutes(p.windowMinutes)} AS window_start,
             t.failed_at AS window_end, t.failed_at AS event_at, t.transaction_id AS ord,
             -- The VASP's name says the count is the counterparty's; without it, the customer's.
             CASE WHEN g.by = 'vasp' THEN jsonb_build_object('count', g.n, 'vasp', g.vasp)
                  ELSE jsonb_build_object('count', g.n) END AS figures, g.evidence
        FROM (${trigger}) t
        JOIN wallet_transactions w ON w.id = t.transaction_id
        CROSS JOIN LATERAL (
          SELECT 'vasp'::text AS by, count(*)::int AS n, ${bucket} || ':v' || t.counterparty_vasp_id AS window_key,
                 (SELECT name FROM vasps WHERE id = t.counterparty_vasp_id) AS vasp, ${evidenceSql} AS evidence
            FROM travel_rule_records f
           WHERE t.counterparty_vasp_id IS NOT NULL AND f.counterparty_vasp_id = t.counterparty_vasp_id AND ${inWindow}
          UNION ALL
          SELECT 'customer'::text, count(*)::int, ${bucket} || ':c', NULL::text, ${evidenceSql}
            FROM travel_rule_records f JOIN wallet_transactions fw ON fw.id = f.transaction_id
           WHERE fw.customer_id = w.customer_id AND ${inWindow}) g
       WHERE g.n >= ${p.count}::int`;
  }) as HitsBuilder,
};

/** The rules the engine evaluates from events (screening raises its own). */
export const EVALUATED_RULES: readonly FraudRuleCode[] = (Object.keys(HITS) as FraudRuleCode[]).filter(
  (c) => c !== 'screening_hit',
);

/** One alert per (customer, window key): the earliest triggering event wins, as in a real run. */
export function candidatesQuery(
  code: FraudRuleCode,
  params: unknown,
  scope: Scope,
  evidence = true,
): SQL | null {
  const hits = HITS[code](scope, fraudApi.RULE_PARAMS[code].parse(params) as never, evidence);
  if (!hits) return null;
  return sql`SELECT DISTINCT ON (h.customer_id, h.window_key) h.* FROM (${hits}) h
              ORDER BY h.customer_id, h.window_key, h.event_at, h.ord`;
}
