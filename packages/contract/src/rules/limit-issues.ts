import { LIMIT_AMOUNT_FIELDS, LIMIT_TYPES, type LimitAmountField } from '../transactions/keys.ts';
import { amountIssue } from './amounts.ts';
import { assetOfContract } from './assets.ts';
import { Decimal } from './decimal.ts';

export {
  LIMIT_AMOUNT_FIELDS,
  LIMIT_TYPES,
  type LimitAmountField,
  type LimitType,
} from '../transactions/keys.ts';

export type LimitIssue =
  | { path: 'limit_type'; code: 'unknown_limit_type' }
  | { path: LimitAmountField; code: 'not_a_number' | 'negative' | 'too_many_decimals'; decimals?: number }
  | { path: 'max_amount'; code: 'min_above_max' }
  | { path: 'monthly_cap'; code: 'daily_above_monthly' }
  | { path: 'min_amount'; code: 'bounds_nothing' };

/**
 * Every problem of a limit a member typed: unknown type, non-numeric or negative amounts, too many
 * decimals for the contract's asset, a minimum above the maximum, a daily cap above the monthly one,
 * no bound at all (docs/product-rules.md R33). The API and the form both call it.
 */
export function limitIssues(input: {
  limit_type: string;
  contract_name?: string | null;
  min_amount?: string | null;
  max_amount?: string | null;
  daily_cap?: string | null;
  monthly_cap?: string | null;
}): LimitIssue[] {
  const issues: LimitIssue[] = [];
  if (!(LIMIT_TYPES as readonly string[]).includes(input.limit_type))
    issues.push({ path: 'limit_type', code: 'unknown_limit_type' });
  const asset = assetOfContract(input.contract_name);
  for (const field of LIMIT_AMOUNT_FIELDS) {
    const value = input[field];
    if (value === null || value === undefined || value.trim() === '') continue;
    const issue = amountIssue(value, asset);
    if (issue) issues.push({ path: field, ...issue });
  }
  const given = (field: LimitAmountField) => {
    const value = input[field]?.trim();
    return value && !issues.some((i) => i.path === field) ? value : undefined;
  };
  // A limit without any bound would still win its ties (R14) and allow everything.
  if (LIMIT_AMOUNT_FIELDS.every((field) => !input[field]?.trim()))
    issues.push({ path: 'min_amount', code: 'bounds_nothing' });
  const [min, max] = [given('min_amount'), given('max_amount')];
  if (min && max && new Decimal(min).gt(max)) issues.push({ path: 'max_amount', code: 'min_above_max' });
  const [daily, monthly] = [given('daily_cap'), given('monthly_cap')];
  if (daily && monthly && new Decimal(daily).gt(monthly))
    issues.push({ path: 'monthly_cap', code: 'daily_above_monthly' });
  return issues;
}
