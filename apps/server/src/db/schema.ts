import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  customType,
  date,
  index,
  inet,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

import { fedColumns } from './schema-columns.ts';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });
/** A 64-bit transaction id (pg_current_xact_id()), read as text. */
const xid8 = customType<{ data: string }>({ dataType: () => 'xid8' });
const pgLsn = customType<{ data: string }>({ dataType: () => 'pg_lsn' });
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
/** Money and crypto amounts: exact decimals, strings in code (never a float). */
const amount = (name: string) => numeric(name, { precision: 36, scale: 18 });

// ── Staff and sessions ──────────────────────────────────────────────────────

export const staffMembers = pgTable(
  'staff_members',
  {
    id: serial('id').primaryKey(),
    userName: text('user_name').notNull().unique(),
    displayName: text('display_name').notNull(),
    email: text('email'),
    passwordHash: text('password_hash').notNull(),
    roles: text('roles').array().notNull().default(sql`'{}'::text[]`),
    /** active | disabled */
    status: text('status').notNull().default('active'),
    /** Set for a one-time password a super gave: nothing but choosing a password until it is done. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /** en | tr; null until the member first chooses (the browser's choice then stands). */
    language: text('language'),
    /** light | dark | system, as the original panel's `nuxt-color-mode` key holds it; null until first chosen. */
    colorMode: text('color_mode'),
    /** The display time zone of reports (IANA); null until chosen (migration 0021). */
    timeZone: text('time_zone'),
    passwordChangedAt: ts('password_changed_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    version: integer('version').notNull().default(1),
    /** local | sso | scim (migration 0050): an sso or scim member's roles are the provider's. */
    source: text('source').notNull().default('local'),
    /** A SCIM member's userName, externalId and deletion (migration 0052): a deleted one is kept disabled. */
    scimUserName: text('scim_user_name'),
    scimExternalId: text('scim_external_id'),
    scimDeletedAt: ts('scim_deleted_at'),
  },
  (t) => [
    uniqueIndex('staff_members_scim_user_name_key')
      .on(sql`lower(${t.scimUserName})`)
      .where(sql`scim_user_name IS NOT NULL AND scim_deleted_at IS NULL`),
  ],
);

/** One sign-in. Tokens hang off it; revoking it ends every token of that sign-in. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: integer('member_id')
      .notNull()
      .references(() => staffMembers.id),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** Absolute end of the sign-in, whatever the refreshes. */
    expiresAt: ts('expires_at').notNull(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    revokedAt: ts('revoked_at'),
    revokedReason: text('revoked_reason'),
    ip: inet('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [
    index('staff_sessions_member_idx').on(t.memberId),
    index('staff_sessions_member_live_idx').on(t.memberId, t.createdAt.desc()).where(sql`revoked_at IS NULL`),
  ],
);

/** Passwords a member gave up, as hashes: a new password may not be one of them again. */
export const staffPasswordHistory = pgTable(
  'staff_password_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => staffMembers.id),
    passwordHash: text('password_hash').notNull(),
    retiredAt: ts('retired_at').notNull().defaultNow(),
  },
  (t) => [index('staff_password_history_member_idx').on(t.memberId, t.retiredAt.desc())],
);

/** A member's choice per inbox event (migration 0014); an event without a row takes the default. */
export const staffNotificationPreferences = pgTable(
  'staff_notification_preferences',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => staffMembers.id),
    kind: text('kind').notNull(),
    /** A fraud alert's severity; null for every other kind. */
    severity: text('severity'),
    inbox: boolean('inbox').notNull(),
    desktop: boolean('desktop').notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [unique('staff_notification_preferences_key').on(t.memberId, t.kind, t.severity).nullsNotDistinct()],
);

/** A member's enabled second factors (migration 0015): one authenticator app, any number of passkeys. */
export const staffTwoFactorMethods = pgTable(
  'staff_two_factor_methods',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => staffMembers.id),
    /** totp | passkey */
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    /** TOTP key, AES-256-GCM under a key derived from the deployment secret. */
    secretEncrypted: bytea('secret_encrypted'),
    /** The last TOTP time step accepted: a code is accepted once. */
    lastStep: bigint('last_step', { mode: 'number' }),
    credentialId: text('credential_id'),
    publicKey: bytea('public_key'),
    counter: bigint('counter', { mode: 'number' }),
    transports: text('transports').array(),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastUsedAt: ts('last_used_at'),
  },
  (t) => [
    index('staff_two_factor_methods_member_idx').on(t.memberId),
    uniqueIndex('staff_two_factor_methods_one_totp_key').on(t.memberId).where(sql`kind = 'totp'`),
    uniqueIndex('staff_two_factor_methods_credential_key')
      .on(t.credentialId)
      .where(sql`credential_id IS NOT NULL`),
    uniqueIndex('staff_two_factor_methods_name_key').on(t.memberId, sql`lower(name)`),
  ],
);

/** An authenticator-app enrolment shown but not yet confirmed with a code. */
export const staffTwoFactorEnrolments = pgTable('staff_two_factor_enrolments', {
  memberId: integer('member_id')
    .primaryKey()
    .references(() => staffMembers.id),
  secretEncrypted: bytea('secret_encrypted').notNull(),
  createdAt: ts('created_at').notNull(),
  expiresAt: ts('expires_at').notNull(),
});

/** One-time recovery codes as keyed hashes; a used one says when. */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => staffMembers.id),
    codeHash: bytea('code_hash').notNull(),
    createdAt: ts('created_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [unique('staff_recovery_codes_code_key').on(t.memberId, t.codeHash)],
);

/** Short-lived single-use challenges: a sign-in's second step, a passkey registration. */
export const staffTwoFactorChallenges = pgTable(
  'staff_two_factor_challenges',
  {
    tokenHash: bytea('token_hash').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => staffMembers.id),
    /** sign_in | passkey_registration */
    purpose: text('purpose').notNull(),
    webauthnChallenge: text('webauthn_challenge'),
    failures: integer('failures').notNull().default(0),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [index('staff_two_factor_challenges_expiry_idx').on(t.expiresAt)],
);

