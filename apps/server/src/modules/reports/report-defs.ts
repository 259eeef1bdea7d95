import { type SQL, sql } from 'drizzle-orm';
import { customersExtra } from './customers-extra.ts';
import type { MeasureDef, ReportDef } from './report-engine.ts';
import { travelRuleReport } from './travel-rule-report.ts';

const count = (key: string, where?: SQL): MeasureDef => ({ key, unit: 'count', sum: { of: sql`n`, where } });
const amount = (key: string, where?: SQL): MeasureDef => ({
  key,
  unit: 'amount',
  sum: { of: sql`amount`, where },
});

const WALLET_ROLLUP = sql`
  SELECT hour AS at, type, status, asset, network, channel, source_check, hold_state, n, amount, fee
    FROM rpt_wallet_hourly_all`;
const WALLET_DAILY = sql`
  SELECT zone, day, type, status, asset, network, channel, source_check, hold_state, n, amount, fee
    FROM rpt_wallet_daily_all`;
const WALLET_RAW = sql`
  SELECT created_at AS at, type, status, asset, network, coalesce(channel, '') AS channel,
         coalesce(source_check, '') AS source_check, coalesce(hold_state, '') AS hold_state,
         1::bigint AS n, amount, fee
    FROM wallet_transactions`;

const transactions: ReportDef = {
  name: 'transactions',
  source: { rollup: WALLET_ROLLUP, daily: WALLET_DAILY, raw: WALLET_RAW },
  filters: { asset: 'asset', network: 'network' },
  measures: [
    count('count'),
    count('deposits', sql`type = 'deposit'`),
    count('withdrawals', sql`type = 'withdrawal'`),
    count('transfers', sql`type = 'transfer'`),
    count('fees', sql`type = 'fee'`),
    count('completed', sql`status = 'completed'`),
    count('failed', sql`status IN ('failed', 'rejected')`),
    amount('amount'),
    { key: 'fee', unit: 'amount', sum: { of: sql`fee` } },
  ],
  series: ['deposits', 'withdrawals', 'transfers', 'fees'],
  breakdowns: [
    { key: 'by_type', dimensions: ['type'], measures: ['count', 'completed', 'failed'] },
    { key: 'by_status', dimensions: ['status'], measures: ['count'] },
    { key: 'by_asset', dimensions: ['asset', 'network', 'type'], measures: ['count', 'amount', 'fee'] },
  ],
};

// The rate in force on a fact's day (in the report's zone): each dated rate holds until the asset's next one.
const RATES = sql`
  SELECT asset, valid_from AS since,
         coalesce(lead(valid_from) OVER (PARTITION BY asset ORDER BY valid_from), 'infinity'::date) AS until, rate
    FROM report_rates`;
const priced = (facts: SQL) => sql`
  SELECT f.*, r.rate
    FROM (${facts}) f
    LEFT JOIN (${RATES}) r ON r.asset = f.asset AND f.d >= r.since AND f.d < r.until
   WHERE f.status = 'completed'`;
const valued = (key: string, expr: SQL, where?: SQL): MeasureDef => ({
  key,
  unit: 'currency',
  sum: { of: sql`(${expr}) * rate`, where },
});
const FEES = sql`fee + CASE WHEN type = 'fee' THEN amount ELSE 0 END`;
const NET = sql`CASE type WHEN 'deposit' THEN amount WHEN 'withdrawal' THEN -amount ELSE 0 END`;

const financial: ReportDef = {
  name: 'financial',
  source: { rollup: WALLET_ROLLUP, daily: WALLET_DAILY, raw: WALLET_RAW },
  enrich: priced,
  filters: { asset: 'asset', network: 'network' },
  measures: [
    amount('deposits', sql`type = 'deposit'`),
    amount('withdrawals', sql`type = 'withdrawal'`),
    { key: 'fees', unit: 'amount', sum: { of: FEES } },
    { key: 'net', unit: 'amount', sum: { of: NET } },
    valued('deposits_value', sql`amount`, sql`type = 'deposit'`),
    valued('withdrawals_value', sql`amount`, sql`type = 'withdrawal'`),
    valued('fees_value', FEES),
    valued('net_value', NET),
    // Completed transactions without a rate for their day: their value is missing from the totals.
    count('unpriced', sql`rate IS NULL`),
  ],
  series: ['deposits_value', 'withdrawals_value', 'fees_value', 'net_value', 'unpriced'],
  breakdowns: [
    {
      key: 'per_asset',
      dimensions: ['asset'],
      measures: [
        'deposits',
        'withdrawals',
        'fees',
        'net',
        'deposits_value',
        'withdrawals_value',
        'fees_value',
        'net_value',
      ],
    },
  ],
};

