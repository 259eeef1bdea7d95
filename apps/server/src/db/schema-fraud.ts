// Fraud check's shared tables (migration 0022_fraud_core); each part keeps its own tables in its own
// schema-fraud-<part>.ts.
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  inet,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { customers, staffMembers } from './schema.ts';
import { fedColumns } from './schema-columns.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A customer's sign-in on the exchange (staff sign-ins are the access log). */
export const customerLoginEvents = pgTable(
  'customer_login_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    customerId: bigint('customer_id', { mode: 'number' })
      .notNull()
      .references(() => customers.id),
    at: ts('at').notNull().defaultNow(),
    ip: inet('ip').notNull(),
    deviceId: text('device_id').notNull(),
    userAgent: text('user_agent'),
    /** success | failure */
    outcome: text('outcome').notNull(),
    /** bad_password | bad_two_factor | locked | restricted; null on success */
    failureReason: text('failure_reason'),
    /** The exchange's own id of the sign-in (migration 0039). */
    externalId: text('external_id'),
    ...fedColumns(),
  },
  (t) => [
    uniqueIndex('customer_login_events_external_id_key').on(t.externalId),
    index('customer_login_events_customer_idx').on(t.customerId, t.at),
    index('customer_login_events_at_idx').on(t.at),
    index('customer_login_events_ip_idx').on(t.ip, t.customerId),
    index('customer_login_events_device_idx').on(t.deviceId, t.customerId),
    index('customer_login_events_fraud_failure_idx')
      .on(t.customerId, t.at, t.id)
      .where(sql`outcome = 'failure'`),
  ],
);

export const fraudRules = pgTable('fraud_rules', {
  code: text('code').primaryKey(),
  currentVersion: integer('current_version').notNull().default(1),
  version: integer('version').notNull().default(1),
});

/** Every setting a rule has had; a change is a new row. */
export const fraudRuleVersions = pgTable(
  'fraud_rule_versions',
  {
    ruleCode: text('rule_code')
      .notNull()
      .references(() => fraudRules.code),
    version: integer('version').notNull(),
    params: jsonb('params').notNull(),
    /** low | medium | high | critical */
    severity: text('severity').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    reason: text('reason'),
    createdBy: integer('created_by').references(() => staffMembers.id),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.ruleCode, t.version] }),
    index('fraud_rule_versions_created_idx').on(t.ruleCode, t.createdAt),
  ],
);

/** Written in the event's own transaction, drained by the evaluator. */
export const fraudEventQueue = pgTable(
  'fraud_event_queue',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** login | wallet_transaction | p2p_trade | customer */
    kind: text('kind').notNull(),
    refId: bigint('ref_id', { mode: 'number' }).notNull(),
    customerId: bigint('customer_id', { mode: 'number' }),
    enqueuedAt: ts('enqueued_at').notNull().default(sql`clock_timestamp()`),
  },
  (t) => [index('fraud_event_queue_id_idx').on(t.id)],
);

export const fraudCases = pgTable(
  'fraud_cases',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    customerId: bigint('customer_id', { mode: 'number' })
      .notNull()
      .references(() => customers.id),
    /** open | closed */
    status: text('status').notNull().default('open'),
    ownerId: integer('owner_id').references(() => staffMembers.id),
    followUpAt: ts('follow_up_at'),
    openedAt: ts('opened_at').notNull().defaultNow(),
    openedBy: integer('opened_by').references(() => staffMembers.id),
    version: integer('version').notNull().default(1),
    // The case file (migration 0026): closed exactly when a decision and closed_at are set.
    title: text('title').notNull().default(''),
    narrative: text('narrative').notNull().default(''),
    /** no_action | monitor | restrict | offboard | report */
    decision: text('decision'),
    closedAt: ts('closed_at'),
    closedBy: integer('closed_by').references(() => staffMembers.id),
    closingNote: text('closing_note'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('fraud_cases_customer_idx').on(t.customerId, t.openedAt),
    uniqueIndex('fraud_cases_open_key').on(t.customerId).where(sql`status = 'open'`),
    index('fraud_cases_opened_idx').on(t.openedAt, t.id),
    index('fraud_cases_owner_idx').on(t.ownerId, t.status).where(sql`owner_id IS NOT NULL`),
  ],
);