/** Access and refresh tokens, stored only as SHA-256 hashes. */
export const sessionTokens = pgTable(
  'session_tokens',
  {
    tokenHash: bytea('token_hash').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => staffSessions.id, { onDelete: 'cascade' }),
    /** access | refresh */
    kind: text('kind').notNull(),
    expiresAt: ts('expires_at').notNull(),
    /** Set when a refresh token has been exchanged; a second use is theft. */
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('session_tokens_session_idx').on(t.sessionId)],
);

/** Each solved captcha is accepted once: the primary key makes the claim atomic. */
export const captchaUses = pgTable('captcha_uses', {
  signature: text('signature').primaryKey(),
  expiresAt: ts('expires_at').notNull(),
});

/** Append-only (a trigger refuses UPDATE and DELETE): sign-ins, failures, refreshes, expiries… */
export const accessLog = pgTable(
  'access_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: ts('at').notNull().defaultNow(),
    event: text('event').notNull(),
    memberId: integer('member_id'),
    userName: text('user_name'),
    ip: inet('ip'),
    userAgent: text('user_agent'),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    /** success | failure, from the event (accessOutcome); the outcome filter reads it by index. */
    outcome: text('outcome'),
    /**
     * sha256(previous row's hash || this row's text), set by the database's insert trigger, which
     * also gives the id (migration 0013, docs/decisions/0008-tamper-evident-logs.md). NOT NULL there.
     */
    hash: bytea('hash'),
  },
  (t) => [
    index('access_log_at_id_idx').on(t.at, t.id),
    index('access_log_user_at_idx').on(t.userName, t.at, t.id),
    index('access_log_event_at_idx').on(t.event, t.at, t.id),
    index('access_log_outcome_at_idx').on(t.outcome, t.at, t.id),
    index('access_log_ip_at_idx').on(t.ip, t.at, t.id),
    index('access_log_failures_user_idx').on(t.userName, t.at).where(sql`event = 'login_failed'`),
    index('access_log_failures_ip_idx').on(t.ip, t.at).where(sql`event = 'login_failed'`),
    // Sign-in throttling asks for an account's last sign-in from an address and its last clear.
    index('access_log_sign_ins_user_idx')
      .on(t.userName, t.event, t.at)
      .where(sql`event IN ('login', 'throttle_cleared')`),
    index('access_log_two_factor_member_idx')
      .on(t.memberId, t.at)
      .where(
        sql`event IN ('two_factor_failed', 'two_factor_passed', 'two_factor_reset', 'throttle_cleared')`,
      ),
  ],
);

/**
 * Fixed-window request counts shared by every node (plugins/rate-limit.ts): one row per bucket,
 * subject (a member or an address) and minute, swept once the minute is over. Unlogged (migration
 * 0011): a count lost in a crash costs nothing, and no write-ahead log is spent on it.
 */
export const requestCounts = pgTable(
  'request_counts',
  {
    windowStart: ts('window_start').notNull(),
    bucket: text('bucket').notNull(),
    subject: text('subject').notNull(),
    hits: integer('hits').notNull(),
  },
  (t) => [primaryKey({ columns: [t.windowStart, t.bucket, t.subject] })],
);

/** Append-only audit trail of every change: who, what, before, after. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: ts('at').notNull().defaultNow(),
    memberId: integer('member_id'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    /** The request that made the change, as in the server log. */
    requestId: text('request_id'),
    /** The customer a change concerns (a restriction, a note…), so the customer's trail shows it. */
    customerId: bigint('customer_id', { mode: 'number' }),
    /** The integration that made the change (member_id is then null; migration 0037). */
    integrationId: integer('integration_id'),
    /** The SCIM token that made the change (member_id is then null; migration 0052). */
    scimTokenId: integer('scim_token_id'),
    /** The counterparty VASP that made the change through TRP (migration 0056). */
    vaspId: integer('vasp_id'),
    /** The transaction that wrote the row: the linker's order (migration 0064; 0 before it). */
    xid: xid8('xid').notNull().default(sql`pg_current_xact_id()`),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entity, t.entityId, t.at),
    index('audit_log_at_id_idx').on(t.at, t.id),
    index('audit_log_member_at_idx').on(t.memberId, t.at, t.id),
    index('audit_log_entity_at_idx').on(t.entity, t.at, t.id),
    index('audit_log_customer_idx').on(t.customerId, t.at).where(sql`customer_id IS NOT NULL`),
    index('audit_log_integration_at_idx')
      .on(t.integrationId, t.at, t.id)
      .where(sql`integration_id IS NOT NULL`),
    index('audit_log_xid_id_idx').on(t.xid, t.id),
  ],
);

/**
 * The audit trail's hash chain, one link per row, written by the linker after the row's transaction
 * committed (migrations 0030, 0064): the chain's order is `seq`, and `hash` is sha256 of the previous
 * link's hash and the row's canonical text. Append-only, like the trail.
 */
export const auditChain = pgTable('audit_chain', {
  seq: bigint('seq', { mode: 'number' }).primaryKey(),
  auditId: bigint('audit_id', { mode: 'number' }).notNull().unique(),
  hash: bytea('hash').notNull(),
  /** The linked row's transaction, where the linker resumes (migration 0064). */
  xid: xid8('xid').notNull().default(sql`'0'`),
});

// ── Customers ───────────────────────────────────────────────────────────────

export const customerTypes = pgTable('customer_types', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  requiredKycLevel: smallint('required_kyc_level').notNull().default(0),
  commissionDiscount: numeric('commission_discount', { precision: 5, scale: 2 }).notNull().default('0'),
  rank: smallint('rank').notNull().default(0),
  version: integer('version').notNull().default(1),
});

