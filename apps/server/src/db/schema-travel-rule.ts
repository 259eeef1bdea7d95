// Travel rule (migration 0053_travel_rule, docs/decisions/0026-travel-rule.md): the VASP directory,
// address attributions and one IVMS101 record per wallet transaction in scope.
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { customers, staffMembers, walletTransactions } from './schema.ts';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const OPEN = sql`state IN ('required_unverified', 'information_missing', 'awaiting_counterparty')`;

export const vasps = pgTable(
  'vasps',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    lei: text('lei'),
    jurisdiction: text('jurisdiction'),
    country: text('country'),
    licence: text('licence'),
    protocol: text('protocol').notNull().default('none'),
    dueDiligence: text('due_diligence').notNull().default('pending'),
    reviewDate: date('review_date'),
    /** TRP (migration 0056): its endpoints, our credential's hash, its credential sealed. */
    trpUrl: text('trp_url'),
    trpInboundHash: bytea('trp_inbound_hash'),
    trpOutboundSealed: bytea('trp_outbound_sealed'),
    /** The first characters of our token for it (migration 0060), to name a token no longer shown. */
    trpInboundPrefix: text('trp_inbound_prefix'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('vasps_lei_key').on(t.lei).where(sql`lei IS NOT NULL`),
    index('vasps_name_idx').on(t.name, t.id),
    uniqueIndex('vasps_trp_inbound_key').on(t.trpInboundHash).where(sql`trp_inbound_hash IS NOT NULL`),
  ],
);