const csc: ReportDef = {
  name: 'csc',
  source: {
    rollup: sql`${WALLET_ROLLUP} WHERE type = 'deposit'`,
    daily: sql`${WALLET_DAILY} WHERE type = 'deposit'`,
    raw: sql`${WALLET_RAW} WHERE type = 'deposit'`,
  },
  filters: { asset: 'asset', network: 'network', channel: 'channel' },
  measures: [
    count('count'),
    count('passed', sql`source_check = 'passed'`),
    count('review', sql`source_check = 'review'`),
    count('pending', sql`source_check = 'pending'`),
    count('failed', sql`source_check = 'failed'`),
    count('held', sql`hold_state = 'held'`),
    count('released', sql`hold_state = 'released'`),
    amount('amount'),
    amount('held_amount', sql`hold_state = 'held'`),
    amount('released_amount', sql`hold_state = 'released'`),
  ],
  series: ['passed', 'review', 'pending', 'failed'],
  breakdowns: [
    { key: 'by_check', dimensions: ['source_check'], measures: ['count', 'held', 'released'] },
    { key: 'by_channel', dimensions: ['channel'], measures: ['count', 'passed', 'review', 'failed'] },
    {
      key: 'by_asset',
      dimensions: ['asset', 'network'],
      measures: ['count', 'amount', 'held', 'held_amount', 'released', 'released_amount'],
    },
  ],
};

const p2p: ReportDef = {
  name: 'p2p',
  source: {
    rollup: sql`
      SELECT hour AS at, status, contract AS asset, resolution, disputed, n, amount, completed_n, completion_seconds
        FROM rpt_p2p_hourly`,
    daily: sql`
      SELECT zone, day, status, contract AS asset, resolution, disputed, n, amount, completed_n, completion_seconds
        FROM rpt_p2p_daily`,
    raw: sql`
      SELECT created_at AS at, status, coalesce(offer_contract_name, '') AS asset, coalesce(resolution, '') AS resolution,
             (dispute_reason IS NOT NULL OR status = 'disputed') AS disputed, 1::bigint AS n, trade_amount AS amount,
             (status = 'completed' AND closed_at IS NOT NULL)::int::bigint AS completed_n,
             CASE WHEN status = 'completed' AND closed_at IS NOT NULL
                  THEN extract(epoch FROM closed_at - created_at) ELSE 0 END AS completion_seconds
        FROM p2p_trades`,
  },
  filters: { asset: 'asset' },
  measures: [
    count('count'),
    count('completed', sql`status = 'completed'`),
    count('cancelled', sql`status = 'cancelled'`),
    count('pending', sql`status = 'pending'`),
    count('disputed', sql`disputed`),
    amount('amount'),
    amount('completed_amount', sql`status = 'completed'`),
    {
      key: 'avg_completion',
      unit: 'seconds',
      quotient: [{ of: sql`completion_seconds` }, { of: sql`completed_n` }],
    },
  ],
  series: ['completed', 'cancelled', 'disputed', 'pending', 'avg_completion'],
  breakdowns: [
    { key: 'by_status', dimensions: ['status'], measures: ['count'] },
    {
      key: 'by_asset',
      dimensions: ['asset'],
      measures: ['count', 'amount', 'completed_amount', 'avg_completion'],
    },
    { key: 'by_settlement', dimensions: ['resolution'], measures: ['disputed'] },
  ],
};

// Sign-ups with the KYC stage each customer has reached now (bd_kyc_stage, migration 0033): the funnel
// of the customers who signed up in a range is a sum over the same rollup as the sign-ups.
const FUNNEL = ['registered', 'submitted', 'approved_level_1', 'approved_level_2', 'approved_level_3'];
const customers: ReportDef = {
  name: 'customers',
  source: {
    rollup: sql`SELECT hour AS at, kyc_type, customer_type, kyc_stage, n FROM rpt_signups_hourly`,
    raw: sql`SELECT create_date AS at, kyc_type, coalesce(customer_type, 'bronze') AS customer_type,
                    public.bd_kyc_stage(user_ky, kyc_level) AS kyc_stage, 1::bigint AS n
               FROM customers`,
  },
  filters: { customerType: 'customer_type' },
  measures: [
    count('signups'),
    count('individual', sql`kyc_type <> 'kyb'`),
    count('business', sql`kyc_type = 'kyb'`),
    count('registered'),
    count('submitted', sql`kyc_stage <> 'not_submitted'`),
    ...[1, 2, 3].map((level) =>
      count(`approved_level_${level}`, sql`kyc_stage = ${`approved_level_${level}`}`),
    ),
  ],
  series: ['individual', 'business'],
  breakdowns: [
    { key: 'signups_by_tier', dimensions: ['customer_type'], measures: ['signups'] },
    {
      key: 'kyc_funnel',
      dimensions: [],
      measures: FUNNEL,
      measuresAsRows: { dimension: 'stage', as: 'customers' },
    },
  ],
  extra: customersExtra,
};

