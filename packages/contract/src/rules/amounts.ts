import { decimalsOf } from './assets.ts';

/** Why an amount typed by a member is not acceptable; the server and the forms word it each their way. */
export type AmountIssue =
  | { code: 'not_a_number' }
  | { code: 'negative' }
  | { code: 'too_many_decimals'; decimals: number };

const DECIMAL_TEXT = /^-?\d{1,18}(\.\d{1,18})?$/;

/** Checks a decimal string for the given asset (or contract's asset); null when it is fine. */
export function amountIssue(value: string, asset: string | null | undefined): AmountIssue | null {
  const text = value.trim();
  if (!DECIMAL_TEXT.test(text)) return { code: 'not_a_number' };
  if (text.startsWith('-') && /[1-9]/.test(text)) return { code: 'negative' };
  const decimals = decimalsOf(asset);
  const places = text.split('.')[1]?.replace(/0+$/, '').length ?? 0;
  return places > decimals ? { code: 'too_many_decimals', decimals } : null;
}

/** English text of an issue, for the API's validation answer (the web shows its own locale text). */
export function amountIssueMessage(issue: AmountIssue): string {
  switch (issue.code) {
    case 'not_a_number':
      return 'Enter a number such as 1250.50';
    case 'negative':
      return 'The amount cannot be negative';
    case 'too_many_decimals':
      return `At most ${issue.decimals} decimal places for this asset`;
  }
}