/** Column names follow the upstream system Backdesk maps from (docs/product-rules.md R6). */
export const customers = pgTable(
  'customers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userName: text('user_name').notNull(),
    aliasName: text('alias_name'),
    aliasSurname: text('alias_surname'),
    aliasEmail: text('alias_email'),
    mobile: text('mobile'),
    status: text('status'),
    /** KYC status (spec: kyc_status from user_ky). */
    userKy: text('user_ky'),
    /** kyc (Individual) | kyb (Business) */
    kycType: text('kyc_type').notNull().default('kyc'),
    kycLevel: smallint('kyc_level').notNull().default(0),
    /** Text holding a list, possibly with backslash escapes (docs/product-rules.md R6). */
    roles: text('roles'),
    customerType: text('customer_type').references(() => customerTypes.code),
    tokenHash: text('token_hash'),
    createDate: ts('create_date').notNull().defaultNow(),
    updateDate: ts('update_date').notNull().defaultNow(),
    version: integer('version').notNull().default(1),
    // Stored once per write instead of computed per row read: the search's recheck and the list's
    // roles read a column (functions in migration crm_indexes; 0003 for the search text).
    searchText: text('search_text').generatedAlwaysAs(
      sql`public.bd_customer_search_text(user_name, alias_name, alias_surname, alias_email)`,
    ),
    /** Roles parsed (docs/product-rules.md R6) (bd_customer_roles). */
    roleList: text('role_list').array().generatedAlwaysAs(sql`public.bd_customer_roles(roles)`),
    /** The same roles, Turkish-folded, for the case-insensitive role filter. */
    rolesFolded: text('roles_folded').array().generatedAlwaysAs(sql`public.bd_customer_roles_folded(roles)`),
    /** What sanctions and PEP screening matches on (migration 0027). */
    birthDate: date('birth_date', { mode: 'string' }),
    nationality: text('nationality'),
    /** The exchange's own id (migration 0039). */
    externalId: text('external_id'),
    ...fedColumns(),
    /** Staff edits of fields the exchange also sends, awaiting its echo: { column: value }. */
    pendingEcho: jsonb('pending_echo'),
    pendingEchoAt: ts('pending_echo_at'),
  },
  (t) => [
    uniqueIndex('customers_user_name_key').on(t.userName),
    uniqueIndex('customers_external_id_key').on(t.externalId),
    // Search, role and KYC status filters in one GIN scan (migration 0035).
    index('customers_filters_gin_idx').using(
      'gin',
      sql`search_text gin_trgm_ops`,
      t.rolesFolded,
      sql`public.bd_fold(coalesce(user_ky, 'kyc'))`,
    ),
    index('customers_mobile_digits_trgm_idx').using(
      'gin',
      sql`(regexp_replace(mobile, '[^0-9]+', '', 'g')) gin_trgm_ops`,
    ),
    // One customer per email address, whatever its case (add customer refuses a duplicate).
    uniqueIndex('customers_email_lower_key').on(sql`lower(alias_email)`),
    // Keyset sorting by every list column: (the list's non-null sort expression, id). The
    // expressions are the ones customers-sql.ts sorts by; the planner matches them exactly.
    index('customers_sort_alias_name_idx').on(sql`coalesce(alias_name, '')`, t.id),
    index('customers_sort_alias_surname_idx').on(sql`coalesce(alias_surname, '')`, t.id),
    index('customers_sort_email_idx').on(sql`coalesce(alias_email, '')`, t.id),
    index('customers_sort_phone_idx').on(sql`coalesce(mobile, '-')`, t.id),
    index('customers_sort_status_idx').on(sql`coalesce(status, '')`, t.id),
    index('customers_sort_kyc_status_idx').on(sql`coalesce(user_ky, 'kyc')`, t.id),
    index('customers_sort_customer_type_idx').on(sql`coalesce(customer_type, 'bronze')`, t.id),
    index('customers_sort_created_idx').on(t.createDate, t.id),
    index('customers_sort_updated_idx').on(t.updateDate, t.id),
    // Status and KYC filters, newest first (migration 0012).
    index('customers_status_created_idx').on(t.status, t.createDate, t.id),
    index('customers_kyc_fold_created_idx').on(
      sql`public.bd_fold(coalesce(user_ky, 'kyc'))`,
      t.createDate,
      t.id,
      t.userKy,
    ),
    index('customers_status_kyc_created_idx').on(
      t.status,
      sql`public.bd_fold(coalesce(user_ky, 'kyc'))`,
      t.createDate,
      t.id,
    ),
  ],
);

// ── P2P ─────────────────────────────────────────────────────────────────────

export const p2pOffers = pgTable(
  'p2p_offers',
  {
    tradeMarketGuid: uuid('trade_market_guid').primaryKey(),
    sellerUserName: text('seller_user_name').notNull(),
    sellingContractName: text('selling_contract_name'),
    sellingAccountAddress: text('selling_account_address'),
    unitPrice: amount('unit_price').notNull(),
    rankSeller: integer('rank_seller'),
    sellerMessage: text('seller_message'),
    /** active | suspended */
    status: text('status').notNull().default('active'),
    createdAt: ts('created_at').notNull().defaultNow(),
    version: integer('version').notNull().default(1),
    externalId: text('external_id'),
    ...fedColumns(),
  },
  (t) => [
    uniqueIndex('p2p_offers_external_id_key').on(t.externalId),
    index('p2p_offers_status_idx').on(t.status),
    // The seller filter is a Turkish-folded prefix match (see bd_fold in migration 0003).
    index('p2p_offers_seller_fold_idx').using(
      'btree',
      sql`public.bd_fold(${t.sellerUserName}) text_pattern_ops`,
    ),
  ],
);

