import { amountIssue } from './amounts.ts';
import { ASSETS } from './assets.ts';
import { Decimal } from './decimal.ts';

export type CommissionIssue = {
  path: 'value' | 'min_fee' | 'max_fee' | 'asset';
  code:
    | 'not_a_number'
    | 'negative'
    | 'too_many_decimals'
    | 'min_above_max'
    | 'percent_above_100'
    | 'unknown_asset';
  decimals?: number;
};

/**
 * Every problem of a rule a member typed, an asset the exchange does not hold included (a fee for it
 * could never apply; docs/product-rules.md R33); the API and the form both call it.
 */
export function commissionIssues(input: {
  kind: string;
  asset?: string | null;
  value: string;
  min_fee?: string | null;
  max_fee?: string | null;
}): CommissionIssue[] {
  const issues: CommissionIssue[] = [];
  // A percent is not in the asset's units: it may carry more places than the asset.
  const check = (path: CommissionIssue['path'], value: string, asset: string | null) => {
    const issue = amountIssue(value, asset);
    if (issue) issues.push({ path, ...issue });
  };
  check('value', input.value, input.kind === 'percent' ? null : (input.asset ?? null));
  if (input.min_fee) check('min_fee', input.min_fee, input.asset ?? null);
  if (input.max_fee) check('max_fee', input.max_fee, input.asset ?? null);
  if (issues.length === 0) {
    if (input.kind === 'percent' && new Decimal(input.value).gt(100))
      issues.push({ path: 'value', code: 'percent_above_100' });
    if (input.min_fee && input.max_fee && new Decimal(input.min_fee).gt(input.max_fee))
      issues.push({ path: 'max_fee', code: 'min_above_max' });
  }
  if (input.asset && !(ASSETS as readonly string[]).includes(input.asset.trim().toUpperCase()))
    issues.push({ path: 'asset', code: 'unknown_asset' });
  return issues;
}
