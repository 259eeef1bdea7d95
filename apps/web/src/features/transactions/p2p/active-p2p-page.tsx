import type { MarketOffer } from '@backdesk/contract';
import { Badge, Button, Group, Rating, Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { DataList } from '../../../components/data-list/index.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { useLanguage } from '../../../lib/language.ts';
import { notify } from '../../../lib/notify.ts';
import { useOffers, useResumeOffer, useSuspendOffer } from '../api/p2p.ts';
import { OFFER_FILTERS, type OfferSearch } from '../search.ts';
import { formatDateTime, formatDecimal } from '../shared/decimal-format.ts';
import { errorText } from '../shared/error-text.ts';
import { SelectFilter, TextFilter } from '../shared/filter-inputs.tsx';
import { useActionKeys } from '../shared/idempotency.ts';
import { queryListProps } from '../shared/query-list-props.tsx';
import { useCanAct } from '../shared/use-can-act.ts';
import { RefreshControls } from './refresh-controls.tsx';

export function ActiveP2pPage({
  search,
  onSearch,
}: {
  search: OfferSearch;
  onSearch: (patch: Partial<OfferSearch>) => void;
}) {
  const { t } = useTranslation(['transactions', 'common']);
  const { locale } = useLanguage();
  const canAct = useCanAct();
  const offers = useOffers({ ...search, status: search.status as MarketOffer['status'] | undefined });
  const suspend = useSuspendOffer();
  const resume = useResumeOffer();
  const keys = useActionKeys();
  const filter = (key: (typeof OFFER_FILTERS)[number]) => (value: string | undefined) =>
    onSearch({ [key]: value, cursor: undefined });

  const toggle = (offer: MarketOffer) => {
    const mutation = offer.status === 'active' ? suspend : resume;
    // Same offer, same version, same action: a double click reuses the key and acts once.
    const actionKey = `${offer.status}:${offer.trade_market_guid}:${offer.version}`;
    mutation.mutate(
      {
        body: { trade_market_guid: offer.trade_market_guid, version: offer.version },
        key: keys.keyFor(actionKey),
      },
      {
        onSuccess: (res) => {
          keys.done(actionKey);
          notify({ title: res.message, color: 'green' });
        },
        onError: (error) =>
          notify({ title: t('errors.actionFailed'), description: errorText(t, error), color: 'red' }),
      },
    );
  };

  const columns: DataTableColumn<MarketOffer>[] = [
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
      render: (r) => formatDateTime(locale, r.created_at),
    },
    {
      accessor: 'status',
      title: t('fields.status'),
      render: (r) => (
        <Badge variant="light" color={r.status === 'active' ? 'green' : 'gray'}>
          {t(`offerStatus.${r.status}`)}
        </Badge>
      ),
    },
    ...(canAct
      ? [
          {
            accessor: 'actions',
            title: '',
            textAlign: 'right' as const,
            render: (r: MarketOffer) => (
              <Button
                size="compact-xs"
                variant="light"
                color={r.status === 'active' ? 'orange' : 'green'}
                onClick={() => toggle(r)}
                data-testid={`toggle-offer-${r.trade_market_guid}`}
              >
                {r.status === 'active' ? t('p2p.suspend') : t('p2p.resume')}
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <>
      <PageHeader
        title={t('common:pages.activeP2p')}
        description={t('p2p.activeSubtitle')}
        actions={
          <RefreshControls
            updatedAt={offers.dataUpdatedAt}
            fetching={offers.isFetching}
            onRefresh={() => void offers.refetch()}
          />
        }
      />
      <DataList<MarketOffer>
        testId="offers"
        {...queryListProps(offers, t)}
        columns={columns}
        idAccessor="trade_market_guid"
        state={search}
        // Sort keys come from the sortable columns, which are the list's sort keys.
        onStateChange={(patch) => onSearch(patch as Partial<OfferSearch>)}
        filters={
          <Group gap="sm" align="flex-end">
            <SelectFilter
              label={t('fields.status')}
              name="status"
              value={search.status}
              options={(['active', 'suspended'] as const).map((s) => ({
                value: s,
                label: t(`offerStatus.${s}`),
              }))}
              onChange={filter('status')}
            />
            <TextFilter
              label={t('fields.seller')}
              name="seller"
              value={search.seller}
              onChange={filter('seller')}
            />
            <TextFilter
              label={t('fields.contract_name')}
              name="contract"
              value={search.contract}
              onChange={filter('contract')}
              width={140}
            />
          </Group>
        }
        filtersActive={OFFER_FILTERS.some((k) => search[k] !== undefined)}
        onClearFilters={() =>
          onSearch({ seller: undefined, contract: undefined, status: undefined, cursor: undefined })
        }
      />
    </>
  );
}