export const p2pTrades = pgTable(
  'p2p_trades',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Not a foreign key: a trade may outlive or precede its offer, then enrichment uses defaults. */
    tradeMarketGuid: uuid('trade_market_guid').notNull(),
    buyerUserName: text('buyer_user_name').notNull(),
    tradeAmount: amount('trade_amount').notNull(),
    /** pending | disputed | cancelled | completed */
    status: text('status').notNull().default('pending'),
    disputeReason: text('dispute_reason'),
    /** released (to buyer) | refunded (to seller) | cancelled */
    resolution: text('resolution'),
    resolutionReason: text('resolution_reason'),
    resolvedBy: integer('resolved_by'),
    resolvedAt: ts('resolved_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    version: integer('version').notNull().default(1),
    /**
     * The offer's contract and seller, copied onto the trade so the list filters and sorts on one
     * table (bench:p2p). Kept equal to the offer by triggers (migration perf_functions): set from the
     * offer on insert, and updated when an offer appears, changes or goes; null without an offer.
     * The list still shows the offer's own fields through its LEFT JOIN.
     */
    offerContractName: text('offer_contract_name'),
    offerSellerUserName: text('offer_seller_user_name'),
    /** When the trade was completed or cancelled (a trigger sets it as the status moves there). */
    closedAt: ts('closed_at'),
    externalId: text('external_id'),
    ...fedColumns(),
  },
  (t) => [
    uniqueIndex('p2p_trades_external_id_key').on(t.externalId),
    index('p2p_trades_market_idx').on(t.tradeMarketGuid),
    // Keyset pages per status, by time or by amount, with the id as tie-breaker.
    index('p2p_trades_status_idx').on(t.status, t.createdAt, t.id),
    index('p2p_trades_status_amount_idx').on(t.status, t.tradeAmount, t.id),
    // The same pages filtered by the offer's contract (equality before the sort key).
    index('p2p_trades_contract_created_idx').on(t.status, t.offerContractName, t.createdAt, t.id),
    index('p2p_trades_contract_amount_idx').on(t.status, t.offerContractName, t.tradeAmount, t.id),
    // The seller filter: a Turkish-folded prefix of the offer's seller (see bd_fold in 0003).
    index('p2p_trades_seller_fold_idx').using(
      'btree',
      t.status,
      sql`public.bd_fold(${t.offerSellerUserName}) text_pattern_ops`,
    ),
    index('p2p_trades_created_idx').on(t.createdAt, t.id),
    // Linked customers: the partners of a counterparty, on either side (migration 0065).
    index('p2p_trades_buyer_idx').on(t.buyerUserName, t.offerSellerUserName),
    index('p2p_trades_seller_idx').on(t.offerSellerUserName, t.buyerUserName),
  ],
);

// ── Limits and wallet transactions ──────────────────────────────────────────

export const transactionLimits = pgTable('transaction_limits', {
  lid: serial('lid').primaryKey(),
  limitType: text('limit_type').notNull(),
  contractName: text('contract_name'),
  walletAddress: text('wallet_address'),
  walletName: text('wallet_name'),
  minAmount: amount('min_amount'),
  maxAmount: amount('max_amount'),
  dailyCap: amount('daily_cap'),
  monthlyCap: amount('monthly_cap'),
  createdAt: ts('created_at').notNull().defaultNow(),
  createdBy: integer('created_by'),
  version: integer('version').notNull().default(1),
  updatedAt: ts('updated_at'),
  updatedBy: integer('updated_by'),
});

export const walletTransactions = pgTable(
  'wallet_transactions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    customerId: bigint('customer_id', { mode: 'number' })
      .notNull()
      .references(() => customers.id),
    /** deposit | withdrawal | transfer | fee */
    type: text('type').notNull(),
    asset: text('asset').notNull(),
    network: text('network').notNull(),
    amount: amount('amount').notNull(),
    fee: amount('fee').notNull().default('0'),
    fromAddress: text('from_address'),
    toAddress: text('to_address'),
    txHash: text('tx_hash'),
    /** pending | under_review | completed | rejected | failed */
    status: text('status').notNull(),
    reviewReason: text('review_reason'),
    /** When a review released a held withdrawal (R15, R22); it reads approved until its payout. */
    releasedAt: ts('released_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    version: integer('version').notNull().default(1),
    /** Deposits only (migration report_rollups): bank_transfer | instant_payment | on_chain */
    channel: text('channel'),
    /** Deposits only: the source-of-funds check, pending | passed | review | failed */
    sourceCheck: text('source_check'),
    /** Deposits only: none | held | released */
    holdState: text('hold_state'),
    externalId: text('external_id'),
    ...fedColumns(),
  },
  (t) => [
    uniqueIndex('wallet_transactions_external_id_key').on(t.externalId),
    index('wallet_transactions_customer_idx').on(t.customerId, t.createdAt),
    index('wallet_transactions_created_idx').on(t.createdAt),
    index('wallet_transactions_status_idx').on(t.status, t.type),
    index('wallet_transactions_tx_hash_idx').on(t.txHash),
    index('wallet_transactions_fraud_to_address_idx')
      .on(t.customerId, t.toAddress, t.createdAt)
      .where(sql`type = 'withdrawal'`),
    // A TRP inquiry's beneficiary: the customer whose deposits arrive at the address (migration 0056).
    index('wallet_transactions_deposit_address_idx')
      .on(t.toAddress, t.createdAt)
      .where(sql`type = 'deposit' AND to_address IS NOT NULL`),
    // Linked customers: who else sent to an address, or received from it (migration 0065).
    index('wallet_transactions_withdrawal_to_idx')
      .on(t.toAddress, t.customerId)
      .where(sql`type = 'withdrawal' AND to_address IS NOT NULL`),
    index('wallet_transactions_deposit_from_idx')
      .on(t.fromAddress, t.customerId)
      .where(sql`type = 'deposit' AND from_address IS NOT NULL`),
  ],
);

// ── CRM ─────────────────────────────────────────────────────────────────────

