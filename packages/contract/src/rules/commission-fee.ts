import type { CommissionKind } from '../transactions/keys.ts';
import { decimalsOf } from './assets.ts';
import { Decimal, decimalText } from './decimal.ts';

export {
  COMMISSION_KINDS,
  COMMISSION_OPERATIONS,
  type CommissionKind,
  type CommissionOperation,
} from '../transactions/keys.ts';

/** What the fee calculation reads from a rule; null asset or customer type is a wildcard. */
export interface FeeRule {
  id: number;
  operation: string;
  asset: string | null;
  customer_type: string | null;
  kind: CommissionKind;
  value: string;
  min_fee: string | null;
  max_fee: string | null;
}

export interface FeeLookup {
  operation: string;
  asset: string;
  customer_type: string | null;
}

/** Asset weighs more than customer type: a rule for the asset beats a tier-wide one. */
const specificity = (rule: FeeRule): number => (rule.asset ? 2 : 0) + (rule.customer_type ? 1 : 0);

/** The most specific rule matching the operation, asset and customer type; ties to the newest id. */
export function selectFeeRule<R extends FeeRule>(rules: readonly R[], lookup: FeeLookup): R | null {
  let best: R | null = null;
  for (const rule of rules) {
    if (rule.operation !== lookup.operation) continue;
    if (rule.asset !== null && rule.asset.toUpperCase() !== lookup.asset.toUpperCase()) continue;
    if (rule.customer_type !== null && rule.customer_type !== lookup.customer_type) continue;
    if (
      !best ||
      specificity(rule) > specificity(best) ||
      (specificity(rule) === specificity(best) && rule.id > best.id)
    )
      best = rule;
  }
  return best;
}

/**
 * The fee of one rule for an amount: percent of the amount clamped to [min_fee, max_fee], or the
 * flat value; exact, rounded half-up to the asset's decimal places. The one implementation used by
 * the server's preview endpoint and the commissions page.
 *
 * `discount` is the customer type's commission discount (percent). It comes off the fee of a rule
 * that names no customer type, after the minimum and maximum; a rule written for a customer type is
 * already that type's price, so it is not discounted again.
 */
export function feeFor(rule: FeeRule, amount: string, asset: string, discount?: string | null): string {
  let fee = rule.kind === 'percent' ? new Decimal(amount).mul(rule.value).div(100) : new Decimal(rule.value);
  if (rule.min_fee !== null && fee.lt(rule.min_fee)) fee = new Decimal(rule.min_fee);
  if (rule.max_fee !== null && fee.gt(rule.max_fee)) fee = new Decimal(rule.max_fee);
  if (appliesDiscount(rule, discount)) fee = fee.mul(new Decimal(100).minus(discount)).div(100);
  return decimalText(fee.toDecimalPlaces(decimalsOf(asset), Decimal.ROUND_HALF_UP));
}

const appliesDiscount = (rule: FeeRule, discount: string | null | undefined): discount is string =>
  rule.customer_type === null && !!discount && new Decimal(discount).gt(0);

export interface FeeQuote<R extends FeeRule> {
  rule: R | null;
  /** "0" when no rule applies. */
  fee: string;
  /** The customer type's discount when it was taken off (percent), else null. */
  discount: string | null;
}

export function quoteFee<R extends FeeRule>(
  rules: readonly R[],
  lookup: FeeLookup & { amount: string; discount?: string | null },
): FeeQuote<R> {
  const rule = selectFeeRule(rules, lookup);
  if (!rule) return { rule, fee: '0', discount: null };
  return {
    rule,
    fee: feeFor(rule, lookup.amount, lookup.asset, lookup.discount),
    discount: appliesDiscount(rule, lookup.discount) ? lookup.discount : null,
  };
}