// A decision's review started at the first document the customer sent after their previous decision
// (kept on the row when it is written: migration 0028). Its officer is named as staff know them (display
// name), read at report time so a rename shows at once.
const KYC_DECISIONS = sql`
  SELECT k.at, k.decision AS outcome, coalesce(k.reason_code, '') AS reason,
         coalesce(m.display_name, '') AS officer, k.review_started_at
    FROM kyc_decisions k
    LEFT JOIN staff_members m ON m.id = k.member_id`;
/**
 * A percentile of a duration in seconds (a fact column); facts without one (null) do not count.
 * Durations are float8: a float sorts faster than a numeric, and seconds to the microsecond fit its
 * 15 digits.
 */
const percentile = (key: string, p: number, seconds = 'review_seconds'): MeasureDef => ({
  key,
  unit: 'seconds',
  percentile: p,
  of: seconds,
});

// Fraud alerts closed, for the compliance and the fraud & security reports alike: each counts when
// closed, by rule and outcome, with how long it stayed open. A report's facts name it by
// `event = 'alert_closed'`.
const CLOSED_ALERTS = sql`
  SELECT closed_at AS at, rule_code AS rule, coalesce(outcome, '') AS alert_outcome,
         date_part('epoch', closed_at - raised_at) AS open_seconds
    FROM fraud_alerts WHERE closed_at IS NOT NULL`;
const ALERT_CLOSED = sql`event = 'alert_closed'`;
const alertsClosed = count('alerts_closed', ALERT_CLOSED);
const alertsConfirmed = count('alerts_confirmed', sql`${ALERT_CLOSED} AND alert_outcome = 'confirmed'`);
const alertsFalsePositive = count(
  'alerts_false_positive',
  sql`${ALERT_CLOSED} AND alert_outcome = 'false_positive'`,
);

// A KYC decision, a document's resubmission request or a closed fraud alert, per hour from the
// rollups of migrations 0034 and 0042 or one row each from the raw rows; each kind's columns are
// blank on the others' rows. A resubmission is asked on a document (as the compliance overview
// counts it), never by a level decision, so it is a fact of its own with its reason and officer.
const COMPLIANCE_ROLLUP = sql`
  SELECT k.hour AS at, 'kyc_decision' AS event, k.outcome, k.reason, coalesce(m.display_name, '') AS officer,
         k.n, k.sla_breaches, '' AS rule, '' AS alert_outcome
    FROM rpt_kyc_hourly k LEFT JOIN staff_members m ON m.id = k.member_id
  UNION ALL
  SELECT d.hour, 'document_resubmit', '', d.reason, coalesce(m.display_name, ''), d.n, 0, '', ''
    FROM rpt_kyc_documents_hourly d LEFT JOIN staff_members m ON m.id = d.member_id
   WHERE d.decision = 'resubmission_requested'
  UNION ALL
  SELECT hour, 'alert_closed', '', '', '', n, 0, rule, outcome FROM rpt_alerts_closed_hourly`;
const COMPLIANCE_RAW = sql`
  SELECT at, 'kyc_decision' AS event, outcome, reason, officer, 1::bigint AS n,
         public.bd_kyc_sla_breached(at, review_started_at)::int::bigint AS sla_breaches, '' AS rule, '' AS alert_outcome
    FROM (${KYC_DECISIONS}) k
  UNION ALL
  SELECT d.at, 'document_resubmit', '', coalesce(d.reason_code, ''), coalesce(m.display_name, ''), 1, 0, '', ''
    FROM kyc_document_decisions d LEFT JOIN staff_members m ON m.id = d.member_id
   WHERE d.decision = 'resubmission_requested'
  UNION ALL
  SELECT at, 'alert_closed', '', '', '', 1, 0, rule, alert_outcome FROM (${CLOSED_ALERTS}) a`;