/** Customer-level KYC decisions (the level), newest last; a customer's "last decision" is its latest row. */
export const kycDecisions = pgTable(
  'kyc_decisions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    customerId: bigint('customer_id', { mode: 'number' })
      .notNull()
      .references(() => customers.id),
    /** approved (level from 1) | rejected (level 0); older rows may read resubmit */
    decision: text('decision').notNull(),
    level: smallint('level').notNull().default(0),
    reasonCode: text('reason_code'),
    comment: text('comment'),
    memberId: integer('member_id'),
    at: ts('at').notNull().defaultNow(),
    /** The first document sent after the previous decision; set on insert (migration 0028). */
    reviewStartedAt: ts('review_started_at'),
  },
  (t) => [
    index('kyc_decisions_customer_idx').on(t.customerId, t.at),
    index('kyc_decisions_at_idx').on(t.at, t.memberId),
  ],
);

/**
 * Identity documents (migration 0016): metadata here, the file in the document store under its
 * SHA-256 (modules/platform/documents). `reviewed_*` hold the latest decision; kyc_document_decisions all.
 */
export const kycDocuments = pgTable(
  'kyc_documents',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    customerId: bigint('customer_id', { mode: 'number' })
      .notNull()
      .references(() => customers.id),
    /** KYC_DOCUMENT_KINDS (packages/contract/src/compliance/keys.ts) */
    kind: text('kind').notNull(),
    /** pending | approved | rejected (final) | resubmission_requested */
    status: text('status').notNull().default('pending'),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    /** Of the stored bytes; null only for records from before files were stored. */
    sha256: text('sha256'),
    storageKey: text('storage_key'),
    /** customer | staff (a member on the customer's behalf: uploaded_by) */
    channel: text('channel').notNull().default('customer'),
    uploadedBy: integer('uploaded_by'),
    uploadedAt: ts('uploaded_at').notNull().defaultNow(),
    reviewedAt: ts('reviewed_at'),
    reviewedBy: integer('reviewed_by'),
    reasonCode: text('reason_code'),
    reasonText: text('reason_text'),
    comment: text('comment'),
    expiresOn: date('expires_on', { mode: 'string' }),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('kyc_documents_uploaded_idx').on(t.uploadedAt, t.id),
    index('kyc_documents_decided_idx').on(sql`coalesce(reviewed_at, '-infinity'::timestamptz)`, t.id),
    index('kyc_documents_status_uploaded_idx').on(t.status, t.uploadedAt, t.id),
    index('kyc_documents_kind_uploaded_idx').on(t.kind, t.uploadedAt, t.id),
    index('kyc_documents_customer_uploaded_idx').on(t.customerId, t.uploadedAt, t.id),
    index('kyc_documents_reviewer_idx')
      .on(t.reviewedBy, t.reviewedAt, t.id)
      .where(sql`reviewed_by IS NOT NULL`),
  ],
);

/** A stored document a later file check set aside (migration 0036): append-only, never served again. */
export const kycDocumentQuarantine = pgTable(
  'kyc_document_quarantine',
  {
    documentId: bigint('document_id', { mode: 'number' })
      .primaryKey()
      .references(() => kycDocuments.id),
    /** KYC_FILE_ACTIVE_CONTENT | KYC_FILE_ENCRYPTED | KYC_FILE_UNREADABLE | KYC_FILE_TYPE_REFUSED */
    code: text('code').notNull(),
    feature: text('feature'),
    detail: text('detail'),
    runId: bigint('run_id', { mode: 'number' }),
    quarantinedAt: ts('quarantined_at').notNull().defaultNow(),
  },
  (t) => [index('kyc_document_quarantine_at_idx').on(t.quarantinedAt, t.documentId)],
);

/** Every decision taken on a document. */
export const kycDocumentDecisions = pgTable(
  'kyc_document_decisions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    documentId: bigint('document_id', { mode: 'number' })
      .notNull()
      .references(() => kycDocuments.id),
    customerId: bigint('customer_id', { mode: 'number' })
      .notNull()
      .references(() => customers.id),
    /** approved | rejected | resubmission_requested */
    decision: text('decision').notNull(),
    reasonCode: text('reason_code'),
    reasonText: text('reason_text'),
    comment: text('comment'),
    memberId: integer('member_id'),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [
    index('kyc_document_decisions_customer_idx').on(t.customerId, t.at),
    index('kyc_document_decisions_at_idx').on(t.at, t.memberId),
  ],
);

/** A customer with documents waiting for a decision (docs/product-rules.md R39). */
export const kycCases = pgTable(
  'kyc_cases',
  {
    customerId: bigint('customer_id', { mode: 'number' })
      .primaryKey()
      .references(() => customers.id),
    waitingSince: ts('waiting_since').notNull(),
    pendingDocuments: integer('pending_documents').notNull(),
    assignedTo: integer('assigned_to').references(() => staffMembers.id),
    assignedAt: ts('assigned_at'),
  },
  (t) => [
    index('kyc_cases_waiting_idx').on(t.waitingSince, t.customerId),
    index('kyc_cases_unassigned_idx').on(t.waitingSince, t.customerId).where(sql`assigned_to IS NULL`),
    index('kyc_cases_assignee_idx')
      .on(t.assignedTo, t.waitingSince, t.customerId)
      .where(sql`assigned_to IS NOT NULL`),
  ],
);

/** What a customer declared about themself, to compare with their documents. */
export const kycProfiles = pgTable('kyc_profiles', {
  customerId: bigint('customer_id', { mode: 'number' })
    .primaryKey()
    .references(() => customers.id),
  birthDate: date('birth_date', { mode: 'string' }),
  nationality: text('nationality'),
  address: text('address'),
});

export const customerNotes = pgTable(
  'customer_notes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    customerId: bigint('customer_id', { mode: 'number' })
      .notNull()
      .references(() => customers.id),
    memberId: integer('member_id').notNull(),
    body: text('body').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('customer_notes_customer_idx').on(t.customerId, t.createdAt)],
);

