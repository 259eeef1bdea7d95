// Free of zod, so routes and pages can read fraud check's enums before the schemas load. Each enum
// exists here once; the schemas, the server's SQL and the web app import it from here.
export const FRAUD_SEVERITIES = ['low', 'medium', 'high', 'critical'] as const;
export type FraudSeverity = (typeof FRAUD_SEVERITIES)[number];

/** The rules of PRODUCT.md (Compliance → Fraud check) and docs/product-rules.md R41; what each does is code. */
export const FRAUD_RULE_CODES = [
  'withdrawal_velocity',
  'withdrawal_after_deposit',
  'new_address_withdrawal',
  'failed_logins',
  'p2p_amount',
  'blocklisted_address',
  'screening_hit',
  'travel_rule_failures',
] as const;
export type FraudRuleCode = (typeof FRAUD_RULE_CODES)[number];

/** What the evaluator reads: a row of one of these, enqueued in the transaction that wrote it. */
export const FRAUD_EVENT_KINDS = ['login', 'wallet_transaction', 'p2p_trade', 'customer'] as const;
export type FraudEventKind = (typeof FRAUD_EVENT_KINDS)[number];

export const FRAUD_ALERT_STATUSES = ['open', 'investigating', 'escalated', 'closed'] as const;
export type FraudAlertStatus = (typeof FRAUD_ALERT_STATUSES)[number];

export const FRAUD_OUTCOMES = ['false_positive', 'confirmed'] as const;
export type FraudOutcome = (typeof FRAUD_OUTCOMES)[number];

/** open → investigating → escalated → closed; closing (with a note and an outcome) from any open state. */
export const FRAUD_ALERT_TRANSITIONS: Record<FraudAlertStatus, readonly FraudAlertStatus[]> = {
  open: ['investigating', 'closed'],
  investigating: ['escalated', 'closed'],
  escalated: ['closed'],
  closed: [],
};
export const canMoveAlert = (from: FraudAlertStatus, to: FraudAlertStatus): boolean =>
  FRAUD_ALERT_TRANSITIONS[from].includes(to);

/** What an alert's evidence row points at. */
export const FRAUD_EVIDENCE_KINDS = [
  'login',
  'wallet_transaction',
  'p2p_trade',
  'screening_entry',
  'blocklist_entry',
] as const;
export type FraudEvidenceKind = (typeof FRAUD_EVIDENCE_KINDS)[number];

export const BLOCKLIST_KINDS = ['address', 'ip', 'device', 'email', 'phone'] as const;
export type BlocklistKind = (typeof BLOCKLIST_KINDS)[number];

export const FRAUD_RUN_KINDS = ['rescan', 'backtest', 'rescreen', 'document_recheck'] as const;
export type FraudRunKind = (typeof FRAUD_RUN_KINDS)[number];
export const FRAUD_RUN_STATUSES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type FraudRunStatus = (typeof FRAUD_RUN_STATUSES)[number];

export const LOGIN_OUTCOMES = ['success', 'failure'] as const;
export const LOGIN_FAILURE_REASONS = ['bad_password', 'bad_two_factor', 'locked', 'restricted'] as const;
export type LoginFailureReason = (typeof LOGIN_FAILURE_REASONS)[number];

export const FRAUD_CASE_STATUSES = ['open', 'closed'] as const;
export type FraudCaseStatus = (typeof FRAUD_CASE_STATUSES)[number];

/** The figures an alert records beside its thresholds (the engine's and screening's); each is worded. */
export const FRAUD_FIGURE_KEYS = [
  'count',
  'withdrawalTry',
  'depositTry',
  'percent',
  'minutes',
  'amountTry',
  'address',
  'network',
  'asset',
  'role',
  'value',
  'direction',
  'kind',
  'score',
  'threshold',
  'entry',
  'list',
  'evidence',
  'vasp',
] as const;

/** The days a backtest looks back over by default, and the periods a member may choose (R45). */
export const BACKTEST_DAYS = 30;
export const BACKTEST_DAY_RANGE = { min: 7, max: 90 } as const;
/** The periods the rule editor offers, within BACKTEST_DAY_RANGE. */
export const BACKTEST_PERIODS = [7, 14, 30, 60, 90] as const;

/** The currency of the rules' amount thresholds (`minAmount`) and of the engine's `…Try` figures. */
export const RULE_AMOUNT_CURRENCY = 'TRY';
