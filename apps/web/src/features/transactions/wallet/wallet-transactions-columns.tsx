import type { WalletTransaction } from '@backdesk/contract';
import { ASSETS, WALLET_TX_STATUSES, WALLET_TX_TYPES } from '@backdesk/contract/transactions/keys';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { customerNameColumn } from '../../../components/customer-link.tsx';
import {
  DateFilter,
  defineList,
  type ListFiltersProps,
  SelectFilter,
  TextFilter,
  useAmountColumnKit,
} from '../../../components/list-page/index.ts';
import { AmountRangeFilters } from '../shared/filters.tsx';
import { WalletStatusBadge } from './wallet-status-badge.tsx';
import { walletEndpoints, walletSource } from './wallet-transactions-api.ts';

function WalletFilters({ filter }: ListFiltersProps) {
  const { t } = useTranslation('transactions');
  return (
    <>
      <SelectFilter
        {...filter('type')}
        label={t('fields.type')}
        options={WALLET_TX_TYPES.map((v) => ({ value: v, label: t(`walletType.${v}`) }))}
        width={130}
      />
      <SelectFilter
        {...filter('status')}
        label={t('fields.status')}
        options={WALLET_TX_STATUSES.map((v) => ({ value: v, label: t(`walletStatus.${v}`) }))}
        width={150}
      />
      <SelectFilter {...filter('asset')} label={t('fields.asset')} options={ASSETS} width={100} />
      <TextFilter {...filter('network')} label={t('fields.network')} width={120} />
      <TextFilter {...filter('customer')} label={t('fields.customer')} width={150} />
      <AmountRangeFilters filter={filter} width={110} />
      <DateFilter {...filter('from')} label={t('filters.from')} />
      <DateFilter {...filter('to')} label={t('filters.to')} />
      <TextFilter {...filter('hash')} label={t('fields.tx_hash')} width={180} />
    </>
  );
}

function useWalletColumns(): DataTableColumn<WalletTransaction>[] {
  const { t } = useTranslation('transactions');
  const kit = useAmountColumnKit();
  return [
    kit.dateTime('created_at', t('fields.created_at'), { sortable: true }),
    customerNameColumn<WalletTransaction, 'customer_user_name'>(
      'customer_user_name',
      t('fields.customer'),
      (r) => r.customer_id,
      { width: 160 },
    ),
    { accessor: 'type', title: t('fields.type'), render: (r) => t(`walletType.${r.type}`) },
    { accessor: 'asset', title: t('fields.asset'), noWrap: true, render: (r) => `${r.asset} · ${r.network}` },
    kit.amount('amount', t('fields.amount'), (r) => r.asset, { sortable: true }),
    kit.amount('fee', t('fields.fee'), (r) => r.asset),
    kit.code('tx_hash', t('fields.tx_hash'), { width: 140, size: 'xs' }),
    {
      accessor: 'status',
      title: t('fields.status'),
      noWrap: true,
      render: (r) => <WalletStatusBadge tx={r} />,
    },
  ];
}

export const walletTransactionsList = defineList({
  key: 'transactions.wallet',
  source: walletSource,
  testId: 'wallet-transactions',
  rowKey: 'id',
  rowAttributes: (r) => ({ 'data-id': r.id }),
  useColumns: useWalletColumns,
  Filters: WalletFilters,
  exportEndpoint: walletEndpoints.export,
  // The status is the column a reviewer scans for; it stays in view. The hash is in the drawer (and
  // the column chooser): beside amounts with their asset it no longer fit at 1280 px.
  pinLastColumn: true,
  hiddenByDefault: ['tx_hash'],
});
