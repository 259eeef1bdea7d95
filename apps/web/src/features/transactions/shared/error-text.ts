import type { TFunction } from 'i18next';
import { ApiRequestError } from '../../../lib/api.ts';

/**
 * A failed call in the member's language: the reason the page knows a text for (a refusal, a stale
 * version, a role) or else the server's own words, which name the field and the rule.
 */
export function errorText(t: TFunction<'transactions'>, error: unknown): string {
  if (!(error instanceof ApiRequestError)) return t('errors.unknown');
  const refusal = error.body?.issues
    ?.find((i) => i.path.startsWith('refusal.'))
    ?.path.slice('refusal.'.length);
  if (refusal) return t(`refusals.${refusal}` as 'refusals.customer_restricted');
  if (error.code === 'CONFLICT') return t('errors.conflict');
  if (error.code === 'FORBIDDEN') return t('errors.forbidden');
  if (error.code === 'NOT_FOUND') return t('errors.notFound');
  if (error.code === 'VALIDATION_FAILED' && error.body?.issues?.length)
    return error.body.issues
      .map((i) => `${t(`fields.${i.path}` as 'fields.lid', { defaultValue: i.path })}: ${i.message}`)
      .join('\n');
  return error.body?.message ?? t('errors.unknown');
}