export const vaspAddresses = pgTable(
  'vasp_addresses',
  {
    id: serial('id').primaryKey(),
    vaspId: integer('vasp_id').references(() => vasps.id),
    network: text('network').notNull(),
    address: text('address').notNull(),
    isPrefix: boolean('is_prefix').notNull().default(false),
    selfHosted: boolean('self_hosted').notNull().default(false),
    proofMethod: text('proof_method'),
    proofCheckedBy: integer('proof_checked_by').references(() => staffMembers.id),
    proofCheckedAt: ts('proof_checked_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** A self-hosted wallet's customer, and the version its proof is recorded at (migration 0060). */
    customerId: bigint('customer_id', { mode: 'number' }).references(() => customers.id),
    version: integer('version').notNull().default(1),
    /** The proof's evidence and who vouches for it, backdesk | officer (migration 0061). */
    proofMessage: text('proof_message'),
    proofSignature: text('proof_signature'),
    proofTxHash: text('proof_tx_hash'),
    proofTransactionId: bigint('proof_transaction_id', { mode: 'number' }).references(
      () => walletTransactions.id,
    ),
    proofVerifiedBy: text('proof_verified_by'),
  },
  (t) => [
    unique('vasp_addresses_network_address_key').on(t.network, t.address),
    index('vasp_addresses_vasp_idx').on(t.vaspId),
    index('vasp_addresses_self_hosted_idx')
      .on(sql`(COALESCE(proof_checked_at, '-infinity'::timestamptz))`, t.id)
      .where(sql`self_hosted`),
  ],
);

export const travelRuleRecords = pgTable(
  'travel_rule_records',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transactionId: bigint('transaction_id', { mode: 'number' })
      .notNull()
      .references(() => walletTransactions.id),
    direction: text('direction').notNull(),
    state: text('state').notNull(),
    jurisdiction: text('jurisdiction').notNull(),
    currency: text('currency').notNull(),
    amountInCurrency: numeric('amount_in_currency', { precision: 36, scale: 18 }),
    verificationRequired: boolean('verification_required').notNull().default(false),
    walletKind: text('wallet_kind').notNull(),
    counterpartyVaspId: integer('counterparty_vasp_id').references(() => vasps.id),
    counterpartyAddressId: integer('counterparty_address_id').references(() => vaspAddresses.id),
    requiredFields: text('required_fields').array().notNull().default(sql`'{}'`),
    missingFields: text('missing_fields').array().notNull().default(sql`'{}'`),
    originator: jsonb('originator'),
    beneficiary: jsonb('beneficiary'),
    originatingVasp: jsonb('originating_vasp'),
    beneficiaryVasp: jsonb('beneficiary_vasp'),
    deadline: ts('deadline'),
    stateReason: text('state_reason'),
    stateChangedBy: integer('state_changed_by').references(() => staffMembers.id),
    stateChangedAt: ts('state_changed_at').notNull().defaultNow(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    /** A deposit from a VASP held while its information is missing (migration 0054). */
    held: boolean('held').notNull().default(false),
    /** The deadline whose passing the deadline job last announced (migration 0056). */
    deadlineRaised: ts('deadline_raised'),
    /** When the retention job cleared its parties (migration 0057); the trigger refuses it earlier. */
    anonymisedAt: ts('anonymised_at'),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    unique('travel_rule_records_transaction_key').on(t.transactionId),
    index('travel_rule_records_queue_idx').on(t.createdAt, t.id).where(OPEN),
    index('travel_rule_records_deadline_idx').on(t.deadline, t.id).where(OPEN),
    // The queue's filters, counted index-only; one VASP's and one jurisdiction's pages (migration 0059).
    index('travel_rule_records_queue_filters_idx')
      .on(t.state, t.jurisdiction, t.direction, t.counterpartyVaspId)
      .where(OPEN),
    index('travel_rule_records_queue_vasp_idx').on(t.counterpartyVaspId, t.createdAt, t.id).where(OPEN),
    index('travel_rule_records_queue_jurisdiction_idx').on(t.jurisdiction, t.createdAt, t.id).where(OPEN),
    index('travel_rule_records_vasp_idx')
      .on(t.counterpartyVaspId)
      .where(sql`counterparty_vasp_id IS NOT NULL`),
    index('travel_rule_records_address_idx')
      .on(t.counterpartyAddressId)
      .where(sql`counterparty_address_id IS NOT NULL`),
    index('travel_rule_records_retention_idx')
      .on(t.createdAt, t.id)
      .where(sql`anonymised_at IS NULL AND state IN ('complete', 'not_in_scope', 'returned', 'rejected')`),
    index('travel_rule_records_created_idx').on(t.createdAt, t.id),
    index('travel_rule_records_failures_idx')
      .on(t.stateChangedAt, t.id)
      .where(sql`state IN ('returned', 'rejected')`),
  ],
);

/** One TRP exchange as one side saw it (migration 0056, docs/decisions/0030-travel-rule-protocol.md). */
export const trpTransfers = pgTable(
  'trp_transfers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    role: text('role').notNull(),
    requestId: uuid('request_id').notNull(),
    vaspId: integer('vasp_id')
      .notNull()
      .references(() => vasps.id),
    recordId: bigint('record_id', { mode: 'number' }).references(() => travelRuleRecords.id),
    customerId: integer('customer_id'),
    asset: text('asset').notNull(),
    amount: numeric('amount', { precision: 36, scale: 18 }).notNull(),
    address: text('address').notNull(),
    originator: jsonb('originator').notNull(),
    beneficiary: jsonb('beneficiary').notNull(),
    originatingVasp: jsonb('originating_vasp'),
    beneficiaryVasp: jsonb('beneficiary_vasp'),
    callback: text('callback'),
    status: text('status').notNull(),
    reason: text('reason'),
    txid: text('txid'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    unique('trp_transfers_request_key').on(t.role, t.vaspId, t.requestId),
    uniqueIndex('trp_transfers_record_key').on(t.recordId).where(sql`record_id IS NOT NULL`),
    index('trp_transfers_unlinked_idx').on(t.address).where(sql`role = 'beneficiary' AND record_id IS NULL`),
  ],
);

/** The travel-rule report's rollup (migration 0058): records per hour opened and what the report splits by. */
const travelRuleHourlyColumns = () => ({
  hour: ts('hour').notNull(),
  direction: text('direction').notNull(),
  state: text('state').notNull(),
  jurisdiction: text('jurisdiction').notNull(),
  currency: text('currency').notNull(),
  vaspId: integer('vasp_id').notNull(),
  walletKind: text('wallet_kind').notNull(),
  overdue: boolean('overdue').notNull(),
  n: bigint('n', { mode: 'number' }).notNull(),
  amount: numeric('amount').notNull(),
});

export const rptTravelRuleHourly = pgTable('rpt_travel_rule_hourly', travelRuleHourlyColumns(), (t) => [
  primaryKey({
    columns: [t.hour, t.direction, t.state, t.jurisdiction, t.currency, t.vaspId, t.walletKind, t.overdue],
  }),
]);

/** Its keyless deltas, appended by a check's hold and folded in by reports.fold-rollups (migration 0063). */
export const rptTravelRuleHourlyDelta = pgTable('rpt_travel_rule_hourly_delta', travelRuleHourlyColumns());
