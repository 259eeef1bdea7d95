import type { TFunction } from 'i18next';

interface Issue {
  path: PropertyKey[];
  code: string;
  maximum?: unknown;
  minimum?: unknown;
}

/** zod issues of the contract's customer schemas, as one translated message per field. */
export function fieldErrors(issues: readonly Issue[], t: TFunction<'crm'>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    if (errors[field]) continue;
    if (issue.code === 'too_big') errors[field] = t('validation.tooLong', { max: Number(issue.maximum) });
    else if (issue.code === 'too_small') errors[field] = t('validation.required');
    else if (field === 'alias_email') errors[field] = t('validation.email');
    else if (field === 'alias_mobile') errors[field] = t('validation.phone');
    else if (field === 'user_name') errors[field] = t('validation.userName');
    else errors[field] = t('validation.invalid');
  }
  return errors;
}
