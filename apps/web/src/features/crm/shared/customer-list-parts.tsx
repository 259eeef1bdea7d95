import type { Customer } from '@backdesk/contract';
import type { TFunction } from 'i18next';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { customerColumn } from '../../../components/customer-link.tsx';
import { type ListFiltersProps, SelectFilter } from '../../../components/list-page/index.ts';
import { KycBadge, useValueLabel } from '../../../components/status-badges.tsx';
import { useCustomerFacets } from '../customers/get-customers.ts';

/** What the customer list and the KYC list both show of a customer. */
type CustomerRow = Pick<Customer, 'id' | 'user_name' | 'kyc_status' | 'kyc_type_label'>;

/**
 * A select filter's options for stored values, worded in the member's language. Values that differ
 * only in case match the same customers (the filter folds case) and read the same: one option each.
 */
export function valueOptions(values: readonly string[] | undefined, word: (value: string) => string) {
  const options = new Map<string, { value: string; label: string }>();
  for (const value of values ?? []) {
    const label = word(value);
    if (!options.has(label)) options.set(label, { value, label });
  }
  return [...options.values()];
}

/** The KYC status filter of both customer lists, offering the statuses customers have. */
export function KycStatusFilter({ filter, testId }: Pick<ListFiltersProps, 'filter'> & { testId?: string }) {
  const { t } = useTranslation('crm');
  const facets = useCustomerFacets();
  const label = useValueLabel();
  return (
    <SelectFilter
      {...filter('kyc_status')}
      label={t('customers.filters.kycStatus')}
      options={valueOptions(facets.data?.kycStatuses, (value) => label('kyc', value))}
      testId={testId}
    />
  );
}

/**
 * The user name (linking to the customer), KYC status and KYC type columns of both lists; a user
 * name wider than `userNameWidth` ends in an ellipsis.
 */
export const customerIdentityColumns = <T extends CustomerRow>(
  t: TFunction<'crm'>,
  userNameWidth?: number,
) => ({
  userName: customerColumn<T>(t('customers.columns.userName'), (r) => r.id, true, userNameWidth),
  kycStatus: {
    accessor: 'kyc_status',
    title: t('customers.columns.kycStatus'),
    sortable: true,
    noWrap: true,
    render: (r) => <KycBadge status={r.kyc_status} />,
  } satisfies DataTableColumn<T>,
  kycType: {
    accessor: 'kyc_type_label',
    title: t('customers.columns.type'),
    render: (r) => t(r.kyc_type_label === 'Business' ? 'kycType.business' : 'kycType.individual'),
  } satisfies DataTableColumn<T>,
});
