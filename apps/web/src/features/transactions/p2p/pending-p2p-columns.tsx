import type { EnrichedTrade } from '@backdesk/contract';
import { TRADE_STATUSES } from '@backdesk/contract/transactions/keys';
import { Badge, Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import {
  defineList,
  type ListFiltersProps,
  SelectFilter,
  TextFilter,
} from '../../../components/list-page/index.ts';
import { useLanguage } from '../../../lib/language.ts';
import { formatDateTime, formatDecimal } from '../../../lib/locale-format.ts';
import { tradesSource } from '../api/p2p.ts';

const STATUS_COLOR: Record<string, string> = {
  pending: 'blue',
  disputed: 'orange',
  cancelled: 'gray',
  completed: 'green',
};

function TradeFilters({ search, setFilter }: ListFiltersProps) {
  const { t } = useTranslation('transactions');
  return (
    <>
      <SelectFilter
        name="status"
        label={t('fields.status')}
        // No status in the URL is the server's default: pending.
        value={search.status ?? 'pending'}
        clearable={false}
        options={TRADE_STATUSES.map((s) => ({ value: s, label: t(`tradeStatus.${s}`) }))}
        onChange={setFilter('status')}
      />
      <TextFilter
        name="seller"
        label={t('fields.seller')}
        value={search.seller}
        onChange={setFilter('seller')}
      />
      <TextFilter
        name="contract"
        label={t('fields.contract_name')}
        value={search.contract}
        onChange={setFilter('contract')}
        width={140}
      />
      <TextFilter
        name="minAmount"
        label={t('filters.minAmount')}
        value={search.minAmount}
        onChange={setFilter('minAmount')}
        width={120}
      />
      <TextFilter
        name="maxAmount"
        label={t('filters.maxAmount')}
        value={search.maxAmount}
        onChange={setFilter('maxAmount')}
        width={120}
      />
    </>
  );
}

function useTradeColumns(): DataTableColumn<EnrichedTrade>[] {
  const { t } = useTranslation('transactions');
  const { locale } = useLanguage();
  const amount = (v: string) => formatDecimal(locale, v);
  return [
    {
      accessor: 'created_at',
      title: t('fields.created_at'),
      sortable: true,
      noWrap: true,
      render: (r) => formatDateTime(locale, r.created_at),
    },
    { accessor: 'buyer_user_name', title: t('fields.buyer') },
    {
      accessor: 'seller_user_name',
      title: t('fields.seller'),
      render: (r) =>
        r.selling_contract_name === null && r.seller_user_name === 'Unknown' ? (
          <Text c="dimmed" size="sm">
            {t('p2p.unknownSeller')}
          </Text>
        ) : (
          r.seller_user_name
        ),
    },
    {
      accessor: 'selling_contract_name',
      title: t('fields.contract_name'),
      render: (r) => r.selling_contract_name ?? '—',
    },
    {
      accessor: 'trade_amount',
      title: t('fields.trade_amount'),
      sortable: true,
      textAlign: 'right',
      noWrap: true,
      render: (r) => amount(r.trade_amount),
    },
    {
      accessor: 'unit_price',
      title: t('fields.unit_price'),
      textAlign: 'right',
      noWrap: true,
      render: (r) => amount(r.unit_price),
    },
    {
      accessor: 'total_price',
      title: t('fields.total_price'),
      textAlign: 'right',
      noWrap: true,
      render: (r) => (
        <Text size="sm" fw={600}>
          {amount(r.total_price)}
        </Text>
      ),
    },
    {
      accessor: 'status',
      title: t('fields.status'),
      noWrap: true,
      render: (r) => (
        <Badge
          variant="light"
          color={STATUS_COLOR[r.status] ?? 'gray'}
          tt="none"
          title={r.dispute_reason ?? undefined}
        >
          {t(`tradeStatus.${r.status}` as 'tradeStatus.pending', { defaultValue: r.status })}
        </Badge>
      ),
    },
  ];
}

export const tradesList = defineList({
  key: 'transactions.trades',
  source: tradesSource,
  testId: 'trades',
  rowKey: 'id',
  useColumns: useTradeColumns,
  Filters: TradeFilters,
});