/** A restriction is active from starts_at until ends_at (open-ended when null), unless lifted. */
export const customerRestrictions = pgTable(
  'customer_restrictions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    customerId: bigint('customer_id', { mode: 'number' })
      .notNull()
      .references(() => customers.id),
    /** login | deposit | withdrawal | trade | p2p */
    kind: text('kind').notNull(),
    reason: text('reason').notNull(),
    createdBy: integer('created_by'),
    startsAt: ts('starts_at').notNull().defaultNow(),
    endsAt: ts('ends_at'),
    liftedAt: ts('lifted_at'),
    liftedBy: integer('lifted_by'),
    liftReason: text('lift_reason'),
    createdAt: ts('created_at').notNull().defaultNow(),
    version: integer('version').notNull().default(1),
    /** When the expiry job announced its end as restriction.expired (migration 0045). */
    expiryAnnouncedAt: ts('expiry_announced_at'),
  },
  (t) => [
    index('customer_restrictions_customer_idx').on(t.customerId, t.kind),
    index('customer_restrictions_unannounced_expiry_idx').on(t.endsAt),
    index('customer_restrictions_created_idx').on(t.createdAt, t.id),
    index('customer_restrictions_starts_idx').on(t.startsAt, t.id),
  ],
);

export const customerBalances = pgTable(
  'customer_balances',
  {
    customerId: bigint('customer_id', { mode: 'number' })
      .notNull()
      .references(() => customers.id),
    asset: text('asset').notNull(),
    available: amount('available').notNull().default('0'),
    locked: amount('locked').notNull().default('0'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    /** Balance snapshots the exchange sends, keyed by customer and asset (migration 0039). */
    ...fedColumns(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.asset] }), index('customer_balances_asset_idx').on(t.asset)],
);

// ── Transactions ────────────────────────────────────────────────────────────

/** Fee schedule: the most specific rule (asset and customer type set) wins over wildcards (null). */
export const commissionRules = pgTable('commission_rules', {
  id: serial('id').primaryKey(),
  /** deposit | withdrawal | trade | p2p */
  operation: text('operation').notNull(),
  asset: text('asset'),
  customerType: text('customer_type').references(() => customerTypes.code),
  /** percent | flat */
  kind: text('kind').notNull(),
  value: amount('value').notNull(),
  minFee: amount('min_fee'),
  maxFee: amount('max_fee'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  version: integer('version').notNull().default(1),
});

/** One row per member and decision on a withdrawal; four-eyes needs two distinct approvers. */
export const withdrawalReviews = pgTable(
  'withdrawal_reviews',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transactionId: bigint('transaction_id', { mode: 'number' })
      .notNull()
      .references(() => walletTransactions.id),
    memberId: integer('member_id').notNull(),
    /** approve | reject */
    decision: text('decision').notNull(),
    reason: text('reason'),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('withdrawal_reviews_member_key').on(t.transactionId, t.memberId)],
);

/**
 * Signed statements about the log chains (migration 0013): a `seal` of a row's hash, or a retention
 * `cut` after which the chain continues. Append-only; signed with the deployment secret.
 */
export const logCheckpoints = pgTable(
  'log_checkpoints',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: ts('at').notNull().defaultNow(),
    log: text('log').notNull(),
    kind: text('kind').notNull(),
    rowId: bigint('row_id', { mode: 'number' }).notNull(),
    rowHash: bytea('row_hash').notNull(),
    deleted: bigint('deleted', { mode: 'number' }),
    keyId: text('key_id').notNull(),
    signature: bytea('signature').notNull(),
  },
  (t) => [index('log_checkpoints_log_kind_idx').on(t.log, t.kind, t.rowId)],
);

/** Operational settings edited in the panel (e.g. the four-eyes threshold), audited like data. */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  updatedBy: integer('updated_by'),
  version: integer('version').notNull().default(1),
});

/** A retried creating request (same Idempotency-Key) gets the first answer instead of a duplicate. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    memberId: integer('member_id').notNull(),
    key: text('key').notNull(),
    route: text('route').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    response: jsonb('response'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.key] })],
);

/**
 * A change that needs a second member (four-eyes): requested by one, approved or rejected by a
 * different one, or expired. `kind` names what is asked (a withdrawal release, a rule change…).
 */
export const approvalRequests = pgTable(
  'approval_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    /** What the approval will apply, as the requester saw it. */
    payload: jsonb('payload').notNull().default(sql`'{}'::jsonb`),
    /** pending | approved | rejected | expired | cancelled */
    status: text('status').notNull().default('pending'),
    requestedBy: integer('requested_by').notNull(),
    requestReason: text('request_reason'),
    requestedAt: ts('requested_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    decidedBy: integer('decided_by'),
    decisionReason: text('decision_reason'),
    decidedAt: ts('decided_at'),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    // One open request per thing and kind: a second request joins the first instead.
    uniqueIndex('approval_requests_open_key').on(t.kind, t.entity, t.entityId).where(sql`status = 'pending'`),
    index('approval_requests_status_idx').on(t.status, t.requestedAt),
  ],
);

/** A member's named filter set for one list (the list-page kit's saved filters). */
export const savedViews = pgTable(
  'saved_views',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => staffMembers.id),
    /** The list it belongs to, e.g. "crm.customers". */
    list: text('list').notNull(),
    name: text('name').notNull(),
    /** The list's URL search (filters, sort, page size), validated by the list on use. */
    search: jsonb('search').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('saved_views_member_list_name_key').on(t.memberId, t.list, t.name)],
);

/** An export run in the background (decision 0015): progress, stored file, expiry. */
export const backgroundExports = pgTable(
  'background_exports',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => staffMembers.id),
    route: text('route').notNull(),
    query: text('query').notNull(),
    format: text('format').notNull(),
    language: text('language').notNull(),
    fileName: text('file_name').notNull(),
    status: text('status').notNull().default('queued'),
    rowsWritten: bigint('rows_written', { mode: 'number' }).notNull().default(0),
    rowsTotal: bigint('rows_total', { mode: 'number' }).notNull(),
    sha256: text('sha256'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
    expiresAt: ts('expires_at'),
  },
  (t) => [
    index('background_exports_member_idx').on(t.memberId, t.id.desc()),
    index('background_exports_expiry_idx').on(t.expiresAt).where(sql`status = 'ready'`),
  ],
);

