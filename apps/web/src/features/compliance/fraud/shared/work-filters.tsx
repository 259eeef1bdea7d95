import { useTranslation } from 'react-i18next';
import { SelectFilter, TextFilter } from '../../../../components/list-page/filters.tsx';
import type { ListFiltersProps } from '../../../../components/list-page/index.ts';
import { useKycReviewers } from '../../kyc/kyc-api.ts';

/** The namespaces of fraud work lists (alerts, cases): both word their shared filters alike. */
type WorkNamespace = 'fraudAlerts' | 'fraudCases';

/** The members fraud work can be given to: those who may decide KYC hold the same capability (operate). */
export function useFraudHandlers() {
  return (useKycReviewers().data?.items ?? []).map((m) => ({ value: String(m.id), label: m.display_name }));
}

/** The customer a piece of work is about, by user name or number. */
export function CustomerFilter({ ns, filter }: { ns: WorkNamespace; filter: ListFiltersProps['filter'] }) {
  const { t } = useTranslation(ns);
  return (
    <TextFilter
      {...filter('customer')}
      label={t('filters.customer')}
      placeholder={t('filters.customerPlaceholder')}
      width={190}
      testId="filter-customer"
    />
  );
}

/** Whom a piece of work is with: the member asking, nobody, or (given `members`) one of them. */
export function HolderFilter({
  ns,
  filter,
  name,
  label,
  members,
}: {
  ns: WorkNamespace;
  filter: ListFiltersProps['filter'];
  name: string;
  label: string;
  members?: { value: string; label: string }[];
}) {
  const { t } = useTranslation(ns);
  return (
    <SelectFilter
      {...filter(name)}
      label={label}
      options={[
        { value: 'me', label: t('filters.me') },
        { value: 'none', label: t('filters.nobody') },
        ...(members ?? []),
      ]}
      width={170}
      searchable={members !== undefined}
      testId={`filter-${name}`}
    />
  );
}
