import type { MarketOffer } from '@backdesk/contract';
import { P2P_PRICE_CURRENCY } from '@backdesk/contract/rules';
import { OFFER_STATUSES } from '@backdesk/contract/transactions/keys';
import { Badge, Rating, Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import {
  defineList,
  type ListFiltersProps,
  SelectFilter,
  useAmountColumnKit,
} from '../../../components/list-page/index.ts';
import { SellerContractFilters } from '../shared/filters.tsx';
import { contractColumn } from './offer-columns.ts';
import { offersSource } from './p2p-api.ts';

function OfferFilters({ filter }: ListFiltersProps) {
  const { t } = useTranslation('transactions');
  return (
    <>
      <SelectFilter
        {...filter('status')}
        label={t('fields.status')}
        options={OFFER_STATUSES.map((s) => ({ value: s, label: t(`offerStatus.${s}`) }))}
      />
      <SellerContractFilters filter={filter} />
    </>
  );
}

function useOfferColumns(): DataTableColumn<MarketOffer>[] {
  const { t } = useTranslation('transactions');
  const kit = useAmountColumnKit();
  return [
    { accessor: 'seller_user_name', title: t('fields.seller') },
    contractColumn(t('fields.contract_name')),
    kit.code('selling_account_address', t('fields.selling_account_address'), { width: 180 }),
    kit.amount('unit_price', t('fields.unit_price'), P2P_PRICE_CURRENCY, { sortable: true }),
    {
      accessor: 'rank_seller',
      title: t('fields.rank_seller'),
      sortable: true,
      render: (r) => (r.rank_seller === null ? '—' : <Rating value={r.rank_seller} readOnly size="xs" />),
    },
    {
      accessor: 'seller_message',
      title: t('fields.seller_message'),
      render: (r) => (
        <Text size="sm" lineClamp={1} maw={260} title={r.seller_message ?? undefined}>
          {r.seller_message ?? '—'}
        </Text>
      ),
    },
    kit.dateTime('created_at', t('fields.created_at'), { sortable: true }),
    {
      accessor: 'status',
      title: t('fields.status'),
      noWrap: true,
      render: (r) => (
        <Badge variant="light" color={r.status === 'active' ? 'green' : 'gray'} tt="none">
          {t(`offerStatus.${r.status}`)}
        </Badge>
      ),
    },
  ];
}

export const offersList = defineList({
  key: 'transactions.offers',
  source: offersSource,
  testId: 'offers',
  rowKey: 'trade_market_guid',
  useColumns: useOfferColumns,
  // The seller's address and message fit on a wide screen only; status and actions must never be cut off.
  hiddenByDefault: ['selling_account_address', 'seller_message'],
  Filters: OfferFilters,
});
