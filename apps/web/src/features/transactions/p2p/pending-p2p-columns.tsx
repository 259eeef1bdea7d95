import type { EnrichedTrade } from '@backdesk/contract';
import { P2P_PRICE_CURRENCY } from '@backdesk/contract/rules';
import { TRADE_STATUSES } from '@backdesk/contract/transactions/keys';
import { Badge, Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { customerNameColumn } from '../../../components/customer-link.tsx';
import {
  defineList,
  type ListFiltersProps,
  SelectFilter,
  TextFilter,
  useAmountColumnKit,
} from '../../../components/list-page/index.ts';
import { STATE_COLORS } from '../../../lib/state-colors.ts';
import { AmountRangeFilters, SellerContractFilters } from '../shared/filters.tsx';
import { contractColumn } from './offer-columns.ts';
import { tradesSource } from './p2p-api.ts';

function TradeFilters({ search, filter }: ListFiltersProps) {
  const { t } = useTranslation('transactions');
  return (
    <>
      <SelectFilter
        {...filter('status')}
        label={t('fields.status')}
        // No status in the URL is the server's default: pending.
        value={search.status ?? 'pending'}
        clearable={false}
        options={TRADE_STATUSES.map((s) => ({ value: s, label: t(`tradeStatus.${s}`) }))}
      />
      <SellerContractFilters filter={filter} />
      <AmountRangeFilters filter={filter} width={120} />
      {/* A whole guid (the command palette links here with one); the server refuses anything else. */}
      <TextFilter {...filter('guid')} label={t('filters.guid')} width={310} testId="filter-guid" />
    </>
  );
}

function useTradeColumns(): DataTableColumn<EnrichedTrade>[] {
  const { t } = useTranslation('transactions');
  const kit = useAmountColumnKit();
  const sellerColumn = customerNameColumn<EnrichedTrade, 'seller_user_name'>(
    'seller_user_name',
    t('fields.seller'),
    (r) => r.seller_customer_id,
    { width: 130 },
  );
  return [
    // Narrow enough at 1280 px that the status stays clear of the pinned actions.
    kit.dateTime('created_at', t('fields.created_at'), { sortable: true, narrow: true }),
    customerNameColumn<EnrichedTrade, 'buyer_user_name'>(
      'buyer_user_name',
      t('fields.buyer'),
      (r) => r.buyer_customer_id,
      { width: 130 },
    ),
    {
      ...sellerColumn,
      render: (r) =>
        r.selling_contract_name === null && r.seller_user_name === 'Unknown' ? (
          <Text c="dimmed" size="sm">
            {t('p2p.unknownSeller')}
          </Text>
        ) : (
          sellerColumn.render?.(r, 0)
        ),
    },
    contractColumn(t('fields.contract_name')),
    kit.amount('trade_amount', t('fields.trade_amount'), (r) => r.selling_contract_name, { sortable: true }),
    kit.amount('unit_price', t('fields.unit_price'), P2P_PRICE_CURRENCY),
    kit.amount('total_price', t('fields.total_price'), P2P_PRICE_CURRENCY, { strong: true }),
    {
      accessor: 'status',
      title: t('fields.status'),
      noWrap: true,
      render: (r) => (
        <Badge
          variant="light"
          color={STATE_COLORS[r.status] ?? 'gray'}
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
  // Amount and total tell the trade, the amount with its contract; the unit price and the contract's
  // own column fit on a wide screen only (the status stays in view at 1280 px).
  hiddenByDefault: ['unit_price', 'selling_contract_name'],
  Filters: TradeFilters,
});
