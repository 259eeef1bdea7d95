import type { WalletTransaction } from '@backdesk/contract';
import { ASSETS, WALLET_TX_STATUSES, WALLET_TX_TYPES } from '@backdesk/contract/transactions/keys';
import { Badge, Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import {
  DateFilter,
  defineList,
  type ListFiltersProps,
  SelectFilter,
  TextFilter,
} from '../../../components/list-page/index.ts';
import { useLanguage } from '../../../lib/language.ts';
import { formatDateTime, formatDecimal } from '../../../lib/locale-format.ts';
import { walletEndpoints, walletSource } from '../api/wallet-transactions.ts';
import { WALLET_STATUS_COLOR } from './wallet-status.ts';

function WalletFilters({ search, setFilter }: ListFiltersProps) {
  const { t } = useTranslation('transactions');
  return (
    <>
      <SelectFilter
        name="type"
        label={t('fields.type')}
        options={WALLET_TX_TYPES.map((v) => ({ value: v, label: t(`walletType.${v}`) }))}
        value={search.type}
        onChange={setFilter('type')}
        width={130}
      />
      <SelectFilter
        name="status"
        label={t('fields.status')}
        options={WALLET_TX_STATUSES.map((v) => ({ value: v, label: t(`walletStatus.${v}`) }))}
        value={search.status}
        onChange={setFilter('status')}
        width={150}
      />
      <SelectFilter
        name="asset"
        label={t('fields.asset')}
        options={ASSETS}
        value={search.asset}
        onChange={setFilter('asset')}
        width={100}
      />
      <TextFilter
        name="network"
        label={t('fields.network')}
        value={search.network}
        onChange={setFilter('network')}
        width={120}
      />
      <TextFilter
        name="customer"
        label={t('fields.customer')}
        value={search.customer}
        onChange={setFilter('customer')}
        width={150}
      />
      <TextFilter
        name="minAmount"
        label={t('filters.minAmount')}
        value={search.minAmount}
        onChange={setFilter('minAmount')}
        width={110}
      />
      <TextFilter
        name="maxAmount"
        label={t('filters.maxAmount')}
        value={search.maxAmount}
        onChange={setFilter('maxAmount')}
        width={110}
      />
      <DateFilter name="from" label={t('filters.from')} value={search.from} onChange={setFilter('from')} />
      <DateFilter name="to" label={t('filters.to')} value={search.to} onChange={setFilter('to')} />
      <TextFilter
        name="hash"
        label={t('fields.tx_hash')}
        value={search.hash}
        onChange={setFilter('hash')}
        width={180}
      />
    </>
  );
}

function useWalletColumns(): DataTableColumn<WalletTransaction>[] {
  const { t } = useTranslation('transactions');
  const { locale } = useLanguage();
  return [
    {
      accessor: 'created_at',
      title: t('fields.created_at'),
      sortable: true,
      noWrap: true,
      render: (r) => formatDateTime(locale, r.created_at),
    },
    { accessor: 'customer_user_name', title: t('fields.customer') },
    { accessor: 'type', title: t('fields.type'), render: (r) => t(`walletType.${r.type}`) },
    { accessor: 'asset', title: t('fields.asset'), noWrap: true, render: (r) => `${r.asset} · ${r.network}` },
    {
      accessor: 'amount',
      title: t('fields.amount'),
      sortable: true,
      textAlign: 'right',
      noWrap: true,
      render: (r) => formatDecimal(locale, r.amount),
    },
    {
      accessor: 'fee',
      title: t('fields.fee'),
      textAlign: 'right',
      noWrap: true,
      render: (r) => formatDecimal(locale, r.fee),
    },
    {
      accessor: 'tx_hash',
      title: t('fields.tx_hash'),
      render: (r) => (
        <Text size="xs" ff="monospace" truncate="end" maw={140} title={r.tx_hash ?? undefined}>
          {r.tx_hash ?? '—'}
        </Text>
      ),
    },
    {
      accessor: 'status',
      title: t('fields.status'),
      noWrap: true,
      render: (r) => (
        <Badge variant="light" color={WALLET_STATUS_COLOR[r.status]} tt="none">
          {t(`walletStatus.${r.status}`)}
        </Badge>
      ),
    },
  ];
}

export const walletTransactionsList = defineList({
  key: 'transactions.wallet',
  source: walletSource,
  testId: 'wallet-transactions',
  rowKey: 'id',
  useColumns: useWalletColumns,
  Filters: WalletFilters,
  exportEndpoint: walletEndpoints.export,
  // The status is the column a reviewer scans for; it stays in view.
  pinLastColumn: true,
});
