import type { MarketOffer } from '@backdesk/contract';
import { OFFER_STATUSES } from '@backdesk/contract/transactions/keys';
import { Badge, Rating, Text } from '@mantine/core';
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
import { offersSource } from '../api/p2p.ts';

function OfferFilters({ search, setFilter }: ListFiltersProps) {
  const { t } = useTranslation('transactions');
  return (
    <>
      <SelectFilter
        name="status"
        label={t('fields.status')}
        options={OFFER_STATUSES.map((s) => ({ value: s, label: t(`offerStatus.${s}`) }))}
        value={search.status}
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
    </>
  );
}

function useOfferColumns(): DataTableColumn<MarketOffer>[] {
  const { t } = useTranslation('transactions');
  const { locale } = useLanguage();
  return [
    { accessor: 'seller_user_name', title: t('fields.seller') },
    {
      accessor: 'selling_contract_name',
      title: t('fields.contract_name'),
      render: (r) => r.selling_contract_name ?? '—',
    },
    {
      accessor: 'selling_account_address',
      title: t('fields.selling_account_address'),
      render: (r) => (
        <Text
          size="sm"
          ff="monospace"
          truncate="end"
          maw={180}
          title={r.selling_account_address ?? undefined}
        >
          {r.selling_account_address ?? '—'}
        </Text>
      ),
    },
    {
      accessor: 'unit_price',
      title: t('fields.unit_price'),
      sortable: true,
      textAlign: 'right',
      noWrap: true,
      render: (r) => formatDecimal(locale, r.unit_price),
    },
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
    {
      accessor: 'created_at',
      title: t('fields.created_at'),
      sortable: true,
      noWrap: true,
      render: (r) => formatDateTime(locale, r.created_at),
    },
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
  Filters: OfferFilters,
});
