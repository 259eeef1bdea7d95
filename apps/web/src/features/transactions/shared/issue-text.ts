import type { TFunction } from 'i18next';

/** The form-side wording of an input issue found by the contract's shared checks. */
export function issueText(
  t: TFunction<'transactions'>,
  issue: { code: string; decimals?: number | undefined },
): string {
  return t(`issues.${issue.code}` as 'issues.not_a_number', { decimals: issue.decimals ?? 18 });
}

/** Field → first issue text, for Mantine's `error` props. */
export function issuesByField<I extends { path: string; code: string; decimals?: number | undefined }>(
  t: TFunction<'transactions'>,
  issues: readonly I[],
): Partial<Record<string, string>> {
  const out: Partial<Record<string, string>> = {};
  for (const issue of issues) out[issue.path] ??= issueText(t, issue);
  return out;
}
