import type { CustomerKycRow } from '@backdesk/contract';
import { CUSTOMER_KYC_TYPES } from '@backdesk/contract/crm/keys';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import {
  defineList,
  type ListFiltersProps,
  SelectFilter,
  TextFilter,
} from '../../../components/list-page/index.ts';
import { useLanguage } from '../../../lib/language.ts';
import { customerKycSource } from '../api/crm-lists-api.ts';
import { useCustomerFacets } from '../api/get-customers.ts';
import { formatDateTime, fullName } from '../format.ts';
import { CustomerLink } from './customer-link.tsx';
import { KycBadge } from './status-badges.tsx';

export const KYC_LEVELS = ['0', '1', '2', '3'] as const;

function KycFilters({ search, setFilter }: ListFiltersProps) {
  const { t } = useTranslation('crm');
  const facets = useCustomerFacets();
  const any = t('customers.filters.any');
  return (
    <>
      <TextFilter
        name="search"
        label={t('customers.filters.search')}
        search
        value={search.search}
        onChange={setFilter('search')}
        width={240}
      />
      <SelectFilter
        name="kyc_status"
        label={t('customers.filters.kycStatus')}
        placeholder={any}
        options={facets.data?.kycStatuses ?? []}
        value={search.kyc_status}
        onChange={setFilter('kyc_status')}
      />
      <SelectFilter
        name="kyc_type"
        label={t('customers.columns.type')}
        placeholder={any}
        options={CUSTOMER_KYC_TYPES.map((type) => ({
          value: type,
          label: t(type === 'kyb' ? 'kycType.business' : 'kycType.individual'),
        }))}
        value={search.kyc_type}
        onChange={setFilter('kyc_type')}
      />
      <SelectFilter
        name="kyc_level"
        label={t('fields.kycLevel')}
        placeholder={any}
        options={KYC_LEVELS}
        value={search.kyc_level}
        onChange={setFilter('kyc_level')}
        width={120}
      />
    </>
  );
}

function useKycColumns(): DataTableColumn<CustomerKycRow>[] {
  const { t } = useTranslation('crm');
  const { locale } = useLanguage();
  return [
    {
      accessor: 'user_name',
      title: t('customers.columns.userName'),
      sortable: true,
      render: (r) => <CustomerLink id={r.id}>{r.user_name}</CustomerLink>,
    },
    { accessor: 'name', title: t('customers.columns.name'), render: (r) => fullName(r) },
    {
      accessor: 'kyc_status',
      title: t('customers.columns.kycStatus'),
      sortable: true,
      noWrap: true,
      render: (r) => <KycBadge status={r.kyc_status} />,
    },
    {
      accessor: 'kyc_type_label',
      title: t('customers.columns.type'),
      render: (r) => t(r.kyc_type_label === 'Business' ? 'kycType.business' : 'kycType.individual'),
    },
    { accessor: 'kyc_level', title: t('fields.kycLevel'), sortable: true },
    {
      accessor: 'last_decision',
      title: t('detail.lastDecision'),
      noWrap: true,
      render: (r) => (r.last_decision ? <KycBadge status={r.last_decision} /> : '—'),
    },
    {
      accessor: 'last_decision_at',
      title: t('kyc.decidedAt'),
      noWrap: true,
      render: (r) => formatDateTime(locale, r.last_decision_at),
    },
  ];
}

export const customerKycList = defineList({
  key: 'crm.kyc',
  source: customerKycSource,
  testId: 'kyc-list',
  rowKey: 'id',
  useColumns: useKycColumns,
  Filters: KycFilters,
});
