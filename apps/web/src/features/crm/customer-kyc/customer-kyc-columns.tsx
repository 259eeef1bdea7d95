import type { CustomerKycRow } from '@backdesk/contract';
import { CUSTOMER_KYC_TYPES } from '@backdesk/contract/crm/keys';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import {
  defineList,
  type ListFiltersProps,
  SelectFilter,
  TextFilter,
  useColumnKit,
} from '../../../components/list-page/index.ts';
import { KycBadge } from '../../../components/status-badges.tsx';
import { customerKycSource } from '../shared/crm-lists-api.ts';
import { customerIdentityColumns, KycStatusFilter } from '../shared/customer-list-parts.tsx';
import { fullName } from '../shared/format.ts';

export const KYC_LEVELS = ['0', '1', '2', '3'] as const;

function KycFilters({ filter }: ListFiltersProps) {
  const { t } = useTranslation('crm');
  return (
    <>
      <TextFilter {...filter('search')} label={t('customers.filters.search')} search width={240} />
      <KycStatusFilter filter={filter} />
      <SelectFilter
        {...filter('kyc_type')}
        label={t('customers.columns.type')}
        options={CUSTOMER_KYC_TYPES.map((type) => ({
          value: type,
          label: t(type === 'kyb' ? 'kycType.business' : 'kycType.individual'),
        }))}
      />
      <SelectFilter {...filter('kyc_level')} label={t('fields.kycLevel')} options={KYC_LEVELS} width={120} />
    </>
  );
}

function useKycColumns(): DataTableColumn<CustomerKycRow>[] {
  const { t } = useTranslation('crm');
  const kit = useColumnKit();
  const identity = customerIdentityColumns<CustomerKycRow>(t);
  return [
    identity.userName,
    { accessor: 'name', title: t('customers.columns.name'), render: (r) => fullName(r) },
    identity.kycStatus,
    identity.kycType,
    { accessor: 'kyc_level', title: t('fields.kycLevel'), sortable: true },
    {
      accessor: 'last_decision',
      title: t('detail.lastDecision'),
      noWrap: true,
      render: (r) => (r.last_decision ? <KycBadge status={r.last_decision} /> : '—'),
    },
    kit.dateTime('last_decision_at', t('kyc.decidedAt')),
  ];
}

export const customerKycList = defineList({
  key: 'crm.kyc',
  source: customerKycSource,
  testId: 'kyc-list',
  rowKey: 'id',
  useColumns: useKycColumns,
  // As on the customer list, the KYC type fits on a wide screen only.
  hiddenByDefault: ['kyc_type_label'],
  Filters: KycFilters,
});
