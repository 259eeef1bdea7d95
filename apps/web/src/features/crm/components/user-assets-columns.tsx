import type { UserAsset } from '@backdesk/contract';
import { ASSETS } from '@backdesk/contract/transactions/keys';
import { Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import {
  defineList,
  type ListFiltersProps,
  SelectFilter,
  TextFilter,
} from '../../../components/list-page/index.ts';
import { useLanguage } from '../../../lib/language.ts';
import { userAssetsSource } from '../api/crm-lists-api.ts';
import { crmEndpoints } from '../api/endpoints.ts';
import { formatDateTime, formatDecimal } from '../format.ts';
import { CustomerLink } from './customer-link.tsx';

function AssetFilters({ search, setFilter }: ListFiltersProps) {
  const { t } = useTranslation('crm');
  return (
    <>
      <TextFilter
        name="customer"
        label={t('restrictions.columns.customer')}
        value={search.customer}
        onChange={setFilter('customer')}
        width={240}
      />
      <SelectFilter
        name="asset"
        label={t('assets.columns.asset')}
        placeholder={t('customers.filters.any')}
        options={ASSETS}
        value={search.asset}
        onChange={setFilter('asset')}
        width={130}
      />
    </>
  );
}

function useAssetColumns(): DataTableColumn<UserAsset>[] {
  const { t } = useTranslation('crm');
  const { locale } = useLanguage();
  const amount = (v: string) => (
    <Text ff="monospace" size="sm" ta="right">
      {formatDecimal(locale, v)}
    </Text>
  );
  return [
    {
      accessor: 'user_name',
      title: t('restrictions.columns.customer'),
      render: (r) => <CustomerLink id={r.customer_id}>{r.user_name}</CustomerLink>,
    },
    { accessor: 'asset', title: t('assets.columns.asset') },
    {
      accessor: 'available',
      title: t('assets.columns.available'),
      sortable: true,
      textAlign: 'right',
      render: (r) => amount(r.available),
    },
    {
      accessor: 'locked',
      title: t('assets.columns.locked'),
      sortable: true,
      textAlign: 'right',
      render: (r) => amount(r.locked),
    },
    {
      accessor: 'updated_at',
      title: t('assets.columns.updated'),
      sortable: true,
      noWrap: true,
      render: (r) => formatDateTime(locale, r.updated_at),
    },
  ];
}

export const userAssetsList = defineList({
  key: 'crm.user-assets',
  source: userAssetsSource,
  testId: 'assets-list',
  rowKey: (r) => `${r.customer_id}/${r.asset}`,
  useColumns: useAssetColumns,
  Filters: AssetFilters,
  exportEndpoint: crmEndpoints.exportUserAssets,
});
