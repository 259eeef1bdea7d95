import type { WalletTransaction } from '@backdesk/contract';
import { Badge, Group, Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { DataList } from '../../../components/data-list/index.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { useLanguage } from '../../../lib/language.ts';
import { useWalletTransactions, WALLET_EXPORT_PATH } from '../api/wallet-transactions.ts';
import { WALLET_FILTERS, type WalletSearch } from '../search.ts';
import { formatDateTime, formatDecimal } from '../shared/decimal-format.ts';
import { SelectFilter, TextFilter } from '../shared/filter-inputs.tsx';
import { queryListProps } from '../shared/query-list-props.tsx';
import { useCanAct } from '../shared/use-can-act.ts';
import { WALLET_STATUS_COLOR } from './wallet-status.ts';
import { WalletTransactionDrawer } from './wallet-transaction-drawer.tsx';

const TYPES = ['deposit', 'withdrawal', 'transfer', 'fee'] as const;
const STATUSES = ['pending', 'under_review', 'completed', 'rejected', 'failed'] as const;
const ASSETS = ['BTC', 'ETH', 'USDT', 'USDC', 'TRY'];
const NETWORKS = ['BITCOIN', 'ETHEREUM', 'TRC20', 'ERC20', 'BANK'];

export function WalletTransactionsPage({
  search,
  onSearch,
}: {
  search: WalletSearch;
  onSearch: (patch: Partial<WalletSearch>) => void;
}) {
  const { t } = useTranslation(['transactions', 'common']);
  const { locale } = useLanguage();
  const canExport = useCanAct();
  const { id, ...listSearch } = search;
  const filters = Object.fromEntries(WALLET_FILTERS.map((k) => [k, search[k]]));
  const list = useWalletTransactions(listSearch as Parameters<typeof useWalletTransactions>[0]);
  const filter = (key: (typeof WALLET_FILTERS)[number]) => (value: string | undefined) =>
    onSearch({ [key]: value, cursor: undefined });
  const options = <T extends string>(values: readonly T[], prefix?: string) =>
    values.map((v) => ({ value: v, label: prefix ? t(`${prefix}.${v}` as 'walletType.deposit') : v }));

  const columns: DataTableColumn<WalletTransaction>[] = [
    {
      accessor: 'created_at',
      title: t('fields.created_at'),
      sortable: true,
      render: (r) => formatDateTime(locale, r.created_at),
    },
    { accessor: 'customer_user_name', title: t('fields.customer') },
    { accessor: 'type', title: t('fields.type'), render: (r) => t(`walletType.${r.type}`) },
    { accessor: 'asset', title: t('fields.asset'), render: (r) => `${r.asset} · ${r.network}` },
    {
      accessor: 'amount',
      title: t('fields.amount'),
      sortable: true,
      textAlign: 'right',
      render: (r) => formatDecimal(locale, r.amount),
    },
    {
      accessor: 'fee',
      title: t('fields.fee'),
      textAlign: 'right',
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
      render: (r) => (
        <Badge variant="light" color={WALLET_STATUS_COLOR[r.status]}>
          {t(`walletStatus.${r.status}`)}
        </Badge>
      ),
    },
  ];

  return (
    <>
      <PageHeader title={t('common:pages.walletTransactions')} description={t('wallet.subtitle')} />
      <DataList<WalletTransaction>
        testId="wallet-transactions"
        {...queryListProps(list, t)}
        columns={columns}
        idAccessor="id"
        state={search}
        // Sort keys come from the sortable columns, which are the list's sort keys.
        onStateChange={(patch) => onSearch(patch as Partial<WalletSearch>)}
        onRowClick={(row) => onSearch({ id: String(row.id) })}
        filters={
          <Group gap="sm" align="flex-end">
            <SelectFilter
              label={t('fields.type')}
              name="type"
              value={search.type}
              options={options(TYPES, 'walletType')}
              onChange={filter('type')}
              width={130}
            />
            <SelectFilter
              label={t('fields.status')}
              name="status"
              value={search.status}
              options={options(STATUSES, 'walletStatus')}
              onChange={filter('status')}
              width={150}
            />
            <SelectFilter
              label={t('fields.asset')}
              name="asset"
              value={search.asset}
              options={options(ASSETS)}
              onChange={filter('asset')}
              width={100}
            />
            <SelectFilter
              label={t('fields.network')}
              name="network"
              value={search.network}
              options={options(NETWORKS)}
              onChange={filter('network')}
              width={130}
            />
            <TextFilter
              label={t('fields.customer')}
              name="customer"
              value={search.customer}
              onChange={filter('customer')}
              width={150}
            />
            <TextFilter
              label={t('filters.minAmount')}
              name="minAmount"
              value={search.minAmount}
              onChange={filter('minAmount')}
              width={110}
            />
            <TextFilter
              label={t('filters.maxAmount')}
              name="maxAmount"
              value={search.maxAmount}
              onChange={filter('maxAmount')}
              width={110}
            />
            <TextFilter
              label={t('filters.from')}
              name="from"
              placeholder={t('filters.datePlaceholder')}
              value={search.from}
              onChange={filter('from')}
              width={130}
            />
            <TextFilter
              label={t('filters.to')}
              name="to"
              placeholder={t('filters.datePlaceholder')}
              value={search.to}
              onChange={filter('to')}
              width={130}
            />
            <TextFilter
              label={t('fields.tx_hash')}
              name="hash"
              value={search.hash}
              onChange={filter('hash')}
              width={180}
            />
          </Group>
        }
        filtersActive={WALLET_FILTERS.some((k) => search[k] !== undefined)}
        onClearFilters={() =>
          onSearch({ ...Object.fromEntries(WALLET_FILTERS.map((k) => [k, undefined])), cursor: undefined })
        }
        {...(canExport
          ? {
              exportLink: {
                path: WALLET_EXPORT_PATH,
                query: { ...filters, sort: search.sort, dir: search.dir },
              },
            }
          : {})}
      />
      <WalletTransactionDrawer id={id ? Number(id) : undefined} onClose={() => onSearch({ id: undefined })} />
    </>
  );
}