/** The deployment secret kept in the database when APP_SECRET is not given (outside production). */
export const deploymentSecrets = pgTable('deployment_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/**
 * How many customers have each combination of the list's select filters (migrations 0032, 0033),
 * kept in step by triggers; `role` NULL counts every customer once (docs/decisions/0004-lists-at-scale.md).
 */
export const customerFacetCounts = pgTable(
  'customer_facet_counts',
  {
    status: text('status'),
    kyc: text('kyc').notNull(),
    role: text('role'),
    n: bigint('n', { mode: 'number' }).notNull(),
    tier: text('tier').notNull(),
    active: boolean('active').notNull(),
  },
  (t) => [uniqueIndex('customer_facet_counts_key').on(t.status, t.kyc, t.role, t.tier, t.active)],
);

/** The primary's WAL position after a member's last change: read-your-own-write with a replica. */
export const memberWriteMarks = pgTable('member_write_marks', {
  memberId: integer('member_id')
    .primaryKey()
    .references(() => staffMembers.id, { onDelete: 'cascade' }),
  /** Read and written as text ("0/16B3748"). */
  lsn: pgLsn('lsn').notNull(),
  at: ts('at').notNull().defaultNow(),
});

/**
 * Report rollups (migration report_rollups, docs/decisions/0014-report-rollups.md): per UTC hour and
 * dimension values, kept in step with their raw rows by statement-level triggers; '' means none.
 */
/** The wallet rollups' dimensions and sums, shared by the rollup and its keyless delta table (0062). */
const walletRollupColumns = () => ({
  type: text('type').notNull(),
  status: text('status').notNull(),
  asset: text('asset').notNull(),
  network: text('network').notNull(),
  channel: text('channel').notNull(),
  sourceCheck: text('source_check').notNull(),
  holdState: text('hold_state').notNull(),
  n: bigint('n', { mode: 'number' }).notNull(),
  amount: numeric('amount').notNull(),
  fee: numeric('fee').notNull(),
});
const walletHourlyColumns = () => ({ hour: ts('hour').notNull(), ...walletRollupColumns() });
const walletDailyColumns = () => ({
  zone: text('zone').notNull(),
  day: date('day', { mode: 'string' }).notNull(),
  ...walletRollupColumns(),
});

export const rptWalletHourly = pgTable('rpt_wallet_hourly', walletHourlyColumns(), (t) => [
  primaryKey({
    columns: [t.hour, t.type, t.status, t.asset, t.network, t.channel, t.sourceCheck, t.holdState],
  }),
]);

/**
 * Rollup deltas (migration 0062, decision 0025): keyless, appended by the triggers in a transaction
 * that sets bd.rollup_deltas, folded in by reports.fold-rollups; readers read the *_all views.
 */
export const rptWalletHourlyDelta = pgTable('rpt_wallet_hourly_delta', walletHourlyColumns());

export const rptP2pHourly = pgTable(
  'rpt_p2p_hourly',
  {
    hour: ts('hour').notNull(),
    status: text('status').notNull(),
    contract: text('contract').notNull(),
    resolution: text('resolution').notNull(),
    disputed: boolean('disputed').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
    amount: numeric('amount').notNull(),
    completedN: bigint('completed_n', { mode: 'number' }).notNull(),
    completionSeconds: numeric('completion_seconds').notNull(),
  },
  (t) => [primaryKey({ columns: [t.hour, t.status, t.contract, t.resolution, t.disputed] })],
);

export const rptSignupsHourly = pgTable(
  'rpt_signups_hourly',
  {
    hour: ts('hour').notNull(),
    kycType: text('kyc_type').notNull(),
    customerType: text('customer_type').notNull(),
    /** The furthest KYC funnel stage the customers have reached now (bd_kyc_stage, migration 0033). */
    kycStage: text('kyc_stage').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.hour, t.kycType, t.customerType, t.kycStage] })],
);

/** KYC decisions per hour, outcome, reason and member (0: none), with the review SLA's breaches (migration 0034). */
export const rptKycHourly = pgTable(
  'rpt_kyc_hourly',
  {
    hour: ts('hour').notNull(),
    outcome: text('outcome').notNull(),
    reason: text('reason').notNull(),
    memberId: integer('member_id').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
    slaBreaches: bigint('sla_breaches', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.hour, t.outcome, t.reason, t.memberId] })],
);

/** KYC document decisions per hour, decision, reason and officer (migration 0042). */
export const rptKycDocumentsHourly = pgTable(
  'rpt_kyc_documents_hourly',
  {
    hour: ts('hour').notNull(),
    decision: text('decision').notNull(),
    reason: text('reason').notNull(),
    memberId: integer('member_id').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.hour, t.decision, t.reason, t.memberId] })],
);

/** Fraud alerts per hour they were closed in, rule and outcome (migration 0034). */
export const rptAlertsClosedHourly = pgTable(
  'rpt_alerts_closed_hourly',
  {
    hour: ts('hour').notNull(),
    rule: text('rule').notNull(),
    outcome: text('outcome').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.hour, t.rule, t.outcome] })],
);

/** An asset's value in the reporting currency from `valid_from` until the asset's next dated rate. */
export const reportRates = pgTable(
  'report_rates',
  {
    id: serial('id').primaryKey(),
    asset: text('asset').notNull(),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    rate: amount('rate').notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    updatedBy: integer('updated_by'),
    version: integer('version').notNull().default(1),
  },
  (t) => [unique('report_rates_asset_day_key').on(t.asset, t.validFrom)],
);

/** Each customer's latest wallet transaction (churn in the customers report). */
export const rptCustomerLastActivity = pgTable(
  'rpt_customer_last_activity',
  {
    customerId: bigint('customer_id', { mode: 'number' }).primaryKey(),
    lastAt: ts('last_at').notNull(),
  },
  (t) => [index('rpt_customer_last_activity_at_idx').on(t.lastAt)],
);

