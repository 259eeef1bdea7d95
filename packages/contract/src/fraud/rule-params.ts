// Each fraud rule's thresholds: what a version's `params` may hold, their ranges and the settings a
// fresh install starts with. The rules page validates an edit with these, the engine reads a stored
// version through them, and migration 0023 seeds version 1 with RULE_DEFAULTS (a test keeps them equal).
import { z } from 'zod';
import { InstantSchema } from '../dates.ts';
import { FRAUD_RULE_CODES, FRAUD_SEVERITIES, type FraudRuleCode, type FraudSeverity } from './keys.ts';

/** A window in whole minutes: at least one, at most 30 days. */
const windowMinutes = (max: number) => z.number().int().min(1).max(max);
/** How many events: two at least (one event is no pattern), a thousand at most. */
const eventCount = z.number().int().min(2).max(1000);
/** An amount in TRY as an exact decimal string, greater than zero, as wide as numeric(36,18). */
export const TryAmountSchema = z
  .string()
  .trim()
  .regex(/^\d{1,18}(\.\d{1,18})?$/, 'Enter an amount such as 50000')
  .refine((v) => /[1-9]/.test(v), 'The amount must be greater than zero');

export const RULE_PARAMS = {
  /** `count` or more withdrawals requested within any `windowMinutes`. */
  withdrawal_velocity: z.strictObject({ count: eventCount, windowMinutes: windowMinutes(43_200) }),
  /** A withdrawal of at least `minPercent` % of a deposit made no more than `withinMinutes` before it. */
  withdrawal_after_deposit: z.strictObject({
    withinMinutes: windowMinutes(10_080),
    minPercent: z.number().int().min(1).max(100),
  }),
  /** A withdrawal of at least `minAmount` TRY to an address the customer never withdrew to before. */
  new_address_withdrawal: z.strictObject({ minAmount: TryAmountSchema }),
  /** `count` or more failed sign-ins within any `windowMinutes`. */
  failed_logins: z.strictObject({ count: eventCount, windowMinutes: windowMinutes(43_200) }),
  /** A P2P trade of at least `minAmount` TRY (buyer, and seller when known). */
  p2p_amount: z.strictObject({ minAmount: TryAmountSchema }),
  /** A transaction from or to an address on the blocklist: no threshold. */
  blocklisted_address: z.strictObject({}),
  /** A sanctions-list match: its threshold is screening's own setting (`screening_threshold`), not the rule's. */
  screening_hit: z.strictObject({}),
  /**
   * `count` or more travel-rule failures (a transfer returned or rejected, or its information still
   * missing past the deadline) with one counterparty VASP or of one customer within `windowMinutes`.
   */
  travel_rule_failures: z.strictObject({ count: eventCount, windowMinutes: windowMinutes(43_200) }),
} as const satisfies Record<FraudRuleCode, z.ZodObject>;

export type RuleParams<C extends FraudRuleCode = FraudRuleCode> = z.infer<(typeof RULE_PARAMS)[C]>;

export interface RuleSetting<C extends FraudRuleCode = FraudRuleCode> {
  params: RuleParams<C>;
  severity: FraudSeverity;
}

/** What version 1 of each rule holds (migration 0023 inserts exactly these). */
export const RULE_DEFAULTS: { [C in FraudRuleCode]: RuleSetting<C> } = {
  withdrawal_velocity: { params: { count: 5, windowMinutes: 60 }, severity: 'high' },
  withdrawal_after_deposit: { params: { withinMinutes: 30, minPercent: 80 }, severity: 'high' },
  new_address_withdrawal: { params: { minAmount: '50000' }, severity: 'medium' },
  failed_logins: { params: { count: 5, windowMinutes: 15 }, severity: 'medium' },
  p2p_amount: { params: { minAmount: '250000' }, severity: 'medium' },
  blocklisted_address: { params: {}, severity: 'critical' },
  screening_hit: { params: {}, severity: 'high' },
  travel_rule_failures: { params: { count: 3, windowMinutes: 43_200 }, severity: 'high' },
};

export const FraudSeveritySchema = z.enum(FRAUD_SEVERITIES);

/** Reads a rule's params (from a request or a stored version); throws a ZodError when they do not fit. */
export function parseRuleParams<C extends FraudRuleCode>(code: C, params: unknown): RuleParams<C> {
  return RULE_PARAMS[code].parse(params) as RuleParams<C>;
}

/** The same, as a result instead of a throw (a form or an endpoint's refine). */
export function safeParseRuleParams(code: FraudRuleCode, params: unknown) {
  return RULE_PARAMS[code].safeParse(params);
}

/** A rescan run's params (runs.start(tx, 'rescan', …)): the rules (all when left out) and the span. */
export const RescanRunParamsSchema = z.strictObject({
  rules: z.array(z.enum(FRAUD_RULE_CODES)).min(1).max(FRAUD_RULE_CODES.length).optional(),
  /** The last `days` days up to now (90 unless `from`/`to` are given). */
  days: z.number().int().min(1).max(3660).optional(),
  from: InstantSchema.optional(),
  to: InstantSchema.optional(),
});
export type RescanRunParams = z.infer<typeof RescanRunParamsSchema>;