const compliance: ReportDef = {
  name: 'compliance',
  source: {
    rollup: COMPLIANCE_ROLLUP,
    raw: COMPLIANCE_RAW,
    samples: {
      review_seconds: sql`
        SELECT at, outcome, officer, date_part('epoch', at - review_started_at) AS review_seconds
          FROM (${KYC_DECISIONS}) k`,
      open_seconds: CLOSED_ALERTS,
    },
  },
  filters: {},
  measures: [
    count('decisions', sql`event = 'kyc_decision'`),
    count('approved', sql`outcome = 'approved'`),
    count('rejected', sql`outcome = 'rejected'`),
    // Requests on documents; `resubmit` is how older level decisions recorded one.
    count('resubmit', sql`event = 'document_resubmit' OR outcome = 'resubmit'`),
    // Decisions reviewed for longer than KYC_REVIEW_SLA_HOURS (bd_kyc_sla_breached, migration 0034).
    { key: 'sla_breaches', unit: 'count', sum: { of: sql`sla_breaches` } },
    percentile('median_review', 0.5),
    percentile('p90_review', 0.9),
    alertsClosed,
    alertsConfirmed,
    alertsFalsePositive,
    percentile('median_alert_open', 0.5, 'open_seconds'),
    percentile('p90_alert_open', 0.9, 'open_seconds'),
  ],
  series: [
    'approved',
    'rejected',
    'resubmit',
    'sla_breaches',
    'median_review',
    'p90_review',
    'alerts_confirmed',
    'alerts_false_positive',
    'median_alert_open',
  ],
  // Each table reads one kind of fact: the other kind's rows (blank keys, no figures) stay out.
  breakdowns: [
    {
      key: 'by_outcome',
      dimensions: ['outcome'],
      measures: ['decisions', 'median_review', 'p90_review', 'sla_breaches'],
      dropEmpty: true,
    },
    { key: 'by_reason', dimensions: ['outcome', 'reason'], measures: ['decisions'], dropEmpty: true },
    {
      key: 'by_officer',
      dimensions: ['officer'],
      measures: [
        'decisions',
        'approved',
        'rejected',
        'resubmit',
        'median_review',
        'p90_review',
        'sla_breaches',
      ],
      dropEmpty: true,
    },
    {
      key: 'alerts_by_outcome',
      dimensions: ['alert_outcome'],
      measures: ['alerts_closed', 'median_alert_open', 'p90_alert_open'],
      dropEmpty: true,
    },
    {
      key: 'alerts_by_rule',
      dimensions: ['rule', 'alert_outcome'],
      measures: ['alerts_closed', 'median_alert_open', 'p90_alert_open'],
      dropEmpty: true,
    },
  ],
};

// Fraud alerts count when raised (by rule) and again when closed (by rule and outcome); customers'
// sign-ins only when they failed, by reason.
const SECURITY_EVENTS = sql`
  SELECT created_at AS at, 'restriction_added' AS event, kind, '' AS member, '' AS rule, '' AS alert_outcome,
         '' AS reason, 1::bigint AS n FROM customer_restrictions
  UNION ALL
  SELECT lifted_at, 'restriction_lifted', kind, '', '', '', '', 1 FROM customer_restrictions WHERE lifted_at IS NOT NULL
  UNION ALL
  SELECT at, 'staff_denied', '', coalesce(user_name, ''), '', '', '', 1 FROM access_log WHERE event = 'access_denied'
  UNION ALL
  SELECT raised_at, 'alert_raised', '', '', rule_code, '', '', 1 FROM fraud_alerts
  UNION ALL
  SELECT at, 'alert_closed', '', '', rule, alert_outcome, '', 1 FROM (${CLOSED_ALERTS}) a
  UNION ALL
  SELECT at, 'sign_in_failed', '', '', '', '', coalesce(failure_reason, ''), 1
    FROM customer_login_events WHERE outcome = 'failure'`;

const fraudSecurity: ReportDef = {
  name: 'fraud-security',
  source: { raw: SECURITY_EVENTS },
  filters: {},
  measures: [
    count('restrictions_added', sql`event = 'restriction_added'`),
    count('restrictions_lifted', sql`event = 'restriction_lifted'`),
    count('staff_denied', sql`event = 'staff_denied'`),
    count('alerts_raised', sql`event = 'alert_raised'`),
    alertsConfirmed,
    alertsFalsePositive,
    count('sign_ins_failed', sql`event = 'sign_in_failed'`),
  ],
  series: [
    'alerts_raised',
    'alerts_confirmed',
    'alerts_false_positive',
    'sign_ins_failed',
    'restrictions_added',
    'restrictions_lifted',
    'staff_denied',
  ],
  breakdowns: [
    {
      key: 'by_kind',
      dimensions: ['kind'],
      measures: ['restrictions_added', 'restrictions_lifted'],
      dropBlank: true,
    },
    { key: 'by_member', dimensions: ['member'], measures: ['staff_denied'], dropBlank: true },
    {
      key: 'by_rule',
      dimensions: ['rule'],
      measures: ['alerts_raised', 'alerts_confirmed', 'alerts_false_positive'],
      dropBlank: true,
    },
    { key: 'by_failure', dimensions: ['reason'], measures: ['sign_ins_failed'], dropBlank: true },
  ],
};

export const REPORT_DEFS = {
  compliance,
  csc,
  customers,
  financial,
  'fraud-security': fraudSecurity,
  p2p,
  transactions,
  'travel-rule': travelRuleReport,
} as const satisfies Record<string, ReportDef>;
