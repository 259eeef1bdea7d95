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
  | { path: 'max_amount'; code: 'min_above_max' };

/**
 * Every problem of a limit a member typed: unknown type, non-numeric or negative amounts, too many
 * decimals for the contract's asset, a minimum above the maximum. The API and the form both call it.
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
  const { min_amount: min, max_amount: max } = input;
  if (min && max && !issues.some((i) => i.path === 'min_amount' || i.path === 'max_amount')) {
    if (new Decimal(min).gt(max)) issues.push({ path: 'max_amount', code: 'min_above_max' });
  }
  return issues;
}