export const fraudAlerts = pgTable(
  'fraud_alerts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    customerId: bigint('customer_id', { mode: 'number' })
      .notNull()
      .references(() => customers.id),
    ruleCode: text('rule_code')
      .notNull()
      .references(() => fraudRules.code),
    ruleVersion: integer('rule_version').notNull(),
    severity: text('severity').notNull(),
    /** open | investigating | escalated | closed */
    status: text('status').notNull().default('open'),
    /** false_positive | confirmed, once closed */
    outcome: text('outcome'),
    /** One alert per customer, rule and window key, whatever its status. */
    windowKey: text('window_key').notNull(),
    windowStart: ts('window_start').notNull(),
    windowEnd: ts('window_end').notNull(),
    /** The thresholds in force when it was raised. */
    params: jsonb('params').notNull(),
    /** The figures that crossed them. */
    figures: jsonb('figures').notNull().default(sql`'{}'::jsonb`),
    eventAt: ts('event_at').notNull(),
    raisedAt: ts('raised_at').notNull().defaultNow(),
    assigneeId: integer('assignee_id').references(() => staffMembers.id),
    caseId: bigint('case_id', { mode: 'number' }).references(() => fraudCases.id),
    closedAt: ts('closed_at'),
    closedBy: integer('closed_by').references(() => staffMembers.id),
    closingNote: text('closing_note'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('fraud_alerts_dedup_key').on(t.customerId, t.ruleCode, t.windowKey),
    index('fraud_alerts_raised_idx').on(t.raisedAt, t.id),
    index('fraud_alerts_status_raised_idx').on(t.status, t.raisedAt, t.id),
    index('fraud_alerts_rule_raised_idx').on(t.ruleCode, t.raisedAt),
    index('fraud_alerts_case_idx').on(t.caseId).where(sql`case_id IS NOT NULL`),
    index('fraud_alerts_assignee_idx').on(t.assigneeId, t.status).where(sql`assignee_id IS NOT NULL`),
    index('fraud_alerts_rule_closed_idx').on(t.ruleCode, t.raisedAt, t.outcome).where(sql`status = 'closed'`),
    index('fraud_alerts_customer_raised_idx').on(t.customerId, t.raisedAt, t.id),
  ],
);

/** The events behind an alert: login, wallet_transaction, p2p_trade, screening_entry, blocklist_entry. */
export const fraudAlertEvidence = pgTable(
  'fraud_alert_evidence',
  {
    alertId: bigint('alert_id', { mode: 'number' })
      .notNull()
      .references(() => fraudAlerts.id),
    kind: text('kind').notNull(),
    refId: bigint('ref_id', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.alertId, t.kind, t.refId] })],
);

export const fraudBlocklist = pgTable(
  'fraud_blocklist',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** address | ip | device | email | phone */
    kind: text('kind').notNull(),
    value: text('value').notNull(),
    /** An address's network; null matches every network. */
    network: text('network'),
    reason: text('reason').notNull(),
    source: text('source').notNull(),
    createdBy: integer('created_by').references(() => staffMembers.id),
    createdAt: ts('created_at').notNull().defaultNow(),
    removedAt: ts('removed_at'),
    removedBy: integer('removed_by').references(() => staffMembers.id),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('fraud_blocklist_active_key')
      .on(t.kind, t.value, sql`coalesce(network, '')`)
      .where(sql`removed_at IS NULL`),
    index('fraud_blocklist_created_idx').on(t.createdAt, t.id),
    index('fraud_blocklist_kind_created_idx').on(t.kind, t.createdAt, t.id),
  ],
);

/** rescan | backtest | rescreen: progress and log are rows, so every node shows the same run. */
export const fraudRuns = pgTable(
  'fraud_runs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    params: jsonb('params').notNull().default(sql`'{}'::jsonb`),
    /** queued | running | done | failed | cancelled */
    status: text('status').notNull().default('queued'),
    progressDone: bigint('progress_done', { mode: 'number' }).notNull().default(0),
    progressTotal: bigint('progress_total', { mode: 'number' }),
    result: jsonb('result'),
    cancelRequested: boolean('cancel_requested').notNull().default(false),
    requestedBy: integer('requested_by').references(() => staffMembers.id),
    createdAt: ts('created_at').notNull().defaultNow(),
    startedAt: ts('started_at'),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    index('fraud_runs_created_idx').on(t.createdAt, t.id),
    index('fraud_runs_kind_created_idx').on(t.kind, t.createdAt, t.id),
    index('fraud_runs_status_idx').on(t.status).where(sql`status IN ('queued', 'running')`),
  ],
);

export const fraudRunLog = pgTable(
  'fraud_run_log',
  {
    runId: bigint('run_id', { mode: 'number' })
      .notNull()
      .references(() => fraudRuns.id),
    seq: integer('seq').notNull(),
    at: ts('at').notNull().default(sql`clock_timestamp()`),
    /** info | warn | error */
    level: text('level').notNull(),
    /** A message key of the web's fraud locale; params fill it. */
    message: text('message').notNull(),
    params: jsonb('params').notNull().default(sql`'{}'::jsonb`),
  },
  (t) => [primaryKey({ columns: [t.runId, t.seq] })],
);