export const rptCustomerLastActivityDelta = pgTable(
  'rpt_customer_last_activity_delta',
  {
    customerId: bigint('customer_id', { mode: 'number' }).notNull(),
    lastAt: ts('last_at').notNull(),
  },
  (t) => [index('rpt_customer_last_activity_delta_customer_idx').on(t.customerId)],
);

// ── Inbox and live events (migration 0018; docs/decisions/0013-inbox.md) ─────

/** Live events, kept a while so a reconnecting client resumes by Last-Event-ID. */
export const liveEvents = pgTable(
  'live_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: ts('at').notNull().defaultNow(),
    topic: text('topic').notNull(),
    /** The members it is for; null: every signed-in member. */
    audience: integer('audience').array(),
    data: jsonb('data').notNull().default({}),
  },
  (t) => [index('live_events_at_idx').on(t.at)],
);

/** Who each kind of work reaches (roles copied from access.ts at start) and its SLA. */
export const inboxKinds = pgTable('inbox_kinds', {
  kind: text('kind').primaryKey(),
  roles: text('roles').array().notNull(),
  slaMinutes: integer('sla_minutes'),
  /** Team work (migration 0041): waits unassigned in its team queue, then in its assignee's inbox alone. */
  teamQueue: boolean('team_queue').notNull().default(false),
});

/** How a team queue hands out its work: by hand, or round robin with a cap per member. */
export const teamQueueSettings = pgTable('team_queue_settings', {
  kind: text('kind')
    .primaryKey()
    .references(() => inboxKinds.kind),
  routing: text('routing').notNull().default('manual'),
  capPerMember: integer('cap_per_member'),
  lastMemberId: integer('last_member_id').references(() => staffMembers.id, { onDelete: 'set null' }),
  version: integer('version').notNull().default(1),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** A member out of office until a time: routing passes them by. */
export const staffAway = pgTable('staff_away', {
  memberId: integer('member_id')
    .primaryKey()
    .references(() => staffMembers.id, { onDelete: 'cascade' }),
  until: ts('until').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** One piece of work, shared by every member it reaches; kept by the triggers of migration 0018. */
export const workItems = pgTable(
  'work_items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind')
      .notNull()
      .references(() => inboxKinds.kind),
    sourceRef: text('source_ref').notNull(),
    severity: text('severity'),
    customerId: bigint('customer_id', { mode: 'number' }),
    subject: text('subject'),
    amount: amount('amount'),
    asset: text('asset'),
    requestedBy: integer('requested_by'),
    audience: integer('audience').array(),
    notice: text('notice'),
    params: jsonb('params').notNull().default({}),
    openedAt: ts('opened_at').notNull(),
    dueAt: ts('due_at'),
    resolvedAt: ts('resolved_at'),
    assigneeId: integer('assignee_id').references(() => staffMembers.id),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('work_items_open_key').on(t.kind, t.sourceRef).where(sql`resolved_at IS NULL`),
    index('work_items_resolved_idx').on(t.resolvedAt).where(sql`resolved_at IS NOT NULL`),
    index('work_items_queue_idx')
      .on(t.kind, t.openedAt, t.id)
      .where(sql`resolved_at IS NULL AND assignee_id IS NULL`),
    index('work_items_assignee_open_idx')
      .on(t.assigneeId, t.kind)
      .where(sql`resolved_at IS NULL AND assignee_id IS NOT NULL`),
  ],
);

/** Each member's queue, materialised: one row per member and work item. */
export const inboxItems = pgTable(
  'inbox_items',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => staffMembers.id, { onDelete: 'cascade' }),
    workItemId: bigint('work_item_id', { mode: 'number' })
      .notNull()
      .references(() => workItems.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    prefKey: text('pref_key').notNull(),
    openedAt: ts('opened_at').notNull(),
    open: boolean('open').notNull().default(true),
    readAt: ts('read_at'),
    /** The work item's assignee, copied so "assigned to me" is an index range. */
    assigneeId: integer('assignee_id'),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.workItemId] }),
    // Both INCLUDE pref_key, read_at and assignee_id (migration 0018), for index-only counts.
    index('inbox_items_page_idx').on(t.memberId, t.open, t.openedAt.desc(), t.workItemId.desc()),
    index('inbox_items_kind_idx').on(t.memberId, t.kind, t.open, t.openedAt.desc(), t.workItemId.desc()),
    index('inbox_items_unread_idx').on(t.memberId, t.prefKey).where(sql`open AND read_at IS NULL`),
    index('inbox_items_work_idx').on(t.workItemId),
  ],
);

/** Zones whose calendar days the daily rollups keep (bd_rpt_keep_zone adds one). */
export const rptZones = pgTable('rpt_zones', { zone: text('zone').primaryKey() });

export const rptWalletDaily = pgTable('rpt_wallet_daily', walletDailyColumns(), (t) => [
  primaryKey({
    columns: [t.zone, t.day, t.type, t.status, t.asset, t.network, t.channel, t.sourceCheck, t.holdState],
  }),
]);

export const rptWalletDailyDelta = pgTable('rpt_wallet_daily_delta', walletDailyColumns());

export const rptP2pDaily = pgTable(
  'rpt_p2p_daily',
  {
    zone: text('zone').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    status: text('status').notNull(),
    contract: text('contract').notNull(),
    resolution: text('resolution').notNull(),
    disputed: boolean('disputed').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
    amount: numeric('amount').notNull(),
    completedN: bigint('completed_n', { mode: 'number' }).notNull(),
    completionSeconds: numeric('completion_seconds').notNull(),
  },
  (t) => [primaryKey({ columns: [t.zone, t.day, t.status, t.contract, t.resolution, t.disputed] })],
);

export * from './schema-checks.ts';
export * from './schema-fraud.ts';
export * from './schema-fraud-alerts.ts';
export * from './schema-fraud-cases.ts';
export * from './schema-fraud-screening.ts';
export * from './schema-ingest.ts';
export * from './schema-integrations.ts';
export * from './schema-outbox.ts';
export * from './schema-scim.ts';
export * from './schema-sso.ts';
export * from './schema-travel-rule.ts';
