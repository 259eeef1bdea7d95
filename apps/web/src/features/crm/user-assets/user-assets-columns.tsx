import type { UserAsset } from '@backdesk/contract';
import { ASSETS } from '@backdesk/contract/transactions/keys';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { customerColumn } from '../../../components/customer-link.tsx';
import {
  defineList,
  type ListFiltersProps,
  SelectFilter,
  TextFilter,
  useAmountColumnKit,
} from '../../../components/list-page/index.ts';
import { userAssetsSource } from '../shared/crm-lists-api.ts';
import { crmEndpoints } from '../shared/endpoints.ts';

function AssetFilters({ filter }: ListFiltersProps) {
  const { t } = useTranslation('crm');
  return (
    <>
      <TextFilter {...filter('customer')} label={t('restrictions.columns.customer')} width={240} />
      <SelectFilter {...filter('asset')} label={t('assets.columns.asset')} options={ASSETS} width={130} />
    </>
  );
}

function useAssetColumns(): DataTableColumn<UserAsset>[] {
  const { t } = useTranslation('crm');
  const kit = useAmountColumnKit();
  return [
    customerColumn(t('restrictions.columns.customer'), (r) => r.customer_id),
    { accessor: 'asset', title: t('assets.columns.asset') },
    kit.amount('available', t('assets.columns.available'), (r) => r.asset, { sortable: true }),
    kit.amount('locked', t('assets.columns.locked'), (r) => r.asset, { sortable: true }),
    kit.dateTime('updated_at', t('assets.columns.updated'), { sortable: true }),
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
