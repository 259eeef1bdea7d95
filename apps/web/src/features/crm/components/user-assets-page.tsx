import type { UserAsset, UserAssetsQuery } from '@backdesk/contract';
import { Card, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import type { DataTableColumn } from 'mantine-datatable';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataList, type DataListState } from '../../../components/data-list/index.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { formatInteger } from '../../../lib/format.ts';
import { useLanguage } from '../../../lib/language.ts';
import { useAssetTotals, useUserAssets } from '../api/crm-lists-api.ts';
import { crmEndpoints } from '../api/endpoints.ts';
import { formatDateTime, formatDecimal } from '../format.ts';
import { useCrmPermissions } from '../permissions.ts';
import { CustomerLink } from './customer-link.tsx';

type Search = DataListState & { customer?: string; asset?: string };

export function UserAssetsPage({
  search,
  onSearchChange,
}: {
  search: Search;
  onSearchChange: (p: Partial<Search>) => void;
}) {
  const { t } = useTranslation(['crm', 'common']);
  const { locale } = useLanguage();
  const { canExport } = useCrmPermissions();
  const list = useUserAssets(search as UserAssetsQuery);
  const totals = useAssetTotals({ customer: search.customer, asset: search.asset });
  const [customer, setCustomer] = useState(search.customer ?? '');
  const [asset, setAsset] = useState(search.asset ?? '');
  useEffect(() => setCustomer(search.customer ?? ''), [search.customer]);
  useEffect(() => setAsset(search.asset ?? ''), [search.asset]);
  const apply = useDebouncedCallback(
    (patch: Partial<Search>) => onSearchChange({ ...patch, cursor: undefined }),
    300,
  );
  const amount = (v: string) => (
    <Text ff="monospace" size="sm" ta="right">
      {formatDecimal(locale, v)}
    </Text>
  );

  const columns: DataTableColumn<UserAsset>[] = [
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
      render: (r) => formatDateTime(locale, r.updated_at),
    },
  ];

  return (
    <>
      <PageHeader title={t('common:pages.userAssets')} description={t('assets.subtitle')} />
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} mb="md" data-testid="asset-totals">
        {(totals.data?.items ?? []).map((x) => (
          <Card key={x.asset} withBorder padding="sm" radius="md">
            <Text size="xs" c="dimmed" fw={600}>
              {x.asset}
            </Text>
            <Text fw={600} ff="monospace" size="sm">
              {formatDecimal(locale, x.available)}
            </Text>
            <Text size="xs" c="dimmed">
              {t('assets.lockedTotal', { amount: formatDecimal(locale, x.locked) })}
            </Text>
            <Text size="xs" c="dimmed">
              {t('assets.holders', { count: x.holders, formatted: formatInteger(locale, x.holders) })}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      <DataList<UserAsset>
        testId="assets-list"
        records={list.data?.items}
        columns={columns}
        idAccessor={(r) => `${r.customer_id}/${r.asset}`}
        fetching={list.isFetching}
        total={list.data?.total}
        nextCursor={list.data?.nextCursor}
        prevCursor={list.data?.prevCursor}
        state={search}
        onStateChange={onSearchChange}
        filtersActive={Boolean(search.customer || search.asset)}
        onClearFilters={() => onSearchChange({ customer: undefined, asset: undefined, cursor: undefined })}
        exportLink={
          canExport
            ? {
                path: crmEndpoints.exportUserAssets.path,
                query: { customer: search.customer, asset: search.asset, sort: search.sort, dir: search.dir },
              }
            : undefined
        }
        filters={
          <>
            <TextInput
              label={t('restrictions.columns.customer')}
              value={customer}
              onChange={(e) => {
                setCustomer(e.currentTarget.value);
                apply({ customer: e.currentTarget.value.trim() || undefined });
              }}
              w={240}
            />
            <TextInput
              label={t('assets.columns.asset')}
              placeholder="USDT, BTC…"
              value={asset}
              onChange={(e) => {
                setAsset(e.currentTarget.value);
                apply({ asset: e.currentTarget.value.trim() || undefined });
              }}
              w={140}
            />
          </>
        }
      />
    </>
  );
}
