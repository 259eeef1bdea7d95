import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  customType,
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

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
/** Money and crypto amounts: exact decimals, strings in code (never a float). */
const amount = (name: string) => numeric(name, { precision: 36, scale: 18 });

// ── Staff and sessions ──────────────────────────────────────────────────────

export const staffMembers = pgTable('staff_members', {
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
  /** light | dark | system, as the spec's `nuxt-color-mode` key holds it; null until first chosen. */
  colorMode: text('color_mode'),
  passwordChangedAt: ts('password_changed_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  version: integer('version').notNull().default(1),
});

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
  (t) => [index('staff_two_factor_methods_member_idx').on(t.memberId)],
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
    /** Chained like access_log.hash, by the insert trigger (migration 0013). */
    hash: bytea('hash'),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entity, t.entityId, t.at),
    index('audit_log_at_id_idx').on(t.at, t.id),
    index('audit_log_member_at_idx').on(t.memberId, t.at, t.id),
    index('audit_log_entity_at_idx').on(t.entity, t.at, t.id),
    index('audit_log_customer_idx').on(t.customerId, t.at).where(sql`customer_id IS NOT NULL`),
  ],
);

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
  },
  (t) => [
    uniqueIndex('customers_user_name_key').on(t.userName),
    index('customers_search_text_trgm_idx').using('gin', sql`search_text gin_trgm_ops`),
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
    // Role filter: any role, Turkish-folded.
    index('customers_roles_folded_idx').using('gin', t.rolesFolded),
    // Status and KYC filters, newest first (migration 0012).
    index('customers_status_created_idx').on(t.status, t.createDate, t.id),
    index('customers_kyc_fold_created_idx').on(
      sql`public.bd_fold(coalesce(user_ky, 'kyc'))`,
      t.createDate,
      t.id,
      t.userKy,
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
  },
  (t) => [
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
  },
  (t) => [
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
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('wallet_transactions_customer_idx').on(t.customerId, t.createdAt),
    index('wallet_transactions_created_idx').on(t.createdAt),
    index('wallet_transactions_status_idx').on(t.status, t.type),
    index('wallet_transactions_tx_hash_idx').on(t.txHash),
  ],
);

// ── CRM ─────────────────────────────────────────────────────────────────────

/** KYC decisions, newest last; a customer's "last decision" is its latest row. */
export const kycDecisions = pgTable(
  'kyc_decisions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    customerId: bigint('customer_id', { mode: 'number' })
      .notNull()
      .references(() => customers.id),
    /** approved | rejected | resubmit */
    decision: text('decision').notNull(),
    level: smallint('level').notNull().default(0),
    reasonCode: text('reason_code'),
    comment: text('comment'),
    memberId: integer('member_id'),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [index('kyc_decisions_customer_idx').on(t.customerId, t.at)],
);

/** Uploaded identity documents (metadata; the files live in object storage). */
export const kycDocuments = pgTable(
  'kyc_documents',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    customerId: bigint('customer_id', { mode: 'number' })
      .notNull()
      .references(() => customers.id),
    /** passport | id_card | driving_licence | proof_of_address | selfie | company_registration */
    kind: text('kind').notNull(),
    /** pending | approved | rejected | resubmit */
    status: text('status').notNull().default('pending'),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    uploadedAt: ts('uploaded_at').notNull().defaultNow(),
    reviewedAt: ts('reviewed_at'),
    reviewedBy: integer('reviewed_by'),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('kyc_documents_customer_idx').on(t.customerId),
    index('kyc_documents_status_idx').on(t.status, t.uploadedAt),
  ],
);

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
  },
  (t) => [
    index('customer_restrictions_customer_idx').on(t.customerId, t.kind),
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
